#!/usr/bin/env node
// Prints two listening-party figures on a locally running site (`npm start`, default
// http://127.0.0.1:8787). Figures, not a pass/fail: docs/measurements.md records them. Loopback
// targets only. Node 24's WebSocket (undici) sends the cookie and Origin headers.
//
// 1. Join to first frame: signs in the demo admin, schedules a party of its own that started a
//    moment ago (the back office's API), opens --sockets WebSockets to its room with
//    --open-concurrency handshakes in flight, and times, per socket, from creating it to its
//    first frame (the room's `welcome`).
// 2. Reaction fan-out: one socket sends a reaction --reactions times (--gap-ms apart, after the
//    last delivery); per reaction, the time from sending it to the LAST open socket receiving it
//    (and the p50/p99 over every socket's arrival).
// Everything stops after --seconds; the party is deleted, the sockets closed, the session ended.
// Usage: node scripts/measure-parties.mjs [--url http://127.0.0.1:8787] [--sockets 1000]
//        [--reactions 10] [--open-concurrency 50] [--gap-ms 300] [--seconds 180]
import { parseArgs } from "node:util";
import { loopbackOrigin, percentile, positiveInt, printTable, signInDemo } from "./lib/measure.mjs";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8787" },
    sockets: { type: "string", default: "1000" },
    reactions: { type: "string", default: "10" },
    "open-concurrency": { type: "string", default: "50" },
    "gap-ms": { type: "string", default: "300" },
    seconds: { type: "string", default: "180" },
  },
});

const origin = loopbackOrigin(values.url, "measure");
const socketCount = positiveInt("sockets", values.sockets, 5000);
const reactionCount = positiveInt("reactions", values.reactions, 100);
const openConcurrency = positiveInt("open-concurrency", values["open-concurrency"], 500);
const gapMs = positiveInt("gap-ms", values["gap-ms"], 10_000);
const maxSeconds = positiveInt("seconds", values.seconds, 1800);
const deadline = performance.now() + maxSeconds * 1000;
const PER_REACTION_WAIT_MS = 10_000;

const url = (pathname) => new URL(pathname, origin).href;
const fmt = (ms) => (Number.isNaN(ms) ? "-" : ms.toFixed(1));
const stats = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when `ready()` holds (checked on every poke), or after `ms`. */
const waiters = new Set();
const poke = () => {
  for (const w of waiters) w();
};
function waitUntil(ready, ms) {
  return new Promise((resolve) => {
    const limit = Math.max(0, Math.min(ms, deadline - performance.now()));
    const done = (why) => {
      clearTimeout(timer);
      waiters.delete(check);
      resolve(why);
    };
    const check = () => ready() && done("ready");
    const timer = setTimeout(() => done("timeout"), limit);
    waiters.add(check);
    check();
  });
}

/** A room socket: when it was created, when its first frame came, and when each reaction (by its sender's serial) arrived. */
function openClient(socketUrl, cookie) {
  return new Promise((resolve) => {
    const client = { ws: null, createdAt: performance.now(), firstFrameAt: null, state: "opening", reactions: 0, arrivals: [] };
    const stop = setTimeout(() => resolve(client), Math.max(0, deadline - performance.now()));
    const ws = new WebSocket(socketUrl, { headers: { cookie, origin } });
    client.ws = ws;
    ws.addEventListener("open", () => {
      client.state = "open";
    });
    ws.addEventListener("message", (e) => {
      const at = performance.now();
      if (client.firstFrameAt === null) {
        client.firstFrameAt = at;
        clearTimeout(stop);
        resolve(client);
      }
      if (typeof e.data !== "string" || !e.data.startsWith('{"type":"reactions"')) return;
      const frame = JSON.parse(e.data);
      for (let i = 0; i < frame.reactions.length; i++) client.arrivals.push(at);
      client.reactions += frame.reactions.length;
      poke();
    });
    ws.addEventListener("close", (e) => {
      client.state = client.state === "opening" ? `refused (${e.code})` : `closed (${e.code})`;
      clearTimeout(stop);
      resolve(client);
      poke();
    });
    ws.addEventListener("error", () => {});
  });
}

