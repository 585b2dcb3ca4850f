// Queries for VIP payments. The statement builders return unexecuted statements, so fulfilment
// can put an event's effects and its idempotency record into ONE batch (D1's transaction). Every
// effect is a conditional statement: the order of late or repeated events is settled in SQL.
import { and, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { runBatch, type Statement } from "./d1";
import type { DB } from "./client";
import { billingCustomers, checkoutSessions, subscriptions } from "./schema/vip";
import { revenueEntries } from "./schema/store";
import { users } from "./schema/accounts";
import { PAST_DUE_GRACE_MS, type CheckoutSessionStatus } from "#contracts/payments.ts";
import type { Currency } from "#contracts/store/model.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";
import type { TaxPlace } from "#contracts/tax-model.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Provider statuses that nothing can bring back (Stripe never revives them). */
export const TERMINAL_STATUSES = ["canceled", "incomplete_expired"] as const;
/** Statuses that give VIP (past_due only during the grace period). */
export const PAYING_STATUSES = ["active", "trialing"] as const;

const TERMINAL_SQL = sql.raw(TERMINAL_STATUSES.map((s) => `'${s}'`).join(", "));
const PAYING_SQL = sql.raw(PAYING_STATUSES.map((s) => `'${s}'`).join(", "));

/** SQL: subscription row `s` gives its user VIP at `now` (used by every is_vip update). */
export const grantsVip = (now: number) =>
  sql`(s.status IN ('active', 'trialing') OR (s.status = 'past_due' AND s.past_due_since > ${now - PAST_DUE_GRACE_MS}))`;

/** SQL: comp row `c` gives VIP at `now`: granted until revoked (no end), or its end still ahead (a redeemed gift). */
export const compGrantsVip = (now: number) => sql`(c.ends_at IS NULL OR c.ends_at > ${now})`;

/**
 * SQL: the `users` row of the statement holds a complimentary VIP at `now`. A comp is the other
 * source of VIP (granted in the back office, or a redeemed gift with an end): no payment event may
 * end the VIP it gives.
 */
export const hasCompVip = (now: number) => sql`EXISTS (SELECT 1 FROM vip_comps c WHERE c.user_id = users.id AND ${compGrantsVip(now)})`;

/** SQL: the `users` row of the statement is VIP at `now`: paid or complimentary. */
const isVipNow = (now: number) => sql`(EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = users.id AND ${grantsVip(now)}) OR ${hasCompVip(now)})`;

// ---- reads ----------------------------------------------------------------------------------

export const findUserForPayments = (db: DB, userId: string) =>
  db.select({ id: users.id, email: users.email, isVip: users.isVip, tierId: users.tierId }).from(users).where(eq(users.id, userId)).limit(1).get();

export const findBillingCustomer = (db: DB, userId: string) => db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1).get();

export const findSubscription = (db: DB, id: string) => db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1).get();

export const listSubscriptions = (db: DB, userId: string) =>
  db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.updatedAt)).all();

export const findOwnCheckoutSession = (db: DB, id: string, userId: string) =>
  db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)))
    .limit(1)
    .get();

/** The member's most recent checkout session opened at or after `since`, if any. */
export const findLatestOwnCheckoutSession = (db: DB, userId: string, since: Date) =>
  db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), gte(checkoutSessions.createdAt, since)))
    .orderBy(desc(checkoutSessions.createdAt))
    .get();

// ---- writes outside fulfilment ----------------------------------------------------------------

/** Remembers a checkout we opened, with the plan it sells and its amount. A retried attempt (same id) keeps the first row. */
export const insertCheckoutSession = (
  db: DB,
  row: {
    id: string;
    userId: string;
    mode: "live" | "local";
    plan: VipPlan;
    amountCents: number;
    tierId?: string;
    currency?: string | null;
    trialDays?: number;
  },
  now = Date.now(),
) =>
  db
    .insert(checkoutSessions)
    .values({ ...row, status: "pending", createdAt: new Date(now), updatedAt: new Date(now) })
    .onConflictDoNothing();

