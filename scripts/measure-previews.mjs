#!/usr/bin/env node
// Prints what a visitor's previews cost: for every previewable track of a running site (`npm
// start`, default http://127.0.0.1:8787), the bytes of its preview against its full audio, the
// first request (which cuts the preview) against a later one. Figures, not a pass/fail:
// docs/measurements.md records them. Loopback targets only; it asks as a visitor (no cookie).
// Usage: node scripts/measure-previews.mjs [--url http://127.0.0.1:8787] [--limit 40]
import { parseArgs } from "node:util";
import { loopbackOrigin, percentile, positiveInt, printTable } from "./lib/measure.mjs";

const { values } = parseArgs({ options: { url: { type: "string", default: "http://127.0.0.1:8787" }, limit: { type: "string", default: "40" } } });
const origin = loopbackOrigin(values.url, "measure");
const limit = positiveInt("limit", values.limit, 10_000);

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

const askPreview = (id) =>
  fetch(new URL(`/api/music/tracks/${id}/preview`, origin), { method: "POST", headers: { origin } }).then(async (res) => (res.ok ? res.json() : null));

const { tracks } = await (await fetch(new URL("/api/music/tracks", origin))).json();
const candidates = tracks.filter((t) => t.preview).slice(0, limit);
if (candidates.length === 0) {
  console.error("No previewable track: is the site running with its demo data?");
  process.exit(1);
}

const rows = [];
for (const track of candidates) {
  const first = await timed(() => askPreview(track.id));
  if (!first.value) continue;
  const again = await timed(() => askPreview(track.id));
  const bytes = (await (await fetch(new URL(first.value.url, origin))).arrayBuffer()).byteLength;
  rows.push({ id: track.id, bytes, seconds: first.value.durationSeconds, trackSeconds: track.durationSeconds, firstMs: first.ms, laterMs: again.ms });
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
printTable(
  ["Figure", "Value"],
  [
    ["Previews measured", String(rows.length)],
    ["Preview bytes served, mean", kb(mean(rows.map((r) => r.bytes)))],
    ["Preview bytes served, max", kb(Math.max(...rows.map((r) => r.bytes)))],
    ["Preview length, mean", `${mean(rows.map((r) => r.seconds)).toFixed(2)} s`],
    ["Share of the track's length, mean", `${(100 * mean(rows.map((r) => r.seconds / r.trackSeconds)) || 0).toFixed(1)} %`],
    [
      "First request (cuts the preview), median",
      `${percentile(
        rows.map((r) => r.firstMs).sort((a, b) => a - b),
        50,
      ).toFixed(0)} ms`,
    ],
    [
      "Later request (stored cut), median",
      `${percentile(
        rows.map((r) => r.laterMs).sort((a, b) => a - b),
        50,
      ).toFixed(0)} ms`,
    ],
  ],
);
