// Fulfilment of store checkouts (decision 054): what a verified Checkout Session event in payment
// mode does, as statements the payments core runs (through the store's kind, purchase.ts) in ONE
// batch after the event's own payment_events row (so a repeated delivery changes nothing).
//
// - completed or async_payment_succeeded, paid: the order, its lines (titles as sold), holds
//   committed, entitlements (digital lines and merch bundles), gift codes (one per gift unit), the
//   member's cart emptied, the revenue row `order:<id>`, the checkout paid;
// - completed but not paid yet (a delayed method, such as a boleto): nothing until its result;
// - expired: held stock given back and the checkout expired; async_payment_failed: the same, as
//   failed. Both only touch holds still `held` and an `open` checkout.
// Out of order: an expiry after the payment finds nothing held and a paid checkout, and changes
// nothing. A payment after an expiry (Stripe does not complete an expired session, but the local
// sweep can race a click, and a delayed method can succeed late) was still taken: the order is
// made, and each released hold's stock is taken again where it is still there; a hold left
// `released` on a paid checkout marks stock that ran out meanwhile, for the back office to ship
// later or refund (the admins' notice says so).
// Ticket lines (decision 055, worker/db/store/tickets.ts) go the same way in the same batches: held
// seats committed and issued as one event_tickets row each, released ones taken again where the
// type and the venue still have them, else left released and not issued (the admins' notice names
// them for a refund); the ledger's `tickets` row holds their share, the `store` row the rest.
import { z } from "zod";
import type { DB } from "../../db/client";
import type { Statement } from "../../db/d1";
import { findStoreCheckout, listCheckoutLines, releaseStatements, type CheckoutLineView, type StoreCheckoutRow } from "../../db/store/checkouts";
import { listHolds, paidOrderStatements, type PaidOrder } from "../../db/store/orders";
import { newId } from "../../lib/crypto";
import type { ShippingAddress } from "#contracts/store/checkout.ts";
import { variantLabelOf } from "./pricing";
import { newGiftCode } from "../../lib/gift-code";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { newTicketCode } from "../../lib/ticket-code";
import { listTicketHolds, ticketOrderStatements } from "../../db/store/tickets";
import { jurisdictionOfOrder } from "../../db/store/orders";
import { saleShareStatements } from "../../db/contests/remix-shares";

export type OrderPlan = { statements: Statement[]; paidOrderId?: string };

const ref = z.union([z.string(), z.object({ id: z.string() })]).transform((v) => (typeof v === "string" ? v : v.id));
const address = z.object({
  line1: z.string().nullish(),
  line2: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  postal_code: z.string().nullish(),
  country: z.string().nullish(),
});
const shippingDetails = z.object({ name: z.string().nullish(), address: address.nullish() }).nullish();

/** The fields of a payment-mode session fulfilment reads (lenient: API versions move them). */
const orderSessionSchema = z.object({
  id: z.string().min(1),
  mode: z.literal("payment"),
  payment_status: z.string().nullish(),
  payment_intent: ref.nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  customer_details: z
    .object({
      name: z.string().nullish(),
      /** The billing address Stripe Tax computed from (a physical cart's: the shipping one below). */
      address: address.nullish(),
      tax_ids: z.array(z.object({ type: z.string().nullish(), value: z.string().nullish() })).nullish(),
    })
    .nullish(),
  /** Stripe Tax on the session (decision 093); the tax itself in total_details.amount_tax. */
  automatic_tax: z.object({ enabled: z.boolean().nullish() }).nullish(),
  total_details: z.object({ amount_tax: z.number().int().nonnegative().nullish() }).nullish(),
  /** Before API version 2025-03-31. */
  shipping_details: shippingDetails,
  collected_information: z.object({ shipping_details: shippingDetails }).nullish(),
});
type OrderSession = z.infer<typeof orderSessionSchema>;

/** The address the provider collected, when it has every part an order ships to. */
function shippingOf(session: OrderSession): PaidOrder["shipping"] {
  const details = session.collected_information?.shipping_details ?? session.shipping_details;
  const a = details?.address;
  if (!a?.line1 || !a.city || !a.postal_code || !a.country) return null;
  const shipTo: ShippingAddress = {
    line1: a.line1,
    line2: a.line2 || null,
    city: a.city,
    state: a.state || null,
    postalCode: a.postal_code,
    country: a.country,
  };
  return { name: details?.name ?? session.customer_details?.name ?? null, address: shipTo };
}

/** The releases an order gives, each once: a digital line's album or track, a merch line's bundle. */
function releasesOf(lines: CheckoutLineView[]): PaidOrder["entitlements"] {
  const seen = new Map<string, PaidOrder["entitlements"][number]>();
  for (const l of lines) {
    const albumId = l.kind === "digital" ? l.albumId : l.kind === "merch" ? l.bundledAlbumId : null;
    const trackId = l.kind === "digital" && !albumId ? l.trackId : null;
    if (albumId && !seen.has(`album:${albumId}`)) seen.set(`album:${albumId}`, { id: newId(), albumId, trackId: null });
    if (trackId && !seen.has(`track:${trackId}`)) seen.set(`track:${trackId}`, { id: newId(), albumId: null, trackId });
  }
  return [...seen.values()];
}

/**
 * The tax the verified event carried (decision 093), never the browser's: Stripe Tax's (or the
 * local demo calculator's) total_details.amount_tax, and the place it was computed for: the
 * shipping address of a physical cart, else the billing address.
 */
