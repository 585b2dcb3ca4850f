#!/usr/bin/env node
// What a master's other format costs (decision 121), and the first byte of a lossless stream.
//
// 1. The conversion, in this process (no server): a generated master of --seconds (default 600,
//    10 minutes) at 24-bit/96 kHz stereo goes WAV → FLAC and that FLAC → WAV through the job's own
//    code (worker/lib/flac, bundled with esbuild), fed in 1 MiB chunks as R2 hands a body over and
//    written to a sink that keeps nothing (the FLAC goes to a file for the second pass). Printed:
//    CPU seconds, wall seconds and the peak of the heap and of array buffers (sampled every chunk),
//    beside the file sizes: memory must stay far under a Worker's 128 MB whatever the length.
// 2. With --url (a running `npm start`): the Worker's first byte of a lossless stream. As the demo
//    admin (lossless passes for admins), a WAV master of --upload-seconds (default 30) is uploaded
//    for --track, the job is waited for (the lossless route answers "flac" once it has run), and
//    then Range requests of the first 64 KiB of the MP3 stream and of the FLAC go one after another
//    straight to the Worker's workerd, interleaved round by round: time to the first byte of the
//    body (client side) and the workerd process's CPU milliseconds per request (its threads'
//    scheduler time, as scripts/measure-page-cost.mjs), side by side, with the load average.
// Figures, not a pass/fail: docs/measurements.md records them.
// Usage: npm run measure:master-formats -- (node --expose-gc scripts/measure-master-formats.mjs) [--seconds 600] [--url http://127.0.0.1:8787]
//        [--track spring-love] [--upload-seconds 30] [--requests 200]
import { readdirSync, readFileSync, createReadStream, createWriteStream, mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { loopbackOrigin, positiveInt, printTable, signInDemo } from "./lib/measure.mjs";
import { ROOT } from "./lib/wrangler.mjs";
import { workerdBehind } from "./lib/workerd-direct.mjs";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "600" },
    url: { type: "string" },
    track: { type: "string", default: "spring-love" },
    "upload-seconds": { type: "string", default: "30" },
    requests: { type: "string", default: "200" },
  },
});
const seconds = positiveInt("seconds", values.seconds, 3600);
const uploadSeconds = positiveInt("upload-seconds", values["upload-seconds"], 240);
const requests = positiveInt("requests", values.requests, 10_000);

const TMP = path.join(ROOT, ".tmp", "measure-master-formats");
const RATE = 96_000;
const BITS = 24;
const CHANNELS = 2;
const CHUNK = 1024 * 1024;
const MB = (n) => (n / 1024 / 1024).toFixed(1);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** The job's codec, bundled from its TypeScript for this process. */
async function loadCodec() {
  mkdirSync(TMP, { recursive: true });
  const outfile = path.join(TMP, "flac.mjs");
  await build({ entryPoints: [path.join(ROOT, "worker/lib/flac/index.ts")], bundle: true, format: "esm", platform: "neutral", outfile, logLevel: "error" });
  return import(outfile);
}

/** A 44-byte WAV header for `frames` sample frames of 24-bit stereo at 96 kHz (or `rate`/`bits`). */
function wavHeader(frames, rate = RATE, bits = BITS) {
  const width = bits / 8;
  const data = frames * CHANNELS * width;
  const b = Buffer.alloc(44);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + data, 4);
  b.write("WAVEfmt ", 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(CHANNELS, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * CHANNELS * width, 28);
  b.writeUInt16LE(CHANNELS * width, 32);
  b.writeUInt16LE(bits, 34);
  b.write("data", 36);
  b.writeUInt32LE(data, 40);
  return b;
}

