// What the back office reads: the overview (last 24 h from raw views) and site analytics (whole
// past days from the rollups, today from raw views). Each is one D1 batch, one round trip.
import type { DB } from "../client";
import { ACTIVE_MEMBERS_SQL, ACTIVE_MEMBER_MS, RANGE_HOURLY_SQL, RANGE_TOTALS_SQL, type SqlValue } from "./sql";
import { DAY_MS, HOUR_MS, utcDay, utcDayStart } from "../../lib/time";
import { ROLLUP_CATCH_UP_DAYS, rollupDays, unfinishedDays } from "./analytics";
import { RAW_EVENTS_RETENTION_DAYS, type AnalyticsPeriod, type AnalyticsResponse, type OverviewResponse } from "#contracts/admin/analytics.ts";
import { addTotals, avgSessionSeconds, bounceRatePct, deviceShares, EMPTY_TOTALS, round1, trend, type SpanTotals } from "../../lib/analytics/figures";
import { ZoneClock } from "./zoned";

const TOP_ROWS = 10;

type TotalsRow = {
  views: number;
  visitors: number;
  sessions: number;
  bounces: number;
  session_ms: number;
  mobile_visitors: number;
  desktop_visitors: number;
};
type DailyRow = TotalsRow & { day: string; computed_at: number };
type HourRow = { day: string; hour: number; views: number };

const totalsOf = (row: TotalsRow | undefined): SpanTotals =>
  row
    ? {
        views: row.views,
        visitors: row.visitors,
        sessions: row.sessions,
        bounces: row.bounces,
        sessionMs: row.session_ms,
        mobileVisitors: row.mobile_visitors,
        desktopVisitors: row.desktop_visitors,
      }
    : EMPTY_TOTALS;

function query(db: DB, sql: string, ...params: SqlValue[]) {
  return db.$client.prepare(sql).bind(...params);
}

/** Accounts, active members now, and the active-member count taken on `snapshotDay`. */
const peopleSql = `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM users WHERE created_at >= ?2) AS new_today,
  (${ACTIVE_MEMBERS_SQL}) AS active, (SELECT active_members FROM analytics_members_daily WHERE day = ?3) AS active_before,
  (SELECT count(*) FROM marketing_contacts WHERE status = 'subscribed') AS subscribers,
  (SELECT count(*) FROM events WHERE status = 'published' AND event_date > ?4) AS upcoming_events,
  (SELECT count(*) FROM contact_messages) AS messages`;
type PeopleRow = {
  users: number;
  new_today: number;
  active: number;
  active_before: number | null;
  subscribers: number;
  upcoming_events: number;
  messages: number;
};

function people(db: DB, now: number, { since, snapshotDay }: { since: number; snapshotDay: string }) {
  return query(db, peopleSql, now - ACTIVE_MEMBER_MS, since, snapshotDay, now);
}

export async function readOverview(db: DB, now = Date.now()): Promise<Omit<OverviewResponse, "health" | "store">> {
  const [last, before, counts] = await db.$client.batch([
    query(db, RANGE_TOTALS_SQL, now - DAY_MS, now + 1),
    query(db, RANGE_TOTALS_SQL, now - 2 * DAY_MS, now - DAY_MS),
    people(db, now, { since: utcDayStart(now), snapshotDay: utcDay(now - ACTIVE_MEMBER_MS) }),
  ]);
  const current = totalsOf((last?.results as TotalsRow[])[0]);
  const previous = totalsOf((before?.results as TotalsRow[])[0]);
  const p = (counts?.results as PeopleRow[])[0]!;
  return {
    currentVisitors: trend(current.visitors, previous.visitors),
    pageViews: trend(current.views, previous.views),
    avgSessionSeconds: trend(avgSessionSeconds(current), avgSessionSeconds(previous), Math.round),
    activeUsers: trend(p.active, p.active_before),
    totals: { users: p.users, upcomingEvents: p.upcoming_events, messages: p.messages, subscribers: p.subscribers },
  };
}

/** Sum of rollups over [fromDay, toDay) plus raw views over [from, to), top TOP_ROWS by views. */
const topPagesSql = `SELECT path, sum(views) AS views, sum(visitors) AS visitors FROM (
  SELECT path, views, visitors FROM analytics_daily_paths WHERE day >= ?1 AND day < ?2
  UNION ALL SELECT path, count(*), count(DISTINCT visitor_id) FROM page_views WHERE at >= ?3 AND at < ?4 GROUP BY path
) GROUP BY path ORDER BY views DESC, path LIMIT ${TOP_ROWS}`;
const topReferrersSql = `SELECT host, sum(views) AS views FROM (
  SELECT host, views FROM analytics_daily_referrers WHERE day >= ?1 AND day < ?2
  UNION ALL SELECT coalesce(referrer_host, ''), count(*) FROM page_views WHERE at >= ?3 AND at < ?4 GROUP BY coalesce(referrer_host, '')
) GROUP BY host ORDER BY views DESC, host LIMIT ${TOP_ROWS}`;

type Spans = {
  today: number;
  /** First whole day of the current span; the span runs to now. */
  currentStart: number;
  /** First day of the previous span, whose last day is cut at now's time of day. */
  previousStart: number;
  previousCutDay: number;
  previousEnd: number;
};

function spansOf(days: AnalyticsPeriod, now: number): Spans {
  const today = utcDayStart(now);
  return {
    today,
    currentStart: today - (days - 1) * DAY_MS,
    previousStart: today - (2 * days - 1) * DAY_MS,
    previousCutDay: today - days * DAY_MS,
    previousEnd: now - days * DAY_MS,
  };
}

