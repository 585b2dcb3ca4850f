#!/usr/bin/env node
// Feed fan-out across the feed hub's shards (decision 047): for each configuration
// ("sockets×shards", default 1000x1, 1000x4, 5000x4) a throwaway local state gets that many
// members with sessions, its own `wrangler dev` runs with FEED_HUB_SHARDS, every member opens a
// feed socket (so the sockets spread over the shards by member), and an administrator posts
// --posts times; per socket, the time from the POST's answer to the frame carrying the post.
// Figures, not a pass/fail: docs/measurements.md records them.
// Usage: node scripts/measure-feed-shards.mjs [--runs 1000x1,1000x4,5000x4] [--posts 3] [--open-concurrency 50]
import { parseArgs } from "node:util";
import { percentile, positiveInt, printTable } from "./lib/measure.mjs";
import { executeSql, freshMeasureState, frozenWorkerConfig, seedMembersWithSessions, startWorker } from "./lib/measure-worker.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1000x1,1000x4,5000x4" },
    posts: { type: "string", default: "3" },
    "open-concurrency": { type: "string", default: "50" },
  },
});
const runs = values.runs.split(",").map((run) => {
  const [sockets, shards] = run.split("x").map(Number);
  if (!Number.isInteger(sockets) || !Number.isInteger(shards) || sockets < 1 || shards < 1 || sockets > 20_000 || shards > 64) {
    throw new Error(`--runs: "${run}" is not <sockets>x<shards>`);
  }
  return { sockets, shards };
});
const postCount = positiveInt("posts", values.posts, 5);
const openConcurrency = positiveInt("open-concurrency", values["open-concurrency"], 500);
const PER_POST_WAIT_MS = 30_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function openFeed(origin, member) {
  const url = new URL("/api/feed/live", origin);
  url.protocol = "ws:";
  return new Promise((resolve) => {
    const client = { ws: null, open: false, arrivals: new Map() };
    const stop = setTimeout(() => resolve(client), 30_000);
    const ws = new WebSocket(url, { headers: { cookie: member.cookie, origin } });
    client.ws = ws;
    ws.addEventListener("open", () => {
      client.open = true;
      clearTimeout(stop);
      resolve(client);
    });
    ws.addEventListener("message", (e) => {
      if (typeof e.data !== "string" || !e.data.startsWith("{")) return;
      for (const event of JSON.parse(e.data).events ?? []) if (event.type === "post.created") client.arrivals.set(event.postId, performance.now());
    });
    ws.addEventListener("close", () => {
      clearTimeout(stop);
      resolve(client);
    });
    ws.addEventListener("error", () => {});
  });
}

async function openAll(origin, members) {
  const clients = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: openConcurrency }, async () => {
      while (next < members.length) clients.push(await openFeed(origin, members[next++]));
    }),
  );
  return clients;
}

async function measureRun({ sockets, shards }) {
  const { persistTo, workDir, adminCookie } = await freshMeasureState("measure-feed-shards");
  // The administrator's address counts as verified: posting needs it.
  await executeSql(persistTo, workDir, "verify.sql", "UPDATE users SET email_verified_at = 1 WHERE username LIKE 'measure_admin_%';\n");
  const members = await seedMembersWithSessions(persistTo, workDir, sockets, "reader");
  const worker = await startWorker(persistTo, workDir, {
    config: await frozenWorkerConfig(workDir, "worker/index.ts"),
    vars: { FEED_HUB_SHARDS: String(shards) },
  });
  let clients = [];
  try {
    const openStarted = performance.now();
    clients = await openAll(worker.origin, members);
    const open = clients.filter((c) => c.open && c.ws.readyState === WebSocket.OPEN);
    const openSeconds = (performance.now() - openStarted) / 1000;
    const latencies = [];
    const perPostMax = [];
    for (let i = 0; i < postCount; i++) {
      const res = await fetch(`${worker.origin}/api/posts`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: worker.origin, cookie: adminCookie },
        body: JSON.stringify({ content: `Shard measurement post ${i + 1}` }),
      });
      const answeredAt = performance.now();
      if (res.status !== 201) throw new Error(`POST /api/posts: ${res.status} ${await res.text()}`);
      const postId = (await res.json()).post.id;
      const until = answeredAt + PER_POST_WAIT_MS;
      while (performance.now() < until && open.some((c) => !c.arrivals.has(postId))) await sleep(20);
      const times = open.filter((c) => c.arrivals.has(postId)).map((c) => c.arrivals.get(postId) - answeredAt);
      latencies.push(...times);
      perPostMax.push(Math.max(...times));
      await sleep(250);
    }
    const sorted = latencies.sort((a, b) => a - b);
    return {
      label: `${sockets} sockets × ${shards} shard${shards === 1 ? "" : "s"}`,
      open: `${open.length}/${sockets} in ${openSeconds.toFixed(1)} s`,
      got: `${sorted.length}/${open.length * postCount}`,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1),
    };
  } finally {
    for (const c of clients) c.ws?.close();
    await worker.stop();
  }
}

const rows = [];
for (const run of runs) {
  try {
    const r = await measureRun(run);
    rows.push([r.label, r.open, r.got, `${r.p50.toFixed(0)} ms`, `${r.p99.toFixed(0)} ms`, `${r.max.toFixed(0)} ms`]);
    console.log(`${r.label}: sockets open ${r.open}, frames ${r.got}, p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, max ${r.max.toFixed(0)} ms`);
  } catch (err) {
    rows.push([`${run.sockets} sockets × ${run.shards} shards`, "failed", "", "", "", ""]);
    console.log(`${run.sockets} sockets × ${run.shards} shards: failed (${err?.cause?.code ?? err?.message ?? err})`);
  }
}
printTable(["configuration", "sockets open", "frames", "p50", "p99", "max"], rows);
console.log(`Per socket: the POST's answer → the frame with the post (${postCount} posts a configuration, one after another).`);
process.exit(0);
