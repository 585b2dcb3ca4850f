// The SQL of the analytics rollups, as plain statements with numbered parameters. The Worker runs
// them (cron, and reads that find a past day not rolled up yet); the local demo seed and the
// measure script run the very same text through `wrangler d1 execute`. Node imports this file
// directly (type stripping), so it uses only erasable TypeScript and imports only the time helpers,
// by their file name as Node needs.
import { DAY_MS, HOUR_MS, utcDay, utcDayStart } from "../../lib/time.ts";

/** Members count as active with a sign-in (or a session in use) this recent. */
export const ACTIVE_MEMBER_MS = 30 * DAY_MS;
/** A past day's rollup is final once computed this long after the day ended (buffered views are in D1 by then). */
export const ROLLUP_FINAL_AFTER_MS = 5 * 60 * 1000;

export type SqlValue = string | number | null;
export type Statement = { sql: string; params: SqlValue[] };

/**
 * Totals of the raw views with ?1 <= at < ?2 as one row: views, visitors, sessions, bounces
 * (one-view sessions), session_ms (latest minus earliest view, summed over the other sessions),
 * mobile_visitors, desktop_visitors. Also what reads use for today, which has no final rollup.
 * Grouped by session, then by visitor: one sort of the range instead of a distinct set per figure.
 */
export const RANGE_TOTALS_SQL = `SELECT coalesce(sum(views), 0) AS views, count(*) AS visitors, coalesce(sum(sessions), 0) AS sessions,
  coalesce(sum(bounces), 0) AS bounces, coalesce(sum(session_ms), 0) AS session_ms,
  coalesce(sum(mobile), 0) AS mobile_visitors, coalesce(sum(desktop), 0) AS desktop_visitors
FROM (SELECT visitor_id, sum(n) AS views, count(*) AS sessions, sum(n = 1) AS bounces, sum(CASE WHEN n > 1 THEN span ELSE 0 END) AS session_ms,
        max(mobile) AS mobile, max(desktop) AS desktop
      FROM (SELECT visitor_id, session_id, count(*) AS n, max(at) - min(at) AS span, max(device = 'mobile') AS mobile, max(device = 'desktop') AS desktop
            FROM page_views WHERE at >= ?1 AND at < ?2 GROUP BY visitor_id, session_id)
      GROUP BY visitor_id)`;

/** Views per hour (0 = the hour starting at ?1) of the raw views with ?1 <= at < ?2. */
export const RANGE_HOURLY_SQL = `SELECT CAST((at - ?1) / ${HOUR_MS} AS INTEGER) AS hour, count(*) AS views
FROM page_views WHERE at >= ?1 AND at < ?2 GROUP BY hour`;

/** Who counts as an active member at ?1 - ACTIVE_MEMBER_MS (users holds only the latest sign-in; a session in use counts too). */
export const ACTIVE_MEMBERS_SQL = `SELECT count(*) AS n FROM users
WHERE last_sign_in_at >= ?1 OR id IN (SELECT user_id FROM sessions WHERE last_seen_at >= ?1)`;

/** Recomputes every rollup of the UTC day starting at `dayStart` from the raw views (idempotent upserts). */
export function rollupDayStatements(dayStart: number, computedAt: number): Statement[] {
  const day = utcDay(dayStart);
  const range = [dayStart, dayStart + DAY_MS];
  return [
    {
      sql: `INSERT INTO analytics_daily (day, views, visitors, sessions, bounces, session_ms, mobile_visitors, desktop_visitors, computed_at)
SELECT ?3, t.views, t.visitors, t.sessions, t.bounces, t.session_ms, t.mobile_visitors, t.desktop_visitors, ?4 FROM (${RANGE_TOTALS_SQL}) AS t WHERE true
ON CONFLICT (day) DO UPDATE SET views = excluded.views, visitors = excluded.visitors, sessions = excluded.sessions, bounces = excluded.bounces,
  session_ms = excluded.session_ms, mobile_visitors = excluded.mobile_visitors, desktop_visitors = excluded.desktop_visitors, computed_at = excluded.computed_at`,
      params: [...range, day, computedAt],
    },
    {
      sql: `INSERT INTO analytics_daily_paths (day, path, views, visitors)
SELECT ?3, path, count(*), count(DISTINCT visitor_id) FROM page_views WHERE at >= ?1 AND at < ?2 GROUP BY path
ON CONFLICT (day, path) DO UPDATE SET views = excluded.views, visitors = excluded.visitors`,
      params: [...range, day],
    },
    {
      sql: `INSERT INTO analytics_hourly (day, hour, views)
SELECT ?3, h.hour, h.views FROM (${RANGE_HOURLY_SQL}) AS h WHERE true
ON CONFLICT (day, hour) DO UPDATE SET views = excluded.views`,
      params: [...range, day],
    },
    {
      sql: `INSERT INTO analytics_daily_referrers (day, host, views)
SELECT ?3, coalesce(referrer_host, ''), count(*) FROM page_views WHERE at >= ?1 AND at < ?2 GROUP BY coalesce(referrer_host, '')
ON CONFLICT (day, host) DO UPDATE SET views = excluded.views`,
      params: [...range, day],
    },
  ];
}

/** Today's count of active members (past days keep the count their last run wrote). */
export function membersSnapshotStatement(now: number): Statement {
  return {
    sql: `INSERT INTO analytics_members_daily (day, active_members)
SELECT ?2, a.n FROM (${ACTIVE_MEMBERS_SQL}) AS a WHERE true
ON CONFLICT (day) DO UPDATE SET active_members = excluded.active_members`,
    params: [now - ACTIVE_MEMBER_MS, utcDay(now)],
  };
}

/**
 * Raw views before the retention window (whole UTC days: the oldest kept day stays complete, so
 * it can still be rolled up), and the salts of days that are over.
 */
export function retentionStatements(now: number, retentionDays: number): Statement[] {
  return [
    { sql: "DELETE FROM page_views WHERE at < ?1", params: [utcDayStart(now) - retentionDays * DAY_MS] },
    { sql: "DELETE FROM analytics_salts WHERE day < ?1", params: [utcDay(now)] },
  ];
}

/**
 * The statement as literal SQL (numbers and quoted text only), for `wrangler d1 execute --file`.
 * @internal
 */
export function inlineStatement({ sql, params }: Statement): string {
  const literal = (value: SqlValue | undefined) => {
    if (value === null) return "NULL";
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
      return String(value);
    }
    if (value === undefined) throw new RangeError("missing parameter");
    return `'${value.replaceAll("'", "''")}'`;
  };
  return `${sql.replace(/\?(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))};`;
}
