// What a member's open sockets may still do after a privilege change (decision 040): VIP-only
// sockets (chat, radio) stay open for a VIP or an administrator, as requireVIP lets them in.
import { eq } from "drizzle-orm";
import type { DB } from "./client";
import { users } from "./schema/accounts";
import { isAdminUser } from "./auth";
import { FREE_TIER_ID, FREE_TIER_RANK, type MemberTier } from "#contracts/tiers/tiers.ts";
import { membershipTiers } from "./schema/tiers";

export type MemberAccess = { vip: boolean; admin: boolean; tier: MemberTier };

/** The member's VIP and admin flags and tier as D1 has them now; null when the member is gone. */
export async function findMemberAccess(db: DB, userId: string): Promise<MemberAccess | null> {
  const row = await db
    .select({ id: users.id, isVip: users.isVip, isAdmin: users.isAdmin, tierId: users.tierId, rank: membershipTiers.rank })
    .from(users)
    .leftJoin(membershipTiers, eq(membershipTiers.id, users.tierId))
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  const tier = row.tierId ? { id: row.tierId, rank: row.rank ?? FREE_TIER_RANK } : { id: FREE_TIER_ID, rank: FREE_TIER_RANK };
  return { vip: row.isVip, admin: await isAdminUser(db, row), tier };
}

/** Whether the member may still use VIP-only sockets (chat, radio). */
export const keepsVipSockets = (access: MemberAccess | null) => Boolean(access && (access.vip || access.admin));
