// Disputes and early fraud warnings on payments, and the per-order access log their evidence is
// assembled from (decision 094, migrations/0063_disputes_and_access_log.sql). Written with raw SQL
// (conditional upserts in the payment event's batch); the tables are declared here for the schema
// test and the back office's reads.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { orders } from "./store";

export const paymentDisputes = sqliteTable(
  "payment_disputes",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: ["dispute", "fraud_warning"] }).notNull(),
    paymentIntentId: text("payment_intent_id").notNull(),
    chargeId: text("charge_id"),
    kind: text("kind").notNull(),
    targetId: text("target_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull(),
    reason: text("reason"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    evidenceDueAt: integer("evidence_due_at"),
    outcome: text("outcome", { enum: ["won", "lost"] }),
    fraudAction: text("fraud_action", { enum: ["refunded", "flagged"] }),
    note: text("note"),
    submittedAt: integer("submitted_at"),
    revokedAt: integer("revoked_at"),
    closedAt: integer("closed_at"),
    lastEventAt: integer("last_event_at").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("payment_disputes_target_idx").on(t.kind, t.targetId),
    index("payment_disputes_open_idx").on(t.closedAt, t.evidenceDueAt),
    index("payment_disputes_intent_idx").on(t.paymentIntentId),
  ],
);

export const orderAccessLog = sqliteTable(
  "order_access_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    at: integer("at").notNull(),
    ip: text("ip"),
    detail: text("detail"),
  },
  (t) => [index("order_access_log_order_idx").on(t.orderId, t.at)],
);
