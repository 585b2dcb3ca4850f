// The back office's store orders (/api/admin/store/orders/*): the filtered, paged list with its
// totals per currency, one order's detail and history, "mark shipped", refunds through the payment
// provider, and the CSV export for a fulfilment partner. Shared by the Worker and the SPA.
import type { GateTier } from "../tiers/gate";
import type { GiftCodeState } from "./gift-model";
import type { OrderTax } from "../tax-model";
import { z } from "../zod";
import { isValidTimeZone } from "../time-zones";
import type { Currency, OrderStatus, ProductKind } from "./model";
import {
  CARRIERS,
  CARRIER_NAME_MAX,
  ORDER_FILTER_STATUSES,
  ORDER_SEARCH_MAX,
  STORE_ORDER_MESSAGES,
  TRACKING_NUMBER_MAX,
  TRACKING_NUMBER_PATTERN,
  TRACKING_URL_MAX,
  type Carrier,
  type OrderFilterStatus,
} from "./admin-orders-limits";

export * from "./admin-orders-limits";

const m = STORE_ORDER_MESSAGES;

/** A refunded gift's VIP time, once its code was redeemed: the redeemer keeps what is left, or it is taken back. */
export const GIFT_TIME_CHOICES = ["keep", "revoke"] as const;
export type GiftTimeChoice = (typeof GIFT_TIME_CHOICES)[number];