/** Whether one of the member's subscriptions is past due beyond the grace period. */
export async function hasExpiredGrace(db: DB, userId: string, now = Date.now()) {
  const row = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "past_due"), lte(subscriptions.pastDueSince, new Date(now - PAST_DUE_GRACE_MS))))
    .get();
  return Boolean(row);
}

/**
 * Ends the VIP of members whose grace period ran out (the cron trigger, and read time for one
 * member). Only turns VIP off: granting it is left to verified events. Returns the members whose
 * VIP it ended, so their open sockets can be told (decision 040).
 */
export async function endExpiredGraces(db: DB, now = Date.now(), userId?: string): Promise<string[]> {
  const cutoff = now - PAST_DUE_GRACE_MS;
  const onlyUser = userId ? sql`AND user_id = ${userId}` : sql``;
  const rows = await db.all<{ id: string }>(sql`
    UPDATE users SET is_vip = 0, updated_at = ${now}
    WHERE is_vip = 1
      AND id IN (SELECT user_id FROM subscriptions WHERE status = 'past_due' AND past_due_since <= ${cutoff} ${onlyUser})
      AND NOT ${isVipNow(now)}
    RETURNING id`);
  return rows.map((r) => r.id);
}

/**
 * A comp the cron removed at its end (a redeemed gift run out); vipEnded: the member's VIP ended
 * with it; tierChanged: their tier moved (a gift of a higher tier beside a lower subscription ran out).
 */
export type EndedComp = { userId: string; endsAt: number; tierId: string; vipEnded: boolean; tierChanged: boolean };

/**
 * Removes the comps whose end has come (redeemed gifts run out) and turns off the VIP of those
 * members nothing else keeps VIP (a paying subscription, say), in one batch. Each removed row is
 * returned once, so the cron tells each member once; a comp granted until revoked has no end and
 * is never touched.
 */
export async function endExpiredComps(db: DB, now = Date.now()): Promise<EndedComp[]> {
  // An expired comp already gives no tier in tierNow: the tier is brought in line (with its
  // history) before the rows go, in the same batch (decision 116).
  const expiring = sql`id IN (SELECT user_id FROM vip_comps WHERE ends_at <= ${now})`;
  const [, retiered, ended, removed] = await runBatch(db, [
    raw(
      db,
      sql`INSERT INTO membership_tier_changes (user_id, from_tier_id, to_tier_id, changed_at)
        SELECT id, tier_id, ${tierNow(now)}, ${now} FROM users WHERE ${expiring} AND tier_id IS NOT ${tierNow(now)}`,
    ),
    raw(db, sql`UPDATE users SET tier_id = ${tierNow(now)}, updated_at = ${now} WHERE ${expiring} AND tier_id IS NOT ${tierNow(now)} RETURNING id`),
    raw(
      db,
      sql`UPDATE users SET is_vip = 0, updated_at = ${now}
        WHERE is_vip = 1 AND ${expiring} AND NOT ${isVipNow(now)}
        RETURNING id`,
    ),
    raw(db, sql`DELETE FROM vip_comps WHERE ends_at <= ${now} RETURNING user_id, ends_at, tier_id`),
  ]);
  const vipEnded = new Set((ended?.results as { id: string }[] | undefined)?.map((r) => r.id));
  const tierChanged = new Set((retiered?.results as { id: string }[] | undefined)?.map((r) => r.id));
  return ((removed?.results ?? []) as { user_id: string; ends_at: number; tier_id: string }[]).map((r) => ({
    userId: r.user_id,
    endsAt: r.ends_at,
    tierId: r.tier_id,
    vipEnded: vipEnded.has(r.user_id),
    tierChanged: tierChanged.has(r.user_id),
  }));
}

