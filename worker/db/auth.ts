// Queries for users, roles, sessions and reset tokens.
import { and, eq, exists, gt, isNull, ne, sql } from "drizzle-orm";
import type { DB } from "./client";
import { admins, passwordResets, profiles, sessions, users, type UserRow } from "./schema/accounts";
import type { SessionUser } from "#contracts/auth.ts";
import { FREE_TIER, FREE_TIER_RANK } from "#contracts/tiers/tiers.ts";
import { notSuspended } from "./suspensions";
import { suspensionAt } from "../lib/suspension";
import type { Locale } from "#contracts/locale.ts";

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export const findUserByEmail = (db: DB, email: string) =>
  db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
    .get();

export const findUserByUsername = (db: DB, username: string) =>
  db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1)
    .get();

export async function isAdminUser(db: DB, user: Pick<UserRow, "id" | "isAdmin">): Promise<boolean> {
  if (user.isAdmin) return true;
  const row = await db.select({ id: admins.id }).from(admins).where(eq(admins.userId, user.id)).limit(1).get();
  return Boolean(row);
}

/** Username shown when none is stored: the part of the e-mail before the @. */
export const displayUsername = (u: Pick<UserRow, "username" | "email">) => u.username || u.email.split("@")[0] || u.email;

export async function toSessionUser(db: DB, u: UserRow): Promise<SessionUser> {
  return sessionUserOf(u, await isAdminUser(db, u), await tierRankOfId(db, u.tierId));
}

/** SQL: the rank of the `users` row's tier (0: the free tier). */
const tierRankSql = sql<number>`coalesce((select rank from membership_tiers where id = ${users.tierId}), ${FREE_TIER_RANK})`;

async function tierRankOfId(db: DB, tierId: string | null): Promise<number> {
  if (tierId === null) return FREE_TIER_RANK;
  const row = await db.get<{ rank: number } | undefined>(sql`select rank from membership_tiers where id = ${tierId}`);
  return row?.rank ?? FREE_TIER_RANK;
}

/** The signed-in user as the app sees them, from their row and whether they are an admin. */
export const sessionUserOf = (u: UserRow, isAdmin: boolean, tierRank: number): SessionUser => ({
  id: u.id,
  email: u.email,
  username: displayUsername(u),
  isAdmin,
  isVIP: u.isVip,
  tier: u.tierId === null ? FREE_TIER : { id: u.tierId, rank: tierRank },
  avatarUrl: u.avatarUrl,
  isDoorStaff: u.isDoorStaff,
  emailVerified: u.emailVerifiedAt !== null,
  pendingEmail: u.pendingEmail,
  locale: u.locale,
});

/**
 * `lifetimeMs`: the absolute lifetime, which sign-in takes from the saved settings. `device`: the
 * browser and system read from the sign-in's User-Agent, for the Devices list (the schema gives
 * the row its public id).
 */
export async function createSession(
  db: DB,
  userId: string,
  idHash: string,
  lifetimeMs = SESSION_ABSOLUTE_MS,
  now = Date.now(),
  device: { browser: string | null; os: string | null } = { browser: null, os: null },
) {
  await db.insert(sessions).values({
    idHash,
    userId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + lifetimeMs),
    deviceBrowser: device.browser,
    deviceOs: device.os,
  });
}

/**
 * The signed-in user behind a session, or null when it is unknown, idle too long, expired, or the
 * user is banned. One D1 trip (the session, its user and whether they are a listed admin): every
 * signed-in request makes it first, at the primary (worker/middleware/d1-session.ts).
 */
export async function resolveSession(db: DB, idHash: string, now = Date.now()): Promise<SessionUser | null> {
  const row = await db
    .select({
      session: sessions,
      user: users,
      listedAdmin: sql<number>`exists (select 1 from ${admins} where ${admins.userId} = ${users.id})`,
      tierRank: tierRankSql,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash))
    .get();
  if (!row) return null;
  const { session, user } = row;
  const idleExpired = session.lastSeenAt.getTime() + SESSION_IDLE_MS < now;
  if (idleExpired || session.expiresAt.getTime() < now || suspensionAt(user, now)) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, idHash));
  }
  return sessionUserOf(user, user.isAdmin || Boolean(row.listedAdmin), row.tierRank);
}

