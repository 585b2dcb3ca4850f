#!/usr/bin/env node
// The Worker as it would be uploaded, held against its budgets (scripts/lib/worker-budget.mjs):
// builds into a directory of its own, runs `wrangler deploy --dry-run --outdir`, then sizes every
// module of the upload, times the entry's start-up (the CPU of importing it, in fresh Node
// processes, the median of --runs) and looks for browser-only code in it. Exits 1 over a budget.
// `npm run check` type-checks first; `npm test` runs this part only (its type check is a stage).
//
// Usage: node scripts/check-worker.mjs [--env staging|production] [--runs 5] [--no-build]
//   --env       build and dry-run that wrangler.toml environment (default: the top level)
//   --no-build  judge the last check's build again (after changing only the budgets)
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { run } from "./lib/run.mjs";
import { ROOT, toolEnv } from "./lib/wrangler.mjs";
import { browserOnlyModules, judge, kib, median, uploadFigures } from "./lib/worker-budget.mjs";
import { readUpload } from "./lib/worker-upload.mjs";

const { values } = parseArgs({ options: { env: { type: "string" }, runs: { type: "string", default: "5" }, "no-build": { type: "boolean" } } });
const BUILD_DIR = path.join("dist", "check"); // under dist/: ignored by git and eslint, untouched by the main build
const UPLOAD_DIR = path.join(ROOT, ".tmp", "check-upload");
// The Vite plugin points this at the newest build: a check must not redirect `wrangler deploy`.
const DEPLOY_CONFIG = path.join(ROOT, ".wrangler", "deploy", "config.json");

/** Builds into BUILD_DIR (for `env`, as CLOUDFLARE_ENV selects it) and leaves the deploy redirect as it was. */
async function build(env) {
  const saved = existsSync(DEPLOY_CONFIG) ? await readFile(DEPLOY_CONFIG) : null;
  try {
    await run("vite", ["build", "--outDir", BUILD_DIR, "--emptyOutDir", "--logLevel", "warn"], { env: env ? { CLOUDFLARE_ENV: env } : {} });
  } finally {
    if (saved) await writeFile(DEPLOY_CONFIG, saved);
    else await rm(DEPLOY_CONFIG, { force: true });
  }
}

/** The build's Worker directory: named after the Worker, the one with a wrangler.json. */
async function workerDir() {
  for (const entry of await readdir(path.join(ROOT, BUILD_DIR), { withFileTypes: true })) {
    const dir = path.join(ROOT, BUILD_DIR, entry.name);
    if (entry.isDirectory() && entry.name !== "client" && existsSync(path.join(dir, "wrangler.json"))) return dir;
  }
  throw new Error(`No Worker build with a wrangler.json in ${BUILD_DIR}`);
}

/** Node 24, as the project pins it (node_modules/.bin first on PATH): the one that measures. */
const NODE = Number(process.versions.node.split(".")[0]) >= 24 ? process.execPath : path.join(ROOT, "node_modules", ".bin", "node");

/** One import of the entry in a fresh process: its start-up CPU in ms. */
function importOnce(entry) {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [path.join(ROOT, "scripts", "lib", "import-worker.mjs"), entry], { cwd: ROOT, env: toolEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`Importing the built Worker failed (exit ${code}):\n${err}`));
      else resolve(JSON.parse(out.trim().split("\n").at(-1)).cpuMs);
    });
  });
}

async function main() {
  const started = Date.now();
  if (!values["no-build"]) {
    await build(values.env);
    const config = path.join(await workerDir(), "wrangler.json");
    await rm(UPLOAD_DIR, { recursive: true, force: true });
    await run("wrangler", ["deploy", "--dry-run", "--config", config, "--outdir", UPLOAD_DIR], { env: { WRANGLER_LOG: "warn" } });
  }
  const modules = await readUpload(UPLOAD_DIR, await workerDir());
  const upload = uploadFigures(modules);
  const runs = [];
  // One at a time: side by side, imports compete for the cores and each costs more.
  for (let i = 0; i < Number(values.runs); i++) runs.push(await importOnce(path.join(UPLOAD_DIR, "index.js")));
  const startupMs = median(runs);
  const { lines, failures } = judge({ upload, startupMs, browserOnly: browserOnlyModules(modules) });

  const largest = [...modules].sort((a, b) => b.content.length - a.content.length).slice(0, 5);
  console.log(`\nThe Worker's upload${values.env ? ` (--env ${values.env})` : ""}, load average ${os.loadavg()[0].toFixed(2)}:`);
  for (const line of lines) console.log(line);
  console.log(`  start-up runs: ${runs.map((ms) => ms.toFixed(0)).join(", ")} ms`);
  console.log(`  largest modules: ${largest.map((m) => `${m.name} ${kib(m.content.length).toFixed(0)} KiB`).join(", ")}`);
  console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (failures.length > 0) {
    console.error(`\nOver budget:\n${failures.map((f) => `  ${f}`).join("\n")}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
});
