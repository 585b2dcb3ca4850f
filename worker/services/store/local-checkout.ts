// The local test checkout for store carts (decision 054): its Pay, Decline and Abandon buttons, and
// the sweep of checkouts past their expiry, build the Checkout Session events Stripe would send for
// a payment-mode session (payment intent, amounts, the buyer's e-mail, the shipping address of a
// physical cart); the local provider signs them with the local secret, and verifies and fulfils
// them exactly as the webhook does: the local mode runs the live path's fulfilment, not a shortcut.
import type { StoreCheckoutRow } from "../../db/store/checkouts";
import type { ShippingAddress } from "#contracts/store/checkout.ts";
import { deliver, type LocalDelivery } from "../payments/local-delivery";
import { localEvent, newLocalId, unixSeconds, type LocalEvent } from "../payments/local-events";
import { storeOrders } from "./purchase";
import { localCheckoutTax } from "./tax";

/**
 * The test checkout pays any one-time checkout with a `store_checkouts` row, the store's carts and
 * other areas' payments (a waitlist claim) alike: its route hands every registered kind, and the one
 * whose session it is claims the events. The sweep, which expires the store's carts only, hands none.
 */
export type LocalOrderDeps = Omit<LocalDelivery, "kinds"> & { kinds?: LocalDelivery["kinds"] };

const deliverOrder = (deps: LocalOrderDeps, events: LocalEvent[], now: number) => deliver({ ...deps, kinds: deps.kinds ?? [storeOrders] }, events, now);

type ShipTo = { name: string | null; address: ShippingAddress } | null;
/** The buyer's billing place as the local checkout asks it (a digital cart's tax place), and a business tax id. */
export type LocalBilling = { country: string; state: string | null; postalCode: string | null; taxId: string | null } | null;
/** The tax the Worker computed (the DEMO calculator), carried as Stripe Tax carries its own. */
type LocalTax = { billing: LocalBilling; taxCents: number } | null;

/** A payment-mode Checkout Session as Stripe describes it in its events. */
export function orderSessionObject(
  checkout: StoreCheckoutRow,
  outcome: { status: "complete" | "expired"; paymentStatus: "paid" | "unpaid"; paymentIntentId: string | null; shipTo: ShipTo; tax?: LocalTax },
) {
  const shipping = outcome.shipTo && {
    name: outcome.shipTo.name,
    address: {
      line1: outcome.shipTo.address.line1,
      line2: outcome.shipTo.address.line2,
      city: outcome.shipTo.address.city,
      state: outcome.shipTo.address.state,
      postal_code: outcome.shipTo.address.postalCode,
      country: outcome.shipTo.address.country,
    },
  };
  const taxCents = outcome.tax?.taxCents ?? 0;
  const billing = outcome.tax?.billing ?? null;
  return {
    id: checkout.providerSessionId ?? checkout.id,
    object: "checkout.session",
    mode: "payment",
    status: outcome.status,
    payment_status: outcome.paymentStatus,
    payment_intent: outcome.paymentIntentId,
    amount_subtotal: checkout.subtotalCents - checkout.discountCents,
    amount_total: checkout.totalCents + (checkout.taxBehavior === "exclusive" ? taxCents : 0),
    automatic_tax: { enabled: true, status: "complete", provider: "local_demo" },
    total_details: { amount_discount: checkout.discountCents, amount_shipping: checkout.shippingCents, amount_tax: taxCents },
    currency: checkout.currency,
    client_reference_id: checkout.id,
    metadata: { checkout_id: checkout.id },
    customer_email: checkout.email,
    customer_details: {
      email: checkout.email,
      name: outcome.shipTo?.name ?? null,
      address: billing && { country: billing.country, state: billing.state, postal_code: billing.postalCode, line1: null, line2: null, city: null },
      tax_ids: billing?.taxId ? [{ type: "eu_vat", value: billing.taxId }] : [],
    },
    shipping_cost: checkout.shippingCountry ? { amount_total: checkout.shippingCents } : null,
    // Both places API versions put the address.
    shipping_details: shipping,
    collected_information: shipping ? { shipping_details: shipping } : null,
    expires_at: unixSeconds(checkout.expiresAt.getTime()),
    livemode: false,
  };
}

/**
 * Pay: the card is charged, the session completes paid, with the tax the Worker computes now for
 * the buyer's place (the shipping address of a physical cart, else the billing one).
 */
export async function payLocalOrder(deps: LocalOrderDeps, checkout: StoreCheckoutRow, shipTo: ShipTo, billing: LocalBilling, now = Date.now()) {
  const place = shipTo ? { country: shipTo.address.country, state: shipTo.address.state } : billing;
  const taxCents = place ? (await localCheckoutTax(deps.db, checkout, place)).taxCents : 0;
  const tax = {
    billing: billing ?? (shipTo && { country: shipTo.address.country, state: shipTo.address.state, postalCode: shipTo.address.postalCode, taxId: null }),
    taxCents,
  };
  const object = orderSessionObject(checkout, { status: "complete", paymentStatus: "paid", paymentIntentId: newLocalId("paymentIntent"), shipTo, tax });
  await deliverOrder(deps, [localEvent("checkout.session.completed", object, now)], now);
}

/** Decline: the payment fails; the checkout fails and its stock comes back. */
export async function declineLocalOrder(deps: LocalOrderDeps, checkout: StoreCheckoutRow, now = Date.now()) {
  const object = orderSessionObject(checkout, { status: "complete", paymentStatus: "unpaid", paymentIntentId: null, shipTo: null });
  await deliverOrder(deps, [localEvent("checkout.session.async_payment_failed", object, now)], now);
}

/** Abandon, or the sweep after its expiry: the session expires and its stock comes back. */
export async function expireLocalOrder(deps: LocalOrderDeps, checkout: StoreCheckoutRow, now = Date.now()) {
  const object = orderSessionObject(checkout, { status: "expired", paymentStatus: "unpaid", paymentIntentId: null, shipTo: null });
  await deliverOrder(deps, [localEvent("checkout.session.expired", object, now)], now);
}
