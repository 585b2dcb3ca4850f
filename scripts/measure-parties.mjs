#!/usr/bin/env node
// Prints two listening-party figures on a locally running site (`npm start`, default
// http://127.0.0.1:8787). Figures, not a pass/fail: docs/measurements.md records them, with the
// load average this prints. Loopback targets only.
//
// 1. Join to first frame: signs in the demo admin, schedules a party of its own that started a
//    moment ago (the back office's API), opens --sockets WebSockets to its room from --processes
//    client processes (scripts/lib/socket-clients.mjs; each raises its own open-file limit),
//    straight to the workerd that runs the Worker when it can (scripts/lib/workerd-direct.mjs),
//    and times, per socket, from creating it to its first frame (the room's `welcome`).
// 2. Reaction fan-out: one more socket, held here, sends a reaction --reactions times (--gap-ms
//    apart, after the last delivery); per reaction, the time from sending it to each socket's
//    frame, split at the frame's `sentAt` (when the room started sending it): the room's part
//    (reaction → send) and the delivery (send → each client's read).
// Everything stops after --seconds; the party is deleted, the sockets closed, the session ended.
// Usage: node scripts/measure-parties.mjs [--url http://127.0.0.1:8787] [--sockets 1000]
//        [--reactions 10] [--processes 2] [--open-concurrency 50] [--gap-ms 300] [--seconds 300]
//        [--through-proxy]
import { parseArgs } from "node:util";
import { loopbackOrigin, positiveInt, printTable, signInDemo } from "./lib/measure.mjs";
import { defaultClientProcesses, startClients, summarize } from "./lib/socket-clients.mjs";
import { loadAverage } from "./lib/feed-delivery.mjs";
import { workerdBehind } from "./lib/workerd-direct.mjs";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8787" },
    sockets: { type: "string", default: "1000" },
    reactions: { type: "string", default: "10" },
    processes: { type: "string", default: String(defaultClientProcesses()) },
    "open-concurrency": { type: "string", default: "50" },
    "gap-ms": { type: "string", default: "300" },
    seconds: { type: "string", default: "300" },
    "through-proxy": { type: "boolean", default: false },
  },
});

const proxyOrigin = loopbackOrigin(values.url, "measure");
const socketCount = positiveInt("sockets", values.sockets, 20_000);
const reactionCount = positiveInt("reactions", values.reactions, 100);
const processes = positiveInt("processes", values.processes, 64);
const openConcurrency = positiveInt("open-concurrency", values["open-concurrency"], 1000);
const gapMs = positiveInt("gap-ms", values["gap-ms"], 10_000);
const maxSeconds = positiveInt("seconds", values.seconds, 3600);
const deadline = performance.now() + maxSeconds * 1000;
const PER_REACTION_WAIT_MS = 10_000;

const epochNow = () => performance.timeOrigin + performance.now();
const fmt = (ms) => (Number.isNaN(ms) ? "-" : ms.toFixed(1));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const row = (label, s) => [label, String(s.n), fmt(s.p50), fmt(s.p99), fmt(s.max)];

/** The sending socket, held by this process: resolves once its welcome came. */
function openSender(url, origin, cookie) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin } });
    ws.addEventListener("message", () => resolve(ws), { once: true });
    ws.addEventListener("close", (e) => reject(new Error(`the sending socket closed (${e.code})`)));
  });
}

