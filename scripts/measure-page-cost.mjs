#!/usr/bin/env node
// What a server-rendered page costs the Worker in CPU against the JSON reads of the same data, side
// by side in one run: CPU milliseconds of the Worker's own workerd process per request (the kernel's
// run time of all its threads, /proc/<pid>/task/*/schedstat), with requests sent one after another
// straight to it, past `wrangler dev`'s proxy (scripts/lib/workerd-direct.mjs). Local D1 runs in the
// same process, so its queries count, as a database's time is part of a read's cost either way.
// Per page: the page's JSON read as a miss, the page as a miss (a new query parameter every
// request, so the edge cache's key never repeats) and as a hit; `GET /api/config` (a hit) as the
// floor every request pays. The page's reads are the API paths its loaders fetch beyond the header's
// config and session (those two every page and every browser-rendered page also reads); where a
// page has several, one "request" of its JSON case is all of them, one after another.
// The cases run interleaved, round by round, so a machine that gets busier mid-run shifts them alike.
// Figures, not a pass/fail: docs/capacity.md and docs/measurements.md record them.
// Usage: node scripts/measure-page-cost.mjs [--url http://127.0.0.1:8787] [--requests 150]
//        [--rounds 3] [--warmup 20]
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { loopbackOrigin, positiveInt, printTable } from "./lib/measure.mjs";
import { workerdBehind } from "./lib/workerd-direct.mjs";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8787" },
    requests: { type: "string", default: "150" },
    rounds: { type: "string", default: "3" },
    warmup: { type: "string", default: "20" },
  },
});
const given = loopbackOrigin(values.url, "measure");
const requests = positiveInt("requests", values.requests, 10_000);
const rounds = positiveInt("rounds", values.rounds, 50);
const warmup = Math.min(Number.parseInt(values.warmup, 10) || 0, 1000);
const perRound = Math.max(1, Math.round(requests / rounds));

/**
 * The pages and the reads their loaders make besides config and session, as a visitor in English
 * asks for them (the demo seed's album); the first is the page's own read.
 */
const PAGES = [
  {
    name: "album",
    page: "/music/catalog/moonlight-boulevard",
    reads: ["/api/music/albums/moonlight-boulevard?lang=en", "/api/store/releases/album/moonlight-boulevard?lang=en"],
  },
  { name: "/", page: "/", reads: ["/api/events?lang=en", "/api/site/status", "/api/parties", "/api/artist"] },
  { name: "/events", page: "/events", reads: ["/api/events?lang=en", "/api/parties"] },
];

let counter = 0;
/** `path` with a query parameter no request has used before: a miss of the edge cache every time. */
const fresh = (path) => `${path}${path.includes("?") ? "&" : "?"}nocache=${Date.now().toString(36)}-${counter++}`;

/** The CPU time of every thread of `pid` so far, in milliseconds (scheduler run time, nanoseconds). */
function cpuMs(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return ns / 1e6;
}

async function get(origin, path) {
  const response = await fetch(origin + path, { redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return response;
}

/** The cases, each a function making one "request" (several fetches for all of a page's reads). */
function casesOf(origin) {
  const one = (path) => () => get(origin, typeof path === "function" ? path() : path);
  const cases = [["config, hit", one("/api/config")]];
  for (const { name, page, reads } of PAGES) {
    cases.push([`${name}: JSON, its read, miss`, one(() => fresh(reads[0]))]);
    cases.push([
      `${name}: JSON, all ${reads.length} reads, miss`,
      async () => {
        for (const read of reads) await get(origin, fresh(read));
      },
    ]);
    cases.push([`${name}: page, miss`, one(() => fresh(page))]);
    cases.push([`${name}: page, hit`, one(page)]);
  }
  return cases;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function main() {
  const behind = await workerdBehind(given);
  if (!behind) throw new Error(`No wrangler dev workerd answers behind ${given}: start the site first (npm start -- --port <n>).`);
  const cases = casesOf(behind.origin);
  // A hit must be one: the first request of a page stores it.
  for (const [, run] of cases) for (let i = 0; i < warmup; i++) await run();
  const loadAtStart = load();
  const spent = new Map(cases.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of cases) {
      const before = cpuMs(behind.pid);
      for (let i = 0; i < perRound; i++) await run();
      spent.get(name).push((cpuMs(behind.pid) - before) / perRound);
    }
  }
  console.log(`Load average at the start: ${loadAtStart}; at the end: ${load()}`);
  console.log(
    `The Worker's workerd (pid ${behind.pid}, ${behind.origin}), ${perRound * rounds} requests a case, one at a time, in ${rounds} interleaved rounds, after ${warmup} warm-up requests.\n`,
  );
  const mean = (xs) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const cpuOf = (name) => mean(spent.get(name));
  const ratio = (name, json) => `${(cpuOf(name) / cpuOf(json)).toFixed(2)}x`;
  const rows = cases.map(([name]) => {
    const perRoundMs = spent.get(name);
    const page = PAGES.find((p) => name === `${p.name}: page, miss`);
    return [
      name,
      cpuOf(name).toFixed(2),
      `${Math.min(...perRoundMs).toFixed(2)}-${Math.max(...perRoundMs).toFixed(2)}`,
      page ? ratio(name, `${page.name}: JSON, its read, miss`) : "",
      page ? ratio(name, `${page.name}: JSON, all ${page.reads.length} reads, miss`) : "",
    ];
  });
  printTable(["case", "CPU ms/request", "per round", "page / its read", "page / all reads"], rows);
  console.log(
    "\nCPU ms: the Worker's workerd process (its local D1 included) per request, the mean over all rounds; the all-reads case counts one request" +
      " per page view (each read a request of its own, as the browser makes them for a page it renders itself).",
  );
  console.log(`Reads: ${PAGES.map((p) => `${p.name}: ${p.reads.join(", ")}`).join("; ")}.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
