#!/usr/bin/env node
// What the tier check costs a gated read, side by side with the build before it, in one run: CPU
// milliseconds of each Worker's own workerd process per request (the kernel's run time of all its
// threads), requests sent one after another straight to it, past `wrangler dev`'s proxy. Each
// server runs one build of the site on its own local state (`npm start -- --port <n>` in two
// checkouts); the cases run interleaved, round by round, so a machine that gets busier mid-run
// shifts both builds alike. Signed in as the demo VIP and the demo member: the session read every
// signed-in request makes (where the tier is read), a VIP-gated read (a full track's stream) and
// the member's refusal of it.
// Usage: node scripts/measure-tier-check.mjs --before http://127.0.0.1:8901 --after http://127.0.0.1:8902
//        [--requests 200] [--rounds 4] [--warmup 20]
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { loopbackOrigin, positiveInt, printTable, signInDemo } from "./lib/measure.mjs";
import { workerdBehind } from "./lib/workerd-direct.mjs";

const { values } = parseArgs({
  options: {
    before: { type: "string" },
    after: { type: "string" },
    requests: { type: "string", default: "200" },
    rounds: { type: "string", default: "4" },
    warmup: { type: "string", default: "20" },
  },
});
if (!values.before || !values.after) {
  console.error("Usage: node scripts/measure-tier-check.mjs --before <url> --after <url>");
  process.exit(1);
}
const requests = positiveInt("requests", values.requests, 10_000);
const rounds = positiveInt("rounds", values.rounds, 50);
const warmup = Math.min(Number.parseInt(values.warmup, 10) || 0, 1000);
const perRound = Math.max(1, Math.round(requests / rounds));

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

async function expectStatus(response, status, what) {
  await response.arrayBuffer();
  if (response.status !== status) throw new Error(`${what}: ${response.status}, expected ${status}`);
}

/** One build's cases: its workerd, the demo VIP's and member's cookies, a track to stream. */
async function casesOf(label, url) {
  const given = loopbackOrigin(url, "measure");
  const behind = await workerdBehind(given);
  if (!behind) throw new Error(`No wrangler dev workerd answers behind ${given}: start the site first (npm start -- --port <n>).`);
  const origin = behind.origin;
  const vip = await signInDemo(given, "vip");
  const member = await signInDemo(given, "fan");
  const tracks = await (await fetch(`${origin}/api/music/tracks`)).json();
  const trackId = (tracks.tracks ?? tracks)[0]?.id;
  if (!trackId) throw new Error(`${label}: no track in the catalog`);
  const as = (cookie) => ({ cookie, origin });
  const me = (cookie) => () => fetch(`${origin}/api/auth/me`, { headers: as(cookie) }).then((r) => expectStatus(r, 200, "me"));
  const stream = (cookie, status) => () =>
    fetch(`${origin}/api/music/tracks/${trackId}/stream`, { method: "POST", headers: as(cookie) }).then((r) => expectStatus(r, status, "stream"));
  return {
    pid: behind.pid,
    cases: [
      [`${label}: VIP, session read (/api/auth/me)`, me(vip.cookie)],
      [`${label}: VIP, gated read (a full track's stream)`, stream(vip.cookie, 200)],
      [`${label}: member, the gated read refused`, stream(member.cookie, 403)],
    ],
  };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function main() {
  const builds = [await casesOf("before", values.before), await casesOf("after", values.after)];
  for (const { cases } of builds) for (const [, run] of cases) for (let i = 0; i < warmup; i++) await run();
  const loadAtStart = load();
  const spent = new Map();
  for (let round = 0; round < rounds; round++) {
    for (const { pid, cases } of builds) {
      for (const [name, run] of cases) {
        const before = cpuMs(pid);
        for (let i = 0; i < perRound; i++) await run();
        spent.set(name, [...(spent.get(name) ?? []), (cpuMs(pid) - before) / perRound]);
      }
    }
  }
  console.log(`Load average at the start: ${loadAtStart}; at the end: ${load()}`);
  console.log(`${perRound * rounds} requests a case, one at a time, in ${rounds} interleaved rounds, after ${warmup} warm-up requests.\n`);
  const mean = (xs) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const rows = [...spent].map(([name, perRoundMs]) => [
    name,
    mean(perRoundMs).toFixed(3),
    `${Math.min(...perRoundMs).toFixed(3)}-${Math.max(...perRoundMs).toFixed(3)}`,
  ]);
  printTable(["case", "CPU ms/request", "per round"], rows);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