export const deleteSession = (db: DB, idHash: string) => db.delete(sessions).where(eq(sessions.idHash, idHash));

/** `locale`: the sign-up request's language (the column defaults to English). */
export type NewUser = { id: string; email: string; username: string; passwordHash: string; locale?: Locale };

/** The users row and its profiles row, together or not at all. The new user counts as signed in. */
export async function insertUserWithProfile(db: DB, u: NewUser, now = Date.now()): Promise<UserRow> {
  const [[row]] = await db.batch([
    db
      .insert(users)
      .values({ ...u, lastSignInAt: new Date(now) })
      .returning(),
    db.insert(profiles).values({ userId: u.id }),
  ]);
  if (!row) throw new Error("users insert returned no row");
  return row;
}

export const markSignedIn = (db: DB, userId: string, now = Date.now()) =>
  db
    .update(users)
    .set({ lastSignInAt: new Date(now) })
    .where(eq(users.id, userId));

export const insertPasswordReset = (db: DB, r: { tokenHash: string; userId: string; expiresAt: Date }) => db.insert(passwordResets).values(r);

export const deletePasswordReset = (db: DB, tokenHash: string) => db.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));

export const findPasswordReset = (db: DB, tokenHash: string) => db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1).get();

/**
 * Uses a reset token: sets the new password hash, revokes every session of the user, retires
 * the user's other open tokens and marks this one used, in one D1 batch (a transaction).
 * Every statement is conditional on the token still being unused and unexpired, so of two
 * racing requests only the first changes anything. Returns false when the token was not usable.
 */
export async function consumePasswordReset(
  db: DB,
  { tokenHash, userId, passwordHash }: { tokenHash: string; userId: string; passwordHash: string },
  now = Date.now(),
) {
  const at = new Date(now);
  const usable = and(
    eq(passwordResets.tokenHash, tokenHash),
    eq(passwordResets.userId, userId),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, at),
  );
  const stillUsable = exists(
    db
      .select({ one: sql`1` })
      .from(passwordResets)
      .where(usable),
  );
  const results = await db.batch([
    db
      .update(users)
      .set({ passwordHash, updatedAt: at })
      .where(and(eq(users.id, userId), stillUsable)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), stillUsable)),
    db
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.userId, userId), ne(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), stillUsable)),
    // Last, because it is what makes `stillUsable` false for everything after it.
    db.update(passwordResets).set({ usedAt: at }).where(usable).returning({ tokenHash: passwordResets.tokenHash }),
  ]);
  return results[3].length === 1;
}

/**
 * Hashes a statement asks about, as one JSON parameter read with json_each (D1's limit of 100
 * bound parameters a statement would otherwise make a hub of 5,000 sockets wait for 56 queries one
 * after another before it sends). A thousand hashes are about 67 kB of JSON.
 */
const HASHES_PER_QUERY = 1000;

/**
 * Of `idHashes`, those whose session is still usable: not idle, not expired, user not banned. One
 * statement per thousand hashes, all at once.
 */
export async function findLiveSessionHashes(db: DB, idHashes: string[], now = Date.now()): Promise<Set<string>> {
  const chunks: string[][] = [];
  for (let i = 0; i < idHashes.length; i += HASHES_PER_QUERY) chunks.push(idHashes.slice(i, i + HASHES_PER_QUERY));
  const results = await Promise.all(
    chunks.map((chunk) =>
      db
        .select({ idHash: sessions.idHash })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            sql`${sessions.idHash} IN (SELECT value FROM json_each(${JSON.stringify(chunk)}))`,
            gt(sessions.expiresAt, new Date(now)),
            gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
            notSuspended(now),
          ),
        ),
    ),
  );
  return new Set(results.flat().map((row) => row.idHash));
}
