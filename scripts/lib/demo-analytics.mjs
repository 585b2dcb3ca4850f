// Demo page views for local analytics: a believable fan site's traffic (a weekly rhythm, slow
// growth, evenings busiest, ~60 % phones, search and social referrers, bounces and longer visits),
// generated offline with a seeded random source, as SQL for `wrangler d1 execute --file`. The
// rollups come from the Worker's own statements (worker/db/analytics/sql.ts), so the demo charts
// read exactly what the cron would have written.
import { inlineStatement, membersSnapshotStatement, rollupDayStatements } from "../../worker/db/analytics/sql.ts";
import { DAY_MS, HOUR_MS, utcDayStart } from "../../worker/lib/time.ts";

/** Small, fast, seedable PRNG (mulberry32): the same seed gives the same traffic. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A picker of keys by weight from [key, weight] pairs. */
function weighted(entries) {
  const keys = entries.map(([key]) => key);
  const cumulative = [];
  let total = 0;
  for (const [, w] of entries) cumulative.push((total += w));
  return (random) => {
    const r = random() * total;
    let i = 0;
    while (cumulative[i] <= r && i < keys.length - 1) i++;
    return keys[i];
  };
}

// Where visits start, and where they go next (the site's real routes).
const landing = weighted(
  Object.entries({
    "/": 34,
    "/music": 13,
    "/events": 10,
    "/radio": 7,
    "/tv": 6,
    "/social": 7,
    "/music/catalog": 5,
    "/music/track/spring-love": 5,
    "/music/track/waiting-for-your-love": 3,
    "/vip-signup": 3,
    "/virtual-meet": 2,
    "/signup-options": 2,
    "/privacy": 1,
    "/terms": 1,
  }),
);
const next = weighted(
  Object.entries({
    "/music": 16,
    "/music/catalog": 10,
    "/events": 10,
    "/radio": 9,
    "/radio/player": 5,
    "/tv": 7,
    "/social": 9,
    "/social/login": 5,
    "/social/signup": 3,
    "/music/track/spring-love": 5,
    "/music/track/dream-about-you": 4,
    "/music/track/because-i-love-you": 3,
    "/music/track/i-wanna-be-the-one": 3,
    "/music/favorites": 3,
    "/vip-signup": 4,
    "/chat": 2,
    "/": 6,
  }),
);
const referrer = weighted(
  Object.entries({
    direct: 40,
    "google.com": 27,
    "instagram.com": 14,
    "facebook.com": 9,
    "youtube.com": 4,
    "t.co": 2,
    "bing.com": 2,
    "tiktok.com": 1,
    "duckduckgo.com": 1,
  }),
);
/** The audience's clock: most fans are in the Americas (US Eastern, UTC-5). */
const AUDIENCE_UTC_OFFSET_HOURS = -5;
/** Share of the day's visits starting in each local hour (midnight first): quiet nights, busy evenings. */
const LOCAL_HOUR_WEIGHTS = [3, 2, 1.5, 1, 1, 1, 1.5, 2.5, 3.5, 4, 4.5, 5, 5.5, 5.5, 5, 5, 5.5, 6.5, 8, 9.5, 10, 9, 7, 5];
/** The UTC hour a visit starts in. */
const hourOfVisit = weighted(LOCAL_HOUR_WEIGHTS.map((w, local) => [(local - AUDIENCE_UTC_OFFSET_HOURS + 24) % 24, w]));
/** Weekday factors, Sunday first: weekends are busier on a fan site. */
const WEEKDAY = [1.3, 0.85, 0.9, 0.95, 1.0, 1.15, 1.35];

/** `words` × 8 hex digits from the PRNG. */
const hexId = (random, words) => {
  let s = "";
  for (let i = 0; i < words; i++)
    s += Math.floor(random() * 0x100000000)
      .toString(16)
      .padStart(8, "0");
  return s;
};

/**
 * Page views over the `days` UTC days ending today (today only up to `now`), about `perDay` on an
 * average day. Rows: [at, path, referrerHost, visitorId, sessionId, device, signedIn].
 * `onRow` receives each row (for streaming a million of them); the count is returned.
 */
