// What a member's open sockets may still do after a privilege change (decision 040): VIP-only
// sockets (chat, radio) stay open for a VIP or an administrator, as requireVIP lets them in.
import { eq } from "drizzle-orm";
import type { DB } from "./client";
import { users } from "./schema/accounts";
import { isAdminUser } from "./auth";

export type MemberAccess = { vip: boolean; admin: boolean };

/** The member's VIP and admin flags as D1 has them now; null when the member is gone. */
export async function findMemberAccess(db: DB, userId: string): Promise<MemberAccess | null> {
  const row = await db.select({ id: users.id, isVip: users.isVip, isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).get();
  if (!row) return null;
  return { vip: row.isVip, admin: await isAdminUser(db, row) };
}

/** Whether the member may still use VIP-only sockets (chat, radio). */
export const keepsVipSockets = (access: MemberAccess | null) => Boolean(access && (access.vip || access.admin));