// ---- statement builders for the fulfilment batch ---------------------------------------------

/** Renders raw SQL to a statement without running it (drizzle's queries are lazy). */
const raw = (db: DB, query: SQL): Statement => db.run(query).getQuery();

export const linkCustomer = (db: DB, userId: string, customerId: string): Statement =>
  db.insert(billingCustomers).values({ userId, customerId }).onConflictDoNothing().toSQL();

export const setCheckoutStatus = (db: DB, id: string, status: CheckoutSessionStatus, from: CheckoutSessionStatus[], now: number): Statement =>
  db
    .update(checkoutSessions)
    .set({ status, updatedAt: new Date(now) })
    .where(and(eq(checkoutSessions.id, id), inArray(checkoutSessions.status, from)))
    .toSQL();

/**
 * Takes a member's pending local checkout for one outcome, in one conditional statement: of any
 * number of concurrent clicks on one session, one gets true and goes on to build its events; the
 * rest get false. (A live checkout is Stripe's, which completes a session once.)
 */
export async function claimLocalCheckout(db: DB, { sessionId, userId }: { sessionId: string; userId: string }, to: CheckoutSessionStatus, now = Date.now()) {
  const claimed = await db
    .update(checkoutSessions)
    .set({ status: to, updatedAt: new Date(now) })
    .where(
      and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId), eq(checkoutSessions.mode, "local"), eq(checkoutSessions.status, "pending")),
    )
    .returning({ id: checkoutSessions.id });
  return claimed.length === 1;
}

/** A subscription as a provider event describes it. Times in ms. */
export type SubscriptionSnapshot = {
  id: string;
  customerId: string;
  status: string;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: number | null;
  /** From the price's recurring interval; null when the event does not say (the row keeps what it had). */
  plan: VipPlan | null;
  priceCents: number | null;
  priceCurrency: string | null;
  /** The tier its metadata names (tier_id); null when it names none (the row keeps its tier, VIP by default). */
  tierId: string | null;
};

/** The tier column of an insert, and what an update makes of it: the event's tier when it names one. */
const tierValue = (tierId: string | null | undefined) => tierId ?? "vip";
const tierUpdate = (tierId: string | null) => (tierId === null ? sql.raw("subscriptions.tier_id") : sql.raw("excluded.tier_id"));

/**
 * A downgrade waiting for the period's end is done once a newer event carries its tier and plan
 * (the renewal that applied it); an event that ends the subscription leaves nothing to wait for.
 */
const pendingDone = "excluded.tier_id = subscriptions.pending_tier_id AND excluded.plan IS subscriptions.pending_plan";
const pendingCleared = sql.raw(
  ["pending_tier_id", "pending_plan", "pending_price_cents", "pending_schedule_id"]
    .map((column) => `${column} = CASE WHEN ${pendingDone} THEN NULL ELSE subscriptions.${column} END`)
    .join(",\n      "),
);
const pendingNone = sql.raw("pending_tier_id = NULL, pending_plan = NULL, pending_price_cents = NULL, pending_schedule_id = NULL");

/**
 * The plan and its price follow the event that names them (a switch in the portal); an event
 * without a readable price keeps what the row has. All three move together.
 */
const planColumns = sql.raw(`plan = CASE WHEN excluded.plan IS NULL THEN subscriptions.plan ELSE excluded.plan END,
      price_cents = CASE WHEN excluded.plan IS NULL THEN subscriptions.price_cents ELSE excluded.price_cents END,
      price_currency = CASE WHEN excluded.plan IS NULL THEN subscriptions.price_currency ELSE excluded.price_currency END`);

/**
 * The WHERE of a subscription's insert: a subscription the site does not hold yet is stored only
 * while the member has no other active or trialing one (decision 108; a past-due one does not
 * block, so a member whose card failed may pay anew). Two checkouts paid at once both reach the
 * provider; the second subscription is refused here, in the statement itself (D1 runs one at a
 * time), and its payment refunded after the batch (membership/duplicates.ts). A subscription
 * refused its trial counts as running (decision 149): it is being charged now. A row already held
 * is always updated.
 */
