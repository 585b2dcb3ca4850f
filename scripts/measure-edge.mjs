#!/usr/bin/env node
// What a far-away fan waits, before and after reads near every fan (decision 050). One machine is
// one place, so the distance is simulated: the Worker waits before each D1 trip as long as a trip
// would take from a distant city (D1_SIMULATED_LATENCY, local only). Two runs of the same Worker on
// a throwaway local state:
// - before: every trip as slow as the primary (150 ms), no edge cache: the site as it was, when
//   every read went to the one primary;
// - after: 150 ms to the primary, 10 ms to a read replica, the edge cache on; a visitor's first
//   request (cache miss) and the next ones (hits).
// Per route: the D1 trips the Worker counted (X-D1-Trips) and the median time to the answer's
// headers over --runs requests. Figures, not a pass/fail: docs/measurements.md records them.
// Pages are not rendered here (the Worker runs with the measurement stub of the app's server entry),
// so the page rows are the data routes pages read.
// Usage: node scripts/measure-edge.mjs [--runs 5] [--primary-ms 150] [--replica-ms 10]
import { parseArgs } from "node:util";
import { positiveInt, printTable } from "./lib/measure.mjs";
import { freshMeasureState, frozenWorkerConfig, startWorker } from "./lib/measure-worker.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    "primary-ms": { type: "string", default: "150" },
    "replica-ms": { type: "string", default: "10" },
  },
});
const runs = positiveInt("runs", values.runs, 50);
const primaryMs = positiveInt("primary-ms", values["primary-ms"], 2000);
const replicaMs = positiveInt("replica-ms", values["replica-ms"], 2000);

const VISITOR_ROUTES = [
  "/api/config",
  "/api/music/albums",
  "/api/music/albums/moonlight-boulevard",
  "/api/events",
  "/api/radio/stations",
  "/api/tv/channels",
  "/sitemap.xml",
  "/events.ics",
];
const MEMBER_ROUTES = ["/api/auth/me", "/api/posts", "/api/notifications", "/api/music/albums"];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Time until the answer's headers (fetch resolves then), and what the Worker said of it. */
async function timed(origin, route, cookie) {
  const started = performance.now();
  const res = await fetch(origin + route, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const ms = performance.now() - started;
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${route}: ${res.status}`);
  const trips = /primary=(\d+), replica=(\d+)/.exec(res.headers.get("x-d1-trips") ?? "");
  return { ms, trips: trips ? `${trips[1]}/${trips[2]}` : "?", cache: res.headers.get("x-edge-cache") ?? "-" };
}

/** The first request (cold), then `runs` more: their median and the last one's trips and cache. */
async function measure(origin, route, cookie) {
  const cold = await timed(origin, route, cookie);
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push(await timed(origin, route, cookie));
  return { cold, warmMs: median(warm.map((r) => r.ms)), warmTrips: warm.at(-1).trips, cache: warm.at(-1).cache };
}

async function runWith(persistTo, workDir, config, vars, adminCookie) {
  const worker = await startWorker(persistTo, workDir, { config, vars });
  try {
    const out = new Map();
    for (const route of VISITOR_ROUTES) out.set(`visitor ${route}`, await measure(worker.origin, route));
    for (const route of MEMBER_ROUTES) out.set(`signed in ${route}`, await measure(worker.origin, route, adminCookie));
    return out;
  } finally {
    await worker.stop();
  }
}

async function main() {
  const { persistTo, workDir, adminCookie } = await freshMeasureState("measure-edge");
  const config = await frozenWorkerConfig(workDir, "worker/index.ts");
  console.log(`Simulated D1 trips: ${primaryMs} ms to the primary, ${replicaMs} ms to a replica; ${runs} warm requests a route.`);
  const before = await runWith(persistTo, workDir, config, { D1_SIMULATED_LATENCY: `${primaryMs}/${primaryMs}`, EDGE_CACHE: "off" }, adminCookie);
  const after = await runWith(persistTo, workDir, config, { D1_SIMULATED_LATENCY: `${primaryMs}/${replicaMs}` }, adminCookie);
  const rows = [...before.keys()].map((name) => {
    const b = before.get(name);
    const a = after.get(name);
    return [
      name,
      b.cold.trips,
      `${Math.round(b.cold.ms)}`,
      b.warmTrips,
      `${Math.round(b.warmMs)}`,
      a.cold.trips,
      `${Math.round(a.cold.ms)}`,
      a.warmTrips,
      `${Math.round(a.warmMs)}`,
      a.cache,
    ];
  });
  printTable(["route", "before cold P/R", "ms", "before warm P/R", "ms", "after cold P/R", "ms", "after warm P/R", "ms", "cache"], rows);
  console.log(
    "P/R: D1 trips to the primary / to a replica (X-D1-Trips). ms: time to the answer's headers (warm: median). Cold: the first request" +
      " after the Worker started (a new isolate in a new city); warm: the same isolate again (before: its per-isolate memo; after: the edge cache).",
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
