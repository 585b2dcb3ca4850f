// "Notify me" rows (notify_requests, migrations/0054, decision 057). A member's request waits at
// once; a visitor's waits for its confirmation link (only the token's SHA-256 is stored). The
// sending pass (worker/services/notify-me/pass.ts) claims rows by turning them `sent` in the
// statement that selects them, so a second pass running at once, or again, tells nobody twice.
import { and, eq, sql } from "drizzle-orm";
import type { DB } from "./client";
import { notifyRequests } from "./schema/notify-me";
import { newId } from "../lib/crypto";
import type { Locale } from "#contracts/locale.ts";
import type { NotifyItemKind } from "#contracts/notify-me-model.ts";

export type NotifyItem = { kind: NotifyItemKind; id: string };

/** Whether the member asked to be told about the item and has not been told yet. */
export async function hasMemberRequest(db: DB, item: NotifyItem, userId: string): Promise<boolean> {
  const row = await db
    .select({ id: notifyRequests.id })
    .from(notifyRequests)
    .where(
      and(eq(notifyRequests.itemKind, item.kind), eq(notifyRequests.itemId, item.id), eq(notifyRequests.userId, userId), eq(notifyRequests.status, "waiting")),
    )
    .get();
  return Boolean(row);
}

/** A member's request, waiting at once. A second tap finds the row there and changes nothing. */
export async function addMemberRequest(db: DB, item: NotifyItem, userId: string, now: number): Promise<void> {
  await db.run(sql`
    INSERT INTO notify_requests (id, item_kind, item_id, user_id, status, created_at, confirmed_at)
    VALUES (${newId()}, ${item.kind}, ${item.id}, ${userId}, 'waiting', ${now}, ${now})
    ON CONFLICT DO NOTHING`);
}

/** Withdraws the member's waiting request; false when there was none. */
export async function deleteMemberRequest(db: DB, item: NotifyItem, userId: string): Promise<boolean> {
  const gone = await db
    .delete(notifyRequests)
    .where(
      and(eq(notifyRequests.itemKind, item.kind), eq(notifyRequests.itemId, item.id), eq(notifyRequests.userId, userId), eq(notifyRequests.status, "waiting")),
    )
    .returning({ id: notifyRequests.id });
  return gone.length > 0;
}

/**
 * A visitor's request: a new pending row with the token's hash ("created"), or nothing when the
 * address already asked for the item ("exists": no second row and no second mail, so the answer
 * tells nobody whether the address had asked before).
 */
export async function addPendingRequest(
  db: DB,
  r: NotifyItem & { email: string; locale: Locale; tokenHash: string; now: number },
): Promise<"created" | "exists"> {
  const inserted = await db.run(sql`
    INSERT INTO notify_requests (id, item_kind, item_id, email, locale, status, token_hash, created_at)
    VALUES (${newId()}, ${r.kind}, ${r.id}, ${r.email}, ${r.locale}, 'pending', ${r.tokenHash}, ${r.now})
    ON CONFLICT DO NOTHING`);
  return inserted.meta.changes > 0 ? "created" : "exists";
}

/** Forgets a pending row whose confirmation mail could not be sent, so the visitor can ask again. */
export async function deletePendingByToken(db: DB, tokenHash: string): Promise<void> {
  await db.delete(notifyRequests).where(and(eq(notifyRequests.tokenHash, tokenHash), eq(notifyRequests.status, "pending")));
}

export type ConfirmOutcome = NotifyItem | "invalid" | "expired";

/**
 * The confirmation link: a pending request created after `notBefore` starts waiting (an older one
 * is expired and deleted). The hash stays on the row, so a second click answers the same item.
 */
export async function confirmRequest(db: DB, tokenHash: string, { now, notBefore }: { now: number; notBefore: number }): Promise<ConfirmOutcome> {
  const row = await db.select().from(notifyRequests).where(eq(notifyRequests.tokenHash, tokenHash)).get();
  if (!row) return "invalid";
  const item = { kind: row.itemKind, id: row.itemId };
  if (row.status !== "pending") return item;
  if (row.createdAt.getTime() < notBefore) {
    await db.delete(notifyRequests).where(eq(notifyRequests.id, row.id));
    return "expired";
  }
  await db
    .update(notifyRequests)
    .set({ status: "waiting", confirmedAt: new Date(now) })
    .where(and(eq(notifyRequests.id, row.id), eq(notifyRequests.status, "pending")));
  return item;
}

