#!/usr/bin/env node
// Live shows' figures (decision 113), on a throwaway local state with its own `wrangler dev`
// (scripts/lib/measure-worker.mjs: members with sessions, a members' show on air and a small local
// live source written straight into its D1 and R2, the Worker bundled once). Figures, not a
// pass/fail: docs/measurements.md records them, with the load average this prints. Everything
// stays on 127.0.0.1.
//
// 1. Idle: --reads requests one after another, each of GET /api/config, POST the token route and
//    GET the live playlist, as the baseline.
// 2. --viewers viewers held by --processes client processes (scripts/lib/live-viewer-process.mjs)
//    for --seconds: each takes a token, reads the live playlist every --poll-ms (a player reloads
//    a live playlist about once a segment) and refreshes its token once; one viewer in
//    --config-every also reads /api/config at the same pace, so the cheapest read is timed under
//    the same load, side by side.
// Usage: node scripts/measure-live.mjs [--viewers 2000] [--processes 4] [--seconds 40]
//        [--poll-ms 4000] [--reads 200] [--config-every 10] [--through-proxy]
// A quick try: node scripts/measure-live.mjs --viewers 200 --seconds 15
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { positiveInt, printTable } from "./lib/measure.mjs";
import { executeSql, freshMeasureState, frozenWorkerConfig, seedMembersWithSessions, startWorker } from "./lib/measure-worker.mjs";
import { defaultClientProcesses, summarize, withRaisedFileLimit } from "./lib/socket-clients.mjs";
import { loadAverage } from "./lib/feed-delivery.mjs";
import { workerdBehind } from "./lib/workerd-direct.mjs";
import { wrangler } from "./lib/wrangler.mjs";

const { values } = parseArgs({
  options: {
    viewers: { type: "string", default: "2000" },
    processes: { type: "string", default: String(Math.max(4, defaultClientProcesses())) },
    seconds: { type: "string", default: "40" },
    "poll-ms": { type: "string", default: "4000" },
    reads: { type: "string", default: "200" },
    "config-every": { type: "string", default: "10" },
    "through-proxy": { type: "boolean", default: false },
  },
});
const viewerCount = positiveInt("viewers", values.viewers, 20_000);
const processes = positiveInt("processes", values.processes, 64);
const durationMs = positiveInt("seconds", values.seconds, 600) * 1000;
const pollMs = positiveInt("poll-ms", values["poll-ms"], 60_000);
const readCount = positiveInt("reads", values.reads, 10_000);
const configEvery = positiveInt("config-every", values["config-every"], 1000);

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "lib", "live-viewer-process.mjs");
const MEDIA_BUCKET = "freestyle-lovers-media";
const SEGMENTS = 20;
const fmt = (v) => (v === undefined || v === null || Number.isNaN(v) ? "-" : v.toFixed(1));

/** A published online event with a members' show that went on air a minute ago. */
function showSql(eventId, now) {
  const start = now - 60_000;
  return [
    `INSERT INTO events (id, title, event_date, end_date, status, is_online) VALUES ('${eventId}', 'Measured live show', ${start}, ${start + 7_200_000}, 'published', 1);`,
    `INSERT INTO live_shows (event_id, access, state, provider, started_at, updated_at) VALUES ('${eventId}', 'members', 'live', 'local', ${start}, ${now});`,
  ].join("\n");
}

/** The local live source's manifest (the playlist reads only it; no segment is fetched here). */
async function putLiveManifest(persistTo, workDir) {
  const manifest = {
    segmentSeconds: 4,
    init: "live/demo/init.mp4",
    segments: Array.from({ length: SEGMENTS }, (_, i) => ({ key: `live/demo/${i}.m4s`, duration: 4 })),
  };
  const file = path.join(workDir, "live-manifest.json");
  await writeFile(file, JSON.stringify(manifest));
  await wrangler([
    "r2",
    "object",
    "put",
    `${MEDIA_BUCKET}/live/demo/manifest.json`,
    "--local",
    "--persist-to",
    persistTo,
    "--file",
    file,
    "--content-type",
    "application/json",
  ]);
}