async function main() {
  try {
    await fetch(`${proxyOrigin}/api/config`).then((r) => r.arrayBuffer());
  } catch {
    throw new Error(`Nothing answers at ${proxyOrigin}: start the site first (npm start).`);
  }
  const direct = values["through-proxy"] ? null : await workerdBehind(proxyOrigin);
  const origin = direct?.origin ?? proxyOrigin;
  const { cookie, email } = await signInDemo(origin, "admin");
  const headers = { "content-type": "application/json", origin, cookie };
  const url = (pathname) => `${origin}${pathname}`;
  const created = await fetch(url("/api/admin/parties"), {
    method: "POST",
    headers,
    body: JSON.stringify({
      title: "Measurement party",
      sourceType: "album",
      sourceId: "freestyle-nights",
      startsAt: new Date(Date.now() - 2000).toISOString(),
      vipOnly: false,
    }),
  });
  const body = await created.json().catch(() => null);
  if (created.status !== 201) throw new Error(`POST /api/admin/parties answered ${created.status}: ${JSON.stringify(body)}`);
  const partyId = body.party.id;
  const socketUrl = `${origin.replace(/^http/, "ws")}/api/parties/${partyId}/live`;
  console.log(
    `Target ${origin} (${direct ? "the Worker's workerd, past wrangler's proxy" : "as given"}); party ${partyId}; ${socketCount} sockets as ${email} from ${processes} client processes (${openConcurrency} handshakes in flight); ${reactionCount} reactions.`,
  );

  const clients = startClients(processes);
  let sender = null;
  try {
    const startedOpening = performance.now();
    const opened = await clients.open({ url: socketUrl, origin, cookies: Array(socketCount).fill(cookie), kind: "party", concurrency: openConcurrency });
    const join = summarize(opened.readyMs);
    console.log(`Sockets: ${join.n} of ${socketCount} joined in ${((performance.now() - startedOpening) / 1000).toFixed(1)} s; load average ${loadAverage()}`);
    if (Object.keys(opened.states).length > 0) console.log(`Not joined: ${JSON.stringify(opened.states)}`);
    if (join.n < 1) throw new Error("no socket joined");
    sender = await openSender(socketUrl, origin, cookie);

    const rows = [];
    const all = { total: [], room: [], delivery: [] };
    for (let r = 1; r <= reactionCount && performance.now() < deadline; r++) {
      const live = await clients.live();
      const sentAt = epochNow();
      sender.send(JSON.stringify({ type: "react", emoji: "🔥" }));
      await clients.waitFor(`reactions:${r}`, live, PER_REACTION_WAIT_MS);
      const arrivals = clients.arrivals(`reactions:${r}`);
      const total = arrivals.map((a) => a.at - sentAt);
      const room = arrivals.filter((a) => typeof a.sentAt === "number").map((a) => a.sentAt - sentAt);
      const delivery = arrivals.filter((a) => typeof a.sentAt === "number").map((a) => a.at - a.sentAt);
      all.total.push(...total);
      all.room.push(...room);
      all.delivery.push(...delivery);
      const s = summarize(total);
      rows.push([`reaction ${r}`, `${s.n}/${live}`, fmt(s.p50), fmt(s.p99), fmt(s.max), fmt(summarize(room).max), fmt(summarize(delivery).max)]);
      await sleep(gapMs);
    }
    console.log("\nJoin to first frame (the room's welcome), ms from creating the socket:");
    printTable(["sockets", "p50", "p99", "max"], [row("", join).slice(1)]);
    console.log("\nReaction fan-out, ms from sending the reaction to each socket's frame (room = reaction → the room's send, delivery = send → read):");
    printTable(["reaction", "got it", "p50", "p99", "last", "room max", "delivery max"], rows);
    console.log("\nOver every arrival:");
    printTable(
      ["part", "n", "p50", "p99", "max"],
      [row("total", summarize(all.total)), row("room", summarize(all.room)), row("delivery", summarize(all.delivery))],
    );
    console.log(`Load average ${loadAverage()}`);
  } finally {
    sender?.close(1000, "measurement done");
    await clients.close();
    await fetch(url(`/api/admin/parties/${partyId}`), { method: "DELETE", headers: { origin, cookie } }).catch(() => {});
    await fetch(url("/api/auth/logout"), { method: "POST", headers: { origin, cookie } }).catch(() => {});
    console.log("\nParty deleted, sockets closed, signed out.");
  }
}

await main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
