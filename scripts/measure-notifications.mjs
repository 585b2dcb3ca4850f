#!/usr/bin/env node
// Prints the notification figures (fan-out and bell latency). Figures, not a pass/fail: docs/measurements.md
// records them.
//
// In a throwaway local state (never the developer's) it applies the migrations, adds an
// administrator and --sockets members with live sessions, and starts its own `wrangler dev` on
// 127.0.0.1 running the real Worker through scripts/lib/measure-notify-entry.mjs (which only counts
// the queue consumer's D1 work and adds loopback-only /__measure/* helpers), bundled once at the
// start so edits to the source meanwhile do not reload it. Miniflare runs the real queue and its
// real consumer, as under `npm start`. Then:
// 1. Bell latency: --sockets member-notices sockets (GET /api/feed/notices, each its own member's
//    session and an Origin header); one notification (notifyMembers, kind contact_reply) to those
//    members; per socket, the time from the send to its {"type":"notification"} frame.
// 2. Fan-out: for each --members count (e.g. 20000,100000), members are added by one INSERT ...
//    SELECT (`wrangler d1 execute --local --file`) up to that count, and an administrator announces
//    a release with POST /api/admin/notify {type:"release", id}; the run polls
//    GET /api/admin/notify/:id until it is done and reads the event's own recorded and finished
//    times. Prints the time to drain, rows per second, the consumer's D1 statements, round trips
//    and rows per fan-out page, queue messages, and the workerd processes' peak resident memory.
// 3. A paper estimate of what one such announcement costs in production (assumptions printed).
// Usage: node scripts/measure-notifications.mjs [--members 100000] [--sockets 1000]
//        [--open-concurrency 50] [--seconds 900] [--keep] [--worker <checkout>]
// --worker runs another checkout's Worker code (e.g. /work/main, for a before/after pair) with this
// checkout's measurement entry, wrangler.toml and migrations (a table that code does not know is
// left alone by it).
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { percentile, positiveInt, printTable } from "./lib/measure.mjs";
import { ROOT, wrangler } from "./lib/wrangler.mjs";
import { executeSql, frozenWorkerConfig, seedAdmin, seedMembersWithSessions, startWorker } from "./lib/measure-worker.mjs";
import { residentMemory, workerdPids } from "./lib/process-memory.mjs";

const { values } = parseArgs({
  options: {
    members: { type: "string", default: "100000" },
    sockets: { type: "string", default: "1000" },
    "open-concurrency": { type: "string", default: "50" },
    seconds: { type: "string", default: "900" },
    keep: { type: "boolean", default: false },
    worker: { type: "string" },
  },
});

const socketCount = positiveInt("sockets", values.sockets, 5000);
const openConcurrency = positiveInt("open-concurrency", values["open-concurrency"], 500);
const maxSeconds = positiveInt("seconds", values.seconds, 3600);
const memberCounts = values.members.split(",").map((raw) => positiveInt("members", raw, 1_000_000));
if (memberCounts.some((n, i) => n <= socketCount || (i > 0 && n <= memberCounts[i - 1]))) {
  console.error("--members must be increasing counts, each above --sockets (e.g. 20000,100000)");
  process.exit(1);
}
const deadline = performance.now() + maxSeconds * 1000;
/** The albums the local seed holds (scripts/catalog/demo-catalog-seed.mjs): one release announced per member count. */
const ALBUMS = ["city-lights-calling", "radio-heartline", "freestyle-nights", "spring-love-single", "moonlight-boulevard"];
if (memberCounts.length > ALBUMS.length) {
  console.error(`at most ${ALBUMS.length} member counts`);
  process.exit(1);
}
/** How long the sockets may take to get one notification before the run reports what it has. */
const BELL_WAIT_MS = 60_000;
/** How often the announcement's progress is read while it fans out. */
const POLL_MS = 500;

