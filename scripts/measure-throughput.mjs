#!/usr/bin/env node
// Prints request throughput and latency of a locally running site (`npm start`, default
// http://127.0.0.1:8787) for a few representative requests. Figures, not a pass/fail:
// docs/measurements.md records them. Plain Node fetch (undici, keep-alive) with bounded concurrency; every case stops
// after --requests requests or --seconds seconds, whichever comes first. Loopback targets only.
// Usage: node scripts/measure-throughput.mjs [--url http://127.0.0.1:8787] [--concurrency 16]
//        [--requests 2000] [--seconds 10] [--warmup 50] [--set api|pages] [--direct] [--rounds 1]
//        [--memory]
// --direct sends the requests straight to the workerd that runs the Worker, past `wrangler dev`'s
// proxy (scripts/lib/workerd-direct.mjs): the proxy copies every body once more on this machine's two
// cores, so through it a large page costs more than the Worker spends on it.
// --set pages measures the server-rendered pages beside GET /api/config: each page as an edge
// cache hit (the same address every time) and as a miss (a query parameter that changes with every
// request, so the cache's key never repeats and every request renders the page), `/` as a shared
// link's clicks arrive (each with a click id of its own, which the cache's key leaves out), and `/`
// signed in; then, for comparison, the config route and the album's API read each as a miss, and the
// config route again (the shares are of the mean of its two rates).
// --rounds N runs the set N times in a row (a table each). --memory samples, every 20 s while the
// rounds run, the resident size of both of wrangler dev's workerd processes and the Worker isolate's
// JS heap (scripts/lib/workerd-memory.mjs), and prints them with the growth per 1,000 requests in
// each half of the run: `--set pages --rounds 6 --memory` is a 10-minute memory run.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { loopbackOrigin, percentile, positiveInt, printTable, signInDemo } from "./lib/measure.mjs";
import { workerdBehind } from "./lib/workerd-direct.mjs";
import { sampleMemory, workerInspectorOf } from "./lib/workerd-memory.mjs";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8787" },
    concurrency: { type: "string", default: "16" },
    requests: { type: "string", default: "2000" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "50" },
    set: { type: "string", default: "api" },
    direct: { type: "boolean", default: false },
    rounds: { type: "string", default: "1" },
    memory: { type: "boolean", default: false },
  },
});
if (!["api", "pages"].includes(values.set)) throw new Error(`--set is api or pages, not ${values.set}`);

const given = loopbackOrigin(values.url, "load");
const behind = values.direct || values.memory ? await workerdBehind(given) : null;
if (!behind && (values.direct || values.memory)) throw new Error(`--direct/--memory: no wrangler dev workerd found behind ${given}`);
const direct = values.direct ? behind : null;
const rounds = positiveInt("rounds", values.rounds, 100);
const origin = direct?.origin ?? given;
const concurrency = positiveInt("concurrency", values.concurrency, 256);
const maxRequests = positiveInt("requests", values.requests, 100_000);
const maxSeconds = positiveInt("seconds", values.seconds, 120);
const warmup = Math.min(Number.parseInt(values.warmup, 10) || 0, 1000);

const url = (pathname) => new URL(pathname, origin).href;

/** A page address that no request has asked for before (an edge cache miss every time). */
let missCounter = 0;
const everyTimeNew = (pathname) => () => `${pathname}?nocache=${Date.now().toString(36)}-${missCounter++}`;
/** A link shared on a social network, as each click arrives: a click id of its own every time. */
const everyClickTagged = (pathname) => () => `${pathname}?utm_source=social&fbclid=IwAR${Date.now().toString(36)}${missCounter++}`;

/** The pages set measures the bare route again last: the shares are of the mean of both rates. */
const CONFIG_AGAIN = "GET /api/config (again, at the end)";

let requestsMade = 0;

