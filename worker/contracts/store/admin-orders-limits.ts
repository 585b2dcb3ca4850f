// The back office's store orders: the values the SPA needs at run time, without zod (the admin
// chunk imports these; the zod contract, admin-store-orders.ts, re-exports them).
import { ORDER_STATUSES, type OrderStatus } from "./model.ts";

export const STORE_ORDERS_API = "/api/admin/store/orders";

/** The list's status filter: every order status. */
export const ORDER_FILTER_STATUSES = ORDER_STATUSES;
export type OrderFilterStatus = OrderStatus;

/** Orders a page of the list holds. */
export const ORDERS_PAGE_SIZE = 25;
export const ORDER_SEARCH_MAX = 100;
/** Orders the CSV export reads from D1 at a time while it streams. */
export const ORDER_EXPORT_BATCH = 200;

/** Carriers whose tracking page the Worker knows; "other" takes a typed link (or none). */
export const CARRIERS = ["correios", "usps", "ups", "fedex", "dhl", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Carriers as their names are written (the same in both languages). */
export const CARRIER_NAMES: Record<Carrier, string> = {
  correios: "Correios",
  usps: "USPS",
  ups: "UPS",
  fedex: "FedEx",
  dhl: "DHL",
  other: "",
};

export const TRACKING_NUMBER_MAX = 64;
export const TRACKING_URL_MAX = 500;
/** Letters, digits, spaces and dashes: what carriers print on a label. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;
export const CARRIER_NAME_MAX = 60;

const TRACKING_PAGES: Record<Exclude<Carrier, "other">, (number: string) => string> = {
  correios: (n) => `https://rastreamento.correios.com.br/app/index.php?objetos=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
};

/** The carrier's own tracking page for a number (spaces dropped, as the carriers' forms do); null for "other". */
export function trackingUrlFor(carrier: Carrier, trackingNumber: string): string | null {
  if (carrier === "other") return null;
  return TRACKING_PAGES[carrier](encodeURIComponent(trackingNumber.replace(/\s+/g, "")));
}

/** English texts of the form rules and refusals (the SPA shows its own translation per code). */
export const STORE_ORDER_MESSAGES = {
  trackingNumberRequired: "Enter the tracking number",
  trackingNumberInvalid: `A tracking number is up to ${TRACKING_NUMBER_MAX} letters, digits, spaces or dashes`,
  trackingUrlInvalid: "The tracking link must be an https:// address",
  carrierNameRequired: "Name the carrier",
  refundAmountInvalid: "The refund must be a whole number of cents, at least 1",
  periodInvalid: "The period's start must not be after its end",
  notShippable: "Only a paid order with items to ship can be marked shipped",
  alreadyShipped: "This order has already been marked shipped",
  notRefundable: "Nothing is left to refund on this order",
  overRemaining: "The refund is more than what is left to refund",
  refundFailed: "The payment provider did not accept the refund",
  giftTimeRequired: "A member redeemed this order's gift code: choose whether they keep its remaining VIP time",
} as const;
