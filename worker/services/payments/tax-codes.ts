// Stripe Tax's product tax codes, one per kind of line the site sells (decision 093). Checked
// against Stripe's published list; an id is opaque, never built from a description.
import type { TaxLineKind } from "#contracts/tax-model.ts";

export const STRIPE_TAX_CODE_BY_KIND: Readonly<Record<TaxLineKind, string>> = {
  /** Digital audio works, downloaded, non-subscription, with permanent rights. */
  digital_audio: "txcd_10401100",
  /** General - Tangible Goods (merch). */
  physical_goods: "txcd_99999999",
  /**
   * General - Services. Stripe's event-admission codes need a performance location, which Checkout
   * Sessions do not take (its ticket tax is in preview for the Tax Calculation API only), so a
   * ticket is taxed as a service at the buyer's address until then.
   */
  event_admission: "txcd_20030000",
  /** General - Electronically Supplied Services (the VIP membership and gift VIP). */
  membership: "txcd_10000000",
  /** Shipping. */
  shipping: "txcd_92010001",
};
