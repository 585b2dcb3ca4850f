#!/usr/bin/env node
// Prints what importing a folder costs the Worker (decision 119): time and the workerd process's
// resident memory while a generated album's files go up in 8 MiB parts, beside a baseline of one
// small file. Figures, not a pass/fail: docs/measurements.md records them. The same import through
// the page, the browser's side included, is scripts/measure-import.mjs.
//
// In a throwaway local state (never the developer's), it applies the migrations, adds an
// administrator with a live session and starts its own `wrangler dev` on 127.0.0.1. Then:
// 1. baseline: a one-track plan, a small MP3 sent and completed;
// 2. the album: a plan of --tracks tracks, each a small MP3 and a FLAC master making --mb MB in all
//    (a FLAC signature and silence: the Worker reads only the first bytes and the size), every part
//    PUT in turn and each file completed, resident memory sampled every 100 ms.
// Usage: node scripts/measure-import-worker.mjs [--tracks 20] [--mb 600] [--keep]
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { positiveInt, printTable } from "./lib/measure.mjs";
import { ROOT } from "./lib/wrangler.mjs";
import { freshMeasureState, frozenWorkerConfig, startWorker } from "./lib/measure-worker.mjs";
import { residentMemory, workerdPids } from "./lib/process-memory.mjs";

const { values } = parseArgs({
  options: { tracks: { type: "string", default: "20" }, mb: { type: "string", default: "600" }, keep: { type: "boolean", default: false } },
});
const trackCount = positiveInt("tracks", values.tracks, 100);
const totalMb = positiveInt("mb", values.mb, 2000);

// The Worker's contract (worker/contracts/music/admin-catalog-import-limits.ts), restated: scripts run in plain Node.
const PART_BYTES = 8 * 1024 * 1024;
const API = "/api/admin/catalog/import";

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Constant-bitrate MP3 frames (MPEG-1 Layer III, 128 kbps, 48 kHz): what the Worker's sniffing and duration read. */
function mp3(secondsLong) {
  const frame = new Uint8Array(384);
  frame.set([0xff, 0xfb, 0x94, 0x00]);
  const frames = Math.round((secondsLong * 48000) / 1152);
  const out = new Uint8Array(frames * frame.length);
  for (let i = 0; i < frames; i++) out.set(frame, i * frame.length);
  return out;
}

/** A FLAC master of `size` bytes: its signature, then silence. */
function flacOf(size) {
  const out = new Uint8Array(size);
  out.set([0x66, 0x4c, 0x61, 0x43]);
  return out;
}

async function api(origin, cookie, method, url, body) {
  const headers = { cookie, origin };
  if (body !== undefined && !(body instanceof Uint8Array)) headers["content-type"] = "application/json";
  const res = await fetch(origin + url, { method, headers, body: body instanceof Uint8Array || body === undefined ? body : JSON.stringify(body) });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Sends every part of `bytes` for slot `fileId`, then completes it. */
async function uploadFile(origin, cookie, importId, fileId, bytes) {
  for (let n = 1; (n - 1) * PART_BYTES < bytes.length; n++)
    await api(origin, cookie, "PUT", `${API}/${importId}/files/${fileId}/parts/${n}`, bytes.subarray((n - 1) * PART_BYTES, n * PART_BYTES));
  await api(origin, cookie, "POST", `${API}/${importId}/files/${fileId}/complete`);
}

/** Runs `work` while sampling the processes' resident memory: its time and the highest sample. */
async function sampled(pids, work) {
  let peak = residentMemory(pids).current;
  const timer = setInterval(() => (peak = Math.max(peak, residentMemory(pids).current)), 100);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { ms: performance.now() - started, peak: Math.max(peak, residentMemory(pids).current) };
}

async function main() {
  const { persistTo, workDir, adminCookie: cookie } = await freshMeasureState("measure-import");
  let worker = null;
  try {
    worker = await startWorker(persistTo, workDir, { config: await frozenWorkerConfig(workDir, "worker/index.ts") });
    const { origin } = worker;
    const pids = workerdPids(worker.pid);
    const small = mp3(60);
    const masterBytes = Math.floor((totalMb * 1024 * 1024) / trackCount) - small.length;
    const master = flacOf(masterBytes);
    const file = (name, format, bytes) => ({ name, format, size: bytes.length });
    console.log(`Target ${origin} (wrangler dev, local D1 and R2). Album: ${trackCount} tracks, ${mib(trackCount * (masterBytes + small.length))} in all.\n`);

    const idle = residentMemory(pids).current;
    const baselinePlan = {
      releases: [{ title: "Baseline", type: "Single", year: 2024, tracks: [{ title: "One", number: 1, audio: file("one.mp3", "mp3", small) }] }],
    };
    const baseline = await sampled(pids, async () => {
      const state = await api(origin, cookie, "POST", API, baselinePlan);
      await uploadFile(origin, cookie, state.id, state.files[0].id, small);
    });

    const plan = {
      releases: [
        {
          title: "Measured album",
          type: "Album",
          year: 2024,
          tracks: Array.from({ length: trackCount }, (_, i) => ({
            title: `Track ${i + 1}`,
            number: i + 1,
            audio: file(`${i + 1}.mp3`, "mp3", small),
            master: file(`${i + 1}.flac`, "flac", master),
          })),
        },
      ],
    };
    let planMs = 0;
    const album = await sampled(pids, async () => {
      const started = performance.now();
      const state = await api(origin, cookie, "POST", API, plan);
      planMs = performance.now() - started;
      for (const slot of state.files) await uploadFile(origin, cookie, state.id, slot.id, slot.kind === "master" ? master : small);
      const done = await api(origin, cookie, "GET", `${API}/${state.id}`);
      const notDone = done.files.filter((f) => f.state !== "done");
      if (notDone.length > 0) throw new Error(`${notDone.length} file(s) not done`);
    });
    const albumBytes = trackCount * (masterBytes + small.length);

    printTable(
      ["run", "bytes", "time", "MB/s", "workerd peak RSS (sampled)", "above idle"],
      [
        ["baseline: one small MP3", mib(small.length), seconds(baseline.ms), "", mib(baseline.peak), mib(baseline.peak - idle)],
        [
          `album: ${trackCount} MP3s + ${trackCount} FLAC masters`,
          mib(albumBytes),
          seconds(album.ms),
          (albumBytes / 1e6 / (album.ms / 1000)).toFixed(1),
          mib(album.peak),
          mib(album.peak - idle),
        ],
      ],
    );
    console.log(
      `\nThe album's plan (one batch): ${planMs.toFixed(0)} ms. workerd idle: ${mib(idle)} (${pids.length} process(es); the whole local runtime with its D1 and R2, not one isolate).`,
    );
    console.log(`This script's own peak resident memory: ${mib(process.resourceUsage().maxRSS * 1024)}.`);
  } finally {
    await worker?.stop();
    if (!values.keep) await rm(path.join(ROOT, ".tmp", "measure-import"), { recursive: true, force: true });
  }
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
