// "Remind me" rows (event_reminders, migrations/0038): a member's reminder is active at once, a
// visitor's waits for the confirmation link (only the token's SHA-256 is stored). The sending pass
// (worker/services/reminders/pass.ts) claims each mail with a compare-and-set on the row, so two
// passes running at once never send the same mail twice.
import { and, eq, sql } from "drizzle-orm";
import type { DB } from "./client";
import { eventReminders } from "./schema/events";
import { users } from "./schema/accounts";
import { newId } from "../lib/crypto";
import { MINUTE_MS } from "../lib/time";
import type { Locale } from "#contracts/locale.ts";

/** The offsets already passed at `now` for an event starting at `start`: they are skipped, never sent late. */
export const passedOffsets = (offsets: readonly number[], start: number, now: number) => offsets.filter((minutes) => start - minutes * MINUTE_MS <= now);

/** The language the member's mails go out in (users.locale). */
export async function memberLocale(db: DB, userId: string): Promise<Locale> {
  const row = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).get();
  return row?.locale ?? "en";
}

/** Whether the member has an active reminder for the event. */
export async function hasMemberReminder(db: DB, eventId: string, userId: string): Promise<boolean> {
  const row = await db
    .select({ id: eventReminders.id })
    .from(eventReminders)
    .where(and(eq(eventReminders.eventId, eventId), eq(eventReminders.userId, userId), eq(eventReminders.status, "active")))
    .get();
  return Boolean(row);
}

type Activation = { eventId: string; email: string; locale: Locale; timeZone: string | null; start: number; offsets: readonly number[]; now: number };

/**
 * A member's reminder, active at once. The row is keyed by (event, address): a visitor's pending
 * row for the member's own address becomes theirs.
 */
export async function setMemberReminder(db: DB, userId: string, a: Activation): Promise<void> {
  const sent = JSON.stringify(passedOffsets(a.offsets, a.start, a.now));
  await db.run(sql`
    INSERT INTO event_reminders (id, event_id, user_id, email, locale, time_zone, status, sent_offsets, notified_start, created_at, confirmed_at)
    VALUES (${newId()}, ${a.eventId}, ${userId}, ${a.email}, ${a.locale}, ${a.timeZone}, 'active', ${sent}, ${a.start}, ${a.now}, ${a.now})
    ON CONFLICT (event_id, lower(email)) DO UPDATE SET
      user_id = excluded.user_id, locale = excluded.locale, time_zone = excluded.time_zone, status = 'active',
      token_hash = NULL, sent_offsets = excluded.sent_offsets, notified_start = excluded.notified_start,
      cancel_notice_at = NULL, confirmed_at = excluded.confirmed_at`);
}

/** Removes the member's reminder; false when there was none. */
export async function deleteMemberReminder(db: DB, eventId: string, userId: string): Promise<boolean> {
  const gone = await db
    .delete(eventReminders)
    .where(and(eq(eventReminders.eventId, eventId), eq(eventReminders.userId, userId)))
    .returning({ id: eventReminders.id });
  return gone.length > 0;
}

/**
 * A visitor's request: a new pending row with the token's hash ("created"), or nothing when the
 * address already has a row for the event ("exists": a second request writes no second row and
 * sends no second mail, so the answer tells nobody whether the address had asked before).
 */
export async function addPendingReminder(
  db: DB,
  r: { eventId: string; email: string; locale: Locale; timeZone: string; start: number; tokenHash: string; now: number },
): Promise<"created" | "exists"> {
  const inserted = await db.run(sql`
    INSERT INTO event_reminders (id, event_id, email, locale, time_zone, status, token_hash, notified_start, created_at)
    VALUES (${newId()}, ${r.eventId}, ${r.email}, ${r.locale}, ${r.timeZone}, 'pending', ${r.tokenHash}, ${r.start}, ${r.now})
    ON CONFLICT DO NOTHING`);
  return inserted.meta.changes > 0 ? "created" : "exists";
}

/** Forgets a pending row whose confirmation mail could not be sent, so the visitor can ask again. */
export async function deletePendingByToken(db: DB, tokenHash: string): Promise<void> {
  await db.delete(eventReminders).where(and(eq(eventReminders.tokenHash, tokenHash), eq(eventReminders.status, "pending")));
}

export type ConfirmOutcome = { eventId: string } | "invalid" | "expired";

/**
 * The confirmation link: activates a pending reminder created after `notBefore` (an older one is
 * expired and deleted). The hash stays on the row, so a second click answers the same event.
 */
export async function confirmReminder(
  db: DB,
  tokenHash: string,
  { now, notBefore, offsetsOf }: { now: number; notBefore: number; offsetsOf: (eventId: string) => Promise<{ start: number; offsets: number[] } | null> },
): Promise<ConfirmOutcome> {
  const row = await db.select().from(eventReminders).where(eq(eventReminders.tokenHash, tokenHash)).get();
  if (!row) return "invalid";
  if (row.status !== "pending") return { eventId: row.eventId };
  if (row.createdAt.getTime() < notBefore) {
    await db.delete(eventReminders).where(eq(eventReminders.id, row.id));
    return "expired";
  }
  const event = await offsetsOf(row.eventId);
  const start = event?.start ?? row.notifiedStart.getTime();
  await db
    .update(eventReminders)
    .set({
      status: "active",
      confirmedAt: new Date(now),
      notifiedStart: new Date(start),
      sentOffsets: passedOffsets(event?.offsets ?? [], start, now),
    })
    .where(and(eq(eventReminders.id, row.id), eq(eventReminders.status, "pending")));
  return { eventId: row.eventId };
}