const onlyLiveOne = (id: string, userId: string) => sql`WHERE EXISTS (SELECT 1 FROM subscriptions o WHERE o.id = ${id})
      OR NOT EXISTS (SELECT 1 FROM subscriptions o WHERE o.user_id = ${userId} AND o.id <> ${id}
        AND (o.status IN (${PAYING_SQL}) OR (o.status = 'incomplete' AND EXISTS (SELECT 1 FROM trial_takes r WHERE r.subscription_id = o.id AND r.granted = 0))))`;

/**
 * A trialing subscription's take of its tier's one free trial (decision 149), first in its event's
 * batch: written once per subscription, granted when the member has no granted trial of the tier
 * and no other subscription of it (decision 102's "had the tier"). D1 runs one statement at a time,
 * so of two subscriptions racing, one is granted; a replay keeps the first answer. Returns the row
 * only when this statement wrote it (`granted` 0: the follow-up charges it from day one). A
 * subscription the next statement will refuse (decision 108's second running one) takes nothing.
 */
export const takeTrial = (db: DB, s: Pick<SubscriptionSnapshot, "id" | "tierId">, userId: string, now: number) =>
  raw(
    db,
    sql`
    INSERT INTO trial_takes (subscription_id, user_id, tier_id, granted, taken_at)
    SELECT ${s.id}, ${userId}, ${tierValue(s.tierId)},
      NOT EXISTS (SELECT 1 FROM trial_takes t WHERE t.user_id = ${userId} AND t.tier_id = ${tierValue(s.tierId)} AND t.granted = 1)
      AND NOT EXISTS (SELECT 1 FROM subscriptions o WHERE o.user_id = ${userId} AND o.tier_id = ${tierValue(s.tierId)} AND o.id <> ${s.id}),
      ${now}
    ${onlyLiveOne(s.id, userId)}
    ON CONFLICT (subscription_id) DO NOTHING
    RETURNING granted`,
  );

/** What takeTrial returns when it wrote the take. */
export type TrialTake = { granted: number };

/** SQL: the `subscriptions` row of the statement is trialing by the provider but was refused the trial. */
const trialRefused = sql.raw("EXISTS (SELECT 1 FROM trial_takes r WHERE r.subscription_id = subscriptions.id AND r.granted = 0)");

/**
 * The status a snapshot writes: a subscription the provider says is trialing but whose trial was
 * refused gives nothing ('incomplete') until its first paid invoice, which the provider is asked
 * to make at once.
 */
const snapshotStatus = (s: SubscriptionSnapshot) =>
  s.status === "trialing"
    ? sql`CASE WHEN EXISTS (SELECT 1 FROM trial_takes r WHERE r.subscription_id = ${s.id} AND r.granted = 0) THEN 'incomplete' ELSE 'trialing' END`
    : sql`${s.status}`;

/**
 * customer.subscription.created/updated: the snapshot replaces the row unless the row already
 * holds a newer event, or the subscription already ended (an old update cannot revive it).
 */