async function main() {
  try {
    await fetch(url("/api/config")).then((r) => r.arrayBuffer());
  } catch {
    throw new Error(`Nothing answers at ${origin}: start the site first (npm start).`);
  }
  const { cookie, email } = await signInDemo(origin, "admin");
  const headers = { "content-type": "application/json", origin, cookie };
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
  const socketUrl = (() => {
    const u = new URL(`/api/parties/${partyId}/live`, origin);
    u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
    return u.href;
  })();
  console.log(`Target ${origin}; party ${partyId}; ${socketCount} sockets as ${email} (${openConcurrency} handshakes in flight); ${reactionCount} reactions.`);
  console.log("Note: wrangler dev (workerd, local D1) and this client share the machine's cores; read these as relative figures.\n");

  const clients = [];
  try {
    let next = 0;
    const startedOpening = performance.now();
    await Promise.all(
      Array.from({ length: openConcurrency }, async () => {
        while (next < socketCount && performance.now() < deadline) {
          next++;
          clients.push(await openClient(socketUrl, cookie));
        }
      }),
    );
    const joined = clients.filter((c) => c.firstFrameAt !== null);
    const join = stats(joined.map((c) => c.firstFrameAt - c.createdAt));
    console.log(`Sockets: ${joined.length} of ${socketCount} joined in ${((performance.now() - startedOpening) / 1000).toFixed(1)} s`);
    const failed = new Map();
    for (const c of clients) if (c.firstFrameAt === null) failed.set(c.state, (failed.get(c.state) ?? 0) + 1);
    if (failed.size > 0) console.log(`Not joined: ${[...failed].map(([s, n]) => `${n} ${s}`).join(", ")}`);
    if (joined.length < 2) throw new Error("fewer than two sockets joined");

    const sender = joined[0];
    const rows = [];
    const lasts = [];
    const all = [];
    for (let r = 0; r < reactionCount && performance.now() < deadline; r++) {
      const live = joined.filter((c) => c.ws.readyState === WebSocket.OPEN);
      const before = new Map(live.map((c) => [c, c.reactions]));
      const sentAt = performance.now();
      sender.ws.send(JSON.stringify({ type: "react", emoji: "🔥" }));
      await waitUntil(() => live.every((c) => c.reactions > before.get(c) || c.ws.readyState !== WebSocket.OPEN), PER_REACTION_WAIT_MS);
      const delays = live.filter((c) => c.reactions > before.get(c)).map((c) => c.arrivals[before.get(c)] - sentAt);
      const s = stats(delays);
      lasts.push(s.max);
      all.push(...delays);
      rows.push([`reaction ${r + 1}`, `${s.n}/${live.length}`, fmt(s.p50), fmt(s.p99), fmt(s.max)]);
      await sleep(gapMs);
    }
    console.log("\nJoin to first frame (the room's welcome), ms from creating the socket:");
    printTable(["sockets", "p50", "p99", "max"], [[String(join.n), fmt(join.p50), fmt(join.p99), fmt(join.max)]]);
    console.log("\nReaction fan-out, ms from one socket's reaction to each socket's frame carrying it (last = the last socket to get it):");
    const everything = stats(all);
    const lastStats = stats(lasts);
    rows.push(["all", `${everything.n}`, fmt(everything.p50), fmt(everything.p99), fmt(everything.max)]);
    printTable(["reaction", "got it", "p50", "p99", "last"], rows);
    console.log(
      `\nTo the last socket, over ${lasts.length} reactions: p50 ${fmt(lastStats.p50)} ms, p99 ${fmt(lastStats.p99)} ms, max ${fmt(lastStats.max)} ms.`,
    );
  } finally {
    for (const c of clients) {
      try {
        c.ws?.close(1000, "measurement done");
      } catch {
        // already closed
      }
    }
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