export function generatePageViews({ now = Date.now(), days = 90, perDay = 250, seed = 20240615, onRow }) {
  const today = utcDayStart(now);
  let count = 0;
  for (let d = days - 1; d >= 0; d--) {
    const dayStart = today - d * DAY_MS;
    // A random source per day (by date), so a day's traffic does not depend on the days before.
    const random = prng(seed ^ Math.floor(dayStart / DAY_MS));
    const growth = 0.8 + 0.35 * ((days - 1 - d) / Math.max(1, days - 1));
    const noise = 0.85 + random() * 0.3;
    const target = Math.round(perDay * growth * WEEKDAY[new Date(dayStart).getUTCDay()] * noise);
    const visitors = [];
    let views = 0;
    while (views < target) {
      // Some visitors come back later the same day (same visitor id, a new session).
      const returning = visitors.length > 0 && random() < 0.15;
      const visitor = returning ? visitors[Math.floor(random() * visitors.length)] : { id: hexId(random, 4), mobile: random() < 0.6 };
      if (!returning) visitors.push(visitor);
      const sessionId = hexId(random, 2);
      const signedIn = random() < 0.15 ? 1 : 0;
      const length = random() < 0.42 ? 1 : 2 + Math.floor(-Math.log(1 - random()) * 2.2);
      let at = dayStart + hourOfVisit(random) * HOUR_MS + Math.floor(random() * HOUR_MS);
      const source = referrer(random);
      for (let i = 0; i < Math.min(length, 12); i++) {
        if (at >= dayStart + DAY_MS || at > now) break;
        const path = i === 0 ? landing(random) : next(random);
        onRow([at, path, i === 0 && source !== "direct" ? source : null, visitor.id, sessionId, visitor.mobile ? "mobile" : "desktop", signedIn]);
        count++;
        views++;
        at += 15_000 + Math.floor(random() * 150_000);
      }
    }
  }
  return count;
}

const sqlValue = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
/** Rows per INSERT: well under D1's 100 KB statement limit. */
const ROWS_PER_INSERT = 400;

/**
 * Generated views as INSERT statements into `table` (page_views' columns), ROWS_PER_INSERT rows
 * each, handed to `onStatement(sql, rows)` one by one (synchronously). Returns the number of rows.
 */
export function pageViewInserts(table, options, onStatement) {
  const head = `INSERT INTO ${table} (at, path, referrer_host, visitor_id, session_id, device, signed_in) VALUES\n`;
  let chunk = [];
  const emit = () => {
    if (chunk.length > 0) onStatement(`${head}${chunk.join(",\n")};\n`, chunk.length);
    chunk = [];
  };
  const count = generatePageViews({
    ...options,
    onRow: (row) => {
      chunk.push(`(${row.map(sqlValue).join(", ")})`);
      if (chunk.length >= ROWS_PER_INSERT) emit();
    },
  });
  emit();
  return count;
}

/** The rollups of the `days` UTC days ending today and today's active-member count, as SQL. */
export function rollupSql({ now = Date.now(), days = 91 } = {}) {
  const today = utcDayStart(now);
  const statements = [];
  for (let d = days - 1; d >= 0; d--) statements.push(...rollupDayStatements(today - d * DAY_MS, now));
  statements.push(membersSnapshotStatement(now));
  return `${statements.map(inlineStatement).join("\n")}\n`;
}

/**
 * Local demo only: ~90 days of page views, inserted only while page_views is empty (so a rerun,
 * or a local database with real views, is left alone), then every rollup of the window recomputed
 * (idempotent; local development has no cron to keep them).
 */
export function demoAnalyticsSql(now = Date.now()) {
  const staging = "_demo_page_views";
  const parts = [
    `DROP TABLE IF EXISTS ${staging};\nCREATE TABLE ${staging} (at INTEGER, path TEXT, referrer_host TEXT, visitor_id TEXT, session_id TEXT, device TEXT, signed_in INTEGER);\n`,
  ];
  pageViewInserts(staging, { now, days: 90, perDay: 250 }, (statement) => parts.push(statement));
  parts.push(`INSERT INTO page_views (at, path, referrer_host, visitor_id, session_id, device, signed_in)
SELECT at, path, referrer_host, visitor_id, session_id, device, signed_in FROM ${staging} WHERE NOT EXISTS (SELECT 1 FROM page_views);
DROP TABLE ${staging};\n`);
  parts.push(rollupSql({ now }));
  return parts.join("");
}
