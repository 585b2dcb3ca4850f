// Queries for users, roles, sessions and reset tokens.
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { DB } from "./client";
import { admins, passwordResets, sessions, users, type UserRow } from "./schema";
import type { SessionUser } from "../contracts/auth";

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export const findUserByEmail = (db: DB, email: string) =>
  db.query.users.findFirst({ where: sql`lower(${users.email}) = lower(${email})` });

export const findUserByUsername = (db: DB, username: string) =>
  db.query.users.findFirst({ where: sql`lower(${users.username}) = lower(${username})` });

export const findUserById = (db: DB, id: string) => db.query.users.findFirst({ where: eq(users.id, id) });

export async function isAdminUser(db: DB, user: Pick<UserRow, "id" | "isAdmin">): Promise<boolean> {
  if (user.isAdmin) return true;
  const row = await db.query.admins.findFirst({ where: eq(admins.userId, user.id), columns: { id: true } });
  return Boolean(row);
}

/** Username shown when none is stored: the part of the e-mail before the @. */
export const displayUsername = (u: Pick<UserRow, "username" | "email">) => u.username || u.email.split("@")[0] || u.email;

export async function toSessionUser(db: DB, u: UserRow): Promise<SessionUser> {
  return {
    id: u.id,
    email: u.email,
    username: displayUsername(u),
    isAdmin: await isAdminUser(db, u),
    isVIP: u.isVip,
    avatarUrl: u.avatarUrl,
  };
}

export async function createSession(db: DB, userId: string, idHash: string, now = Date.now()) {
  await db.insert(sessions).values({ idHash, userId, createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_ABSOLUTE_MS) });
}

/** The user behind a session, or null when it is unknown, idle too long, expired, or the user is banned. */
export async function resolveSession(db: DB, idHash: string, now = Date.now()) {
  const row = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash))
    .get();
  if (!row) return null;
  const { session, user } = row;
  const idleExpired = session.lastSeenAt.getTime() + SESSION_IDLE_MS < now;
  if (idleExpired || session.expiresAt.getTime() < now || user.status === "banned") {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.idHash, idHash));
  }
  return user;
}

export const deleteSession = (db: DB, idHash: string) => db.delete(sessions).where(eq(sessions.idHash, idHash));
export const deleteUserSessions = (db: DB, userId: string) => db.delete(sessions).where(eq(sessions.userId, userId));
export const purgeExpiredSessions = (db: DB, now = Date.now()) => db.delete(sessions).where(lt(sessions.expiresAt, new Date(now)));

export async function findUsableReset(db: DB, tokenHash: string, now = Date.now()) {
  return db.query.passwordResets.findFirst({
    where: and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date(now))),
  });
}
