// The back office's analytics: who may read them, the rollups, and the arithmetic of every card on
// fixed data (bounce rate, average session, trends against an equally long previous span, the hourly
// chart in the admin's time zone, track plays with a deleted track).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, db, errorOf } from "./helpers";
import { cookieFor, expectRefused, ROLES, statusFor } from "./admin-gate-matrix";
import { ROLLUP_CATCH_UP_DAYS, rollupAnalytics, rollupDays } from "../../worker/db/analytics/analytics";
import { readOverview, readSiteAnalytics } from "../../worker/db/analytics/reads";
import { readTrackStats } from "../../worker/db/music/track-stats";
import { DAY_MS, HOUR_MS, utcDayStart } from "../../worker/lib/time";
import type { AnalyticsResponse, OverviewResponse, TrackAnalyticsResponse } from "../../worker/contracts/admin/analytics";
import { RAW_EVENTS_RETENTION_DAYS } from "../../worker/contracts/admin/analytics";

const ROUTES = ["/api/admin/overview", "/api/admin/analytics?days=30", "/api/admin/analytics/tracks?period=all"];

describe("analytics routes: administrators only", () => {
  for (const path of ROUTES) {
    for (const role of ROLES) {
      it(`GET ${path} as ${role} → ${statusFor(role, 200)}`, async () => {
        const res = await call(path, { cookie: await cookieFor(role) });
        if (role === "admin") {
          expect(res.status).toBe(200);
          expect(res.headers.get("content-type")).toContain("application/json");
        } else await expectRefused(res, role);
      });
    }
  }

  it.each([
    "/api/admin/analytics?days=14",
    "/api/admin/analytics?days=abc",
    "/api/admin/analytics?tz=Mars/Olympus_Mons",
    "/api/admin/analytics?tz=",
    "/api/admin/analytics?extra=1",
    "/api/admin/analytics/tracks?period=365",
    "/api/admin/overview?x=1",
  ])("GET %s → 400 invalid_input", async (path) => {
    const admin = await createUser("admin");
    const res = await call(path, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });

  it("defaults to 30 days in UTC, and answers every card and chart row", async () => {
    const admin = await createUser("admin");
    const body = (await (await call("/api/admin/analytics", { cookie: admin.cookie })).json()) as AnalyticsResponse;
    expect(body.days).toBe(30);
    expect(body.timeZone).toBe("UTC");
    expect(body.traffic).toHaveLength(30);
    expect(body.hourly.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    const sp = (await (await call("/api/admin/analytics?days=7&tz=America/Sao_Paulo", { cookie: admin.cookie })).json()) as AnalyticsResponse;
    expect(sp.timeZone).toBe("America/Sao_Paulo");
    expect(sp.traffic).toHaveLength(7);
    const tracks = (await (await call("/api/admin/analytics/tracks", { cookie: admin.cookie })).json()) as TrackAnalyticsResponse;
    expect(tracks.period).toBe("30");
  });
});

// Fixed data around NOW (Thursday 15 May 2031, 12:00 UTC). With a 7-day period the current span is
// 9-14 May plus today until 12:00; the previous span is 2-7 May plus 8 May until 12:00.
const NOW = Date.UTC(2031, 4, 15, 12);
const at = (day: number, hour: number, minute = 0) => Date.UTC(2031, 4, day, hour, minute);

type Seed = [visitor: string, session: string, device: "mobile" | "desktop", views: [at: number, path: string, referrer?: string][]];
const SEED: Seed[] = [
  // Current span: 9 views on 10 May and today, 3 more on 13 and 14 May.
  [
    "A",
    "s1",
    "mobile",
    [
      [at(10, 10), "/"],
      [at(10, 10, 1), "/music"],
      [at(10, 10, 3), "/music"],
    ],
  ],
  ["B", "s2", "desktop", [[at(10, 20), "/events", "google.com"]]],
  [
    "C",
    "s3",
    "desktop",
    [
      [at(10, 21), "/", "instagram.com"],
      [at(10, 21, 1), "/radio"],
    ],
  ],
  [
    "J",
    "s10",
    "desktop",
    [
      [at(13, 13), "/events"],
      [at(13, 13, 6), "/events"],
    ],
  ],
  ["I", "s11", "mobile", [[at(14, 8), "/music"]]],
  [
    "D",
    "s4",
    "mobile",
    [
      [at(15, 9), "/music", "facebook.com"],
      [at(15, 9, 2), "/tv"],
    ],
  ],
  ["E", "s5", "mobile", [[at(15, 11), "/"]]],
  // Previous span.
  [
    "F",
    "s6",
    "desktop",
    [
      [at(3, 8), "/"],
      [at(3, 8, 4), "/music"],
    ],
  ],
  ["G", "s7", "mobile", [[at(3, 9), "/"]]],
  ["H", "s8", "desktop", [[at(8, 11), "/"]]],
  // 8 May after 12:00 (the previous span's last day is cut at now's time of day) and 1 May: in neither span.
  ["H", "s9", "desktop", [[at(8, 13), "/"]]],
  ["K", "s12", "desktop", [[at(1, 12), "/"]]],
  // Still in the future at NOW.
  ["L", "s13", "desktop", [[at(15, 12, 30), "/"]]],
];

async function seedViews() {
  const rows = SEED.flatMap(([visitor, session, device, views]) =>
    views.map(([t, path, referrer]) => [t, path, referrer ?? null, visitor.repeat(32), session, device, 0]),
  );
  await env.DB.prepare(
    `INSERT INTO page_views (at, path, referrer_host, visitor_id, session_id, device, signed_in)
     SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'),
       json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[6]') FROM json_each(?1)`,
  )
    .bind(JSON.stringify(rows))
    .run();
}

async function seedPeople() {
  const insertUser = (id: string, lastSignInAt: number | null, createdAt: number) =>
    env.DB.prepare("INSERT INTO users (id, email, username, password_hash, last_sign_in_at, created_at, updated_at) VALUES (?1, ?2, ?3, 'x', ?4, ?5, ?5)").bind(
      id,
      `${id}@analytics.test`,
      id,
      lastSignInAt,
      createdAt,
    );
  await env.DB.batch([
    insertUser("active-1", NOW - DAY_MS, at(1, 0)),
    insertUser("active-2", NOW - 29 * DAY_MS, at(1, 0)),
    // Created today: 11:00 UTC (7:00 in New York) and 02:00 UTC (still 14 May in New York).
    insertUser("active-3", at(15, 11), at(15, 11)),
    insertUser("new-utc-only", null, at(15, 2)),
    insertUser("inactive", NOW - 31 * DAY_MS, at(1, 0)),
    env.DB.prepare("INSERT INTO analytics_members_daily (day, active_members) VALUES ('2031-05-08', 2), ('2031-04-15', 4)"),
    env.DB.prepare(
      `INSERT INTO events (id, title, event_date, status, updated_at) VALUES
       ('ev-up', 'Up', ${at(20, 20)}, 'published', ${NOW}), ('ev-draft', 'Draft', ${at(21, 20)}, 'draft', ${NOW}), ('ev-past', 'Past', ${at(1, 20)}, 'published', ${NOW})`,
    ),
    env.DB.prepare(
      `INSERT INTO contact_messages (id, name, email, subject, message, updated_at) VALUES
       ('m1', 'A', 'a@x.test', 'Hi', 'Hello', ${NOW}), ('m2', 'B', 'b@x.test', 'Hi', 'Hello', ${NOW})`,
    ),
    env.DB.prepare(
      `INSERT INTO marketing_contacts (id, email, status, source, updated_at) VALUES
       ('c1', 'c1@x.test', 'subscribed', 'import', ${NOW}), ('c2', 'c2@x.test', 'subscribed', 'import', ${NOW}),
       ('c3', 'c3@x.test', 'unsubscribed', 'import', ${NOW}), ('c4', 'c4@x.test', 'pending', 'contact_form', ${NOW}),
       ('c5', 'c5@x.test', 'bounced', 'import', ${NOW})`,
    ),
  ]);
}

const userCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>())!.n;

describe("rollups and site analytics on fixed data", () => {
  beforeAll(async () => {
    await seedViews();
    await seedPeople();
    // The cron's run (today, yesterday and a few older days), then every other day of the two
    // 7-day spans.
    await rollupAnalytics(db(), NOW);
    await rollupDays(
      db(),
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => at(d, 0)),
      NOW,
    );
  });

  it("rolls a day up: views, visitors, sessions, bounces, multi-view session time, devices, paths, hours, referrers", async () => {
    const day = await env.DB.prepare("SELECT * FROM analytics_daily WHERE day = '2031-05-10'").first();
    expect(day).toMatchObject({ views: 6, visitors: 3, sessions: 3, bounces: 1, session_ms: 240_000, mobile_visitors: 1, desktop_visitors: 2 });
    const { results: paths } = await env.DB.prepare("SELECT path, views, visitors FROM analytics_daily_paths WHERE day = '2031-05-10' ORDER BY path").all();
    expect(paths).toEqual([
      { path: "/", views: 2, visitors: 2 },
      { path: "/events", views: 1, visitors: 1 },
      { path: "/music", views: 2, visitors: 1 },
      { path: "/radio", views: 1, visitors: 1 },
    ]);
    const { results: hours } = await env.DB.prepare("SELECT hour, views FROM analytics_hourly WHERE day = '2031-05-10' ORDER BY hour").all();
    expect(hours).toEqual([
      { hour: 10, views: 3 },
      { hour: 20, views: 1 },
      { hour: 21, views: 2 },
    ]);
    const { results: refs } = await env.DB.prepare("SELECT host, views FROM analytics_daily_referrers WHERE day = '2031-05-10' ORDER BY host").all();
    expect(refs).toEqual([
      { host: "", views: 4 },
      { host: "google.com", views: 1 },
      { host: "instagram.com", views: 1 },
    ]);
    expect(await env.DB.prepare("SELECT active_members FROM analytics_members_daily WHERE day = '2031-05-15'").first()).toEqual({ active_members: 3 });
  });

  it(`is idempotent: a second run leaves the same rollups (and catches up ${ROLLUP_CATCH_UP_DAYS} more days)`, async () => {
    const snapshot = async () =>
      (await env.DB.prepare("SELECT day, views, visitors, sessions, bounces, session_ms FROM analytics_daily ORDER BY day").all<{ day: string }>()).results;
    const before = await snapshot();
    await rollupAnalytics(db(), NOW);
    const after = await snapshot();
    expect(after.filter((r) => before.some((b) => b.day === r.day))).toEqual(before);
    expect(after.length).toBe(before.length + ROLLUP_CATCH_UP_DAYS);
  });

  it("computes the cards against the previous equal span (UTC)", async () => {
    const a = await readSiteAnalytics(db(), 7, "UTC", NOW);
    expect(a.cards.pageViews).toEqual({ value: 12, changePct: 200 });
    expect(a.cards.currentVisitors).toEqual({ value: 7, changePct: 133.3 });
    // Sessions over 1 view: s1 180 s, s3 60 s, s10 360 s, s4 120 s → 180 s; before: s6 240 s.
    expect(a.cards.avgSessionSeconds).toEqual({ value: 180, changePct: -25 });
    // 3 of 7 sessions were one view (42.857 %); before 2 of 3 (66.667 %).
    expect(a.cards.bounceRatePct).toEqual({ value: 42.9, changePct: -35.7 });
    expect(a.cards.mobilePct).toBe(57.1);
    expect(a.cards.desktopPct).toBe(42.9);
    expect(a.cards.activeUsers).toEqual({ value: 3, changePct: 50 });
    expect(a.cards.totalUsers).toEqual({ value: await userCount(), newToday: 2 });
    expect(a.cards.newsletterSubscribers).toBe(2);
  });

  it("lists traffic per date (zeros included), the 24 hours, top pages and referrers", async () => {
    const a = await readSiteAnalytics(db(), 7, "UTC", NOW);
    expect(a.traffic).toEqual([
      { date: "2031-05-09", pageViews: 0, visitors: 0 },
      { date: "2031-05-10", pageViews: 6, visitors: 3 },
      { date: "2031-05-11", pageViews: 0, visitors: 0 },
      { date: "2031-05-12", pageViews: 0, visitors: 0 },
      { date: "2031-05-13", pageViews: 2, visitors: 1 },
      { date: "2031-05-14", pageViews: 1, visitors: 1 },
      { date: "2031-05-15", pageViews: 3, visitors: 2 },
    ]);
    const hours = Object.fromEntries(a.hourly.filter((h) => h.pageViews > 0).map((h) => [h.hour, h.pageViews]));
    expect(hours).toEqual({ 8: 1, 9: 2, 10: 3, 11: 1, 13: 2, 20: 1, 21: 2 });
    expect(a.topPages).toEqual([
      { path: "/music", pageViews: 4, visitors: 3 },
      { path: "/", pageViews: 3, visitors: 3 },
      { path: "/events", pageViews: 3, visitors: 2 },
      { path: "/radio", pageViews: 1, visitors: 1 },
      { path: "/tv", pageViews: 1, visitors: 1 },
    ]);
    expect(a.topReferrers).toEqual([
      { host: null, pageViews: 9 },
      { host: "facebook.com", pageViews: 1 },
      { host: "google.com", pageViews: 1 },
      { host: "instagram.com", pageViews: 1 },
    ]);
  });

  it("shifts the hours into the admin's time zone (New York, UTC-4 in May) and counts 'new today' from local midnight", async () => {
    const a = await readSiteAnalytics(db(), 7, "America/New_York", NOW);
    const hours = Object.fromEntries(a.hourly.filter((h) => h.pageViews > 0).map((h) => [h.hour, h.pageViews]));
    expect(hours).toEqual({ 4: 1, 5: 2, 6: 3, 7: 1, 9: 2, 16: 1, 17: 2 });
    expect(a.cards.totalUsers.newToday).toBe(1);
    expect(a.traffic.map((t) => t.pageViews)).toEqual([0, 6, 0, 0, 2, 1, 3]);
  });

  it("moves views to the next local date east of UTC (Tokyo, UTC+9)", async () => {
    const a = await readSiteAnalytics(db(), 7, "Asia/Tokyo", NOW);
    expect(a.traffic.map((t) => [t.date, t.pageViews])).toEqual([
      ["2031-05-09", 0],
      ["2031-05-10", 3],
      ["2031-05-11", 3],
      ["2031-05-12", 0],
      ["2031-05-13", 2],
      ["2031-05-14", 1],
      ["2031-05-15", 3],
    ]);
    // 10 May's 3 visitors are shared by its views: 3 on each local date.
    expect(a.traffic[1]!.visitors + a.traffic[2]!.visitors).toBeGreaterThanOrEqual(3);
    expect(a.hourly[19]!.pageViews).toBe(3);
  });

  it("puts a UTC hour where it starts in a half-hour zone (Kolkata, UTC+5:30)", async () => {
    const a = await readSiteAnalytics(db(), 7, "Asia/Kolkata", NOW);
    const hours = Object.fromEntries(a.hourly.filter((h) => h.pageViews > 0).map((h) => [h.hour, h.pageViews]));
    expect(hours).toEqual({ 13: 1, 14: 2, 15: 3, 16: 1, 18: 2, 1: 1, 2: 2 });
  });

  it("the overview compares the last 24 h with the 24 h before", async () => {
    const o: Omit<OverviewResponse, "health" | "store"> = await readOverview(db(), NOW);
    // Last 24 h: D (2 views, 120 s) and E; before: I, and J (2 views, 360 s).
    expect(o.pageViews).toEqual({ value: 3, changePct: 0 });
    expect(o.currentVisitors).toEqual({ value: 2, changePct: 0 });
    expect(o.avgSessionSeconds).toEqual({ value: 120, changePct: -66.7 });
    expect(o.activeUsers).toEqual({ value: 3, changePct: -25 });
    expect(o.totals).toEqual({ users: await userCount(), upcomingEvents: 1, messages: 2, subscribers: 2 });
  });

  it("a trend is null when the previous span had nothing", async () => {
    const later = NOW + 400 * DAY_MS;
    const a = await readSiteAnalytics(db(), 90, "UTC", later);
    expect(a.cards.pageViews).toEqual({ value: 0, changePct: null });
    expect(a.cards.bounceRatePct).toEqual({ value: 0, changePct: null });
    expect(a.cards.activeUsers.changePct).toBeNull();
    expect(a.cards.mobilePct + a.cards.desktopPct).toBe(0);
  });
});