export const upsertSubscription = (db: DB, s: SubscriptionSnapshot, userId: string, eventAt: number, now: number) =>
  raw(
    db,
    sql`
    INSERT INTO subscriptions (id, user_id, customer_id, status, current_period_end, cancel_at_period_end, cancel_at, past_due_since, last_event_at, updated_at,
                               plan, price_cents, price_currency, tier_id)
    SELECT ${s.id}, ${userId}, ${s.customerId}, ${snapshotStatus(s)}, ${s.currentPeriodEnd}, ${s.cancelAtPeriodEnd ? 1 : 0}, ${s.cancelAt},
            ${s.status === "past_due" ? eventAt : null}, ${eventAt}, ${now}, ${s.plan}, ${s.priceCents}, ${s.priceCurrency}, ${tierValue(s.tierId)}
    ${onlyLiveOne(s.id, userId)}
    ON CONFLICT (id) DO UPDATE SET
      customer_id = excluded.customer_id,
      status = excluded.status,
      tier_id = ${tierUpdate(s.tierId)},
      ${pendingCleared},
      current_period_end = coalesce(excluded.current_period_end, subscriptions.current_period_end),
      ${planColumns},
      cancel_at_period_end = excluded.cancel_at_period_end,
      cancel_at = excluded.cancel_at,
      past_due_since = CASE WHEN excluded.status = 'past_due' THEN coalesce(subscriptions.past_due_since, excluded.past_due_since) ELSE NULL END,
      last_event_at = excluded.last_event_at,
      updated_at = excluded.updated_at
    WHERE subscriptions.last_event_at <= excluded.last_event_at AND subscriptions.status NOT IN (${TERMINAL_SQL})`,
  );

/** customer.subscription.deleted: final whatever arrived before or comes after. */
export const endSubscription = (db: DB, s: SubscriptionSnapshot, userId: string, eventAt: number, now: number) => {
  const status = (TERMINAL_STATUSES as readonly string[]).includes(s.status) ? s.status : "canceled";
  return raw(
    db,
    sql`
    INSERT INTO subscriptions (id, user_id, customer_id, status, current_period_end, cancel_at_period_end, cancel_at, past_due_since, last_event_at, updated_at,
                               plan, price_cents, price_currency, tier_id)
    VALUES (${s.id}, ${userId}, ${s.customerId}, ${status}, ${s.currentPeriodEnd}, ${s.cancelAtPeriodEnd ? 1 : 0}, ${s.cancelAt}, NULL, ${eventAt}, ${now},
            ${s.plan}, ${s.priceCents}, ${s.priceCurrency}, ${tierValue(s.tierId)})
    ON CONFLICT (id) DO UPDATE SET
      status = excluded.status,
      ${pendingNone},
      current_period_end = coalesce(excluded.current_period_end, subscriptions.current_period_end),
      ${planColumns},
      cancel_at_period_end = excluded.cancel_at_period_end,
      cancel_at = excluded.cancel_at,
      past_due_since = NULL,
      last_event_at = max(subscriptions.last_event_at, excluded.last_event_at),
      updated_at = excluded.updated_at`,
  );
};

/** An older event may still know the period end when the row does not (arrival order). */
export const fillMissingPeriodEnd = (db: DB, id: string, currentPeriodEnd: number) =>
  raw(db, sql`UPDATE subscriptions SET current_period_end = ${currentPeriodEnd} WHERE id = ${id} AND current_period_end IS NULL`);

/**
 * An older subscription event may still know the plan when the row does not (the checkout's own
 * event came first and made the row): filled once, never over a plan a newer event set.
 */
export const fillMissingPlan = (db: DB, id: string, s: Pick<SubscriptionSnapshot, "plan" | "priceCents" | "priceCurrency">) =>
  raw(db, sql`UPDATE subscriptions SET plan = ${s.plan}, price_cents = ${s.priceCents}, price_currency = ${s.priceCurrency} WHERE id = ${id} AND plan IS NULL`);

/**
 * checkout.session.completed with the payment made: the subscription is paid now. Creates the
 * row if no subscription event came first; lifts an 'incomplete' row that is not newer, unless it
 * was refused its trial (a trial's checkout completes with nothing paid, decision 149).
 */