/**
 * Prices used by the paper estimate (USD, Workers Paid, read in 2026 from Cloudflare's pricing
 * pages, cited in docs/measurements.md): beyond each plan's monthly allowance.
 */
const PRICE = {
  queueOpsPerMillion: 0.4, // Queues: per million operations (64 KB each written, read or deleted)
  d1RowsWrittenPerMillion: 1.0,
  d1RowsReadPerMillion: 0.001,
  workerRequestsPerMillion: 0.3,
  doRequestsPerMillion: 0.15, // Durable Objects: each RPC call is a request
};
/** The consumer's page (worker/services/notifications FANOUT_PAGE_SIZE). */
const PAGE_SIZE = 1000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (ms) => (Number.isNaN(ms) ? "-" : ms.toFixed(1));
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const thousands = (n) => Math.round(n).toLocaleString("en-US");
const stats = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
};

// Memory of the local runtime -------------------------------------------------------------------

// Seeding ----------------------------------------------------------------------------------------

/** Members `from`..`to` (numbered), random ids like the site's, in one INSERT ... SELECT. */
async function seedMembers(persistTo, workDir, from, to) {
  const sql = `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
INSERT INTO users (id, email, username, password_hash)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(2)) || '-' || hex(randomblob(6))),
       'fan_' || i || '@measure.example', 'fan_' || i, 'unused' FROM n;\n`;
  const started = performance.now();
  await executeSql(persistTo, workDir, `members-${to}.sql`, sql);
  return performance.now() - started;
}

// The local Worker's helpers ---------------------------------------------------------------------

async function json(response, what) {
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const d1Counts = (origin, reset = false) => fetch(`${origin}/__measure/d1`, { method: reset ? "POST" : "GET" }).then((r) => json(r, "/__measure/d1"));
const eventRow = (origin, id) => fetch(`${origin}/__measure/event?id=${encodeURIComponent(id)}`).then((r) => json(r, "/__measure/event"));

// Sockets ----------------------------------------------------------------------------------------

/** A member-notices socket: when each notification frame came. Resolves once open (or refused). */
function openNotices(origin, member) {
  const socketUrl = new URL("/api/feed/notices", origin);
  socketUrl.protocol = "ws:";
  return new Promise((resolve) => {
    const client = { ws: null, state: "opening", frames: [], openedAt: Number.NaN, closedAt: Number.NaN };
    const stop = setTimeout(() => resolve(client), 30_000);
    const ws = new WebSocket(socketUrl, { headers: { cookie: member.cookie, origin } });
    client.ws = ws;
    ws.addEventListener("open", () => {
      client.state = "open";
      client.openedAt = performance.now();
      clearTimeout(stop);
      resolve(client);
    });
    ws.addEventListener("message", (e) => {
      if (typeof e.data === "string" && e.data.includes('"type":"notification"')) client.frames.push(performance.now());
    });
    ws.addEventListener("close", (e) => {
      client.state = client.state === "opening" ? `refused (${e.code})` : `closed after opening (${e.code}${e.reason ? ` ${e.reason}` : ""})`;
      client.closedAt = performance.now();
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
      while (next < members.length) clients.push(await openNotices(origin, members[next++]));
    }),
  );
  return clients;
}

/** Resolves when every open client has more than `before` frames, or after `ms`. */
async function waitForFrames(clients, before, ms) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (clients.every((c, i) => c.frames.length > before[i] || c.ws.readyState !== WebSocket.OPEN)) return;
    await sleep(20);
  }
}

// The run ----------------------------------------------------------------------------------------

