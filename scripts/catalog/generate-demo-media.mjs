#!/usr/bin/env node
// Renders the local demo media of the catalog — an MP3 per track (scripts/lib/demo-audio.mjs)
// and a cover PNG per album (scripts/lib/demo-covers.mjs) — into a cache directory, default
// .tmp/demo-media/ (git-ignored). A file's name is the track or album id plus a hash of
// everything it is rendered from — the renderer's source code (and the encoder's), and the
// track's or album's data — so a second run renders nothing, and an edited renderer or a changed
// track (title, duration) renders again just what it affects. Files no longer wanted are removed.
// Rendering runs on worker threads, one per core.
//
// It does not upload anything: the caller puts `files` into local R2 under their `key`.
//
// Usage: node scripts/catalog/generate-demo-media.mjs [--out <dir>] [--force]
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { CATALOG } from "./catalog.mjs";
import { fnv1a } from "./hash.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
export const DEFAULT_OUT_DIR = path.join(ROOT, ".tmp", "demo-media");

const AUDIO_SOURCES = ["../lib/demo-audio.mjs", "./hash.mjs", "@breezystack/lamejs"];
const COVER_SOURCES = ["../lib/demo-covers.mjs", "../lib/png.mjs", "./hash.mjs"];

/** A hash of the renderer's code: the content version in the cache keys. */
async function codeVersion(specifiers) {
  const texts = await Promise.all(specifiers.map((s) => readFile(fileURLToPath(import.meta.resolve(s)), "utf8")));
  return fnv1a(texts.join("\0")).toString(36);
}

const CONTENT_TYPES = { audio: "audio/mpeg", cover: "image/png" };

/**
 * @typedef {object} DemoMediaJob
 * @property {string} id         unique within a run
 * @property {"audio" | "cover"} kind
 * @property {string} key        R2 key
 * @property {string} file       cache path
 * @property {object} input      what the renderer needs (plain data, sent to a worker)
 */

/** Every file the catalog needs, with its cache path. */
export async function demoMediaJobs(catalog, outDir) {
  const [audioVersion, coverVersion] = await Promise.all([codeVersion(AUDIO_SOURCES), codeVersion(COVER_SOURCES)]);
  /** @type {DemoMediaJob[]} */
  const jobs = [];
  for (const album of catalog) {
    for (const track of album.tracks) {
      const input = {
        track: { id: track.id, title: track.title, durationSeconds: track.durationSeconds },
        album: { id: album.id, title: album.title, year: album.year },
      };
      const hash = fnv1a(`${audioVersion}:${JSON.stringify(input)}`).toString(36);
      jobs.push({ id: `audio:${track.id}`, kind: "audio", key: track.audioKey, file: path.join(outDir, "audio", `${track.id}.${hash}.mp3`), input });
    }
    const input = { album: { id: album.id, title: album.title, year: album.year, type: album.type } };
    const hash = fnv1a(`${coverVersion}:${JSON.stringify(input)}`).toString(36);
    jobs.push({ id: `cover:${album.id}`, kind: "cover", key: album.coverKey, file: path.join(outDir, "covers", `${album.id}.${hash}.png`), input });
  }
  return jobs;
}

