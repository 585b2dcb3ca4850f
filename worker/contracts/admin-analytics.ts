// Site and track analytics: what the SPA reports (POST /api/collect) and what the back office reads
// (GET /api/admin/overview, /api/admin/analytics, /api/admin/analytics/tracks). Cookieless: a
// visitor is hash(daily salt, IP, user agent), so one person is one visitor per day at most.
import { z } from "./zod";

export const COLLECT_PATH = "/api/collect";
/** A visitor's page views this far apart start a new session. */
export const SESSION_GAP_MS = 30 * 60 * 1000;
/** Raw page views are kept this long; the rollups, for good. */
export const RAW_EVENTS_RETENTION_DAYS = 90;
/** Screens narrower than this count as mobile. */
export const MOBILE_MAX_WIDTH_PX = 768;

export const collectBodySchema = z.strictObject({
  /** The page's path (no query string, no fragment), as the SPA's router has it. */
  path: z.string().min(1).max(300).startsWith("/"),
  /** document.referrer's host when it is another site; empty or absent for direct visits. */
  referrer: z.string().max(255).optional(),
  /** screen.width in CSS pixels. */
  width: z.number().int().min(0).max(20_000),
});
export type CollectBody = z.infer<typeof collectBodySchema>;

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const TRACK_PERIODS = ["7", "30", "90", "all"] as const;
export type TrackPeriod = (typeof TRACK_PERIODS)[number];

export const analyticsQuerySchema = z.strictObject({
  days: z.enum(["7", "30", "90"]).default("30").transform((d) => Number(d) as AnalyticsPeriod),
  /** The admin's IANA time zone: the hourly chart and the dates are in it. */
  tz: z.string().max(64).default("UTC"),
});

export const trackAnalyticsQuerySchema = z.strictObject({
  period: z.enum(TRACK_PERIODS).default("30"),
});

/** A figure and its change against the previous span of the same length (percent, one decimal; null when there is nothing to compare with). */
export type Trend = { value: number; changePct: number | null };

export type OverviewResponse = {
  /** Distinct visitors over the last 24 h, against the 24 h before. */
  currentVisitors: Trend;
  pageViews: Trend;
  /** Seconds: per session, latest minus earliest view; one-view sessions left out. */
  avgSessionSeconds: Trend;
  /** Members signed in within 30 days, against the 30 days before. */
  activeUsers: Trend;
  totals: { users: number; upcomingEvents: number; messages: number; subscribers: number };
};

export type AnalyticsResponse = {
  days: AnalyticsPeriod;
  timeZone: string;
  cards: {
    currentVisitors: Trend;
    pageViews: Trend;
    avgSessionSeconds: Trend;
    /** Percent of sessions with one page view (a rise is bad: the UI inverts its colour). */
    bounceRatePct: Trend;
    totalUsers: { value: number; newToday: number };
    activeUsers: Trend;
    newsletterSubscribers: number;
    mobilePct: number;
    desktopPct: number;
  };
  /** One row per date of the period (admin's time zone), oldest first, zeros included. */
  traffic: { date: string; pageViews: number; visitors: number }[];
  /** 24 rows, hour 0 (12 AM) to 23 (11 PM) in the admin's time zone. */
  hourly: { hour: number; pageViews: number }[];
  topPages: { path: string; pageViews: number; visitors: number }[];
  /** Referrer hosts; direct visits as host null. */
  topReferrers: { host: string | null; pageViews: number }[];
};

export type TrackStatsRow = {
  trackId: string;
  title: string;
  albumTitle: string;
  totalPlays: number;
  dailyAvg: number;
  weeklyAvg: number;
  monthlyAvg: number;
  lastPlayed: string | null;
};

export type TrackAnalyticsResponse = {
  period: TrackPeriod;
  totalPlays: number;
  topTrack: { title: string; plays: number } | null;
  dailyAverage: number;
  lastPlayed: string | null;
  tracks: TrackStatsRow[];
};