/** One request; the body is read in full so the latency covers the whole response. */
async function timedRequest(target, headers) {
  const pathname = typeof target === "function" ? target() : target;
  requestsMade++;
  const started = performance.now();
  try {
    const response = await fetch(url(pathname), { headers, redirect: "manual" });
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.status >= 200 && response.status < 300, status: response.status };
  } catch (error) {
    return { ms: performance.now() - started, ok: false, status: error?.cause?.code ?? "fetch_error" };
  }
}

/** Runs `concurrency` workers until the request or time budget is spent. */
async function runCase(pathname, headers) {
  for (let i = 0; i < warmup; i++) await timedRequest(pathname, headers);

  const latencies = [];
  const failures = new Map();
  let issued = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;

  async function worker() {
    while (issued < maxRequests && performance.now() < deadline) {
      issued++;
      const result = await timedRequest(pathname, headers);
      latencies.push(result.ms);
      if (!result.ok) failures.set(result.status, (failures.get(result.status) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));

  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const errors = [...failures.values()].reduce((sum, n) => sum + n, 0);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsedSeconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    errorDetail: [...failures].map(([status, n]) => `${status}×${n}`).join(", "),
  };
}

async function main() {
  try {
    await fetch(url("/api/config")).then((r) => r.arrayBuffer());
  } catch {
    console.error(`Nothing answers at ${origin}: start the site first (npm start).`);
    process.exit(1);
  }
  const { cookie, userId } = await signInDemo(origin, "fan");
  const signedIn = { cookie };

  const album = "/music/catalog/moonlight-boulevard";
  const pageCases = [
    ["GET /api/config", "/api/config", {}],
    ["GET / (page, cache miss)", everyTimeNew("/"), {}],
    ["GET / (page, cache hit)", "/", {}],
    ["GET / (page, shared link: a new click id each time)", everyClickTagged("/"), {}],
    ["GET /events (page, cache miss)", everyTimeNew("/events"), {}],
    ["GET /events (page, cache hit)", "/events", {}],
    ["GET album page (cache miss)", everyTimeNew(album), {}],
    ["GET album page (cache hit)", album, {}],
    ["GET / (page, signed in)", "/", signedIn],
    // What a miss of any kind costs here: the same bare route and the album's own API read, each
    // missing the edge cache (its D1 reads and a store in the cache, as a page's miss has).
    ["GET /api/config (cache miss)", everyTimeNew("/api/config"), {}],
    ["GET album's API read (cache miss)", everyTimeNew("/api/music/albums/moonlight-boulevard"), {}],
    [CONFIG_AGAIN, "/api/config", {}],
  ];
  const apiCases = [
    ["GET / (landing page, rendered)", "/", {}],
    ["GET /api/config", "/api/config", {}],
    ["GET /api/auth/me (visitor)", "/api/auth/me", {}],
    ["GET /api/auth/me (signed in)", "/api/auth/me", signedIn],
    ["GET /api/profiles/:id (signed in)", `/api/profiles/${userId}`, signedIn],
    ["GET /api/music/albums", "/api/music/albums", {}],
    ["GET /api/music/albums/:id", "/api/music/albums/moonlight-boulevard", {}],
    ["GET /api/music/tracks", "/api/music/tracks", {}],
    ["GET /api/music/tracks (signed in)", "/api/music/tracks", signedIn],
    ["GET /api/posts (feed page, signed in)", "/api/posts", signedIn],
    ["GET /api/radio/stations", "/api/radio/stations", {}],
    ["GET /api/radio/stations/:id/now-playing", "/api/radio/stations/freestyle-lovers/now-playing", {}],
    ["GET /api/tv/channels", "/api/tv/channels", {}],
  ];

  const cases = values.set === "pages" ? pageCases : apiCases;
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  console.log(`Load average at the start: ${load()}`);
  console.log(
    `Target ${origin}${direct ? ` (the Worker's workerd, past wrangler's proxy at ${given})` : ""}; concurrency ${concurrency}; per case at most ${maxRequests} requests or ${maxSeconds} s, after ${warmup} warm-up requests.`,
  );
  console.log("Note: wrangler dev (workerd, local D1 in SQLite) on a shared 2-core machine is not production; read these as relative figures.\n");

  const memory = values.memory
    ? sampleMemory({
        processes: { proxy: behind.proxyPid, worker: behind.pid },
        inspectorUrl: await workerInspectorOf(behind.pid),
        everySeconds: 20,
        requests: () => requestsMade,
      })
    : null;
  try {
    for (let round = 1; round <= rounds; round++) {
      const rows = [];
      for (const [name, pathname, headers] of cases) rows.push([name, await runCase(pathname, headers)]);
      console.log(`${rounds > 1 ? `Round ${round} of ${rounds}. ` : ""}Load average at the end: ${load()}\n`);
      printResults(rows);
    }
  } finally {
    // Revoke the session this run created instead of leaving it in the local database.
    await fetch(url("/api/auth/logout"), { method: "POST", headers: { origin, cookie } }).catch(() => {});
  }
  if (memory) printMemory(await memory.stop());
}

function printResults(rows) {
  // Each case's throughput as a share of the bare config route measured in this same run: the mean
  // of its rate at the start and, in the pages set, again at the end (a run drifts with the machine).
  const bareRates = rows.filter(([name]) => name === "GET /api/config" || name === CONFIG_AGAIN).map(([, r]) => r.rps);
  const bare = bareRates.length ? bareRates.reduce((sum, rps) => sum + rps, 0) / bareRates.length : Number.NaN;
  printTable(
    ["case", "requests", "req/s", "vs config", "p50 ms", "p95 ms", "p99 ms", "errors"],
    rows.map(([name, r]) => [
      name,
      String(r.requests),
      r.rps.toFixed(0),
      `${((r.rps / bare) * 100).toFixed(0)} %`,
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.p99.toFixed(1),
      r.errors ? `${r.errors} (${r.errorDetail})` : "0",
    ]),
  );
  console.log("");
}

/** The samples; per half of the run, each process's growth per 1,000 requests and the heap's lowest reading. */
function printMemory(samples) {
  const mb = (n) => (n === null || n === undefined ? "?" : n.toFixed(0));
  console.log("Memory (MB) every 20 s: resident size of wrangler's entry proxy and of the Worker's workerd, the Worker isolate's JS heap used / reserved");
  printTable(
    ["seconds", "requests", "proxy", "worker", "heap used", "heap reserved"],
    samples.map((s) => [s.seconds.toFixed(0), String(s.requests), mb(s.rss.proxy), mb(s.rss.worker), mb(s.heap?.used), mb(s.heap?.total)]),
    0,
  );
  const middle = samples[Math.floor(samples.length / 2)];
  const halves = [
    ["first half", samples[0], middle],
    ["second half", middle, samples.at(-1)],
  ];
  const perThousand = (from, to, read) => {
    const a = read(from);
    const b = read(to);
    const requests = to.requests - from.requests;
    return a === null || b === null || !requests ? "?" : (((b - a) / requests) * 1000).toFixed(2);
  };
  // The heap's floor: its smallest reading in the half (a sample may fall just before a collection).
  const heapFloor = (from, to) => {
    const used = samples.filter((s) => s.seconds >= from.seconds && s.seconds <= to.seconds && s.heap).map((s) => s.heap.used);
    return used.length ? Math.min(...used).toFixed(0) : "?";
  };
  console.log("\nEach half of the run: the processes' growth per 1,000 requests, and the heap's lowest reading (MB)");
  printTable(
    ["", "requests", "proxy", "worker", "heap used, lowest"],
    halves.map(([label, from, to]) => [
      label,
      String(to.requests - from.requests),
      perThousand(from, to, (s) => s.rss.proxy),
      perThousand(from, to, (s) => s.rss.worker),
      heapFloor(from, to),
    ]),
  );
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