export const activateFromCheckout = (db: DB, sub: { id: string; customerId: string; tierId?: string | null }, userId: string, eventAt: number, now: number) =>
  raw(
    db,
    sql`
    INSERT INTO subscriptions (id, user_id, customer_id, status, current_period_end, cancel_at_period_end, cancel_at, past_due_since, last_event_at, updated_at,
                               tier_id)
    SELECT ${sub.id}, ${userId}, ${sub.customerId}, 'active', NULL, 0, NULL, NULL, ${eventAt}, ${now}, ${tierValue(sub.tierId)}
    ${onlyLiveOne(sub.id, userId)}
    ON CONFLICT (id) DO UPDATE SET status = 'active', last_event_at = excluded.last_event_at, updated_at = excluded.updated_at
    WHERE subscriptions.status = 'incomplete' AND subscriptions.last_event_at <= excluded.last_event_at AND NOT ${trialRefused}`,
  );

/**
 * invoice.paid: the subscription is paid up (again): active, grace cleared, period extended.
 * `userId` is known when the subscription row exists or the invoice names the member.
 * A trial's own invoice (nothing paid, decision 102) leaves a trialing row trialing: only the
 * subscription's event or the first paid invoice ends the trial; nor does it lift a subscription
 * refused its trial (decision 149), which waits for its first paid invoice.
 */
export const markInvoicePaid = (
  db: DB,
  inv: {
    subscriptionId: string;
    customerId: string;
    periodEnd: number | null;
    tierId?: string | null;
    amountPaid?: number | null;
    /** The billing place the invoice names: kept for the subscription's later charges (decision 147); none keeps the stored one. */
    place?: TaxPlace | null;
  },
  userId: string,
  eventAt: number,
  now: number,
) =>
  raw(
    db,
    sql`
    INSERT INTO subscriptions (id, user_id, customer_id, status, current_period_end, cancel_at_period_end, cancel_at, past_due_since, last_event_at, updated_at,
                               tier_id, tax_country, tax_region)
    SELECT ${inv.subscriptionId}, ${userId}, ${inv.customerId}, 'active', ${inv.periodEnd}, 0, NULL, NULL, ${eventAt}, ${now}, ${tierValue(inv.tierId)},
           ${inv.place?.country ?? null}, ${inv.place?.state ?? null}
    ${onlyLiveOne(inv.subscriptionId, userId)}
    ON CONFLICT (id) DO UPDATE SET
      status = CASE
        WHEN ${inv.amountPaid === 0 ? 1 : 0} = 1 AND subscriptions.status = 'trialing' THEN 'trialing'
        WHEN ${inv.amountPaid === 0 ? 1 : 0} = 1 AND subscriptions.status = 'incomplete' AND ${trialRefused} THEN 'incomplete'
        ELSE 'active' END,
      past_due_since = NULL,
      tax_region = CASE WHEN excluded.tax_country IS NULL THEN subscriptions.tax_region ELSE excluded.tax_region END,
      tax_country = coalesce(excluded.tax_country, subscriptions.tax_country),
      current_period_end = CASE
        WHEN excluded.current_period_end IS NULL THEN subscriptions.current_period_end
        WHEN subscriptions.current_period_end IS NULL THEN excluded.current_period_end
        ELSE max(subscriptions.current_period_end, excluded.current_period_end) END,
      last_event_at = excluded.last_event_at,
      updated_at = excluded.updated_at
    WHERE subscriptions.status NOT IN (${TERMINAL_SQL}) AND subscriptions.last_event_at <= excluded.last_event_at`,
  );

/** The revenue ledger's key for a paid VIP invoice: one row per invoice, however many events name it. */
export const invoiceRevenueRef = (invoiceId: string) => `invoice:${invoiceId}`;

/**
 * invoice.paid: the money the invoice brought in, as a row of the revenue ledger. Kept whatever
 * order the events arrive in (the payment happened even when an older event changes nothing
 * else); the unique ref keeps it once per invoice, as the event's id keeps it once per event.
 */