describe("catching up and retention", () => {
  it("a read rolls up past days the cron never finished, then the cron deletes raw views past retention and ended days' salts", async () => {
    const now = Date.UTC(2032, 0, 20, 6);
    const today = utcDayStart(now);
    await env.DB.prepare(
      `INSERT INTO page_views (at, path, referrer_host, visitor_id, session_id, device, signed_in) VALUES
       (?1, '/', NULL, 'x', 'sx', 'desktop', 0), (?2, '/', NULL, 'y', 'sy', 'mobile', 1), (?3, '/', NULL, 'z', 'sz', 'mobile', 0)`,
    )
      .bind(today - 3 * DAY_MS + HOUR_MS, today - (RAW_EVENTS_RETENTION_DAYS + 1) * DAY_MS, today - RAW_EVENTS_RETENTION_DAYS * DAY_MS + HOUR_MS)
      .run();
    await env.DB.prepare("INSERT INTO analytics_salts (day, salt, created_at) VALUES ('2032-01-19', 'old', 0), ('2032-01-20', 'today', 0)").run();
    const a = await readSiteAnalytics(db(), 7, "UTC", now);
    expect(a.cards.pageViews.value).toBe(1);
    expect(await env.DB.prepare("SELECT views FROM analytics_daily WHERE day = '2032-01-17'").first()).toEqual({ views: 1 });

    const result = await rollupAnalytics(db(), now);
    // The view of 91 days ago goes (and this file's older fixed data with it).
    expect(result.deletedViews).toBeGreaterThanOrEqual(1);
    expect(result.days.slice(0, 2)).toEqual(["2032-01-20", "2032-01-19"]);
    // The oldest kept day is whole: its view stays.
    const left = await env.DB.prepare("SELECT visitor_id FROM page_views WHERE at >= ?1 ORDER BY at")
      .bind(today - 100 * DAY_MS)
      .all<{ visitor_id: string }>();
    expect(left.results.map((r) => r.visitor_id)).toEqual(["z", "x"]);
    const salts = await env.DB.prepare("SELECT day FROM analytics_salts WHERE day LIKE '2032-%'").all<{ day: string }>();
    expect(salts.results.map((r) => r.day)).toEqual(["2032-01-20"]);
  });
});