/** The address's link in a mail: withdraws every request of it not yet told; returns how many. */
export async function cancelAddressRequests(db: DB, email: string): Promise<number> {
  const gone = await db.run(sql`DELETE FROM notify_requests WHERE lower(email) = lower(${email}) AND status IN ('pending', 'waiting')`);
  return gone.meta.changes;
}

/** For the back office: how many people wait to be told about each item (confirmed requests only). The ids go as one JSON parameter (D1 binds at most 100). */
export async function waitingCounts(db: DB, kind: NotifyItemKind, ids: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (ids.length === 0) return counts;
  const rows = await db.all<{ item_id: string; waiting: number }>(sql`
    SELECT item_id, count(*) AS waiting FROM notify_requests
    WHERE status = 'waiting' AND item_kind = ${kind} AND item_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
    GROUP BY item_id`);
  for (const row of rows) counts.set(row.item_id, row.waiting);
  return counts;
}

// ---- the sending pass ------------------------------------------------------------------------

/** Deletes visitors' requests still unconfirmed since before `before` (their link expired); returns how many. */
export async function deleteExpiredPending(db: DB, before: number): Promise<number> {
  const gone = await db.run(sql`DELETE FROM notify_requests WHERE status = 'pending' AND created_at < ${before}`);
  return gone.meta.changes;
}

/** Up to `limit` items somebody waits for, oldest request first. */
export async function itemsWaiting(db: DB, limit: number): Promise<NotifyItem[]> {
  const rows = await db.all<{ item_kind: NotifyItemKind; item_id: string }>(sql`
    SELECT item_kind, item_id FROM notify_requests WHERE status = 'waiting'
    GROUP BY item_kind, item_id ORDER BY min(created_at) LIMIT ${limit}`);
  return rows.map((r) => ({ kind: r.item_kind, id: r.item_id }));
}

/**
 * Claims up to `limit` waiting members' requests for the item: they become `sent` in this one
 * statement, and only the rows it changed come back, so no two passes claim the same request.
 */
export async function claimMembers(db: DB, item: NotifyItem, now: number, limit: number): Promise<{ id: string; user_id: string }[]> {
  return db.all<{ id: string; user_id: string }>(sql`
    UPDATE notify_requests SET status = 'sent', sent_at = ${now}
    WHERE id IN (
      SELECT id FROM notify_requests
      WHERE item_kind = ${item.kind} AND item_id = ${item.id} AND status = 'waiting' AND user_id IS NOT NULL
      ORDER BY id LIMIT ${limit})
    AND status = 'waiting'
    RETURNING id, user_id`);
}

export type ClaimedVisitor = { id: string; email: string; locale: Locale };

/** The same for confirmed visitors' addresses (each is mailed after its claim). */
export async function claimVisitors(db: DB, item: NotifyItem, now: number, limit: number): Promise<ClaimedVisitor[]> {
  return db.all<ClaimedVisitor>(sql`
    UPDATE notify_requests SET status = 'sent', sent_at = ${now}
    WHERE id IN (
      SELECT id FROM notify_requests
      WHERE item_kind = ${item.kind} AND item_id = ${item.id} AND status = 'waiting' AND email IS NOT NULL
      ORDER BY id LIMIT ${limit})
    AND status = 'waiting'
    RETURNING id, email, locale`);
}

/** Gives a visitor's claim back after their mail failed, so the next pass tries again. */
export async function releaseClaim(db: DB, id: string, claimedAt: number): Promise<void> {
  await db.run(sql`UPDATE notify_requests SET status = 'waiting', sent_at = NULL WHERE id = ${id} AND status = 'sent' AND sent_at = ${claimedAt}`);
}

/** The item will never go out as asked (a cancelled or started event): its open requests are dropped, nobody told. */
export async function dropItem(db: DB, item: NotifyItem): Promise<number> {
  const dropped = await db.run(sql`
    UPDATE notify_requests SET status = 'dropped'
    WHERE item_kind = ${item.kind} AND item_id = ${item.id} AND status IN ('pending', 'waiting')`);
  return dropped.meta.changes;
}

/** The item no longer exists (deleted from the catalog or the events): its requests go too. */
export async function deleteItemRequests(db: DB, item: NotifyItem): Promise<number> {
  const gone = await db.run(sql`DELETE FROM notify_requests WHERE item_kind = ${item.kind} AND item_id = ${item.id}`);
  return gone.meta.changes;
}
