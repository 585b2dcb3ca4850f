// Queries for the sign-in slowdown and one-time sign-in links (decision 038).
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { DB } from "./client";
import { loginThrottles, signInLinks } from "./schema/accounts";

/** The time before which no attempt for `email` is checked; 0 when it is not throttled. */
export async function throttledUntil(db: DB, email: string): Promise<number> {
  const row = await db.select({ notBefore: loginThrottles.notBefore }).from(loginThrottles).where(eq(loginThrottles.email, email)).get();
  return row?.notBefore.getTime() ?? 0;
}

/**
 * Counts one wrong password for `email` in one upsert and returns the count including it. A
 * failure after a quiet period of `forgetAfterMs` starts the count again.
 */
export async function recordLoginFailure(db: DB, email: string, forgetAfterMs: number, now = Date.now()): Promise<number> {
  const row = await db
    .insert(loginThrottles)
    .values({ email, failures: 1, lastFailureAt: new Date(now) })
    .onConflictDoUpdate({
      target: loginThrottles.email,
      set: {
        failures: sql`CASE WHEN ${loginThrottles.lastFailureAt} <= ${now - forgetAfterMs} THEN 1 ELSE ${loginThrottles.failures} + 1 END`,
        lastFailureAt: new Date(now),
      },
    })
    .returning({ failures: loginThrottles.failures })
    .get();
  return row.failures;
}

export const setThrottledUntil = (db: DB, email: string, notBefore: number) =>
  db
    .update(loginThrottles)
    .set({ notBefore: new Date(notBefore) })
    .where(eq(loginThrottles.email, email));

/** Forgets the failures of `email` (a successful sign-in, by password or by link). */
export const clearLoginThrottle = (db: DB, email: string) => db.delete(loginThrottles).where(sql`${loginThrottles.email} = lower(${email})`);

/**
 * Claims the right to mail a sign-in link for `email`: true for one caller at most per
 * `everyMs`, in one conditional update, so simultaneous failures never send two mails.
 */
export async function claimSignInLinkMail(db: DB, email: string, everyMs: number, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(loginThrottles)
    .set({ linkSentAt: new Date(now) })
    .where(and(eq(loginThrottles.email, email), or(isNull(loginThrottles.linkSentAt), lte(loginThrottles.linkSentAt, new Date(now - everyMs)))))
    .returning({ email: loginThrottles.email });
  return rows.length === 1;
}

export const insertSignInLink = (db: DB, link: { tokenHash: string; userId: string; expiresAt: Date }) => db.insert(signInLinks).values(link);

export const deleteSignInLink = (db: DB, tokenHash: string) => db.delete(signInLinks).where(eq(signInLinks.tokenHash, tokenHash));

/**
 * Uses a sign-in link: marks it used only if it is still unused and unexpired, in one statement,
 * so of two racing requests one wins. Returns the user it signs in, "expired", or "invalid"
 * (unknown or already used).
 */
export async function consumeSignInLink(db: DB, tokenHash: string, now = Date.now()): Promise<{ userId: string } | "expired" | "invalid"> {
  const [used] = await db
    .update(signInLinks)
    .set({ usedAt: new Date(now) })
    .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, new Date(now))))
    .returning({ userId: signInLinks.userId });
  if (used) return used;
  const row = await db.select({ usedAt: signInLinks.usedAt }).from(signInLinks).where(eq(signInLinks.tokenHash, tokenHash)).get();
  return row && !row.usedAt ? "expired" : "invalid";
}