describe("track analytics on fixed data", () => {
  const T = Date.UTC(2031, 7, 1, 12);
  beforeAll(async () => {
    const vip = await createUser("vip");
    await env.DB.prepare("INSERT INTO retired_tracks (id, title, album_title, retired_at) VALUES ('gone-track', 'Old Song', 'Lost Album', ?1)")
      .bind(T - DAY_MS)
      .run();
    const plays: [string, number][] = [
      ["spring-love", T - DAY_MS],
      ["spring-love", T - 2 * DAY_MS],
      ["spring-love", T - 10 * DAY_MS],
      ["gone-track", T - 3 * HOUR_MS],
      ["gone-track", T - 41 * DAY_MS],
      ["moonlight-boulevard-1", T - 5 * DAY_MS],
    ];
    await env.DB.batch(
      plays.map(([track, t]) => env.DB.prepare("INSERT INTO track_plays (user_id, track_id, played_at) VALUES (?1, ?2, ?3)").bind(vip.id, track, t)),
    );
  });

  it("7 days: plays per track, most played first, ties by the latest play; a deleted track keeps its name", async () => {
    const s = await readTrackStats(db(), "7", T);
    expect(s.tracks).toEqual([
      {
        trackId: "spring-love",
        title: "Spring Love",
        albumTitle: "Spring Love",
        totalPlays: 2,
        previewPlays: 0,
        dailyAvg: 0.29,
        weeklyAvg: 2,
        monthlyAvg: 8.57,
        lastPlayed: new Date(T - DAY_MS).toISOString(),
      },
      {
        trackId: "gone-track",
        title: "Old Song",
        albumTitle: "Lost Album",
        totalPlays: 1,
        previewPlays: 0,
        dailyAvg: 0.14,
        weeklyAvg: 1,
        monthlyAvg: 4.29,
        lastPlayed: new Date(T - 3 * HOUR_MS).toISOString(),
      },
      {
        trackId: "moonlight-boulevard-1",
        title: "Dreamin' of Love",
        albumTitle: "Moonlight Boulevard",
        totalPlays: 1,
        previewPlays: 0,
        dailyAvg: 0.14,
        weeklyAvg: 1,
        monthlyAvg: 4.29,
        lastPlayed: new Date(T - 5 * DAY_MS).toISOString(),
      },
    ]);
    expect(s).toMatchObject({
      period: "7",
      totalPlays: 4,
      topTrack: { title: "Spring Love", plays: 2 },
      dailyAverage: 0.57,
      lastPlayed: new Date(T - 3 * HOUR_MS).toISOString(),
    });
  });

  it("all time: averages over the days since the first play (41)", async () => {
    const s = await readTrackStats(db(), "all", T);
    expect(s.tracks.map((t) => [t.trackId, t.totalPlays, t.dailyAvg, t.weeklyAvg, t.monthlyAvg])).toEqual([
      ["spring-love", 3, 0.07, 0.51, 2.2],
      ["gone-track", 2, 0.05, 0.34, 1.46],
      ["moonlight-boulevard-1", 1, 0.02, 0.17, 0.73],
    ]);
    expect(s.dailyAverage).toBe(0.15);
    expect(s.totalPlays).toBe(6);
  });

  it("an empty period has no top track and no last play", async () => {
    const s = await readTrackStats(db(), "30", T + 365 * DAY_MS);
    expect(s).toEqual({ period: "30", totalPlays: 0, totalPreviewPlays: 0, topTrack: null, dailyAverage: 0, lastPlayed: null, tracks: [] });
  });
});

