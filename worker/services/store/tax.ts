// A store checkout's tax (decision 093). Its lines as tax sees them (each product's kind, after
// its discount; the tickets; the shipping), and the LOCAL DEMO calculation the local test checkout
// shows and puts in its payment event: the same fields Stripe Tax fills live, read by the same
// fulfilment. Live, nothing here computes tax: Stripe does, from the address it collects.
import type { DB } from "../../db/client";
import { listCheckoutLines, type StoreCheckoutRow } from "../../db/store/checkouts";
import { listTicketHolds } from "../../db/store/tickets";
import { readTaxSettings } from "../../db/tax-settings";
import { computeDemoTax, type TaxComputation, type TaxLineKind, type TaxPlace, type TaxableLine } from "#contracts/tax-model.ts";
import type { ProductKind } from "#contracts/store/model.ts";

const KIND: Record<ProductKind, TaxLineKind> = { digital: "digital_audio", merch: "physical_goods", gift_vip: "membership" };
export const taxKindOf = (kind: ProductKind): TaxLineKind => KIND[kind];

/** The checkout's taxable lines, in the order the provider is told them, shipping last. */
export async function checkoutTaxLines(db: DB, checkout: StoreCheckoutRow): Promise<TaxableLine[]> {
  const [lines, tickets] = await Promise.all([listCheckoutLines(db, checkout.id), listTicketHolds(db, checkout.id)]);
  // A checkout with neither lines nor holds is a waitlist claim's (decision 190): admission only.
  if (lines.length === 0 && tickets.length === 0) return [{ kind: "event_admission", amountCents: checkout.subtotalCents }];
  return [
    ...lines.map((l) => ({ kind: taxKindOf(l.kind), amountCents: l.totalCents - l.discountCents })),
    ...tickets.map((t) => ({ kind: "event_admission" as const, amountCents: t.totalCents })),
    ...(checkout.shippingCents > 0 ? [{ kind: "shipping" as const, amountCents: checkout.shippingCents }] : []),
  ];
}

/** The DEMO tax of a checkout for a buyer's place, with the registrations the admin set. */
export async function localCheckoutTax(db: DB, checkout: StoreCheckoutRow, place: TaxPlace): Promise<TaxComputation> {
  const [lines, settings] = await Promise.all([checkoutTaxLines(db, checkout), readTaxSettings(db)]);
  return computeDemoTax(lines, place, checkout.taxBehavior, settings.registrations);
}
