// An event cancellation's work list (migrations/0051_event_cancellation_orders.sql, part "cancel"
// of decision 055): one row per order the refund job settles, beside the job's progress row
// (eventCancellations in ./tickets). Money in cents in the order's currency.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { orders } from "./store";
import { eventCancellations } from "./tickets";

export const CANCELLATION_ORDER_STATES = ["pending", "refunded", "failed"] as const;

/** pending → refunded (the provider accepted it, or nothing was left to refund) | failed (its reason). */
export const eventCancellationOrders = sqliteTable(
  "event_cancellation_orders",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => eventCancellations.eventId, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    state: text("state", { enum: CANCELLATION_ORDER_STATES }).notNull().default("pending"),
    amountCents: integer("amount_cents"),
    refundId: text("refund_id"),
    error: text("error"),
    mailedAt: integer("mailed_at", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.orderId] }), index("event_cancellation_orders_state_idx").on(t.eventId, t.state)],
);

/** Never holds a row: the cancel batch's refusal when the buyers changed since the admin confirmed. */
export const eventCancelRefusals = sqliteTable("event_cancel_refusals", { code: text("code").notNull() }, (t) => [
  check("event_cancel_refused_buyers_changed", sql`${t.code} <> 'buyers_changed'`),
  check("event_cancel_refused_already_cancelled", sql`${t.code} <> 'already_cancelled'`),
]);