async function announce(origin, adminCookie, adminId, albumId) {
  const headers = { "content-type": "application/json", origin, cookie: adminCookie };
  const sentAt = performance.now();
  const response = await fetch(`${origin}/api/admin/notify`, { method: "POST", headers, body: JSON.stringify({ type: "release", id: albumId }) });
  if (response.status !== 404) {
    const progress = await json(response, "POST /api/admin/notify");
    return { id: progress.id, sentAt, respondedAt: performance.now(), via: "POST /api/admin/notify", progressRoute: true };
  }
  // Not mounted on this build: the same producer through the measurement entry.
  const body = await fetch(`${origin}/__measure/broadcast`, { method: "POST", body: JSON.stringify({ albumId, title: albumId, createdBy: adminId }) }).then(
    (r) => json(r, "/__measure/broadcast"),
  );
  return { id: body.id, sentAt, respondedAt: performance.now(), via: "broadcast() via /__measure/broadcast (no admin route)", progressRoute: false };
}

async function fanOut(worker, admin, pids, clients, members, albumId) {
  const { origin } = worker;
  await d1Counts(origin, true);
  const before = clients.map((c) => c.frames.length);
  const rssBefore = residentMemory(pids).current;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, residentMemory(pids).current)), 100);
  try {
    const sent = await announce(origin, admin.cookie, admin.id, albumId);
    let progress = null;
    for (;;) {
      if (sent.progressRoute) {
        progress = await fetch(`${origin}/api/admin/notify/${encodeURIComponent(sent.id)}`, { headers: { cookie: admin.cookie } }).then((r) =>
          json(r, "GET /api/admin/notify/:id"),
        );
        if (progress.done) break;
      } else if ((await eventRow(origin, sent.id)).fanned_out_at !== null) break;
      if (performance.now() > deadline) throw new Error(`the fan-out to ${members} members did not finish within --seconds ${maxSeconds}`);
      await sleep(POLL_MS);
    }
    const doneAt = performance.now();
    // The last page's nudges may trail the written rows by a moment.
    await waitForFrames(clients, before, 5_000);
    const event = await eventRow(origin, sent.id);
    const counts = await d1Counts(origin);
    const socketDelays = clients.flatMap((c, i) => (c.frames.length > before[i] ? [c.frames[before[i]] - sent.sentAt] : []));
    return { sent, progress, doneAt, event, counts, rssBefore, peakRss, memory: residentMemory(pids), socketDelays };
  } finally {
    clearInterval(sampler);
  }
}

function costEstimate(members, result) {
  const messages = result.counts.messages || Math.ceil(members / PAGE_SIZE) + 1;
  const queueOps = messages * 3; // each message: one write, one read, one delete (under 64 KB)
  const workerRequests = 1 + messages; // the admin's POST, and (at worst) one consumer invocation per message
  const rowsWritten = result.counts.rowsWritten;
  const rowsRead = result.counts.rowsRead;
  const doRequests = messages; // at most one notificationsArrived RPC to the feed hub per page
  const cost = {
    queue: (queueOps / 1e6) * PRICE.queueOpsPerMillion,
    d1Written: (rowsWritten / 1e6) * PRICE.d1RowsWrittenPerMillion,
    d1Read: (rowsRead / 1e6) * PRICE.d1RowsReadPerMillion,
    workers: (workerRequests / 1e6) * PRICE.workerRequestsPerMillion,
    durableObjects: (doRequests / 1e6) * PRICE.doRequestsPerMillion,
  };
  const total = Object.values(cost).reduce((a, b) => a + b, 0);
  return { messages, queueOps, workerRequests, rowsWritten, rowsRead, doRequests, cost, total };
}

/** The measurement entry: this checkout's, or a copy in the work directory importing --worker's code. */
async function measurementEntry(workDir) {
  const entry = "scripts/lib/measure-notify-entry.mjs";
  if (!values.worker) return entry;
  const code = path.resolve(values.worker, "worker");
  const source = await readFile(path.join(ROOT, entry), "utf8");
  const copy = path.join(workDir, "measure-notify-entry.mjs");
  await writeFile(copy, source.replaceAll('"../../worker/', `"${code}/`));
  return copy;
}