/** A calendar day as the date input gives it (2026-11-25), read in the admin's zone. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .optional()
  .transform((d) => d?.trim() || null)
  .refine((d) => d === null || (DAY.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`))), "A day is written as 2026-11-25");

/** GET / and GET /export.csv. Empty values mean "any", as an empty search box or "All" does. */
export const ordersQuerySchema = z
  .strictObject({
    search: z
      .string()
      .max(ORDER_SEARCH_MAX)
      .optional()
      .transform((s) => s?.trim() || null),
    status: z
      .enum(["", "all", ...ORDER_FILTER_STATUSES])
      .default("all")
      .transform((s): OrderFilterStatus | null => (s === "" || s === "all" ? null : s)),
    product: z
      .string()
      .max(100)
      .optional()
      .transform((p) => p?.trim() || null),
    /** "later": only orders with merch that ships from a later day (decision 118); "now": the others. */
    ships: z
      .enum(["", "all", "now", "later"])
      .default("all")
      .transform((s) => (s === "now" || s === "later" ? s : null)),
    /** First and last day of the period, both included, in `tz`. */
    from: day,
    to: day,
    tz: z.string().max(64).refine(isValidTimeZone, "Unknown time zone").default("UTC"),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((q) => q.from === null || q.to === null || q.from <= q.to, { message: m.periodInvalid, path: ["to"] });
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

export const orderIdParamSchema = z.object({ id: z.string().min(1).max(100) });

/** POST /:id/ship. A known carrier's link is built from the number unless one is typed. */
export const shipBodySchema = z
  .strictObject({
    carrier: z.enum(CARRIERS),
    /** The carrier's name when it is "other". */
    carrierName: z.string().trim().max(CARRIER_NAME_MAX).optional(),
    trackingNumber: z
      .string()
      .trim()
      .min(1, m.trackingNumberRequired)
      .max(TRACKING_NUMBER_MAX, m.trackingNumberInvalid)
      .regex(TRACKING_NUMBER_PATTERN, m.trackingNumberInvalid),
    trackingUrl: z
      .string()
      .trim()
      .max(TRACKING_URL_MAX, m.trackingUrlInvalid)
      .optional()
      .transform((u) => u || null)
      .refine((u) => u === null || isHttps(u), m.trackingUrlInvalid),
  })
  .refine((b) => b.carrier !== "other" || Boolean(b.carrierName), { message: m.carrierNameRequired, path: ["carrierName"] });
export type ShipBody = z.input<typeof shipBodySchema>;

function isHttps(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
}

/** POST /:id/refunds. `attemptId` is chosen per refund dialog: a retry of it is the same refund. */
export const refundBodySchema = z.strictObject({
  amountCents: z.number({ message: m.refundAmountInvalid }).int(m.refundAmountInvalid).min(1, m.refundAmountInvalid).max(100_000_000, m.refundAmountInvalid),
  attemptId: z.uuid(),
  /** A redeemed gift code's remaining VIP time: the redeemer keeps it, or it is taken back. Required while one is unsettled. */
  giftTime: z.enum(GIFT_TIME_CHOICES).optional(),
});
export type RefundBody = z.input<typeof refundBodySchema>;

// ---- answers ------------------------------------------------------------------------------

export type OrderListItem = {
  id: string;
  number: number;
  /** ISO 8601: when it was paid. */
  paidAt: string;
  email: string;
  /** The name it ships to, else the member's username, else null. */
  name: string | null;
  status: OrderStatus;
  currency: Currency;
  totalCents: number;
  refundedCents: number;
  /** Items in it (the sum of its lines' quantities and its tickets). */
  items: number;
  /** It holds something to ship. */
  physical: boolean;
  shippedAt: string | null;
  /** It holds merch sold before it exists: the latest day it ships from (YYYY-MM-DD, decision 118); null: ships at once. */
  shipsFrom: string | null;
};

export type OrderTotal = { currency: Currency; totalCents: number; refundedCents: number; count: number };

export type OrdersListResponse = {
  orders: OrderListItem[];
  /** Orders matching the filters (every page). */
  count: number;
  page: number;
  pageSize: number;
  /** Per currency, over every matching order. */
  totals: OrderTotal[];
  /** Products that appear in some order, for the product filter. */
  products: { id: string; title: string }[];
};

export type OrderLineView = {
  lineNo: number;
  productId: string;
  kind: ProductKind;
  title: string;
  variantLabel: string | null;
  sku: string | null;
  quantity: number;
  unitCents: number;
  totalCents: number;
  restockedAt: string | null;
};

/** A ticket line of an order (decision 055): the type bought and what became of its tickets. */
export type OrderTicketLineView = {
  eventId: string;
  eventTitle: string;
  ticketTypeId: string;
  typeName: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** Tickets issued (fewer than quantity when the seats ran out before a late payment). */
  issued: number;
  /** Still valid (not refunded, not cancelled). */
  valid: number;
  checkedIn: number;
};

export type OrderAddress = {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
};

/**
 * What happened to an order, oldest first: paid; shipped (by whom, with what); each refund asked
 * for here (by whom, how much; `confirmed` once the provider's event said so) or made at the
 * provider directly (no actor).
 */
export type OrderHistoryEntry =
  | { kind: "paid"; at: string; amountCents: number }
  | { kind: "shipped"; at: string; actorEmail: string | null; carrier: string | null; trackingNumber: string | null; trackingUrl: string | null }
  | { kind: "refund"; at: string; actorEmail: string | null; amountCents: number; confirmed: boolean };

export type OrderDetail = OrderListItem & {
  locale: string;
  /** The order's tax (decision 093): part of totalCents; null: sold before tax. */
  tax: OrderTax;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  promoCode: string | null;
  shippingName: string | null;
  address: OrderAddress | null;
  member: { id: string; username: string } | null;
  paymentIntentId: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  lines: OrderLineView[];
  tickets: OrderTicketLineView[];
  /** What can still be refunded: the total less what was refunded or is being refunded. */
  refundableCents: number;
  /** Refunds asked for here that the provider's event has not confirmed yet. */
  pendingRefundCents: number;
  /** Downloads and gift codes the order gave, and how many a refund took back. */
  entitlements: { total: number; revoked: number };
  giftCodes: { total: number; redeemed: number; voided: number };
  /** The order's redeemed gift codes: who redeemed each and how much of its VIP time is still ahead of them. */
  redeemedGifts: RedeemedGiftView[];
  /** Every gift code of the order with the tier it gives (decision 116) and its state. */
  gifts: OrderGiftView[];
  history: OrderHistoryEntry[];
  /** Disputes and early fraud warnings on the order's payment, newest first (decision 094). */
  disputes: OrderDisputeView[];
};

export type OrderDisputeView = { id: string; type: "dispute" | "fraud_warning"; status: string; outcome: "won" | "lost" | null };

export type OrderDetailResponse = { order: OrderDetail };

/** POST /:id/ship: the order as it is now, and whether the buyer's mail went out. */
export type ShipResponse = { order: OrderDetail; mailed: boolean };

/** POST /:id/refunds: the provider accepted it; `order` shows it pending until its event arrives. */
/** A gift code as the order's detail lists it. */
export type OrderGiftView = { code: string; months: number; tier: GateTier; state: GiftCodeState };

export type RedeemedGiftView = {
  code: string;
  /** The redeemer's username (null: their account is gone). */
  redeemer: string | null;
  /** The gift's VIP time still ahead of the redeemer, in ms. */
  remainingMs: number;
  /** A refund already settled it (the redeemer kept it or it was taken back): no choice is asked. */
  settled: boolean;
};

export type RefundResponse = { order: OrderDetail; refundId: string };

export type { Carrier };