/** A generated master, header and then samples (two tones and a little noise), in chunks, never whole. */
async function* generatedWav(totalSeconds, rate = RATE, bits = BITS) {
  const frames = totalSeconds * rate;
  yield new Uint8Array(wavHeader(frames, rate, bits));
  const width = bits / 8;
  const max = 2 ** (bits - 1) - 1;
  const perChunk = Math.floor(CHUNK / (CHANNELS * width));
  let seed = 1;
  for (let start = 0; start < frames; start += perChunk) {
    const n = Math.min(perChunk, frames - start);
    const out = Buffer.alloc(n * CHANNELS * width);
    for (let i = 0; i < n; i++) {
      const t = (start + i) / rate;
      for (let ch = 0; ch < CHANNELS; ch++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        const v = Math.round((0.45 * Math.sin(2 * Math.PI * (220 + 110 * ch) * t) + 0.002 * (seed / 2 ** 32 - 0.5)) * max);
        out.writeIntLE(v, (i * CHANNELS + ch) * width, width);
      }
    }
    yield new Uint8Array(out.buffer, out.byteOffset, out.length);
  }
}

/** Peaks of the heap and array buffers, sampled as the conversion goes. */
function memoryPeaks() {
  const base = process.memoryUsage();
  const peak = { heap: 0, buffers: 0 };
  return {
    sample() {
      const m = process.memoryUsage();
      peak.heap = Math.max(peak.heap, m.heapUsed - base.heapUsed);
      peak.buffers = Math.max(peak.buffers, m.arrayBuffers - base.arrayBuffers);
    },
    peak,
  };
}

async function* sampled(source, memory) {
  for await (const chunk of source) {
    memory.sample();
    yield chunk;
  }
}

