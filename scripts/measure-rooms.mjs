#!/usr/bin/env node
// Community rooms' figures (decision 106), on a throwaway local state with its own `wrangler dev`
// (scripts/lib/measure-worker.mjs: members with sessions and the rooms written straight into its
// D1, the Worker bundled once). Figures, not a pass/fail: docs/measurements.md records them, with
// the load average this prints. Everything stays on 127.0.0.1.
//
// 1. One room, --sockets sockets (--members members, several sockets each: a member's tabs count
//    too), held by --processes client processes (scripts/lib/socket-clients.mjs), straight to the
//    workerd that runs the Worker unless --through-proxy. A member's socket held here sends
//    --messages messages; per message, ms from the send's answer (the echo on the sender's socket)
//    to each socket's frame (negative: it reached that socket before the sender's; the echo's own
//    time after the send is printed beside). Goal: p99 under 500 ms at 5,000 sockets.
// 2. --rooms rooms of --room-sockets sockets each (the big room's closed first); one message sent
//    in every room at once, --rounds times; per room, ms from its sender's echo to its sockets'
//    frames.
// 3. The history page (GET /api/rooms/:id/messages, the newest page and the one before it, in
//    turn) read --reads times one after another, with the big room's sockets still open.
// 4. The Worker's workerd (where every room object runs): its resident memory and the isolate's JS
//    heap (its inspector, scripts/lib/workerd-memory.mjs) before the sockets, with them open, and
//    after the messages.
// Usage: node scripts/measure-rooms.mjs [--sockets 5000] [--members 1000] [--messages 5]
//        [--rooms 100] [--room-sockets 50] [--rounds 3] [--reads 200] [--processes 4]
//        [--open-concurrency 100] [--through-proxy]
// A quick try: node scripts/measure-rooms.mjs --sockets 500 --rooms 10
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { percentile, positiveInt, printTable } from "./lib/measure.mjs";
import { executeSql, freshMeasureState, frozenWorkerConfig, seedMembersWithSessions, startWorker } from "./lib/measure-worker.mjs";
import { defaultClientProcesses, hardOpenFileLimit, startClients, summarize } from "./lib/socket-clients.mjs";
import { loadAverage } from "./lib/feed-delivery.mjs";
import { workerdBehind } from "./lib/workerd-direct.mjs";
import { heapUsageMb, workerInspectorOf } from "./lib/workerd-memory.mjs";
import { residentMemory } from "./lib/process-memory.mjs";