/** Reminder counts per event for the back office: active (confirmed) and pending. */
export async function reminderCounts(db: DB, eventIds: readonly string[]): Promise<Map<string, { active: number; pending: number }>> {
  const counts = new Map<string, { active: number; pending: number }>();
  if (eventIds.length === 0) return counts;
  const rows = await db.all<{ event_id: string; active: number; pending: number }>(sql`
    SELECT event_id, sum(status = 'active') AS active, sum(status = 'pending') AS pending
    FROM event_reminders WHERE event_id IN (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )}) GROUP BY event_id`);
  for (const row of rows) counts.set(row.event_id, { active: row.active, pending: row.pending });
  return counts;
}

// ---- the sending pass ------------------------------------------------------------------------

/** A reminder the pass has work for, with its event's facts (raw columns: the claims compare them as stored). */
export type DueReminder = {
  id: string;
  email: string;
  locale: Locale;
  time_zone: string | null;
  sent_offsets: string;
  notified_start: number;
  event_id: string;
  event_status: "draft" | "published" | "cancelled";
  event_date: number;
  reminder_offsets: string;
};

/** Deletes pending reminders created before `before` (their link has expired); returns how many. */
export async function deleteExpiredPending(db: DB, before: number): Promise<number> {
  const gone = await db.run(sql`DELETE FROM event_reminders WHERE status = 'pending' AND created_at < ${before}`);
  return gone.meta.changes;
}

/** Active reminders of events that have started (nothing more will be sent for them) become done. */
export async function finishStarted(db: DB, now: number): Promise<void> {
  await db.run(sql`
    UPDATE event_reminders SET status = 'done'
    WHERE status = 'active' AND event_id IN (SELECT id FROM events WHERE status = 'published' AND event_date <= ${now})`);
}

/**
 * Up to `limit` active reminders with something to send at `now`: their event was cancelled (no
 * notice yet), moved (its start differs from the one the person was told), or an offset of an
 * upcoming event is due and not yet sent.
 */
export async function dueReminders(db: DB, now: number, limit: number): Promise<DueReminder[]> {
  return db.all<DueReminder>(sql`
    SELECT r.id, r.email, r.locale, r.time_zone, r.sent_offsets, r.notified_start,
           e.id AS event_id, e.status AS event_status, e.event_date, e.reminder_offsets
    FROM event_reminders r JOIN events e ON e.id = r.event_id
    WHERE r.status = 'active' AND (
      (e.status = 'cancelled' AND r.cancel_notice_at IS NULL)
      OR (e.status = 'published' AND e.event_date > ${now} AND (
        e.event_date <> r.notified_start
        OR EXISTS (
          SELECT 1 FROM json_each(e.reminder_offsets) o
          WHERE e.event_date - o.value * ${MINUTE_MS} <= ${now}
            AND o.value NOT IN (SELECT s.value FROM json_each(r.sent_offsets) s)))))
    ORDER BY e.event_date, r.id
    LIMIT ${limit}`);
}

/** Claims the cancellation notice: true for the one pass that wins it; the reminder is then done. */
export async function claimCancelNotice(db: DB, id: string, now: number): Promise<boolean> {
  const claimed = await db.run(sql`
    UPDATE event_reminders SET cancel_notice_at = ${now}, status = 'done'
    WHERE id = ${id} AND status = 'active' AND cancel_notice_at IS NULL`);
  return claimed.meta.changes > 0;
}

/**
 * Claims the notice of a move from `from` to `to`: the new start is recorded and the offsets start
 * again (those already passed for the new start are skipped). True for the one pass that wins it.
 */
export async function claimMoveNotice(db: DB, id: string, from: number, to: number, sent: readonly number[]): Promise<boolean> {
  const claimed = await db.run(sql`
    UPDATE event_reminders SET notified_start = ${to}, sent_offsets = ${JSON.stringify(sent)}
    WHERE id = ${id} AND status = 'active' AND notified_start = ${from}`);
  return claimed.meta.changes > 0;
}

/**
 * Claims the due offsets: sent_offsets goes from `before` (as stored) to `after` only if nobody
 * changed it meanwhile, in the statement that checks it. True for the one pass that wins it.
 */
export async function claimOffsets(db: DB, id: string, start: number, before: string, after: readonly number[]): Promise<boolean> {
  const claimed = await db.run(sql`
    UPDATE event_reminders SET sent_offsets = ${JSON.stringify(after)}
    WHERE id = ${id} AND status = 'active' AND notified_start = ${start} AND sent_offsets = ${before}`);
  return claimed.meta.changes > 0;
}

/** Gives a claim back after the mail failed, so the next pass tries again (still before the start). */
export async function releaseOffsets(db: DB, id: string, claimed: readonly number[], before: string): Promise<void> {
  await db.run(sql`UPDATE event_reminders SET sent_offsets = ${before} WHERE id = ${id} AND sent_offsets = ${JSON.stringify(claimed)}`);
}
