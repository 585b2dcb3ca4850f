// Suspensions in SQL: the same rule as worker/lib/suspension.ts (a timed ban past its end is over)
// for queries that filter members, and the lazy clean-up of an ended one.
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { DB } from "./client";
import { users } from "./schema/accounts";

/** SQL: the member (`users` of the query) is not under a ban in force at `now`. */
export const notSuspended = (now = Date.now()) => sql`(${users.status} <> 'banned' OR coalesce(${users.bannedUntil} <= ${now}, 0))`;

/**
 * Raw SQL text for statements that name the users table by an alias (`o.status`): the same rule as
 * notSuspended. `now` is inlined as an integer (never input), so it also fits prepared strings
 * with their own numbered parameters.
 */
export const notSuspendedText = (alias: string, now: number) => `(${alias}.status <> 'banned' OR coalesce(${alias}.banned_until <= ${Math.floor(now)}, 0))`;

/** Clears a timed suspension whose end has passed (nothing else). True when it cleared one. */
export async function clearEndedSuspension(db: DB, userId: string, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ status: "active", banReason: null, bannedUntil: null, bannedAt: null, updatedAt: new Date(now) })
    .where(and(eq(users.id, userId), eq(users.status, "banned"), isNotNull(users.bannedUntil), lte(users.bannedUntil, new Date(now))))
    .returning({ id: users.id });
  return rows.length > 0;
}