const { values } = parseArgs({
  options: {
    sockets: { type: "string", default: "5000" },
    members: { type: "string", default: "" },
    messages: { type: "string", default: "5" },
    rooms: { type: "string", default: "100" },
    "room-sockets": { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
    reads: { type: "string", default: "200" },
    processes: { type: "string", default: String(Math.max(4, defaultClientProcesses())) },
    "open-concurrency": { type: "string", default: "100" },
    "through-proxy": { type: "boolean", default: false },
  },
});
const socketCount = positiveInt("sockets", values.sockets, 20_000);
const memberCount = positiveInt("members", values.members || String(Math.ceil(socketCount / 5)), 20_000);
const messageCount = positiveInt("messages", values.messages, 100);
const roomCount = positiveInt("rooms", values.rooms, 1000);
const roomSockets = positiveInt("room-sockets", values["room-sockets"], 1000);
const rounds = positiveInt("rounds", values.rounds, 20);
const readCount = positiveInt("reads", values.reads, 10_000);
const processes = positiveInt("processes", values.processes, 64);
const openConcurrency = positiveInt("open-concurrency", values["open-concurrency"], 1000);

const BIG_ROOM = "measure-big";
const smallRoom = (n) => `measure-${n}`;
/** Messages written into the big room before the sockets open: two full history pages and some. */
const HISTORY_FILL = 110;
/** Per socket the room takes 10 frames a second: the sender keeps under it. */
const SEND_GAP_MS = 120;
const WAIT_MS = 30_000;
const GOAL_P99_MS = 500;

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (v) => (v === null || Number.isNaN(v) ? "-" : v.toFixed(1));
/** When each measured text left its sender (epoch ms): the echo's own delay is reported beside. */
const sentAt = new Map();
const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** The big room and --rooms small ones, every member's to read and write. */
function roomsSql(now) {
  const ids = [BIG_ROOM, ...Array.from({ length: roomCount }, (_, n) => smallRoom(n + 1))];
  return `${ids
    .map(
      (id, position) =>
        `INSERT INTO rooms (id, name_en, name_pt_br, read_access, write_access, position, created_at, updated_at) VALUES (${sqlText(id)}, ${sqlText(id)}, ${sqlText(id)}, 'members', 'members', ${position}, ${now}, ${now});`,
    )
    .join("\n")}\n`;
}

/**
 * A socket held here that sends: resolves once its welcome came. `send(text)` resolves with the
 * epoch ms its echo (the message frame answering its clientId) arrived, and notes when it left.
 */
function openSender(url, origin, cookie) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin } });
    const echoes = new Map();
    ws.addEventListener("message", (e) => {
      const at = epochNow();
      const frame = JSON.parse(String(e.data));
      if (frame.type === "welcome") resolve(sender);
      else if (frame.type === "message" && frame.clientId) echoes.get(frame.clientId)?.resolve(at);
      else if (frame.type === "error" && frame.clientId) echoes.get(frame.clientId)?.reject(new Error(`send refused: ${frame.code}`));
    });
    ws.addEventListener("close", (e) => reject(new Error(`a sending socket closed (${e.code})`)));
    const sender = {
      ws,
      send(text) {
        const clientId = randomUUID();
        const echoed = new Promise((ok, fail) => echoes.set(clientId, { resolve: ok, reject: fail }));
        sentAt.set(text, epochNow());
        ws.send(JSON.stringify({ type: "send", clientId, text }));
        return echoed;
      },
    };
  });
}

/** The Worker's workerd: resident MB and the isolate's heap (used / reserved MB). */
async function memoryOf(direct, inspectorUrl) {
  if (!direct) return { rss: null, heap: null };
  // The inspector's first session may answer nothing while the isolate starts: one more try.
  const heap = (await heapUsageMb(inspectorUrl)) ?? (await heapUsageMb(inspectorUrl));
  return { rss: residentMemory([direct.pid]).current / 1048576, heap };
}
const memoryRow = (label, m) => [label, fmt(m.rss), m.heap ? fmt(m.heap.used) : "-", m.heap ? fmt(m.heap.total) : "-", loadAverage()];

/** Per message: its arrivals at the client processes, ms after the sender's echo and after the send. */
function delays(clients, text, echoAt) {
  const arrivals = clients.arrivals(`room:${text}`);
  return { afterEcho: arrivals.map((a) => a.at - echoAt), afterSend: arrivals.map((a) => a.at - sentAt.get(text)) };
}

/**
 * Percentiles of the arrivals after the echo; how long the echo itself took after the send; and
 * the arrivals' p99 counted from the send instead (`fromSend`: each arrival's own).
 */
const statRow = (label, got, list, echoMs, fromSend) => {
  const s = summarize(list);
  return [label, got, fmt(s.p50), fmt(s.p95), fmt(s.p99), fmt(s.max), echoMs, fmt(summarize(fromSend).p99)];
};
const HEADER = ["got it", "p50", "p95", "p99", "max", "echo after send", "p99 from send"];

async function bigRoom({ clients, origin, wsOrigin, members, sender }) {
  const url = `${wsOrigin}/api/rooms/${BIG_ROOM}/live`;
  const cookies = Array.from({ length: socketCount }, (_, n) => members[n % members.length].cookie);
  const started = performance.now();
  const opened = await clients.open({ url, origin, cookies, kind: "room", concurrency: openConcurrency });
  const join = summarize(opened.readyMs);
  console.log(
    `Big room: ${join.n}/${socketCount} sockets of ${Math.min(members.length, socketCount)} members joined in ${((performance.now() - started) / 1000).toFixed(1)} s (to the welcome: p50 ${fmt(join.p50)} ms, p99 ${fmt(join.p99)} ms); load average ${loadAverage()}`,
  );
  if (Object.keys(opened.states).length > 0) console.log(`  not joined: ${JSON.stringify(opened.states)}`);
  const rows = [];
  const all = [];
  const allFromSend = [];
  for (let m = 1; m <= messageCount; m++) {
    const live = await clients.live();
    const text = `measure big ${m} ${randomUUID()}`;
    const echoAt = await sender.send(text);
    await clients.waitFor(`room:${text}`, live, WAIT_MS);
    const { afterEcho, afterSend } = delays(clients, text, echoAt);
    all.push(...afterEcho);
    allFromSend.push(...afterSend);
    rows.push(statRow(`message ${m}`, `${afterEcho.length}/${live}`, afterEcho, fmt(echoAt - sentAt.get(text)), afterSend));
    await sleep(SEND_GAP_MS * 3);
  }
  return { rows, all, allFromSend, join };
}

