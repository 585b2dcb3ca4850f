#!/usr/bin/env node
// Feed fan-out across the feed hub's shards (decision 047): for each configuration
// ("sockets×shards", default 1000x1,1000x4,5000x1,5000x4) a throwaway local state gets that many
// members with sessions, its own `wrangler dev` runs with FEED_HUB_SHARDS, every member opens a
// feed socket (so the sockets spread over the shards by member), and an administrator posts
// --posts times. Per socket: the POST's answer → the frame with the post, split at the hub's
// `sentAt` stamp into the server's part and the delivery (scripts/lib/feed-delivery.mjs).
//
// The sockets are held by --processes client processes (scripts/lib/socket-clients.mjs) and go
// straight to the workerd that runs the Worker, past wrangler's proxy (scripts/lib/workerd-direct.mjs:
// two descriptors a socket there instead of four in the proxy), unless --through-proxy. Every
// process raises its own open-file limit to the hard limit. Figures, not a pass/fail:
// docs/measurements.md records them, with the load average this prints.
// Usage: node scripts/measure-feed-shards.mjs [--runs 1000x1,5000x4] [--posts 3] [--processes 4]
//        [--open-concurrency 100] [--through-proxy]
import { parseArgs } from "node:util";
import { positiveInt, printTable } from "./lib/measure.mjs";
import { executeSql, freshMeasureState, frozenWorkerConfig, seedMembersWithSessions, startWorker } from "./lib/measure-worker.mjs";
import { defaultClientProcesses, hardOpenFileLimit, startClients, summarize } from "./lib/socket-clients.mjs";
import { deliverPosts, loadAverage, ms, printDelivery } from "./lib/feed-delivery.mjs";
import { descriptorCount, workerdBehind } from "./lib/workerd-direct.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1000x1,1000x4,5000x1,5000x4" },
    posts: { type: "string", default: "3" },
    processes: { type: "string", default: String(defaultClientProcesses()) },
    "open-concurrency": { type: "string", default: "100" },
    "through-proxy": { type: "boolean", default: false },
  },
});
const runs = values.runs.split(",").map((run) => {
  const [sockets, shards] = run.split("x").map(Number);
  if (!Number.isInteger(sockets) || !Number.isInteger(shards) || sockets < 1 || shards < 1 || sockets > 20_000 || shards > 64) {
    throw new Error(`--runs: "${run}" is not <sockets>x<shards>`);
  }
  return { sockets, shards };
});
const postCount = positiveInt("posts", values.posts, 10);
const processes = positiveInt("processes", values.processes, 64);
const openConcurrency = positiveInt("open-concurrency", values["open-concurrency"], 1000);

/** Descriptors of the processes a socket passes through, per socket open. */
function descriptors(server, sockets) {
  const perSocket = (pid) => {
    const count = pid ? descriptorCount(pid) : null;
    return count ? `${count.total} (${(count.sockets / sockets).toFixed(1)} sockets/socket)` : "-";
  };
  return `Worker's workerd ${perSocket(server.pid)}; wrangler's proxy ${perSocket(server.proxyPid)}`;
}

async function measureRun({ sockets, shards }) {
  const label = `${sockets} sockets × ${shards} shard${shards === 1 ? "" : "s"}`;
  const { persistTo, workDir, adminCookie } = await freshMeasureState("measure-feed-shards");
  // The administrator's address counts as verified: posting needs it.
  await executeSql(persistTo, workDir, "verify.sql", "UPDATE users SET email_verified_at = 1 WHERE username LIKE 'measure_admin_%';\n");
  const members = await seedMembersWithSessions(persistTo, workDir, sockets, "reader");
  const worker = await startWorker(persistTo, workDir, {
    config: await frozenWorkerConfig(workDir, "worker/index.ts"),
    vars: { FEED_HUB_SHARDS: String(shards) },
    // The hub's own line for a slow send ("feed: a flush to N sockets took X ms") is a warning.
    logLevel: "warn",
  });
  const clients = startClients(processes);
  try {
    const direct = values["through-proxy"] ? null : await workerdBehind(worker.origin);
    const origin = direct?.origin ?? worker.origin;
    const url = `${origin.replace(/^http/, "ws")}/api/feed/live`;
    const openStarted = performance.now();
    const opened = await clients.open({ url, origin, cookies: members.map((m) => m.cookie), kind: "feed", concurrency: openConcurrency });
    const openSeconds = ((performance.now() - openStarted) / 1000).toFixed(1);
    const handshakes = summarize(opened.readyMs);
    console.log(`\n${label}, ${direct ? "straight to the Worker's workerd" : "through wrangler's proxy"}, ${processes} client processes:`);
    console.log(`  sockets open ${handshakes.n}/${sockets} in ${openSeconds} s (handshake p50 ${ms(handshakes.p50)} ms, p99 ${ms(handshakes.p99)} ms)`);
    if (Object.keys(opened.states).length > 0) console.log(`  not open: ${JSON.stringify(opened.states)}`);
    console.log(`  descriptors: ${descriptors(direct ?? { pid: null, proxyPid: null }, handshakes.n)}`);
    const result = await deliverPosts({ clients, origin, cookie: adminCookie, count: postCount, label: "Shard measurement post" });
    console.log(`  load average ${loadAverage()}`);
    printDelivery(result);
    return [
      label,
      `${handshakes.n}/${sockets}`,
      `${result.total.n}`,
      ms(result.total.p50),
      ms(result.total.p99),
      ms(result.total.max),
      ms(result.hub.p99),
      ms(result.delivery.p99),
      loadAverage(),
    ];
  } finally {
    await clients.close();
    await worker.stop();
  }
}

console.log(`Open-file limit: hard ${hardOpenFileLimit()} per process (every process here raises its soft limit to it).`);
const rows = [];
for (const run of runs) {
  try {
    rows.push(await measureRun(run));
  } catch (err) {
    rows.push([`${run.sockets} sockets × ${run.shards} shards`, "failed", "", "", "", "", "", "", loadAverage()]);
    console.log(`${run.sockets} sockets × ${run.shards} shards: failed (${err?.cause?.code ?? err?.message ?? err})`);
  }
}
console.log("\nPer socket: the POST's answer → the frame with the post, ms; hub = answer → the shard's flush start, delivery = flush start → read.");
printTable(["configuration", "open", "frames", "p50", "p99", "max", "hub p99", "delivery p99", "load average"], rows);
process.exit(0);
