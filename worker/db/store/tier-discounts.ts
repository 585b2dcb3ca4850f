// The store's member prices by tier (decision 099): each tier's percentage off the items of a scope,
// for members of that tier and every tier above it. services/store/pricing.ts takes the best one a
// buyer has; the back office replaces the whole list at once.
import { asc, eq, sql } from "drizzle-orm";
import type { DB } from "../client";
import { storeTierDiscounts } from "../schema/store";
import { membershipTiers } from "../schema/tiers";
import type { TierDiscount } from "#contracts/store/admin-tier-discounts.ts";

/** The discounts of every tier at or below `rank` (the buyer's): ranks are read on the ladder now. */
export const findTierDiscounts = (db: DB, rank: number) =>
  db
    .select({ scope: storeTierDiscounts.scope, percentOff: storeTierDiscounts.percentOff })
    .from(storeTierDiscounts)
    .innerJoin(membershipTiers, eq(membershipTiers.id, storeTierDiscounts.tierId))
    .where(sql`${membershipTiers.rank} <= ${rank}`)
    .all();

export const listTierDiscounts = (db: DB): Promise<TierDiscount[]> =>
  db
    .select({ tierId: storeTierDiscounts.tierId, scope: storeTierDiscounts.scope, percentOff: storeTierDiscounts.percentOff })
    .from(storeTierDiscounts)
    .orderBy(asc(storeTierDiscounts.tierId), asc(storeTierDiscounts.scope))
    .all();

/** Replaces every tier discount in one batch (nothing else is written if a statement fails). */
export async function replaceTierDiscounts(db: DB, discounts: readonly TierDiscount[], now = Date.now()) {
  const inserts = discounts.map((d) => db.insert(storeTierDiscounts).values({ ...d, updatedAt: new Date(now) }));
  await db.batch([db.delete(storeTierDiscounts), ...inserts]);
}