/** --reads requests of each kind one after another: the idle baseline. */
async function idleReads(origin, eventId, cookie) {
  const headers = { cookie, origin };
  const times = { config: [], token: [], playlist: [] };
  for (let i = 0; i < readCount; i++) {
    let t0 = performance.now();
    await (await fetch(`${origin}/api/config`, { headers: { origin } })).text();
    times.config.push(performance.now() - t0);
    t0 = performance.now();
    const token = await fetch(`${origin}/api/live/${eventId}/token`, { method: "POST", headers });
    const body = await token.json();
    times.token.push(performance.now() - t0);
    if (token.status !== 200) throw new Error(`the token route answered ${token.status} ${JSON.stringify(body)}`);
    t0 = performance.now();
    const playlist = await fetch(new URL(body.playlistUrl, origin), { headers: { origin } });
    const text = await playlist.text();
    times.playlist.push(performance.now() - t0);
    if (playlist.status !== 200 || !text.startsWith("#EXTM3U")) throw new Error(`the playlist answered ${playlist.status}`);
  }
  return times;
}

/** The viewers, spread over the client processes; resolves with every process's times merged. */
async function viewersRun(origin, eventId, members) {
  const merged = { token: [], refresh: [], playlist: [], config: [] };
  const failed = {};
  const perProcess = Math.ceil(viewerCount / processes);
  await Promise.all(
    Array.from({ length: processes }, (_, proc) => {
      const cookies = Array.from(
        { length: Math.max(0, Math.min(perProcess, viewerCount - proc * perProcess)) },
        (_, i) => members[proc * perProcess + i].cookie,
      );
      if (cookies.length === 0) return Promise.resolve();
      const [command, args] = withRaisedFileLimit(process.execPath, [CHILD]);
      const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
      return new Promise((resolve, reject) => {
        child.on("message", (message) => {
          if (message.type !== "done") return;
          for (const [kind, list] of Object.entries(message.times)) merged[kind].push(...list);
          for (const [kind, n] of Object.entries(message.failed)) failed[kind] = (failed[kind] ?? 0) + n;
          resolve();
        });
        child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`a viewer process exited with ${code}`))));
        child.send({ type: "run", origin, eventId, cookies, firstIndex: proc * perProcess, durationMs, pollMs, refreshAtMs: durationMs / 2, configEvery });
      });
    }),
  );
  return { merged, failed };
}

console.log(`Load average at the start ${loadAverage()}.`);
const { persistTo, workDir } = await freshMeasureState("measure-live");
const members = await seedMembersWithSessions(persistTo, workDir, viewerCount + 1, "viewer");
const eventId = randomUUID();
await executeSql(persistTo, workDir, "show.sql", showSql(eventId, Date.now()));
await putLiveManifest(persistTo, workDir);
const worker = await startWorker(persistTo, workDir, { config: await frozenWorkerConfig(workDir, "worker/index.ts"), logLevel: "warn" });
try {
  const direct = values["through-proxy"] ? null : await workerdBehind(worker.origin);
  const origin = direct?.origin ?? worker.origin;
  console.log(`Target ${origin} (${direct ? "the Worker's workerd, past wrangler's proxy" : "through wrangler's proxy"}); ${processes} client processes.`);
  const idle = await idleReads(origin, eventId, members[viewerCount].cookie);
  console.log(`Idle baseline done (${readCount} of each); load average ${loadAverage()}.`);
  const started = performance.now();
  const { merged, failed } = await viewersRun(origin, eventId, members);
  const seconds = (performance.now() - started) / 1000;
  const requests = Object.values(merged).reduce((n, list) => n + list.length, 0);
  console.log(
    `\n${viewerCount} viewers for ${(durationMs / 1000).toFixed(0)} s (a playlist every ${pollMs} ms each, one token refresh, /api/config by one in ${configEvery}): ${requests} requests in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)}/s); load average ${loadAverage()}`,
  );
  const row = (label, idleList, loadList, kind) => {
    const a = summarize(idleList ?? []);
    const b = summarize(loadList);
    return [label, fmt(a.p50), fmt(a.p99), String(b.n), String(failed[kind] ?? 0), fmt(b.p50), fmt(b.p95), fmt(b.p99), fmt(b.max)];
  };
  printTable(
    ["route (ms)", "idle p50", "idle p99", "under load n", "failed", "p50", "p95", "p99", "max"],
    [
      row("GET /api/config", idle.config, merged.config, "config"),
      row("POST /api/live/:event/token (first)", idle.token, merged.token, "token"),
      row("POST /api/live/:event/token (refresh)", null, merged.refresh, "refresh"),
      row("GET live playlist", idle.playlist, merged.playlist, "playlist"),
    ],
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await worker.stop();
}
process.exit();
