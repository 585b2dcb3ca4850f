// Opening a store checkout (decision 054): the cart priced again from the Worker's rows, then ONE
// batch stores the checkout and its lines and takes the stock, the ticket lines' seats (decision
// 055) and a limited code's use with conditional statements, then the provider's session is opened
// with the stored amounts. A refusal in the batch stores nothing (409 sold_out / promo_code_used_up);
// a provider failure gives the stock and the seats back at once (502 payment_failed).
// A cart the Worker prices at 0 (a free download, nothing offered) has nothing to pay: no provider
// session (Stripe cannot charge 0), the order is made at once through the same fulfilment as a paid
// one, keyed by an event id of its own (`free:<checkout id>`), so a retried or concurrent request of
// the same attempt makes one order.
import type { MemberTier } from "#contracts/tiers/tiers.ts";
import type { DB } from "../../db/client";
import { isUniqueViolation, runBatch } from "../../db/d1";
import {
  findStoreCheckout,
  listCheckoutLines,
  refusalOf,
  releaseCheckout,
  reservationStatements,
  setProviderSession,
  type CheckoutLineView,
  type StoreCheckoutRow,
} from "../../db/store/checkouts";
import { conflict, routeError } from "../../lib/errors";
import { sha256Hex } from "../../lib/crypto";
import { STORE_LIMITS } from "#contracts/store/model.ts";
import { PAYMENT_MESSAGES } from "#contracts/payments.ts";
import type { Locale } from "#contracts/locale.ts";
import type { StoreCheckoutBody } from "#contracts/store/checkout.ts";
import type { OrderCheckoutInput, PaymentsService } from "../payments/types";
import { fulfilEvent } from "../payments/fulfilment";
import type { FollowUpContext } from "../payments/purchase-kind";
import { storeOrders } from "./purchase";
import { priceCart, variantLabelOf } from "./pricing";
import { listTicketHolds } from "../../db/store/tickets";
import { ticketLineName } from "./ticket-pricing";
import { readTaxSettings } from "../../db/tax-settings";
import { taxKindOf } from "./tax";

/**
 * Stripe counts a session's 30 minutes from its own creation, a moment after the Worker's, and
 * refuses an expiry under 30 minutes: the session (and the stock it holds) lives this much longer.
 */
export const PROVIDER_EXPIRY_SLACK_MS = 60_000;

export type CheckoutBuyer = {
  userId: string | null;
  isVip: boolean;
  /** An admin buys tickets as a VIP does (presales, VIP-only types). */
  isAdmin?: boolean;
  /** The member's tier: the store's member prices by tier (decision 099). */
  tier?: MemberTier;
  email: string;
  /** SHA-256 of the browser's buyer cookie: that browser may read the checkout. */
  buyerKeyHash: string;
  /** The buyer's IP address: the order's purchase IP (dispute evidence) and the provider's scoring. */
  ip?: string | null;
};

/** followUp: the request whose context sends a free order's receipt, as a paid one's webhook does. */
export type OpenCheckoutInput = { body: StoreCheckoutBody; buyer: CheckoutBuyer; locale: Locale; origin: string; followUp?: FollowUpContext };

/** The same click (attempt) of the same buyer names the same checkout; otherwise a fresh one. */
async function checkoutIdFor(buyer: CheckoutBuyer, attemptId: string | undefined) {
  const owner = buyer.userId ?? buyer.buyerKeyHash;
  const seed = attemptId ? `${owner}:${attemptId}` : crypto.randomUUID();
  return `sc_${(await sha256Hex(seed)).slice(0, 32)}`;
}

/** Reserves the cart as a new checkout, or finds the open one this attempt already made. */
async function reserve(db: DB, mode: PaymentsService["mode"], input: OpenCheckoutInput, now: number): Promise<StoreCheckoutRow> {
  const { body, buyer } = input;
  const priced = await priceCart(db, body, buyer, now, { checkStock: false, requireShippingCountry: true });
  const id = await checkoutIdFor(buyer, body.attemptId);
  const q = priced.quote;
  const taxSettings = await readTaxSettings(db);
  const checkout = {
    id,
    mode,
    taxBehavior: taxSettings.behavior[q.currency],
    userId: buyer.userId,
    email: buyer.email,
    locale: input.locale,
    currency: q.currency,
    subtotalCents: q.subtotalCents,
    discountCents: q.discountCents,
    shippingCents: q.shippingCents ?? 0,
    totalCents: q.totalCents,
    promoCode: q.promoCode,
    shippingCountry: priced.shippingCountry,
    expiresAt: new Date(now + STORE_LIMITS.checkoutTtlMs + PROVIDER_EXPIRY_SLACK_MS),
    buyerKeyHash: buyer.buyerKeyHash,
    buyerIp: buyer.ip ?? null,
  };
  const lines = priced.lines.map((l, i) => ({
    lineNo: i + 1,
    productId: l.productId,
    variantId: l.variantId,
    quantity: l.quantity,
    unitCents: l.unitCents,
    totalCents: l.totalCents,
    vipPrice: l.vipPrice,
    discountCents: l.discountCents,
  }));
  const limitedPromo = priced.promo?.limited ? priced.promo.code : null;
  const [first, ...rest] = reservationStatements(db, checkout, lines, priced.stockTakes, limitedPromo, now, priced.tickets);
  try {
    await runBatch(db, [first!, ...rest]);
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal) throw routeError(refusal === "sold_out" ? "sold_out" : "promo_code_used_up");
    if (!isUniqueViolation(err, "store_checkouts.id")) throw err;
    // The same attempt again (a retried request): its checkout, while it is still open.
    const existing = await findStoreCheckout(db, id);
    // A free one is paid by its first request: the same attempt again is sent to its order.
    if (existing?.status === "open" || (existing?.status === "paid" && existing.totalCents === 0)) return existing;
    throw conflict(PAYMENT_MESSAGES.checkoutFinished, "checkout_finished");
  }
  const stored = await findStoreCheckout(db, id);
  if (!stored) throw new Error(`store: checkout ${id} was not stored`);
  return stored;
}