async function convertLocally() {
  const { wavToFlac, flacToWav } = await loadCodec();
  const flacPath = path.join(TMP, "master.flac");
  const rows = [];
  const run = async (name, source, write, inputBytes) => {
    globalThis.gc?.();
    const memory = memoryPeaks();
    let written = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await (name.startsWith("WAV") ? wavToFlac : flacToWav)(sampled(source, memory), async (bytes) => {
      written += bytes.length;
      memory.sample();
      await write(bytes);
    });
    const used = process.cpuUsage(cpu);
    rows.push([
      name,
      MB(inputBytes()),
      MB(written),
      ((used.user + used.system) / 1e6).toFixed(1),
      ((performance.now() - started) / 1000).toFixed(1),
      MB(memory.peak.heap),
      MB(memory.peak.buffers),
    ]);
  };
  const wavBytes = 44 + seconds * RATE * CHANNELS * (BITS / 8);
  const file = createWriteStream(flacPath);
  await run(
    "WAV → FLAC",
    generatedWav(seconds),
    (bytes) => new Promise((resolve, reject) => file.write(bytes, (err) => (err ? reject(err) : resolve()))),
    () => wavBytes,
  );
  await new Promise((resolve) => file.end(resolve));
  let flacBytes = 0;
  await run(
    "FLAC → WAV",
    (async function* () {
      for await (const chunk of createReadStream(flacPath, { highWaterMark: CHUNK })) {
        flacBytes += chunk.length;
        yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
      }
    })(),
    async () => undefined,
    () => flacBytes,
  );
  rmSync(flacPath, { force: true });
  console.log(`\nConversion of a ${seconds / 60}-minute master, 24-bit/96 kHz stereo, in this process (Node ${process.version}); load average ${load()}.`);
  printTable(["pass", "in MB", "out MB", "CPU s", "wall s", "peak heap MB", "peak buffers MB"], rows);
  console.log("Peaks are above the process's level before the pass; the input is read and the output written 1 MiB at a time.");
}

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

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function firstByte(origin) {
  const given = loopbackOrigin(origin, "measure");
  const behind = await workerdBehind(given);
  if (!behind) throw new Error(`No wrangler dev workerd answers behind ${given}: start the site first (npm start -- --port <n>).`);
  const admin = await signInDemo(given, "admin");
  const headers = { cookie: admin.cookie, origin: given };
  const post = async (p) => {
    const res = await fetch(given + p, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: "{}" });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  // A 16-bit/44.1 kHz master the size an upload takes, streamed as the request body.
  const frames = uploadSeconds * 44_100;
  const length = 44 + frames * CHANNELS * 2;
  const rssBefore = rssMb(behind.pid);
  let rssPeak = rssBefore;
  const watch = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(behind.pid))), 50);
  const cpuBefore = cpuMs(behind.pid);
  const started = performance.now();
  const body = ReadableStream.from(generatedWav(uploadSeconds, 44_100, 16));
  const put = await fetch(`${given}/api/admin/catalog/tracks/${values.track}/master`, {
    method: "PUT",
    headers: { ...headers, "content-type": "audio/wav", "content-length": String(length) },
    body,
    duplex: "half",
  });
  if (!put.ok) throw new Error(`master upload: ${put.status} ${await put.text()}`);
  let lossless;
  for (;;) {
    lossless = await post(`/api/music/tracks/${values.track}/lossless`);
    if (lossless.format === "flac") break;
    if (performance.now() - started > 300_000) throw new Error("the job did not finish in 5 minutes");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const jobMs = performance.now() - started;
  const jobCpu = cpuMs(behind.pid) - cpuBefore;
  clearInterval(watch);
  console.log(
    `\nUpload of a ${uploadSeconds}-second 16-bit/44.1 kHz WAV master (${MB(length)} MB) and its FLAC made by the local queue: ${(jobMs / 1000).toFixed(1)} s until the lossless route named FLAC, ` +
      `${(jobCpu / 1000).toFixed(1)} s of workerd CPU (upload and job together); workerd's RSS ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB at its peak.`,
  );

  const direct = (url) => behind.origin + url;
  const cases = [
    ["MP3 stream, Range 0-65535", async () => (await post(`/api/music/tracks/${values.track}/stream`)).url],
    ["FLAC stream, Range 0-65535", async () => (await post(`/api/music/tracks/${values.track}/lossless`)).url],
  ];
  const urls = await Promise.all(cases.map(([, url]) => url()));
  const get = async (url) => {
    const t0 = performance.now();
    const res = await fetch(direct(url), { headers: { range: "bytes=0-65535" } });
    const reader = res.body.getReader();
    await reader.read();
    const ttfb = performance.now() - t0;
    while (!(await reader.read()).done);
    if (res.status !== 206) throw new Error(`${url}: ${res.status}`);
    return { ttfb, contentRange: res.headers.get("content-range"), type: res.headers.get("content-type") };
  };
  for (const url of urls) for (let i = 0; i < 20; i++) await get(url);
  const loadAtStart = load();
  const rounds = 5;
  const perRound = Math.max(1, Math.round(requests / rounds));
  const spent = cases.map(() => ({ cpu: [], ttfb: [] }));
  let shapes = [];
  for (let round = 0; round < rounds; round++) {
    for (const [i, url] of urls.entries()) {
      const before = cpuMs(behind.pid);
      for (let n = 0; n < perRound; n++) {
        const got = await get(url);
        spent[i].ttfb.push(got.ttfb);
        shapes[i] = got;
      }
      spent[i].cpu.push((cpuMs(behind.pid) - before) / perRound);
    }
  }
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `\nFirst byte, ${perRound * rounds} requests a case one at a time in ${rounds} interleaved rounds, straight to the Worker's workerd (pid ${behind.pid}); load average ${loadAtStart} at the start, ${load()} at the end.`,
  );
  printTable(
    ["case", "TTFB median ms", "TTFB mean ms", "CPU ms/request", "answer"],
    cases.map(([name], i) => [
      name,
      median(spent[i].ttfb).toFixed(2),
      mean(spent[i].ttfb).toFixed(2),
      mean(spent[i].cpu).toFixed(2),
      `206 ${shapes[i].type} ${shapes[i].contentRange}`,
    ]),
  );
}

async function main() {
  await convertLocally();
  if (values.url) await firstByte(values.url);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
