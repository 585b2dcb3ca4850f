// VIP: payments (customers, subscriptions, applied provider events, checkout sessions), VIP granted
// from the back office, and the VIP pass scanned at the door.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// VIP payments (queries in worker/db/payments.ts; fulfilment in worker/services/membership/purchase.ts).
// The provider's customer for each member, linked by the first completed checkout.
export const billingCustomers = sqliteTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().unique(),
  createdAt: createdAt(),
});

// One row per provider subscription, as the latest applied event left it. users.is_vip is
// derived from these rows. last_event_at (the event's `created`, ms) orders late deliveries.
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull(),
    /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, ... */
    status: text("status").notNull(),
    currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    cancelAt: integer("cancel_at", { mode: "timestamp_ms" }),
    pastDueSince: integer("past_due_since", { mode: "timestamp_ms" }),
    lastEventAt: integer("last_event_at").notNull(),
    /** monthly | yearly, from the price's recurring interval in each subscription event (migrations/0052). */
    plan: text("plan", { enum: ["monthly", "yearly"] }),
    /** The price's amount (what the next renewal charges) and its lower-case currency. */
    priceCents: integer("price_cents"),
    priceCurrency: text("price_currency"),
    /** The membership tier this subscription pays for (migrations/0065). */
    tierId: text("tier_id").notNull().default("vip"),
    /** A downgrade the next renewal makes (migrations/0067): its tier, plan and price; live, the schedule that makes it. */
    pendingTierId: text("pending_tier_id"),
    pendingPlan: text("pending_plan", { enum: ["monthly", "yearly"] }),
    pendingPriceCents: integer("pending_price_cents"),
    pendingScheduleId: text("pending_schedule_id"),
    /** Until when one tier change holds the subscription (epoch ms): concurrent changes reach the provider once. */
    changeClaimedUntil: integer("change_claimed_until"),
    /** The billing place the member's paid invoices name (migrations/0089): what later charges are taxed for. */
    taxCountry: text("tax_country"),
    /** A US state, where the tax is per state; null elsewhere. */
    taxRegion: text("tax_region"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId), index("subscriptions_status_past_due_idx").on(t.status, t.pastDueSince)],
);

// Ids of applied payment events, written in the same batch as their effect: each event once.
export const paymentEvents = sqliteTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});

// Checkout sessions we opened (live Stripe ones and the local test checkout's), so the result
// page can ask about its own session and nobody else's.
export const checkoutSessions = sqliteTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: ["live", "local"] }).notNull(),
    status: text("status", { enum: ["pending", "complete", "failed", "canceled"] })
      .notNull()
      .default("pending"),
    /** The plan this checkout sells, and the amount it was opened with (null: older rows, the configured price). */
    plan: text("plan", { enum: ["monthly", "yearly"] })
      .notNull()
      .default("monthly"),
    amountCents: integer("amount_cents"),
    /** The membership tier this checkout sells (migrations/0065). */
    tierId: text("tier_id").notNull().default("vip"),
    /** The lower-case currency it sells in (migrations/0067; null: the configured VIP currency). */
    currency: text("currency"),
    /** The free trial's days it was opened with (migrations/0072; 0: none). */
    trialDays: integer("trial_days").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("checkout_sessions_user_idx").on(t.userId)],
);

// Complimentary VIP granted from the back office (queries in worker/db/admin-users.ts), kept apart
// from paid VIP: users.is_vip is true while a paying subscription or a comp gives VIP, and
// neither source ever clears the other. granted_by is null for comps older than this table.
// (migrations/0017_user_admin.sql also indexes users by created_at for the back office's list.)
export const vipComps = sqliteTable("vip_comps", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
  grantedAt: integer("granted_at", { mode: "timestamp_ms" }).notNull(),
  /** When the comp ends (a redeemed gift: months after any VIP time the member had); null: until revoked. */
  endsAt: integer("ends_at", { mode: "timestamp_ms" }),
  /** The membership tier the comp gives (migrations/0065). */
  tierId: text("tier_id").notNull().default("vip"),
});

// The VIP pass scanned at the door (queries in worker/db/tickets/check-in.ts, decision 027). A VIP's pass
// number is given the first time their pass is shown and kept for good; the typed code starts
// with it.
export const vipPasses = sqliteTable("vip_passes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  number: integer("number").notNull().unique("vip_passes_number_unique"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

// Each paid VIP invoice's payment intent (decision 094, migration 0064): what a dispute or an early
// fraud warning on a VIP payment is matched by. Written with raw SQL in the invoice.paid batch.
export const vipPayments = sqliteTable(
  "vip_payments",
  {
    paymentIntentId: text("payment_intent_id").primaryKey(),
    invoiceId: text("invoice_id").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    taxJurisdiction: text("tax_jurisdiction"),
    periodEnd: integer("period_end"),
    paidAt: integer("paid_at").notNull(),
    refundId: text("refund_id"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    refundedAt: integer("refunded_at"),
  },
  (t) => [index("vip_payments_subscription_idx").on(t.subscriptionId, t.paidAt), index("vip_payments_user_idx").on(t.userId, t.paidAt)],
);
