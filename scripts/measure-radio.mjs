#!/usr/bin/env node
// Prints two radio figures on a locally running site (`npm start`, default http://127.0.0.1:8787).
// Figures, not a pass/fail: docs/measurements.md records them. Loopback targets only.
//
// 1. Listener-count latency: signs in one demo VIP, opens --sockets WebSockets to a station's
//    /live with its cookie, then opens one more socket and times, on every open socket, the
//    arrival of the frame { type: "listeners", count: n + 1 } from the moment the extra socket
//    opened; then closes it and times the frame with count n.
// 2. Drift between two listeners: two browser contexts (Debian's Chromium, headless) sign in as
//    the demo VIP, open /radio and press Play on the same station; then --samples times, both
//    pages read their <audio>'s currentTime and Date.now() at once, and the drift is
//    |(t1 - t2) - (at1 - at2)|: how far apart the two listeners are in the song.
// Usage: node scripts/measure-radio.mjs [--url http://127.0.0.1:8787] [--station freestyle-lovers]
//        [--sockets 200] [--samples 10] [--skip-drift] [--skip-sockets]
/* global document -- read inside page.evaluate, in the browser */
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { loopbackOrigin, percentile, positiveInt, printTable, signInDemo } from "./lib/measure.mjs";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/wrangler.mjs";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8787" },
    station: { type: "string", default: "freestyle-lovers" },
    sockets: { type: "string", default: "200" },
    samples: { type: "string", default: "10" },
    "skip-drift": { type: "boolean", default: false },
    "skip-sockets": { type: "boolean", default: false },
  },
});

const origin = loopbackOrigin(values.url, "measure");
const socketCount = positiveInt("sockets", values.sockets, 5000);
const sampleCount = positiveInt("samples", values.samples, 100);
const station = values.station;
const TIMEOUT_MS = 30_000;

const socketUrl = (() => {
  const u = new URL(`/api/radio/stations/${encodeURIComponent(station)}/live`, origin);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  return u.href;
})();

/** A socket that records when each listeners count first arrived (performance.now()). */
function openListener(cookie) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl, { headers: { cookie, origin } });
    const counts = new Map();
    const waiters = new Set();
    ws.addEventListener("message", (e) => {
      if (typeof e.data !== "string" || !e.data.startsWith("{")) return;
      const frame = JSON.parse(e.data);
      if (frame.type === "listeners" && !counts.has(frame.count)) counts.set(frame.count, performance.now());
      for (const wake of waiters) wake();
    });
    const timer = setTimeout(() => reject(new Error("socket did not open in time")), TIMEOUT_MS);
    ws.addEventListener("open", () => {
      clearTimeout(timer);
      resolve({
        ws,
        counts,
        /** Resolves with the arrival time of `count` (or null after the timeout). */
        arrival: (count) =>
          new Promise((done) => {
            const check = () => {
              if (!counts.has(count)) return;
              waiters.delete(check);
              clearTimeout(limit);
              done(counts.get(count));
            };
            const limit = setTimeout(() => {
              waiters.delete(check);
              done(null);
            }, TIMEOUT_MS);
            waiters.add(check);
            check();
          }),
      });
    });
    ws.addEventListener("error", () => reject(new Error(`socket refused (${socketUrl})`)));
  });
}

function summarize(label, delays) {
  const sorted = delays.filter((d) => d !== null).sort((a, b) => a - b);
  const ms = (v) => (Number.isNaN(v) ? "-" : v.toFixed(1));
  return [
    label,
    String(sorted.length),
    String(delays.length - sorted.length),
    ms(percentile(sorted, 50)),
    ms(percentile(sorted, 95)),
    ms(sorted.at(-1) ?? Number.NaN),
  ];
}