function readBatch(db: DB, days: AnalyticsPeriod, now: number, s: Spans, localMidnight: number) {
  const rawToday = [s.today, now + 1] as const;
  return db.$client.batch([
    query(db, "SELECT * FROM analytics_daily WHERE day >= ?1 AND day < ?2", utcDay(s.previousStart), utcDay(s.today)),
    query(db, RANGE_TOTALS_SQL, ...rawToday),
    query(db, RANGE_TOTALS_SQL, s.previousCutDay, s.previousEnd),
    // One day more than the period: local dates east of UTC begin on the UTC day before.
    query(db, "SELECT day, hour, views FROM analytics_hourly WHERE day >= ?1 AND day < ?2", utcDay(s.today - days * DAY_MS), utcDay(s.today)),
    query(db, RANGE_HOURLY_SQL, ...rawToday),
    query(db, topPagesSql, utcDay(s.currentStart), utcDay(s.today), ...rawToday),
    query(db, topReferrersSql, utcDay(s.currentStart), utcDay(s.today), ...rawToday),
    people(db, now, { since: localMidnight, snapshotDay: utcDay(now - days * DAY_MS) }),
  ]);
}

export async function readSiteAnalytics(db: DB, days: AnalyticsPeriod, timeZone: string, now = Date.now()): Promise<AnalyticsResponse> {
  const s = spansOf(days, now);
  const clock = new ZoneClock(timeZone);
  const localMidnight = clock.startOfDay(now);
  let results = await readBatch(db, days, now, s, localMidnight);

  // Past days the cron has not rolled up since they ended (a missed run; local development has no
  // cron): rolled up now, a few at a time, then read again.
  const oldestRaw = s.today - RAW_EVENTS_RETENTION_DAYS * DAY_MS;
  const stale = unfinishedDays(results[0]!.results as DailyRow[], Math.max(s.previousStart, oldestRaw), s.today - DAY_MS);
  if (stale.length > 0) {
    await rollupDays(db, stale.slice(0, ROLLUP_CATCH_UP_DAYS), now);
    results = await readBatch(db, days, now, s, localMidnight);
  }
  const [dailyRes, todayRes, cutRes, hourlyRes, todayHourlyRes, pagesRes, referrersRes, peopleRes] = results.map((r) => r.results);
  const daily = new Map((dailyRes as DailyRow[]).map((r) => [r.day, r]));
  const todayTotals = totalsOf((todayRes as TotalsRow[])[0]);

  const sumDays = (from: number, to: number) => {
    let sum = EMPTY_TOTALS;
    for (let day = from; day < to; day += DAY_MS) sum = addTotals(sum, totalsOf(daily.get(utcDay(day))));
    return sum;
  };
  const current = addTotals(sumDays(s.currentStart, s.today), todayTotals);
  const previous = addTotals(sumDays(s.previousStart, s.previousCutDay), totalsOf((cutRes as TotalsRow[])[0]));

  // Traffic per local date and views per local hour, from the UTC hours. A UTC day's visitors are
  // shared among the local dates it overlaps in proportion to its views there.
  const dates = clock.datesEndingAt(now, days);
  const byDate = new Map(dates.map((date) => [date, { pageViews: 0, visitors: 0 }]));
  const hourly = Array.from({ length: 24 }, () => 0);
  const hours = [...(hourlyRes as HourRow[]), ...(todayHourlyRes as { hour: number; views: number }[]).map((h) => ({ ...h, day: utcDay(s.today) }))];
  const dayViews = new Map<string, number>();
  for (const h of hours) dayViews.set(h.day, (dayViews.get(h.day) ?? 0) + h.views);
  const dayVisitors = (day: string) => (day === utcDay(s.today) ? todayTotals.visitors : (daily.get(day)?.visitors ?? 0));
  for (const h of hours) {
    const instant = Date.parse(`${h.day}T00:00:00Z`) + h.hour * HOUR_MS;
    const row = byDate.get(clock.dateOf(instant));
    if (!row) continue;
    row.pageViews += h.views;
    row.visitors += (dayVisitors(h.day) * h.views) / dayViews.get(h.day)!;
    hourly[clock.hourOf(instant)]! += h.views;
  }

  const p = (peopleRes as PeopleRow[])[0]!;
  return {
    days,
    timeZone,
    cards: {
      currentVisitors: trend(current.visitors, previous.visitors),
      pageViews: trend(current.views, previous.views),
      avgSessionSeconds: trend(avgSessionSeconds(current), avgSessionSeconds(previous), Math.round),
      bounceRatePct: trend(bounceRatePct(current), bounceRatePct(previous), round1),
      totalUsers: { value: p.users, newToday: p.new_today },
      activeUsers: trend(p.active, p.active_before),
      newsletterSubscribers: p.subscribers,
      ...deviceShares(current),
    },
    traffic: dates.map((date) => {
      const row = byDate.get(date)!;
      return { date, pageViews: row.pageViews, visitors: Math.round(row.visitors) };
    }),
    hourly: hourly.map((pageViews, hour) => ({ hour, pageViews })),
    topPages: (pagesRes as { path: string; views: number; visitors: number }[]).map((r) => ({ path: r.path, pageViews: r.views, visitors: r.visitors })),
    topReferrers: (referrersRes as { host: string; views: number }[]).map((r) => ({ host: r.host || null, pageViews: r.views })),
  };
}
