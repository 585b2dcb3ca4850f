#!/usr/bin/env node
// Prints the site analytics figures. Figures, not a pass/fail: docs/measurements.md records them.
//
// In a throwaway local state (never the developer's), it seeds --views raw page views spread over
// 90 days (the demo traffic generator, scaled up; SQL files run with `wrangler d1 execute`), runs
// the rollups (the Worker's own statements), and starts its own `wrangler dev` on 127.0.0.1. Then:
// 1. the 90-day analytics request as an administrator (GET /api/admin/analytics?days=90): median
//    and p95 over --samples sequential requests, after one warm-up (goal: < 300 ms); the 7- and
//    30-day requests and the overview alongside;
// 2. POST /api/collect throughput as a share of GET /api/config, measured the same way in the same
//    run (--concurrency workers for --seconds each).
// Every request comes from 127.0.0.1, so beyond COLLECT_PER_IP_PER_MINUTE a minute the buffer drops
// the views (after the answer); the Worker's request path is the same either way.
// Usage: node scripts/measure-analytics.mjs [--views 1000000] [--samples 20] [--concurrency 16] [--seconds 10] [--keep]
import { closeSync, openSync, writeSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { percentile, positiveInt, printTable } from "./lib/measure.mjs";
import { ROOT, wrangler } from "./lib/wrangler.mjs";
import { seedAdmin, startWorker } from "./lib/measure-worker.mjs";
import { generatePageViews, pageViewInserts, rollupSql } from "./lib/demo-analytics.mjs";

const { values } = parseArgs({
  options: {
    views: { type: "string", default: "1000000" },
    samples: { type: "string", default: "20" },
    concurrency: { type: "string", default: "16" },
    seconds: { type: "string", default: "10" },
    keep: { type: "boolean", default: false },
  },
});
const viewCount = positiveInt("views", values.views, 5_000_000);
const samples = positiveInt("samples", values.samples, 1000);
const concurrency = positiveInt("concurrency", values.concurrency, 256);
const seconds = positiveInt("seconds", values.seconds, 120);

const DAYS = 90;
/** Rows per SQL file: each file is one `wrangler d1 execute`, a few tens of MB. */
const ROWS_PER_FILE = 250_000;
const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

const seconds1 = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Writes about --views generated views as SQL files of ROWS_PER_FILE rows and runs each; resolves with the row count. */
async function seedViews(persistTo, workDir, now) {
  // The generator's daily figure is an average before its weekly rhythm and growth: a dry run
  // (same seed, so the same shape) scales it to the number asked for.
  const base = { now, days: DAYS, seed: 1_000_003 };
  const trial = viewCount / DAYS;
  const perDay = (trial * viewCount) / generatePageViews({ ...base, perDay: trial, onRow: () => {} });
  const files = [];
  let fd = null;
  let inFile = 0;
  const total = pageViewInserts("page_views", { ...base, perDay }, (statement, rows) => {
    if (fd === null || inFile >= ROWS_PER_FILE) {
      if (fd !== null) closeSync(fd);
      files.push(path.join(workDir, `views-${files.length}.sql`));
      fd = openSync(files[files.length - 1], "w");
      inFile = 0;
    }
    writeSync(fd, statement);
    inFile += rows;
  });
  if (fd !== null) closeSync(fd);
  for (const file of files) {
    await wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
    await rm(file);
  }
  return total;
}

async function timed(url, init) {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${init?.method ?? "GET"} ${url} answered ${res.status}`);
  return performance.now() - started;
}

/** Sequential latency of one request: median and p95 over `samples`, after one warm-up. */
async function latency(url, init) {
  await timed(url, init);
  const ms = [];
  for (let i = 0; i < samples; i++) ms.push(await timed(url, init));
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1] };
}

/** Requests a second with `concurrency` workers for `seconds`. */
async function throughput(url, init) {
  for (let i = 0; i < 20; i++) await fetch(url, init).then((r) => r.arrayBuffer());
  let done = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  async function worker() {
    while (performance.now() < deadline) {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (res.ok) done++;
      else errors++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { rps: done / ((performance.now() - started) / 1000), errors };
}

async function main() {
  const stateDir = path.join(ROOT, ".tmp", "measure-analytics");
  const persistTo = path.join(stateDir, "state");
  const workDir = path.join(stateDir, "work");
  await rm(stateDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  let worker = null;
  try {
    const now = Date.now();
    await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);

    let t = performance.now();
    const seeded = await seedViews(persistTo, workDir, now);
    const seedMs = performance.now() - t;

    t = performance.now();
    const rollupFile = path.join(workDir, "rollups.sql");
    await writeFile(rollupFile, rollupSql({ now, days: DAYS + 1 }));
    await wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", rollupFile]);
    const rollupMs = performance.now() - t;
    const cookie = await seedAdmin(persistTo, workDir, now);

    worker = await startWorker(persistTo, workDir);
    const { origin } = worker;
    const asAdmin = { headers: { cookie } };
    console.log(
      `Seeded ${seeded.toLocaleString("en-US")} raw page views over ${DAYS} days in ${seconds1(seedMs)}; rolled up ${DAYS + 1} days in ${seconds1(rollupMs)} (wrangler d1 execute, local SQLite).`,
    );
    console.log(`Target ${origin} (wrangler dev, local D1); ${samples} sequential requests per case after one warm-up.\n`);

    const reads = [
      ["GET /api/admin/analytics?days=90", "/api/admin/analytics?days=90&tz=America/New_York"],
      ["GET /api/admin/analytics?days=30", "/api/admin/analytics?days=30&tz=America/New_York"],
      ["GET /api/admin/analytics?days=7", "/api/admin/analytics?days=7&tz=America/New_York"],
      ["GET /api/admin/overview", "/api/admin/overview"],
      ["GET /api/admin/analytics/tracks?period=all", "/api/admin/analytics/tracks?period=all"],
    ];
    const latencyRows = [];
    for (const [name, pathname] of reads) {
      const r = await latency(`${origin}${pathname}`, asAdmin);
      latencyRows.push([name, r.p50.toFixed(1), r.p95.toFixed(1), r.max.toFixed(1)]);
    }
    printTable(["request (admin)", "median ms", "p95 ms", "max ms"], latencyRows);

    const beacon = {
      method: "POST",
      headers: { origin, "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER_UA },
      body: JSON.stringify({ path: "/music", referrer: "google.com", width: 1280 }),
    };
    const config = await throughput(`${origin}/api/config`);
    const collect = await throughput(`${origin}/api/collect`, beacon);
    console.log();
    printTable(
      ["throughput", "req/s", "vs config", "errors"],
      [
        ["GET /api/config", config.rps.toFixed(0), "100 %", String(config.errors)],
        ["POST /api/collect", collect.rps.toFixed(0), `${((collect.rps / config.rps) * 100).toFixed(0)} %`, String(collect.errors)],
      ],
    );
    console.log(`\n(${concurrency} concurrent clients, ${seconds} s per case; wrangler dev on this machine, so relative figures.)`);
  } finally {
    await worker?.stop();
    if (!values.keep) await rm(stateDir, { recursive: true, force: true });
  }
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
