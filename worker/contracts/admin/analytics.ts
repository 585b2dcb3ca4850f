// Site and track analytics: what the SPA reports (POST /api/collect) and what the back office reads
// (GET /api/admin/overview, /api/admin/analytics, /api/admin/analytics/tracks). Cookieless: a
// visitor is hash(daily salt, IP, user agent), so one person is one visitor per day at most.
import { z } from "../zod";
import type { RequestHealth } from "../health";
import type { OverviewStore } from "./revenue";
import type { Trend } from "../trend";

/** Raw page views are kept this long; the rollups, for good. */
export const RAW_EVENTS_RETENTION_DAYS = 90;
/** Screens narrower than this count as mobile. */
export const MOBILE_MAX_WIDTH_PX = 768;

export const collectBodySchema = z.strictObject({
  /** The page's path (no query string, no fragment), as the SPA's router has it. */
  path: z.string().min(1).max(300).startsWith("/"),
  /**
   * document.referrer's host (a whole URL is accepted; only its host is kept) when it is another
   * site; empty or absent for direct visits. Send it with the page load's first view only: after
   * in-app navigation document.referrer still names the site the visitor came from.
   */
  referrer: z.string().max(255).optional(),
  /** screen.width in CSS pixels. */
  width: z.number().int().min(0).max(20_000),
});
export type CollectBody = z.infer<typeof collectBodySchema>;

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const TRACK_PERIODS = ["7", "30", "90", "all"] as const;
export type TrackPeriod = (typeof TRACK_PERIODS)[number];

/** True for an IANA zone name the runtime knows ("America/Sao_Paulo", "UTC"). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const analyticsQuerySchema = z.strictObject({
  days: z
    .enum(["7", "30", "90"])
    .default("30")
    .transform((d) => Number(d) as AnalyticsPeriod),
  /** The admin's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone): the traffic dates and the hourly chart are in it. Unknown: 400. */
  tz: z.string().max(64).refine(isTimeZone, "Unknown time zone").default("UTC"),
});

/** The admin's IANA zone: the store's "today" and "this month" are in it. Unknown: 400. */
export const overviewQuerySchema = z.strictObject({
  tz: z.string().max(64).refine(isTimeZone, "Unknown time zone").default("UTC"),
});

export const trackAnalyticsQuerySchema = z.strictObject({
  period: z.enum(TRACK_PERIODS).default("30"),
});

export type OverviewResponse = {
  /** Distinct visitors over the last 24 h, against the 24 h before. */
  currentVisitors: Trend;
  pageViews: Trend;
  /** Whole seconds: per session, latest minus earliest view within the 24 h; one-view sessions left out. */
  avgSessionSeconds: Trend;
  /**
   * Members signed in within 30 days (users.last_sign_in_at, or a session of theirs in use since),
   * against the count the cron took 30 days ago (null before such a count exists).
   */
  activeUsers: Trend;
  /** users: accounts; upcomingEvents: published, still to come; messages: contact messages; subscribers: subscribed marketing contacts. */
  totals: { users: number; upcomingEvents: number; messages: number; subscribers: number };
  /** The Worker's last hour: requests answered, the share that failed (5xx), and p95 latency (ms; null with no request). */
  health: RequestHealth;
  /** Today's orders and this month's revenue, in the admin's time zone (`tz`). */
  store: OverviewStore;
};

/**
 * The cards cover the last `days` UTC days, today included up to now, against the same span just
 * before (its last day cut at the same time of day, so both spans are equally long). A visitor is
 * one per UTC day (ids rotate daily), so visitors over several days are the sum of daily visitors.
 */
export type AnalyticsResponse = {
  days: AnalyticsPeriod;
  timeZone: string;
  cards: {
    /** Unique visitors over the period. */
    currentVisitors: Trend;
    pageViews: Trend;
    /** Whole seconds: per session, latest minus earliest view; one-view sessions left out. */
    avgSessionSeconds: Trend;
    /** Percent of sessions with one page view (a rise is bad: the UI inverts its colour). */
    bounceRatePct: Trend;
    /** newToday: accounts created since midnight in the admin's time zone. */
    totalUsers: { value: number; newToday: number };
    /** Members signed in within 30 days, against the count taken `days` days ago (null before such a count exists). */
    activeUsers: Trend;
    /** Marketing contacts subscribed. */
    newsletterSubscribers: number;
    /** Shares of the period's visitors (one decimal). */
    mobilePct: number;
    desktopPct: number;
  };
  /**
   * One row per date (YYYY-MM-DD) of the last `days` dates in the admin's time zone, oldest first,
   * zeros included. Page views are exact for zones a whole number of hours from UTC; a UTC day's
   * visitors are shared among the local dates it overlaps in proportion to its page views.
   */
  traffic: { date: string; pageViews: number; visitors: number }[];
  /**
   * 24 rows, hour 0 (12 AM) to 23 (11 PM) in the admin's time zone, page views over those dates.
   * Views are counted per UTC hour: in a zone with a half-hour offset each counts in the local hour
   * its UTC hour starts in.
   */
  hourly: { hour: number; pageViews: number }[];
  /** The period's ten most viewed paths (visitors summed per day). */
  topPages: { path: string; pageViews: number; visitors: number }[];
  /** The period's ten largest sources by page views; direct visits as host null. */
  topReferrers: { host: string | null; pageViews: number }[];
};

/**
 * A track's plays over the period. The averages divide by the period's days (for "all", the days
 * since the first play of any track, at least 1): weekly = daily * 7, monthly = daily * 30, two
 * decimals. A deleted track keeps its name from retired_tracks.
 */
export type TrackStatsRow = {
  trackId: string;
  title: string;
  albumTitle: string;
  totalPlays: number;
  /** Plays of the track's 30-second preview (visitors and free members), counted apart. */
  previewPlays: number;
  dailyAvg: number;
  weeklyAvg: number;
  monthlyAvg: number;
  /** ISO 8601 instant. */
  lastPlayed: string | null;
};

/** tracks sorted by total plays, most played first (then by the latest play). */
export type TrackAnalyticsResponse = {
  period: TrackPeriod;
  totalPlays: number;
  totalPreviewPlays: number;
  topTrack: { title: string; plays: number } | null;
  dailyAverage: number;
  lastPlayed: string | null;
  tracks: TrackStatsRow[];
};
