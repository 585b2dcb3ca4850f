// A broadcast's fan-out as pages planned ahead (decision 062). Recording a broadcast cuts its
// audience into pages of members by id in the same D1 batch (one statement reading the users' id
// index), so every page can be queued at once instead of each page queueing the next after the
// queue's batch wait. Writing a page is one D1 batch: its members' rows, the event's counter, the
// page marked done, and the event marked fanned out when no page is left open. Every part holds
// only while the page is still open, in one transaction, so a redelivered, raced or swept page
// writes nothing twice; the notifications primary key (member, group) would refuse a second row
// for a member anyway. A page the queue lost or gave up on is queued again by the 5-minute cron
// (stalledFanOutPages), which only ever finds pages still open.
import type { DB } from "./client";
import { runBatch, type Statement } from "./d1";
import { notSuspendedText } from "./suspensions";
import { eventInsert, inAudienceText, newRowId, wantsSomehow, type NewNotificationEvent, type NotificationAudience } from "./notifications";

/** One planned page: the members with after < id <= upTo (upTo null: every id above `after`). */
export type FanOutPage = { eventId: string; page: number; after: string; upTo: string | null };

type PageRow = { event_id: string; page: number; after_id: string; up_to_id: string | null };
const toPage = (r: PageRow): FanOutPage => ({ eventId: r.event_id, page: r.page, after: r.after_id, upTo: r.up_to_id });

/**
 * Plans an event's pages unless it has some: the first starts after the event's fan-out cursor
 * ('' for a new broadcast; an older walk still under way goes on from where it was), each later one
 * after every pageSize-th member id, the last one open-ended. Nothing for an event that is not a
 * broadcast, is gone, or was fanned out. RETURNING names the pages this statement planned.
 * Each boundary is one step along the users' id index (LIMIT 1 OFFSET pageSize - 1), so the plan
 * reads the index once and sorts nothing (a row_number() window over every member took 40 times
 * as long).
 */
function planStatement(eventId: string, pageSize: number, now: number): Statement {
  return {
    sql: `WITH RECURSIVE bounds(page, after_id) AS (
            SELECT 0, coalesce(fanout_cursor, '') FROM notification_events WHERE id = ?1 AND audience IS NOT NULL AND fanned_out_at IS NULL
            UNION ALL
            SELECT page + 1, (SELECT id FROM users WHERE id > bounds.after_id ORDER BY id LIMIT 1 OFFSET ?2 - 1) FROM bounds WHERE after_id IS NOT NULL)
          INSERT INTO notification_fanout_pages (event_id, page, after_id, up_to_id, queued_at)
          SELECT ?1, page, after_id, up_to_id, ?3 FROM (SELECT page, after_id, lead(after_id) OVER (ORDER BY page) AS up_to_id FROM bounds)
          WHERE after_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM notification_fanout_pages WHERE event_id = ?1)
          ON CONFLICT DO NOTHING
          RETURNING event_id, page, after_id, up_to_id`,
    params: [eventId, pageSize, now],
  };
}

const pagesOf = (rows: unknown[]) => (rows as PageRow[]).map(toPage).sort((a, b) => a.page - b.page);

/**
 * Records a broadcast and plans its pages in one transaction. Returns the pages to queue, or null
 * when the event already existed (announced before: nothing planned or changed).
 */
export async function recordBroadcastEvent(
  db: DB,
  event: NewNotificationEvent & { audience: NotificationAudience },
  pageSize: number,
  now = Date.now(),
): Promise<FanOutPage[] | null> {
  const [recorded, planned] = await runBatch(db, [eventInsert(event, now), planStatement(event.id, pageSize, now)]);
  if (recorded!.meta.changes === 0) return null;
  return pagesOf(planned!.results);
}

/** Plans a recorded broadcast's pages if it has none yet (an older message for it); returns them. */
export async function planFanOut(db: DB, eventId: string, pageSize: number, now = Date.now()): Promise<FanOutPage[]> {
  const s = planStatement(eventId, pageSize, now);
  const { results } = await db.$client
    .prepare(s.sql)
    .bind(...s.params)
    .all();
  return pagesOf(results);
}

