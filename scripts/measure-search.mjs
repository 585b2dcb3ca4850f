#!/usr/bin/env node
// How long a search takes (decision 056) over a large site: a throwaway local state seeded with
// --posts posts, --tracks tracks and --events events (their index rows written by the migration's
// triggers as the rows go in), then GET /api/search for a few typical queries (a word start, two
// words, a word typed without its accents, a close match) as a visitor and as a signed-in admin,
// interleaved with GET /api/config in the same run. Prints p50/p95 of each and search as a share
// of /api/config. Figures, not a pass/fail: docs/measurements.md records them. Sequential requests
// (one at a time), so the figure is a request's own time, not the machine's throughput.
// Usage: node scripts/measure-search.mjs [--posts 10000] [--tracks 500] [--events 200] [--runs 40]
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { percentile, positiveInt, printTable } from "./lib/measure.mjs";
import { executeSql, freshMeasureState, frozenWorkerConfig, startWorker } from "./lib/measure-worker.mjs";

const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "10000" },
    tracks: { type: "string", default: "500" },
    events: { type: "string", default: "200" },
    runs: { type: "string", default: "40" },
  },
});
const postCount = positiveInt("posts", values.posts, 200_000);
const trackCount = positiveInt("tracks", values.tracks, 20_000);
const eventCount = positiveInt("events", values.events, 20_000);
const runs = positiveInt("runs", values.runs, 1000);

const QUERIES = ["cora", "sao paulo", "neon night", "coracao", "dança"];
const WORDS = [
  "love",
  "neon",
  "night",
  "dance",
  "coração",
  "freestyle",
  "heart",
  "beat",
  "dream",
  "summer",
  "saudade",
  "dança",
  "pista",
  "ritmo",
  "city",
  "lights",
];
const CITIES = ["São Paulo", "Miami", "New York", "Rio de Janeiro", "Chicago", "Belo Horizonte", "Los Angeles", "Recife"];
const TRACKS_PER_ALBUM = 20;
const ROWS_PER_INSERT = 200;

/** The same pseudo-random words on every run (a small LCG), so two runs search the same text. */
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
const words = (n) => Array.from({ length: n }, () => WORDS[next() % WORDS.length]).join(" ");
const quote = (text) => `'${text.replaceAll("'", "''")}'`;

function inserts(table, columns, rows) {
  const out = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    out.push(`INSERT INTO ${table} (${columns}) VALUES\n${rows.slice(i, i + ROWS_PER_INSERT).join(",\n")};`);
  }
  return out.join("\n");
}

function seedSql(now) {
  const author = randomUUID();
  const albums = Math.ceil(trackCount / TRACKS_PER_ALBUM);
  const albumRows = Array.from({ length: albums }, (_, a) => `(${quote(`measure-album-${a}`)}, ${quote(`Album ${words(2)}`)}, 1990, 'Album', ${1000 + a})`);
  const trackRows = Array.from({ length: trackCount }, (_, t) => {
    const album = Math.floor(t / TRACKS_PER_ALBUM);
    return `(${quote(`measure-album-${album}-${t}`)}, ${quote(`measure-album-${album}`)}, ${quote(words(3))}, ${(t % TRACKS_PER_ALBUM) + 1})`;
  });
  const eventRows = Array.from({ length: eventCount }, (_, e) => {
    const city = CITIES[e % CITIES.length];
    return `(${quote(randomUUID())}, ${quote(`${words(2)} — ${city}`)}, ${quote(words(12))}, ${now + (e + 1) * 86_400_000}, 'published', ${quote(city)})`;
  });
  const visibilities = ["public", "members", "vip"];
  const postRows = Array.from(
    { length: postCount },
    (_, p) => `(${quote(randomUUID())}, ${quote(author)}, ${quote(words(8 + (p % 20)))}, ${quote(visibilities[p % 3])}, ${now - p * 60_000})`,
  );
  return [
    `INSERT INTO users (id, email, username, password_hash) VALUES (${quote(author)}, 'measure_author@example.com', 'measure_author', 'unused');`,
    inserts("albums", "id, title, year, type, position", albumRows),
    inserts("tracks", "id, album_id, title, number", trackRows),
    inserts("events", "id, title, description, event_date, status, venue_city", eventRows),
    inserts("posts", "id, user_id, content, visibility, created_at", postRows),
  ].join("\n");
}

async function timed(url, cookie) {
  const started = performance.now();
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

const ms = (n) => n.toFixed(1);

async function main() {
  const { persistTo, workDir, adminCookie } = await freshMeasureState("measure-search");
  const seedStarted = performance.now();
  await executeSql(persistTo, workDir, "search-seed.sql", seedSql(Date.now()));
  console.log(
    `Seeded ${postCount.toLocaleString("en-US")} posts, ${trackCount} tracks and ${eventCount} events (index kept by the triggers) in ${ms((performance.now() - seedStarted) / 1000)} s.`,
  );
  const config = await frozenWorkerConfig(workDir, "worker/index.ts");
  const worker = await startWorker(persistTo, workDir, { config });
  try {
    const who = { visitor: undefined, admin: adminCookie };
    const times = { config: [], visitor: [], admin: [] };
    const perQuery = new Map(QUERIES.map((q) => [q, []]));
    // Warm the isolate (first requests compile and read settings).
    for (const q of QUERIES) await timed(`${worker.origin}/api/search?q=${encodeURIComponent(q)}`);
    for (let run = 0; run < runs; run++) {
      for (const q of QUERIES) {
        times.config.push(await timed(`${worker.origin}/api/config`));
        for (const [role, cookie] of Object.entries(who)) {
          const t = await timed(`${worker.origin}/api/search?q=${encodeURIComponent(q)}`, cookie);
          times[role].push(t);
          perQuery.get(q).push(t);
        }
      }
    }
    for (const list of [times.config, times.visitor, times.admin, ...perQuery.values()]) list.sort((a, b) => a - b);
    const base = { p50: percentile(times.config, 50), p95: percentile(times.config, 95) };
    const row = (name, list) => {
      const p50 = percentile(list, 50);
      const p95 = percentile(list, 95);
      return [name, String(list.length), ms(p50), ms(p95), `${(p50 / base.p50).toFixed(2)}×`, `${(p95 / base.p95).toFixed(2)}×`];
    };
    printTable(
      ["request", "n", "p50 ms", "p95 ms", "p50 / config", "p95 / config"],
      [
        row("GET /api/config", times.config),
        row("search, visitor", times.visitor),
        row("search, admin", times.admin),
        ...[...perQuery].map(([q, list]) => row(`search "${q}" (both)`, list)),
      ],
    );
    console.log("Sequential requests to a local wrangler dev; search answers are never cached, /api/config may be (the edge cache, for the visitor).");
  } finally {
    await worker.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
