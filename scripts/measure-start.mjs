#!/usr/bin/env node
// Times what a newcomer waits for: a fresh clone of this checkout's HEAD, `npm ci`, then the first
// `npm start` until it prints "Ready", then a second start on the same state. Each start is
// stopped as soon as it is ready (and, for the first, once the demo media step says it is done,
// timed separately). Figures only; nothing here asserts.
//
// Usage: node scripts/measure-start.mjs [--cold] [--port 8797] [--keep]
//   --cold  the demo media cache is an empty folder (a machine that has never rendered the media)
//   --keep  leave the clone in place and print its path
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "./lib/wrangler.mjs";

const { values } = parseArgs({ options: { cold: { type: "boolean" }, port: { type: "string", default: "8797" }, keep: { type: "boolean" } } });
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs `command` in `cwd`, its output kept, not shown. `until(line)` (optional) names lines to wait
 * for: the promise resolves with their times once every one has appeared, then stops the command.
 */
function timed(command, args, { cwd, env, until = [] }) {
  const started = Date.now();
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const seen = new Map();
  let output = "";
  let stopping = false;
  return new Promise((resolve, reject) => {
    const check = () => {
      for (const pattern of until) if (!seen.has(pattern) && pattern.test(output)) seen.set(pattern, Date.now() - started);
      if (until.length > 0 && seen.size === until.length && !stopping) {
        stopping = true;
        process.kill(-child.pid, "SIGTERM");
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        output += chunk;
        check();
      });
    }
    // Resolves once the command has ended, so the next start finds the port free.
    child.on("close", (code) => {
      if (stopping || (until.length === 0 && code === 0)) resolve({ marks: until.map((p) => seen.get(p)), ms: Date.now() - started, output });
      else reject(new Error(`${command} ${args.join(" ")} ended (${code}) before it was ready:\n${output.slice(-3000)}`));
    });
  });
}

const clone = await mkdtemp(path.join(os.tmpdir(), "fl-start-"));
const mediaCache = values.cold ? await mkdtemp(path.join(os.tmpdir(), "fl-media-")) : undefined;
const env = mediaCache ? { DEMO_MEDIA_DIR: mediaCache } : {};
const rows = [];
try {
  console.log(`fresh clone in ${clone}${values.cold ? `, empty demo media cache ${mediaCache}` : ""}; load average ${load()}`);
  await timed("git", ["clone", "--quiet", ROOT, clone], { cwd: ROOT });
  const install = await timed("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: clone, env });
  rows.push(["npm ci", seconds(install.ms), load()]);
  const ready = /Ready on \S+ in \d+ s/;
  const mediaDone = /prepare-local: demo media: /;
  const start = ["start", "--", "--port", values.port];
  const first = await timed("npm", start, { cwd: clone, env, until: [ready, mediaDone] });
  rows.push(["first npm start: Ready", seconds(first.marks[0]), load()]);
  rows.push(["first npm start: demo media in R2", seconds(first.marks[1]), load()]);
  const second = await timed("npm", start, { cwd: clone, env, until: [ready] });
  rows.push(["second npm start: Ready", seconds(second.marks[0]), load()]);
  const linesBeforeReady = first.output.slice(0, first.output.search(ready)).split("\n").length - 1;
  rows.push(["lines printed before Ready (first start)", String(linesBeforeReady), ""]);
} finally {
  if (values.keep) console.log(`kept ${clone}`);
  else await rm(clone, { recursive: true, force: true });
  if (mediaCache) await rm(mediaCache, { recursive: true, force: true });
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`\n${"step".padEnd(width)}  time     load average after (1/5/15 min)`);
for (const [step, time, after] of rows) console.log(`${step.padEnd(width)}  ${time.padEnd(7)}  ${after}`);
console.log(`\n${os.cpus().length} cores, Node ${process.version}`);
