// Moving a subscription between tiers (decision 098): the claim that lets one change at a time reach
// the provider, and the downgrade kept for the period's end. The tier itself only ever changes
// through a verified event (worker/db/payments.ts); these rows say what was asked for.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { DB } from "../client";
import { subscriptions } from "../schema/vip";
import { membershipTiers } from "../schema/tiers";
import { forgetTiers } from "./tiers";
import type { VipPlan } from "#contracts/vip-plans.ts";

/** How long one change holds a subscription when its request dies before releasing it. */
export const CHANGE_CLAIM_MS = 60_000;

/**
 * Takes the subscription for one change, in one conditional statement: only while it still holds
 * the tier and plan the change was priced from and no other change holds it. Of any number of
 * concurrent requests one gets true; the rest get false and charge nothing.
 */
export async function claimSubscriptionChange(db: DB, sub: { id: string; tierId: string; plan: VipPlan }, now = Date.now()) {
  const claimed = await db
    .update(subscriptions)
    .set({ changeClaimedUntil: now + CHANGE_CLAIM_MS })
    .where(
      and(
        eq(subscriptions.id, sub.id),
        eq(subscriptions.tierId, sub.tierId),
        sql`coalesce(${subscriptions.plan}, 'monthly') = ${sub.plan}`,
        or(isNull(subscriptions.changeClaimedUntil), lt(subscriptions.changeClaimedUntil, now)),
      ),
    )
    .returning({ id: subscriptions.id });
  return claimed.length === 1;
}

export const releaseSubscriptionChange = (db: DB, id: string) =>
  db.update(subscriptions).set({ changeClaimedUntil: null }).where(eq(subscriptions.id, id)).run();

export type PendingChange = { tierId: string; plan: VipPlan; priceCents: number; scheduleId: string | null };

/** The downgrade the next renewal makes (replacing any other one asked before). */
export const setPendingChange = (db: DB, id: string, change: PendingChange) =>
  db
    .update(subscriptions)
    .set({ pendingTierId: change.tierId, pendingPlan: change.plan, pendingPriceCents: change.priceCents, pendingScheduleId: change.scheduleId })
    .where(eq(subscriptions.id, id))
    .run();

/** The member kept their tier after all: no downgrade waits any more. */
export const clearPendingChange = (db: DB, id: string) =>
  db
    .update(subscriptions)
    .set({ pendingTierId: null, pendingPlan: null, pendingPriceCents: null, pendingScheduleId: null })
    .where(eq(subscriptions.id, id))
    .run();

/**
 * The demo tier above VIP as the local demo seed has it (id inner-circle, rank 2, $24.99 a month,
 * $249 a year), for the local journeys' databases (routes/dev.ts, local machine only). Kept as it
 * is when it exists.
 */
export async function ensureDemoInnerCircle(db: DB) {
  await db
    .insert(membershipTiers)
    .values({
      id: "inner-circle",
      rank: 2,
      nameEn: "Inner Circle",
      namePtBR: "Círculo Íntimo",
      benefitsEn: JSON.stringify(["Everything VIP gives", "Lossless downloads"]),
      benefitsPtBR: JSON.stringify(["Tudo o que o VIP oferece", "Downloads sem perdas"]),
      monthlyUsdCents: 2499,
      yearlyUsdCents: 24900,
      badgeColor: "#7c3aed",
    })
    .onConflictDoNothing();
  forgetTiers();
}

/** Keeps why a member cancelled, for the back office. */
export const recordCancellation = (
  db: DB,
  c: { userId: string; subscriptionId: string; tierId: string; reason: string; other: string | null },
  now = Date.now(),
) =>
  db.run(sql`INSERT INTO membership_cancellations (user_id, subscription_id, tier_id, reason, other_text, created_at)
    VALUES (${c.userId}, ${c.subscriptionId}, ${c.tierId}, ${c.reason}, ${c.other}, ${now})`);