async function smallRooms({ clients, origin, wsOrigin, members }) {
  const urls = [];
  const cookies = [];
  for (let r = 1; r <= roomCount; r++) {
    for (let s = 0; s < roomSockets; s++) {
      urls.push(`${wsOrigin}/api/rooms/${smallRoom(r)}/live`);
      cookies.push(members[((r - 1) * roomSockets + s) % members.length].cookie);
    }
  }
  const started = performance.now();
  const opened = await clients.open({ url: null, urls, origin, cookies, kind: "room", concurrency: openConcurrency });
  console.log(
    `Small rooms: ${opened.readyMs.length}/${urls.length} sockets in ${roomCount} rooms joined in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
  );
  if (Object.keys(opened.states).length > 0) console.log(`  not joined: ${JSON.stringify(opened.states)}`);
  // One sender per room (the room's first member), held here.
  const senders = await Promise.all(
    Array.from({ length: roomCount }, (_, i) =>
      openSender(`${wsOrigin}/api/rooms/${smallRoom(i + 1)}/live`, origin, members[(i * roomSockets) % members.length].cookie),
    ),
  );
  const all = [];
  const allFromSend = [];
  const rows = [];
  for (let round = 1; round <= rounds; round++) {
    const texts = senders.map((_, i) => `measure room ${i + 1} round ${round} ${randomUUID()}`);
    const echoes = await Promise.all(senders.map((sender, i) => sender.send(texts[i])));
    // Every socket of each room is in a client process (the sender is an extra one, held here).
    await Promise.all(texts.map((text) => clients.waitFor(`room:${text}`, roomSockets, WAIT_MS)));
    const measured = texts.map((text, i) => delays(clients, text, echoes[i]));
    const list = measured.flatMap((d) => d.afterEcho);
    const fromSend = measured.flatMap((d) => d.afterSend);
    all.push(...list);
    allFromSend.push(...fromSend);
    const echoMs = summarize(texts.map((text, i) => echoes[i] - sentAt.get(text)));
    rows.push(statRow(`round ${round}`, `${list.length}/${roomCount * roomSockets}`, list, `p50 ${fmt(echoMs.p50)}, max ${fmt(echoMs.max)}`, fromSend));
    await sleep(SEND_GAP_MS * 3);
  }
  for (const sender of senders) sender.ws.close(1000, "measurement done");
  return { rows, all, allFromSend };
}

async function historyReads(origin, cookie) {
  const times = [];
  let failed = 0;
  const newest = await fetch(`${origin}/api/rooms/${BIG_ROOM}/messages`, { headers: { cookie, origin } }).then((r) => r.json());
  const before = newest.messages[0]?.seq ?? null;
  for (let i = 0; i < readCount; i++) {
    const query = i % 2 === 1 && before !== null ? `?before=${before}` : "";
    const t0 = performance.now();
    const response = await fetch(`${origin}/api/rooms/${BIG_ROOM}/messages${query}`, { headers: { cookie, origin } });
    const body = await response.json();
    times.push(performance.now() - t0);
    if (response.status !== 200 || body.messages.length === 0) failed++;
  }
  return { times, failed };
}

console.log(`Open-file limit: hard ${hardOpenFileLimit()} per process; load average at the start ${loadAverage()}.`);
const { persistTo, workDir } = await freshMeasureState("measure-rooms");
const members = await seedMembersWithSessions(persistTo, workDir, Math.max(memberCount, roomSockets + 1), "roomie");
await executeSql(persistTo, workDir, "rooms.sql", roomsSql(Date.now()));
// The room's object logs a slow send or a failed D1 write as a warning.
const worker = await startWorker(persistTo, workDir, { config: await frozenWorkerConfig(workDir, "worker/index.ts"), logLevel: "warn" });
let clients = startClients(processes);
let sender = null;
try {
  const direct = values["through-proxy"] ? null : await workerdBehind(worker.origin);
  const origin = direct?.origin ?? worker.origin;
  const wsOrigin = origin.replace(/^http/, "ws");
  const inspectorUrl = direct ? await workerInspectorOf(direct.pid, [Number(new URL(direct.origin).port)]) : null;
  console.log(
    `Target ${origin} (${direct ? "the Worker's workerd, past wrangler's proxy" : "through wrangler's proxy"}); ${processes} client processes, ${openConcurrency} handshakes in flight; heap ${inspectorUrl ? "read from the isolate's inspector" : "not reachable"}.`,
  );
  const memory = [memoryRow("started, no room awake", await memoryOf(direct, inspectorUrl))];
  sender = await openSender(`${wsOrigin}/api/rooms/${BIG_ROOM}/live`, origin, members[0].cookie);
  for (let i = 1; i <= HISTORY_FILL; i++) {
    await sender.send(`history ${i}`);
    await sleep(SEND_GAP_MS);
  }
  memory.push(memoryRow(`big room awake, ${HISTORY_FILL} messages, 1 socket`, await memoryOf(direct, inspectorUrl)));

  // Each table is printed as soon as its part is done: a long run's first figures are not lost
  // if a later part fails or is stopped.
  const big = await bigRoom({ clients, origin, wsOrigin, members, sender });
  memory.push(memoryRow(`big room, ${big.join.n} sockets, after ${messageCount} messages`, await memoryOf(direct, inspectorUrl)));
  const bigAll = summarize(big.all);
  console.log(`\n1. One room, ${big.join.n} sockets: ms from the sender's echo to each socket's message frame (goal: p99 under ${GOAL_P99_MS} ms)`);
  printTable(["message", ...HEADER], [...big.rows, statRow("every arrival", String(bigAll.n), big.all, "", big.allFromSend)]);
  console.log(`   p99 ${fmt(bigAll.p99)} ms: ${bigAll.p99 < GOAL_P99_MS ? "under" : "OVER"} the ${GOAL_P99_MS} ms goal\n`);

  const history = await historyReads(origin, members[1].cookie);
  const reads = [...history.times].sort((a, b) => a - b);
  console.log(`\n3. History page (GET /api/rooms/${BIG_ROOM}/messages, newest page and the one before in turn), ${big.join.n} sockets open, ms`);
  printTable(
    ["reads", "failed", "p50", "p95", "p99", "max"],
    [
      [
        String(reads.length),
        String(history.failed),
        fmt(percentile(reads, 50)),
        fmt(percentile(reads, 95)),
        fmt(percentile(reads, 99)),
        fmt(reads.at(-1) ?? Number.NaN),
      ],
    ],
  );
  console.log(`   load average ${loadAverage()}\n`);

  // The big room's sockets close first: workerd holds two descriptors a socket, and both runs' at
  // once (10,000 sockets at the default sizes) reach a 20,000 open-file limit.
  await clients.close();
  clients = startClients(processes);
  const small = await smallRooms({ clients, origin, wsOrigin, members });
  memory.push(memoryRow(`${roomCount} rooms × ${roomSockets} sockets (the big room's closed), after ${rounds} rounds`, await memoryOf(direct, inspectorUrl)));
  console.log(`\n2. ${roomCount} rooms × ${roomSockets} sockets, one message in every room at once: ms from each sender's echo to its room's frames`);
  printTable(["round", ...HEADER], [...small.rows, statRow("every arrival", String(small.all.length), small.all, "", small.allFromSend)]);
  console.log("\n4. The Worker's workerd (every room object runs in it): resident MB, the isolate's JS heap MB");
  printTable(["when", "rss", "heap used", "heap total", "load average"], memory);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  sender?.ws.close(1000, "measurement done");
  await clients.close();
  await worker.stop();
}
process.exit();
