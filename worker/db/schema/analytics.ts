// Site analytics: the daily salts, raw page views and their rollups.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Site analytics, cookieless (collection in routes/collect.ts and durable-objects/AnalyticsBuffer.ts,
// queries in db/analytics/). One secret salt per UTC day makes visitor ids; a day's salt is
// deleted once the day is over, so no stored id can be linked to an IP or a later day's id.
export const analyticsSalts = sqliteTable("analytics_salts", {
  /** UTC date, YYYY-MM-DD. */
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

// Raw page views, kept RAW_EVENTS_RETENTION_DAYS. No IP and no user agent: visitor_id is a salted
// hash of both, session_id groups one visitor's views 30 minutes apart at most.
export const pageViews = sqliteTable(
  "page_views",
  {
    id: integer("id").primaryKey(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    path: text("path").notNull(),
    /** Another site's host name; null for a direct visit. */
    referrerHost: text("referrer_host"),
    visitorId: text("visitor_id").notNull(),
    sessionId: text("session_id").notNull(),
    device: text("device", { enum: ["mobile", "desktop"] }).notNull(),
    signedIn: integer("signed_in", { mode: "boolean" }).notNull(),
  },
  // Reads go by time, and the totals of a time range (visitors, sessions, devices) come from the
  // time index alone; a session continues from the visitor's latest view.
  (t) => [index("page_views_at_idx").on(t.at, t.visitorId, t.sessionId, t.device), index("page_views_visitor_at_idx").on(t.visitorId, t.at)],
);

// Rollups of page_views per UTC day, kept for good, rewritten for the last two days by the hourly
// cron. session_ms sums (latest - earliest view) over the sessions with more than one view, which
// number sessions - bounces. computed_at tells whether a past day was rolled up after it ended.
export const analyticsDaily = sqliteTable("analytics_daily", {
  day: text("day").primaryKey(),
  views: integer("views").notNull(),
  visitors: integer("visitors").notNull(),
  sessions: integer("sessions").notNull(),
  bounces: integer("bounces").notNull(),
  sessionMs: integer("session_ms").notNull(),
  mobileVisitors: integer("mobile_visitors").notNull(),
  desktopVisitors: integer("desktop_visitors").notNull(),
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
});

export const analyticsDailyPaths = sqliteTable(
  "analytics_daily_paths",
  {
    day: text("day").notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Views per UTC hour (0-23) of each UTC day; shifted into the admin's time zone when read. */
export const analyticsHourly = sqliteTable(
  "analytics_hourly",
  {
    day: text("day").notNull(),
    hour: integer("hour").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hour] })],
);

/** Views per referrer host of each UTC day; host '' is direct (no referrer). */
export const analyticsDailyReferrers = sqliteTable(
  "analytics_daily_referrers",
  {
    day: text("day").notNull(),
    host: text("host").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.host] })],
);

// Members active (signed in within 30 days) as counted on each UTC day: users keeps only the latest
// sign-in, so this daily snapshot is what the Active Users trend compares against.
export const analyticsMembersDaily = sqliteTable("analytics_members_daily", {
  day: text("day").primaryKey(),
  activeMembers: integer("active_members").notNull(),
});