describe("preview plays in the track analytics", () => {
  // Far after the fixed data above, so that a 7-day period sees only these rows.
  const T = Date.UTC(2034, 0, 10, 12);
  beforeAll(async () => {
    const vip = await createUser("vip");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO track_plays (user_id, track_id, played_at) VALUES (?1, 'spring-love', ?2)").bind(vip.id, T - DAY_MS),
      ...[T - HOUR_MS, T - 2 * DAY_MS, T - 20 * DAY_MS].map((t) =>
        env.DB.prepare("INSERT INTO track_preview_plays (track_id, listener, played_at) VALUES ('spring-love', 'visitor-1', ?1)").bind(t),
      ),
      env.DB.prepare("INSERT INTO track_preview_plays (track_id, listener, played_at) VALUES ('i-wanna-be-the-one', 'visitor-2', ?1)").bind(T - 3 * DAY_MS),
    ]);
  });

  it("counts them apart from full plays, per track and in total; a track heard only as a preview is listed after", async () => {
    const s = await readTrackStats(db(), "7", T);
    expect(s.tracks.map((t) => [t.trackId, t.totalPlays, t.previewPlays])).toEqual([
      ["spring-love", 1, 2],
      ["i-wanna-be-the-one", 0, 1],
    ]);
    expect(s).toMatchObject({ totalPlays: 1, totalPreviewPlays: 3, topTrack: { title: "Spring Love", plays: 1 } });
  });
});