async function main() {
  const [load1] = loadavg();
  console.log(`Load average (1 min) at start: ${load1.toFixed(2)}. Figures below are from one shared machine; read them as relative.`);
  const stateDir = path.join(ROOT, ".tmp", "measure-notifications");
  const persistTo = path.join(stateDir, "state");
  const workDir = path.join(stateDir, "work");
  await rm(stateDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  // The Worker's config names the built files' folder; no page is rendered here, so empty will do.
  await mkdir(path.join(ROOT, "dist", "client"), { recursive: true });
  let worker = null;
  let clients = [];
  try {
    await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
    const adminCookie = await seedAdmin(persistTo, workDir);
    const seedStarted = performance.now();
    const socketMembers = await seedMembersWithSessions(persistTo, workDir, socketCount, "bell");
    console.log(`Seeded an administrator and ${socketCount} members with sessions in ${seconds(performance.now() - seedStarted)}.`);
    worker = await startWorker(persistTo, workDir, { config: await frozenWorkerConfig(workDir, await measurementEntry(workDir)) });
    const { origin } = worker;
    const pids = workerdPids(worker.pid);
    const me = await fetch(`${origin}/api/auth/me`, { headers: { cookie: adminCookie } }).then((r) => r.json().catch(() => null));
    const admin = { cookie: adminCookie, id: me?.user?.id ?? null };
    console.log(
      `Target ${origin} (wrangler dev: workerd, local D1, Miniflare's queue with the real consumer), running the Worker of ${values.worker ? path.resolve(values.worker) : ROOT}.\n`,
    );

    // 1. Bell latency ---------------------------------------------------------------------------
    const openStarted = performance.now();
    clients = await openAll(origin, socketMembers);
    const open = clients.filter((c) => c.state === "open");
    console.log(`Sockets: ${open.length} of ${socketCount} member-notices sockets open in ${seconds(performance.now() - openStarted)}.`);
    const refused = new Map();
    for (const c of clients) if (c.state !== "open") refused.set(c.state, (refused.get(c.state) ?? 0) + 1);
    if (refused.size > 0) {
      console.log(`Not open: ${[...refused].map(([s, n]) => `${n} ${s}`).join(", ")}`);
      const lost = clients.filter((c) => !Number.isNaN(c.closedAt) && !Number.isNaN(c.openedAt));
      if (lost.length > 0) {
        const at = stats(lost.map((c) => c.closedAt - openStarted));
        const lived = stats(lost.map((c) => c.closedAt - c.openedAt));
        console.log(
          `  they closed ${seconds(at.p50)} (p50) / ${seconds(at.max)} (max) after the first handshake, having been open ${seconds(lived.p50)} (p50).`,
        );
      }
    }
    if (open.length === 0) throw new Error("no socket opened");

    await d1Counts(origin, true);
    const bellBefore = clients.map((c) => c.frames.length);
    const bellSentAt = performance.now();
    await fetch(`${origin}/__measure/notify-members`, {
      method: "POST",
      body: JSON.stringify({ id: `measure:bell:${randomUUID()}`, actorId: admin.id, userIds: socketMembers.map((m) => m.id) }),
    }).then((r) => json(r, "/__measure/notify-members"));
    const bellRespondedAt = performance.now();
    await waitForFrames(clients, bellBefore, BELL_WAIT_MS);
    const bell = stats(clients.flatMap((c, i) => (c.frames.length > bellBefore[i] ? [c.frames[bellBefore[i]] - bellSentAt] : [])));
    const bellCounts = await d1Counts(origin);
    console.log(
      `\nBell update: one notification (notifyMembers, one queue message) to the ${socketCount} socket members; ms from the send to each socket's {"type":"notification"} frame:`,
    );
    printTable(
      ["sockets", "got it", "p50", "p99", "max", "producer call"],
      [[String(open.length), String(bell.n), fmt(bell.p50), fmt(bell.p99), fmt(bell.max), `${fmt(bellRespondedAt - bellSentAt)} ms`]],
    );
    console.log(
      `Consumer's D1 work for it: ${bellCounts.queries + bellCounts.batchStatements} statements in ${bellCounts.queries + bellCounts.batches} round trips, ${thousands(bellCounts.rowsWritten)} rows written (D1 meta).`,
    );
    printTable(
      ["statements", "rows written", "SQL"],
      bellCounts.bySql.map((q) => [String(q.statements), thousands(q.rowsWritten), q.sql.slice(0, 120)]),
    );

    // 2. Fan-out --------------------------------------------------------------------------------
    let seeded = socketCount + 1; // the sockets' members and the administrator
    const results = [];
    for (const [i, members] of memberCounts.entries()) {
      if (performance.now() > deadline) {
        console.log(`\nStopped before ${members} members: the --seconds ${maxSeconds} limit was reached.`);
        break;
      }
      const seedMs = await seedMembers(persistTo, workDir, seeded + 1, members);
      seeded = members;
      console.log(`\nSeeded members up to ${thousands(members)} in ${seconds(seedMs)}; announcing release "${ALBUMS[i]}" to all of them…`);
      const load = loadavg()[0];
      const result = await fanOut(worker, admin, pids, clients, members, ALBUMS[i]);
      results.push({ members, load, ...result });
      const drainMs = result.event.fanned_out_at - (result.event.created_at ?? 0);
      const c = result.counts;
      // Every queue message is one page (the last may be empty: it only marks the fan-out done).
      const pages = Math.max(1, c.messages);
      console.log(`  via ${result.sent.via}; POST answered in ${fmt(result.sent.respondedAt - result.sent.sentAt)} ms.`);
      console.log(
        `  recipients ${thousands(result.event.recipients_total)}, written ${thousands(result.event.recipients_written)} (rows now ${thousands(result.event.rows_now)}); ` +
          `drain ${seconds(drainMs)} by the event's own clock (recorded → fanned_out_at), ${seconds(result.doneAt - result.sent.sentAt)} by this client's polling.`,
      );
      console.log(
        `  ${c.messages} queue messages (pages of up to ${PAGE_SIZE}) in ${c.invocations} consumer invocations; D1 per page: ${((c.queries + c.batchStatements) / pages).toFixed(1)} statements in ${((c.queries + c.batches) / pages).toFixed(1)} round trips, ` +
          `${thousands(c.rowsWritten / pages)} rows written, ${thousands(c.rowsRead / pages)} rows read (D1 meta; first() reads not counted); ` +
          `the consumer ran ${seconds(c.consumerMs)} in all, ${fmt(c.consumerMs / pages)} ms a page.`,
      );
      console.log(`  The consumer's D1 statements by kind (per page; SQL's start):`);
      printTable(
        ["statements / page", "rows written / page", "rows read / page", "SQL"],
        c.bySql
          .slice(0, 20)
          .map((q) => [(q.statements / pages).toFixed(1), thousands(q.rowsWritten / pages), thousands(q.rowsRead / pages), q.sql.slice(0, 110)]),
      );
      const got = stats(result.socketDelays);
      console.log(
        `  The ${open.length} open sockets got this announcement's frame after p50 ${seconds(got.p50)}, p99 ${seconds(got.p99)}, max ${seconds(got.max)} (${got.n} got it).`,
      );
    }

    // Summary -----------------------------------------------------------------------------------
    console.log("\nSummary");
    printTable(
      ["figure", ...results.map((r) => `${thousands(r.members)} members`)],
      [
        ["load average (1 min) at the announcement", ...results.map((r) => r.load.toFixed(2))],
        ["POST /api/admin/notify answered in", ...results.map((r) => `${fmt(r.sent.respondedAt - r.sent.sentAt)} ms`)],
        ["time to drain (event clock)", ...results.map((r) => seconds(r.event.fanned_out_at - r.event.created_at))],
        [
          "rows written / s (notifications)",
          ...results.map((r) => thousands(r.event.recipients_written / ((r.event.fanned_out_at - r.event.created_at) / 1000))),
        ],
        ["queue messages", ...results.map((r) => String(r.counts.messages))],
        ["D1 statements / page (message)", ...results.map((r) => ((r.counts.queries + r.counts.batchStatements) / Math.max(1, r.counts.messages)).toFixed(1))],
        ["D1 round trips / page (message)", ...results.map((r) => ((r.counts.queries + r.counts.batches) / Math.max(1, r.counts.messages)).toFixed(1))],
        ["D1 rows written (meta)", ...results.map((r) => thousands(r.counts.rowsWritten))],
        ["consumer time / page", ...results.map((r) => `${fmt(r.counts.consumerMs / Math.max(1, r.counts.messages))} ms`)],
        ["workerd RSS before the announcement", ...results.map((r) => mib(r.rssBefore))],
        ["workerd peak RSS during it (sampled)", ...results.map((r) => mib(r.peakRss))],
        ["workerd VmHWM (lifetime)", ...results.map((r) => mib(r.memory.peak))],
      ],
    );
    console.log(
      `Bell update (${open.length} sockets, one notification): p50 ${fmt(bell.p50)} ms, p99 ${fmt(bell.p99)} ms, max ${fmt(bell.max)} ms, ${bell.n} of ${open.length} arrived.`,
    );

    // 3. Paper estimate -------------------------------------------------------------------------
    const last = results.at(-1);
    if (last) {
      const e = costEstimate(last.members, last);
      console.log(
        `\nPaper estimate: one release announced to ${thousands(last.members)} members in production (USD, Workers Paid, beyond the monthly allowances):`,
      );
      printTable(
        ["item", "units", "price", "cost"],
        [
          ["Queues operations", thousands(e.queueOps), `$${PRICE.queueOpsPerMillion}/M`, `$${e.cost.queue.toFixed(4)}`],
          ["D1 rows written", thousands(e.rowsWritten), `$${PRICE.d1RowsWrittenPerMillion}/M`, `$${e.cost.d1Written.toFixed(4)}`],
          ["D1 rows read", thousands(e.rowsRead), `$${PRICE.d1RowsReadPerMillion}/M`, `$${e.cost.d1Read.toFixed(4)}`],
          ["Workers requests", thousands(e.workerRequests), `$${PRICE.workerRequestsPerMillion}/M`, `$${e.cost.workers.toFixed(4)}`],
          ["Durable Object requests", thousands(e.doRequests), `$${PRICE.doRequestsPerMillion}/M`, `$${e.cost.durableObjects.toFixed(4)}`],
          ["total", "", "", `$${e.total.toFixed(4)}`],
        ],
      );
      console.log(
        [
          "Assumptions: every member keeps the default preferences (release: on in the app, by push and by e-mail) and none is banned;",
          `the consumer's page is ${PAGE_SIZE} members (one queue message each, ${e.messages} here), each message under 64 KB = 3 operations (write, read, delete), no retries;`,
          "every message counted as one Workers request (batches of up to 10 make it fewer); one feed-hub RPC per page;",
          "D1 rows are what local D1 reported in meta for the consumer's statements (index entries included as D1 counts them), first() reads not counted;",
          "not included: push (no subscriptions here: each push is an outbound fetch, not billed as a request, plus its encryption's CPU time), the daily e-mail digest,",
          "CPU time (the Standard model bills CPU-ms beyond 30M a month), storage of the new rows, and the monthly allowances (10M requests, 1M queue ops, 50M D1 rows written),",
          "which a few announcements a month stay within.",
        ].join("\n"),
      );
    }
  } finally {
    for (const c of clients) {
      try {
        c.ws?.close(1000, "measurement done");
      } catch {
        // already closed
      }
    }
    await worker?.stop();
    if (!values.keep) await rm(stateDir, { recursive: true, force: true });
  }
}

await main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