export type PageOutcome = { status: "stale" } | { status: "written"; userIds: string[]; finished: boolean };

/**
 * Writes one page: each member in its range who is in good standing, not the actor, in the
 * audience and wanting the kind on some channel gets the event's row. Stale (nothing written) when
 * the page is done already, is not the one planned under that number, or the event is gone.
 * `finished`: this page was the event's last open one.
 */
export async function writeFanOutPage(db: DB, page: FanOutPage, now = Date.now()): Promise<PageOutcome> {
  const open = `SELECT 1 FROM notification_fanout_pages p WHERE p.event_id = ?1 AND p.page = ?2 AND p.after_id = ?3 AND p.up_to_id IS ?4 AND p.done_at IS NULL`;
  // The range is spelled out (not read from the page row) so the members are read through the
  // users primary key from `after` to `upTo` and no further.
  const inRange = page.upTo === null ? "u.id > ?3" : "u.id > ?3 AND u.id <= ?4";
  const key = [page.eventId, page.page, page.after, page.upTo];
  const [written, , claimed, finished] = await runBatch(db, [
    {
      sql: `INSERT INTO notifications (user_id, group_key, id, event_id, actor_count, created_at)
            SELECT u.id, e.id, ${newRowId}, e.id, 1, ?5 FROM users u JOIN notification_events e ON e.id = ?1
            WHERE ${inRange} AND EXISTS (${open}) AND e.fanned_out_at IS NULL
              AND ${notSuspendedText("u", now)} AND (e.actor_id IS NULL OR u.id <> e.actor_id)
              AND ${inAudienceText("u", "e.audience")} AND ${wantsSomehow("u", "e.kind")}
            ON CONFLICT DO NOTHING RETURNING user_id`,
      params: [...key, now],
    },
    // changes() is the insert's count: a batch runs its statements in order in one transaction.
    {
      sql: `UPDATE notification_events SET recipients_written = recipients_written + changes() WHERE id = ?1 AND EXISTS (${open})`,
      params: key,
    },
    {
      sql: `UPDATE notification_fanout_pages SET done_at = ?5
            WHERE event_id = ?1 AND page = ?2 AND after_id = ?3 AND up_to_id IS ?4 AND done_at IS NULL RETURNING page`,
      params: [...key, now],
    },
    {
      sql: `UPDATE notification_events SET fanned_out_at = ?2
            WHERE id = ?1 AND fanned_out_at IS NULL AND NOT EXISTS (SELECT 1 FROM notification_fanout_pages WHERE event_id = ?1 AND done_at IS NULL)
              AND EXISTS (SELECT 1 FROM notification_fanout_pages WHERE event_id = ?1)
            RETURNING id`,
      params: [page.eventId, now],
    },
  ]);
  if (claimed!.results.length === 0) return { status: "stale" };
  return { status: "written", userIds: (written!.results as { user_id: string }[]).map((r) => r.user_id), finished: finished!.results.length > 0 };
}

/**
 * Claims up to `limit` pages still open `stallMs` after they were last queued (the oldest first),
 * each at most `maxSweeps` times: their queued time becomes `now` and their sweeps go up by one, so
 * the next pass leaves them alone until they stall again. Returns them to be queued.
 */
export async function stalledFanOutPages(db: DB, now: number, stallMs: number, maxSweeps: number, limit: number): Promise<FanOutPage[]> {
  const { results } = await db.$client
    .prepare(
      `UPDATE notification_fanout_pages SET queued_at = ?1, sweeps = sweeps + 1
       WHERE rowid IN (SELECT rowid FROM notification_fanout_pages WHERE done_at IS NULL AND queued_at <= ?2 AND sweeps < ?3 ORDER BY queued_at LIMIT ?4)
       RETURNING event_id, page, after_id, up_to_id`,
    )
    .bind(now, now - stallMs, maxSweeps, limit)
    .all<PageRow>();
  return results.map(toPage);
}