/** Reserves the cart and opens the provider's session for it; `url` is where the buyer pays. */
export async function openStoreCheckout(db: DB, service: PaymentsService, input: OpenCheckoutInput, now = Date.now()): Promise<{ url: string }> {
  const checkout = await reserve(db, service.mode, input, now);
  if (checkout.totalCents === 0) return completeFreeCheckout(db, checkout, input.followUp, now);
  let session: { id: string; url: string };
  try {
    session = await service.createOrderCheckout(await providerInputOf(db, checkout, input.origin));
  } catch (err) {
    console.error(`store: the provider refused checkout ${checkout.id}; its stock is given back`, err);
    await releaseCheckout(db, checkout.id, "failed", now);
    throw routeError("payment_failed");
  }
  if (checkout.providerSessionId !== session.id) await setProviderSession(db, checkout.id, session.id, now);
  return { url: session.url };
}

/** The thanks page's address for a checkout (as the provider's return URL names it). */
export const thanksUrl = (checkout: Pick<StoreCheckoutRow, "id" | "providerSessionId">) =>
  `/store/thanks?session_id=${checkout.providerSessionId ?? checkout.id}`;

/**
 * Makes the order of a checkout priced at 0, once: the session completed with nothing to pay, as
 * Stripe describes one ("no_payment_required"), fulfilled through the store's kind like any other.
 */
async function completeFreeCheckout(db: DB, checkout: StoreCheckoutRow, followUp: FollowUpContext | undefined, now: number) {
  const object = {
    id: checkout.id,
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: "no_payment_required",
    payment_intent: null,
    amount_total: 0,
    currency: checkout.currency,
    client_reference_id: checkout.id,
    metadata: { checkout_id: checkout.id },
  };
  const event = { id: `free:${checkout.id}`, type: "checkout.session.completed", created: Math.floor(now / 1000), data: { object } };
  await fulfilEvent(db, event, { kinds: [storeOrders], now, followUp });
  return { url: thanksUrl(checkout) };
}

function providerLine(l: CheckoutLineView, locale: Locale): OrderCheckoutInput["lines"][number] {
  const title = (locale === "pt-BR" && l.titlePtBr) || l.title;
  const label = variantLabelOf(l.variantId ? l : null);
  // The discount is part of the unit price (a whole number of cents: pricing.ts).
  return {
    name: label ? `${title} (${label})` : title,
    unitAmountCents: (l.totalCents - l.discountCents) / l.quantity,
    quantity: l.quantity,
    taxKind: taxKindOf(l.kind),
  };
}

const SHIPPING_LABEL: Record<Locale, { paid: string; free: string }> = {
  en: { paid: "Shipping", free: "Free shipping" },
  "pt-BR": { paid: "Frete", free: "Frete grátis" },
};

/** What the provider is told: the stored checkout's own amounts, never the request's. */
export async function providerInputOf(db: DB, checkout: StoreCheckoutRow, origin: string): Promise<OrderCheckoutInput> {
  const locale: Locale = checkout.locale === "pt-BR" ? "pt-BR" : "en";
  const [lines, tickets] = await Promise.all([listCheckoutLines(db, checkout.id), listTicketHolds(db, checkout.id)]);
  const physical = lines.some((l) => l.kind === "merch");
  return {
    checkoutId: checkout.id,
    email: checkout.email,
    locale,
    currency: checkout.currency,
    lines: [
      ...lines.map((l) => providerLine(l, locale)),
      ...tickets.map((t) => ({ name: ticketLineName(t, locale), unitAmountCents: t.unitCents, quantity: t.quantity, taxKind: "event_admission" as const })),
    ],
    taxBehavior: checkout.taxBehavior,
    shipping:
      physical && checkout.shippingCountry
        ? {
            country: checkout.shippingCountry,
            amountCents: checkout.shippingCents,
            label: SHIPPING_LABEL[locale][checkout.shippingCents === 0 ? "free" : "paid"],
          }
        : null,
    expiresAt: checkout.expiresAt.getTime(),
    origin,
    buyerIp: checkout.buyerIp ?? null,
  };
}
