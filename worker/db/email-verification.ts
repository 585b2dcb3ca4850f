// E-mail verification links and the e-mail change they confirm. Outcomes, never HTTP errors.
import { and, eq, exists, gt, isNull, ne, sql } from "drizzle-orm";
import type { DB } from "./client";
import { emailVerifications, users } from "./schema/accounts";
import { refuse, type Refused } from "../lib/outcome";

export const insertEmailVerification = (db: DB, row: { tokenHash: string; userId: string; email: string; expiresAt: Date }) =>
  db.insert(emailVerifications).values(row);

export const deleteEmailVerification = (db: DB, tokenHash: string) => db.delete(emailVerifications).where(eq(emailVerifications.tokenHash, tokenHash));

export const findEmailVerification = (db: DB, tokenHash: string) =>
  db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, tokenHash)).limit(1).get();

/** Whether another account holds `email` (case-insensitive, like the unique index). */
export async function isEmailTakenByOther(db: DB, email: string, userId: string) {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .get();
  return Boolean(row);
}

/** Remembers the address the member asked to move to; the account keeps its e-mail until confirmed. */
export const setPendingEmail = (db: DB, userId: string, email: string, now = Date.now()) =>
  db
    .update(users)
    .set({ pendingEmail: email, updatedAt: new Date(now) })
    .where(eq(users.id, userId));

export type VerificationRefusal = "invalid" | "expired" | "stale";

/**
 * Uses a link, in one batch, each statement conditional on the token still being unused and
 * unexpired so of two racing requests only the first changes anything:
 * - its address is the account's own → marks the account verified;
 * - its address is the account's pending one → the account's e-mail becomes it (verified), the
 *   pending address is cleared. A unique-index failure here (someone took the address since the
 *   request) throws, and nothing is written.
 * Every other open link of the account for the same address is retired with it. A link for an
 * address that is neither (a newer change was asked for since) is `stale`.
 * Returns what happened, with the address the account had before.
 */
export async function consumeEmailVerification(
  db: DB,
  tokenHash: string,
  now = Date.now(),
): Promise<{ outcome: "verified" | "email_changed"; userId: string; previousEmail: string; email: string } | Refused<VerificationRefusal>> {
  const link = await findEmailVerification(db, tokenHash);
  if (!link || link.usedAt) return refuse("invalid");
  if (link.expiresAt.getTime() <= now) return refuse("expired");
  const user = await db.select().from(users).where(eq(users.id, link.userId)).limit(1).get();
  if (!user) return refuse("invalid");
  const at = new Date(now);
  const usable = and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, at));
  const stillUsable = exists(
    db
      .select({ one: sql`1` })
      .from(emailVerifications)
      .where(usable),
  );
  const ownAddress = link.email.toLowerCase() === user.email.toLowerCase();
  const pending = !ownAddress && user.pendingEmail !== null && link.email.toLowerCase() === user.pendingEmail.toLowerCase();
  if (!ownAddress && !pending) return refuse("stale");
  const change = ownAddress
    ? db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: at })
        .where(and(eq(users.id, user.id), stillUsable))
    : db
        .update(users)
        // Only if the account still waits for this address: a newer request replaced it otherwise.
        .set({ email: link.email, pendingEmail: null, emailVerifiedAt: at, updatedAt: at })
        .where(and(eq(users.id, user.id), eq(users.pendingEmail, link.email), stillUsable));
  const results = await db.batch([
    change.returning({ id: users.id }),
    db
      .update(emailVerifications)
      .set({ usedAt: at })
      .where(
        and(
          eq(emailVerifications.userId, user.id),
          eq(emailVerifications.email, link.email),
          ne(emailVerifications.tokenHash, tokenHash),
          isNull(emailVerifications.usedAt),
          stillUsable,
        ),
      ),
    // Last, because it is what makes `stillUsable` false for everything after it.
    db.update(emailVerifications).set({ usedAt: at }).where(usable).returning({ tokenHash: emailVerifications.tokenHash }),
  ]);
  if (results[2].length !== 1 || results[0].length !== 1) return refuse("invalid");
  return { outcome: ownAddress ? "verified" : "email_changed", userId: user.id, previousEmail: user.email, email: link.email };
}