export const recordInvoiceRevenue = (
  db: DB,
  inv: { invoiceId: string; amountCents: number; currency: Currency; taxCents?: number; taxJurisdiction?: string | null },
  userId: string,
  paidAt: number,
): Statement =>
  db
    .insert(revenueEntries)
    .values({
      ref: invoiceRevenueRef(inv.invoiceId),
      source: "vip",
      amountCents: inv.amountCents,
      currency: inv.currency,
      userId,
      occurredAt: new Date(paidAt),
      taxCents: inv.taxCents ?? 0,
      taxJurisdiction: inv.taxJurisdiction ?? null,
    })
    .onConflictDoNothing({ target: revenueEntries.ref })
    .toSQL();

/** invoice.payment_failed: a paying subscription turns past_due; the grace runs from the first failure. */
export const markInvoiceFailed = (db: DB, subscriptionId: string, eventAt: number, now: number) =>
  raw(
    db,
    sql`
    UPDATE subscriptions SET status = 'past_due', past_due_since = coalesce(past_due_since, ${eventAt}), last_event_at = ${eventAt}, updated_at = ${now}
    WHERE id = ${subscriptionId} AND status IN ('active', 'trialing', 'past_due') AND last_event_at <= ${eventAt}`,
  );

/**
 * users.is_vip := whether any of the member's subscriptions, or a comp, gives VIP now. Admin flags
 * untouched. Returns a row only when the flag changed (see VipChange), so the batch that turned
 * VIP on knows. Also what the back office runs after granting or removing a comp.
 */
export const syncUserVip = (db: DB, userId: string, now: number) =>
  raw(
    db,
    sql`
    UPDATE users SET is_vip = ${isVipNow(now)}, updated_at = ${now}
    WHERE id = ${userId} AND is_vip IS NOT ${isVipNow(now)}
    RETURNING is_vip, email, username`,
  );

/**
 * SQL: the tier the `users` row of the statement holds at `now`: the highest-ranked of those its
 * paying subscriptions and its comps give (null: the free tier). An archived tier still counts.
 */
const tierNow = (now: number) => sql`(
  SELECT t.id FROM membership_tiers t
  WHERE t.id IN (SELECT s.tier_id FROM subscriptions s WHERE s.user_id = users.id AND ${grantsVip(now)})
     OR t.id IN (SELECT c.tier_id FROM vip_comps c WHERE c.user_id = users.id AND ${compGrantsVip(now)})
  ORDER BY t.rank DESC LIMIT 1)`;

/**
 * users.tier_id := the tier the member's subscriptions and comps give now (decision 096). Runs in
 * the same batch as syncUserVip, just before it (callers read syncUserVip's row last). Returns a
 * row only when the tier changed (TierChange).
 */
export const syncUserTier = (db: DB, userId: string, now: number) =>
  raw(
    db,
    sql`
    UPDATE users SET tier_id = ${tierNow(now)}, updated_at = ${now}
    WHERE id = ${userId} AND tier_id IS NOT ${tierNow(now)}
    RETURNING tier_id`,
  );

/** What syncUserTier returns when it changed the tier. */
export type TierChange = { tier_id: string | null };

/** Records the change syncUserTier is about to make, if any (the history the back office counts). */
const logTierChange = (db: DB, userId: string, now: number) =>
  raw(
    db,
    sql`
    INSERT INTO membership_tier_changes (user_id, from_tier_id, to_tier_id, changed_at)
    SELECT id, tier_id, ${tierNow(now)}, ${now} FROM users WHERE id = ${userId} AND tier_id IS NOT ${tierNow(now)}`,
  );

/**
 * The statements that bring a member's tier (with its history) and VIP flag in line with their
 * sources, in this order: syncUserTier's row is second to last, syncUserVip's last.
 */
export const syncUserMembership = (db: DB, userId: string, now: number) => [
  logTierChange(db, userId, now),
  syncUserTier(db, userId, now),
  syncUserVip(db, userId, now),
];

/** What syncUserVip returns when it changed the flag. */
export type VipChange = { is_vip: number; email: string; username: string };
