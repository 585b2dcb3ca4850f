// Time limits in host units: every limit a journey sets (Playwright's per-journey and per-assertion
// limits, a poll's, a slow journey's own) is written for the team's quiet host and multiplied by how
// much slower this host is right now, so a loaded or slower machine waits longer instead of failing
// a journey whose page is right. The factor comes from a fixed piece of work (JSON and deflate, the
// kind of work a page and the server do) timed in the runner before any journey starts; workers
// inherit it through the environment, so every journey of a run uses the same one.
import { deflateSync } from "node:zlib";

/** The work's median time on the team's quiet host (2 cores, nothing else running). */
const REFERENCE_MS = 60;
/** A limit is never shortened, and never stretched past this: a hung page still fails. */
const MAX_FACTOR = 4;

function workMs(): number {
  const started = performance.now();
  for (let round = 0; round < 40; round++) {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `row ${i} ${round}`, tags: [i % 7, i % 11, "x".repeat(i % 13)] }));
    const text = JSON.stringify(rows);
    if (JSON.parse(text).length !== rows.length || deflateSync(Buffer.from(text), { level: 1 }).length === 0) throw new Error("host probe");
  }
  return performance.now() - started;
}

function measuredFactor(): number {
  const runs = Array.from({ length: 5 }, workMs).sort((a, b) => a - b);
  process.env.E2E_HOST_PROBE_MS = runs[2]!.toFixed(0);
  return Math.min(MAX_FACTOR, Math.max(1, runs[2]! / REFERENCE_MS));
}

const inherited = Number(process.env.E2E_HOST_FACTOR);
/** How much slower than the team's quiet host this one is now (1 to MAX_FACTOR). */
export const HOST_FACTOR = inherited >= 1 ? inherited : measuredFactor();
process.env.E2E_HOST_FACTOR = HOST_FACTOR.toFixed(2);

/** The line a run prints first (global-setup.ts): the factor, and the probe's time when this run measured it. */
export const hostFactorLine = () =>
  `Journey time limits x${HOST_FACTOR.toFixed(2)}: ${process.env.E2E_HOST_PROBE_MS ? `the host probe took ${process.env.E2E_HOST_PROBE_MS} ms` : "set by E2E_HOST_FACTOR"} (quiet host: ${REFERENCE_MS} ms)`;

/** A limit written for the quiet host, in this host's milliseconds. */
export const hostMs = (ms: number): number => Math.round(ms * HOST_FACTOR);