function taxOf(session: OrderSession, checkout: StoreCheckoutRow): PaidOrder["tax"] {
  if (!session.automatic_tax?.enabled) return null;
  const taxCents = session.total_details?.amount_tax ?? 0;
  const shipTo = (session.collected_information?.shipping_details ?? session.shipping_details)?.address;
  const place = shipTo?.country ? shipTo : session.customer_details?.address;
  const taxId = session.customer_details?.tax_ids?.find((t) => t.value)?.value ?? null;
  return {
    cents: taxCents,
    behavior: checkout.taxBehavior,
    status: taxCents > 0 ? "collected" : "not_collected",
    country: place?.country?.toUpperCase() ?? null,
    region: place?.country?.toUpperCase() === "US" && place.state ? place.state.toUpperCase() : null,
    buyerTaxId: taxId,
  };
}

async function paidPlan(db: DB, checkout: StoreCheckoutRow, session: OrderSession, eventAt: number, now: number): Promise<OrderPlan> {
  const [lines, holds, ticketHolds] = await Promise.all([listCheckoutLines(db, checkout.id), listHolds(db, checkout.id), listTicketHolds(db, checkout.id)]);
  const tax = taxOf(session, checkout);
  // Exclusive: the buyer paid the Worker's total and the tax on top; inclusive: the total holds it.
  const expected = checkout.totalCents + (tax?.behavior === "exclusive" ? tax.cents : 0);
  if (session.amount_total !== null && session.amount_total !== undefined && session.amount_total !== expected) {
    // The provider was told the Worker's amounts; a difference means something changed them there.
    console.error(`store: checkout ${checkout.id} was paid ${session.amount_total} ${session.currency ?? ""} for a total of ${expected}`);
  }
  const ticketCents = ticketHolds.reduce((sum, h) => sum + h.totalCents, 0);
  // The tickets' share of the tax, in proportion to their share of the pre-tax total (live, Stripe
  // reports the session's tax as one figure).
  const ticketTaxCents = tax && checkout.totalCents > 0 ? Math.round((tax.cents * ticketCents) / checkout.totalCents) : 0;
  const orderId = newId();
  const order: PaidOrder = {
    orderId,
    checkout,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      productId: l.productId,
      variantId: l.variantId,
      kind: l.kind,
      title: l.title,
      variantLabel: variantLabelOf(l.variantId ? l : null),
      sku: l.sku,
      quantity: l.quantity,
      unitCents: l.unitCents,
      totalCents: l.totalCents,
      discountCents: l.discountCents,
    })),
    paymentIntentId: session.payment_intent ?? null,
    shipping: shippingOf(session),
    paidAt: eventAt,
    entitlements: releasesOf(lines),
    giftCodes: lines.flatMap((l) =>
      l.kind === "gift_vip"
        ? Array.from({ length: l.quantity }, () => ({ code: newGiftCode(), months: l.giftMonths ?? 1, tierId: l.giftTierId ?? VIP_TIER_ID }))
        : [],
    ),
    // Every hold, whatever it was when read: the statements take stock again only for holds that
    // are `released` when the batch runs (an expiry may be applied between this read and then).
    releasedHolds: holds.map((h) => ({ variantId: h.variantId, quantity: h.quantity })),
    ticketCents: ticketCents + (tax?.behavior === "exclusive" ? ticketTaxCents : 0),
    ticketTaxCents,
    tax,
  };
  const tickets = ticketOrderStatements(
    {
      orderId,
      checkoutId: checkout.id,
      holds: ticketHolds.map((h) => ({
        ticketTypeId: h.ticketTypeId,
        eventId: h.eventId,
        quantity: h.quantity,
        tickets: Array.from({ length: h.quantity }, () => ({ id: newId(), code: newTicketCode() })),
      })),
      ticketCents: order.ticketCents,
      ticketTaxCents,
      taxJurisdiction: jurisdictionOfOrder(tax),
    },
    now,
  );
  // After the order's insert (the first statement, whose changes fulfilment reads), before the rest.
  const [insert, ...rest] = paidOrderStatements(order, now);
  // Last, once its lines are in: a released contest remix's share for its remixers (decision 197).
  return { statements: [insert, ...tickets, ...rest, ...saleShareStatements(orderId)], paidOrderId: orderId };
}

/** The checkout a session event is about: ours by the id we gave it, else by the session's id. */
async function checkoutOf(db: DB, session: OrderSession) {
  const own = session.metadata?.checkout_id ?? session.client_reference_id;
  return (own ? await findStoreCheckout(db, own) : undefined) ?? (await findStoreCheckout(db, session.id));
}

export async function planOrderEvent(db: DB, type: string, object: unknown, eventAt: number, now: number): Promise<OrderPlan> {
  const parsed = orderSessionSchema.safeParse(object);
  if (!parsed.success) {
    console.error(`store: a payment-mode ${type} event has an unexpected shape; recorded without effect`);
    return { statements: [] };
  }
  const session = parsed.data;
  const checkout = await checkoutOf(db, session);
  if (!checkout) return { statements: [] }; // a payment for something else on the same account
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  switch (type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return paid ? paidPlan(db, checkout, session, eventAt, now) : { statements: [] };
    case "checkout.session.async_payment_failed":
      return { statements: releaseStatements(checkout.id, "failed", now) };
    case "checkout.session.expired":
      return { statements: releaseStatements(checkout.id, "expired", now) };
    default:
      return { statements: [] };
  }
}
