// The member's account settings: their own sessions, for the Devices list, and the password
// change (decision 039). Every statement is scoped to the member in the query, so another
// member's session id is the same "nothing" as an unknown one. Each write returns the id hashes
// it ended, for closing their sockets.
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { DB } from "./client";
import { sessions, users } from "./schema/accounts";
import { SESSION_IDLE_MS } from "./auth";

export type MemberSessionRow = {
  idHash: string;
  publicId: string;
  deviceBrowser: string | null;
  deviceOs: string | null;
  createdAt: Date;
  lastSeenAt: Date;
};

/** The member's usable sessions (not idle too long, not expired), most recently used first. */
export function listMemberSessions(db: DB, userId: string, now = Date.now()): Promise<MemberSessionRow[]> {
  return db
    .select({
      idHash: sessions.idHash,
      publicId: sessions.publicId,
      deviceBrowser: sessions.deviceBrowser,
      deviceOs: sessions.deviceOs,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now)), gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one session of the member by its public id. Returns its id hash, or null when the member has no such session. */
export async function endMemberSession(db: DB, userId: string, publicId: string): Promise<string | null> {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ idHash: sessions.idHash });
  return row?.idHash ?? null;
}

/** Ends every session of the member but `keepIdHash`. Returns the id hashes ended. */
export async function endOtherMemberSessions(db: DB, userId: string, keepIdHash: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)))
    .returning({ idHash: sessions.idHash });
  return rows.map((r) => r.idHash);
}

/**
 * The new password hash and the end of every other session, in one batch (a transaction): no
 * moment where the old sessions outlive the new password. Returns the id hashes ended.
 */
export async function setPasswordEndingOtherSessions(
  db: DB,
  { userId, passwordHash, keepIdHash }: { userId: string; passwordHash: string; keepIdHash: string },
  now = Date.now(),
): Promise<string[]> {
  const [, ended] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, updatedAt: new Date(now) })
      .where(eq(users.id, userId)),
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)))
      .returning({ idHash: sessions.idHash }),
  ]);
  return ended.map((r) => r.idHash);
}

/** The member's stored password hash, or null when the account is gone. */
export async function findPasswordHash(db: DB, userId: string): Promise<string | null> {
  const row = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return row?.passwordHash ?? null;
}