/** Renders one job and writes its file (atomically: temp file, then rename). Returns its size. */
export async function renderJob(job) {
  let bytes;
  if (job.kind === "audio") {
    const { renderTrackMp3 } = await import("../lib/demo-audio.mjs");
    bytes = renderTrackMp3(job.input.track, job.input.album);
  } else {
    const { renderCoverPng } = await import("../lib/demo-covers.mjs");
    bytes = renderCoverPng(job.input.album);
  }
  await mkdir(path.dirname(job.file), { recursive: true });
  const temp = `${job.file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, job.file);
  return bytes.length;
}

const sizeOf = (file) => stat(file).then((s) => s.size, () => null);

/** Runs jobs on `count` worker threads, longest first; resolves with id → size. */
async function runOnWorkers(jobs, count) {
  const queue = [...jobs];
  const sizes = new Map();
  const workers = Array.from({ length: count }, () => new Worker(new URL("./demo-media-worker.mjs", import.meta.url)));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve, reject) => {
            const next = () => {
              const job = queue.shift();
              if (job) worker.postMessage(job);
              else resolve(undefined);
            };
            worker.on("message", (message) => {
              if (message.error) return reject(new Error(`demo media ${message.id}: ${message.error}`));
              sizes.set(message.id, message.bytes);
              next();
            });
            worker.on("error", reject);
            worker.on("exit", (code) => (queue.length > 0 || code !== 0 ? reject(new Error(`demo media worker exited with ${code}`)) : resolve(undefined)));
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return sizes;
}

/**
 * Deletes cache files of ours that the catalog no longer needs (old versions, removed tracks),
 * and temp files left by an interrupted run (only old ones: another run may be writing).
 */
async function prune(outDir, keep) {
  for (const sub of ["audio", "covers"]) {
    const dir = path.join(outDir, sub);
    const names = await readdir(dir).catch(() => []);
    for (const name of names) {
      const file = path.join(dir, name);
      if (keep.has(file)) continue;
      if (/\.(mp3|png)$/.test(name)) await rm(file, { force: true });
      else if (name.endsWith(".tmp")) {
        const age = await stat(file).then((s) => Date.now() - s.mtimeMs, () => 0);
        if (age > 3600_000) await rm(file, { force: true });
      }
    }
  }
}

/**
 * Makes sure every track's MP3 and every album's cover is in the cache, rendering only what is
 * missing.
 * @param {{ outDir?: string, catalog?: import("./catalog.mjs").CatalogAlbum[], threads?: number, force?: boolean }} [options]
 * @returns {Promise<{ files: { key: string, path: string, contentType: string, bytes: number }[], generated: number, cached: number, ms: number }>}
 */
export async function generateDemoMedia({ outDir = DEFAULT_OUT_DIR, catalog = CATALOG, threads, force = false } = {}) {
  const started = performance.now();
  outDir = path.resolve(outDir);
  const jobs = await demoMediaJobs(catalog, outDir);
  const sizes = new Map();
  const missing = [];
  await Promise.all(
    jobs.map(async (job) => {
      const size = force ? null : await sizeOf(job.file);
      if (size) sizes.set(job.id, size);
      else missing.push(job);
    }),
  );
  // Longest renders first, so the threads finish together.
  const cost = (job) => (job.kind === "audio" ? job.input.track.durationSeconds : 0);
  missing.sort((a, b) => cost(b) - cost(a) || a.id.localeCompare(b.id));
  const count = Math.max(1, Math.min(threads ?? os.availableParallelism(), missing.filter((j) => j.kind === "audio").length));
  if (missing.length > 0) {
    if (count === 1 || missing.length <= 2) {
      for (const job of missing) sizes.set(job.id, await renderJob(job));
    } else {
      for (const [id, size] of await runOnWorkers(missing, count)) sizes.set(id, size);
    }
  }
  await prune(outDir, new Set(jobs.map((job) => job.file)));
  return {
    files: jobs.map((job) => ({ key: job.key, path: job.file, contentType: CONTENT_TYPES[job.kind], bytes: sizes.get(job.id) ?? 0 })),
    generated: missing.length,
    cached: jobs.length - missing.length,
    ms: Math.round(performance.now() - started),
  };
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" }, force: { type: "boolean" }, threads: { type: "string" } } });
  const cpuBefore = process.cpuUsage();
  const result = await generateDemoMedia({
    outDir: values.out ?? DEFAULT_OUT_DIR,
    force: values.force ?? false,
    threads: values.threads ? Number(values.threads) : undefined,
  });
  const audio = result.files.filter((f) => f.contentType === "audio/mpeg");
  const covers = result.files.filter((f) => f.contentType === "image/png");
  const sum = (files) => files.reduce((total, f) => total + f.bytes, 0);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    [
      `demo media: ${result.files.length} files (${audio.length} MP3, ${covers.length} PNG), ${mb(sum(result.files))} in ${path.relative(process.cwd(), values.out ?? DEFAULT_OUT_DIR) || "."}`,
      `  generated ${result.generated}, cached ${result.cached}, in ${result.ms < 10_000 ? `${result.ms} ms` : `${(result.ms / 1000).toFixed(1)} s`} (CPU, all threads: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)`,
      `  MP3 avg ${kb(sum(audio) / Math.max(1, audio.length))}, max ${kb(Math.max(0, ...audio.map((f) => f.bytes)))}; cover avg ${kb(sum(covers) / Math.max(1, covers.length))}, max ${kb(Math.max(0, ...covers.map((f) => f.bytes)))}`,
    ].join("\n"),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`generate-demo-media failed: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