async function measureListenerCounts() {
  const { cookie } = await signInDemo(origin, "vip");
  const listeners = [];
  for (let i = 0; i < socketCount; i += 50) {
    listeners.push(...(await Promise.all(Array.from({ length: Math.min(50, socketCount - i) }, () => openListener(cookie)))));
  }
  // Everyone has seen the crowd settle before the timed change.
  const baseline = Number((await fetch(new URL(`/api/radio/stations/${station}/now-playing`, origin)).then((r) => r.json())).nowPlaying.listeners);
  await Promise.all(listeners.map((l) => l.arrival(baseline)));

  for (const l of listeners) l.counts.clear(); // time only the changes below
  const joinedAt = performance.now();
  const extra = await openListener(cookie);
  const joined = await Promise.all(listeners.map(async (l) => ((await l.arrival(baseline + 1)) ?? Number.NaN) - joinedAt));
  for (const l of listeners) l.counts.clear();
  const leftAt = performance.now();
  extra.ws.close(1000, "done");
  const left = await Promise.all(listeners.map(async (l) => ((await l.arrival(baseline)) ?? Number.NaN) - leftAt));
  for (const l of listeners) l.ws.close(1000, "done");
  const asDelays = (list) => list.map((v) => (Number.isNaN(v) ? null : v));
  console.log(`\nListener count on ${station}: ${listeners.length} open sockets (plus one joining and leaving), ms until each socket had the new count`);
  printTable(
    ["change", "received", "missing", "p50", "p95", "max"],
    [summarize(`join -> ${baseline + 1}`, asDelays(joined)), summarize(`leave -> ${baseline}`, asDelays(left))],
  );
}

async function measureDrift() {
  const demo = JSON.parse(readFileSync(path.join(ROOT, "scripts", "demo-data.json"), "utf8"));
  const vip = demo.accounts.find((a) => a.key === "vip");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const pages = [];
    for (let i = 0; i < 2; i++) {
      const context = await browser.newContext({ baseURL: origin });
      const page = await context.newPage();
      await page.goto("/social/login");
      await page.getByLabel("Email").fill(vip.email);
      await page.getByLabel("Password", { exact: true }).fill(vip.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/social/login"));
      await page.goto("/radio");
      // Choosing a station's card tunes in at once for a VIP.
      await page.getByRole("button", { name: await stationName(page) }).click();
      await page.waitForFunction(
        () => {
          const audio = document.querySelector('audio[data-player="radio"]');
          return audio && !audio.paused && audio.currentTime > 0.5;
        },
        null,
        { timeout: TIMEOUT_MS },
      );
      pages.push(page);
    }
    const read = (page) =>
      page.evaluate(() => ({
        t: document.querySelector('audio[data-player="radio"]').currentTime,
        at: Date.now(),
        src: document.querySelector('audio[data-player="radio"]').src.split("?")[0],
      }));
    const drifts = [];
    for (let i = 0; i < sampleCount; i++) {
      const [a, b] = await Promise.all(pages.map(read));
      if (a.src === b.src) drifts.push(Math.abs(a.t - b.t - (a.at - b.at) / 1000) * 1000);
      await pages[0].waitForTimeout(500);
    }
    drifts.sort((x, y) => x - y);
    console.log(`\nDrift between two listeners of ${station} (same track, ${drifts.length} of ${sampleCount} samples), ms`);
    printTable(
      ["listeners", "samples", "p50", "p95", "max"],
      [["2 browsers", String(drifts.length), percentile(drifts, 50).toFixed(0), percentile(drifts, 95).toFixed(0), (drifts.at(-1) ?? Number.NaN).toFixed(0)]],
    );
  } finally {
    await browser.close();
  }
}

async function stationName(page) {
  const { stations } = await page.evaluate(() => fetch("/api/radio/stations").then((r) => r.json()));
  const found = stations.find((s) => s.id === station);
  if (!found) throw new Error(`no station ${station}`);
  return found.name;
}

try {
  if (!values["skip-sockets"]) await measureListenerCounts();
  if (!values["skip-drift"]) await measureDrift();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
