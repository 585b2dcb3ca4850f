// charge.refunded for store orders: reads the charge from a verified event and plans what it does
// to the order the charge paid for (worker/db/store/refunds.ts). The payments core runs the plan,
// through the store's kind (purchase.ts), in one batch with the event's id, so each event counts
// once, and the statements are conditional, so a replayed or an older event changes nothing.
import { z } from "zod";
import type { DB } from "../../db/client";
import type { Statement } from "../../db/d1";
import { findOrderByPaymentIntent, refundStatements, type ChargeRefund } from "../../db/store/refunds";

/** An id, or an expanded object carrying one. */
const ref = z.union([z.string(), z.object({ id: z.string() })]).transform((v) => (typeof v === "string" ? v : v.id));
const cents = z.number().int().nonnegative();

const chargeSchema = z.object({
  id: z.string().min(1),
  payment_intent: ref.nullish(),
  amount_refunded: cents,
  // Left out of webhook payloads by newer API versions (it is expandable only).
  refunds: z
    .object({
      data: z.array(z.object({ id: z.string().min(1), amount: cents, created: cents.nullish(), status: z.string().nullish() })),
      has_more: z.boolean().nullish(),
    })
    .nullish(),
});

/** Refunds that failed or were cancelled gave nothing back. */
const GAVE_NOTHING = new Set(["failed", "canceled"]);

export type ParsedChargeRefunded = { paymentIntentId: string | null; cumulativeCents: number; refunds: ChargeRefund[] | null };

export function parseChargeRefunded(object: unknown, eventAtMs: number): ParsedChargeRefunded | null {
  const r = chargeSchema.safeParse(object);
  if (!r.success) return null;
  const charge = r.data;
  // A list cut short (has_more) cannot account for every refund: the difference is used instead.
  const list = charge.refunds && !charge.refunds.has_more ? charge.refunds.data : null;
  return {
    paymentIntentId: charge.payment_intent ?? null,
    cumulativeCents: charge.amount_refunded,
    refunds:
      list
        ?.filter((x) => !GAVE_NOTHING.has(x.status ?? ""))
        .map((x): ChargeRefund => ({ id: x.id, amountCents: x.amount, at: x.created ? x.created * 1000 : eventAtMs })) ?? null,
  };
}

/**
 * The statements of a charge.refunded event and the order they touch: none when the charge paid
 * for no order (a VIP invoice); null when the event cannot be read (fulfilment records it without
 * effect).
 */
export async function planChargeRefunded(
  db: DB,
  object: unknown,
  event: { id: string; created: number },
  now: number,
): Promise<{ statements: Statement[]; orderId: string | null } | null> {
  const eventAt = event.created * 1000;
  const charge = parseChargeRefunded(object, eventAt);
  if (!charge) return null;
  const order = charge.paymentIntentId ? await findOrderByPaymentIntent(db, charge.paymentIntentId) : null;
  if (!order) return { statements: [], orderId: null };
  const statements = refundStatements(db, order, { cumulativeCents: charge.cumulativeCents, refunds: charge.refunds, eventId: event.id, eventAt }, now);
  return { statements, orderId: order.id };
}
