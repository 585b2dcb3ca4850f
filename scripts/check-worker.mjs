#!/usr/bin/env node
// The Worker as it would be uploaded, held against its budgets (scripts/lib/worker-budget.mjs):
// builds into a directory of its own, runs `wrangler deploy --dry-run --outdir`, then sizes every
// module of the upload, counts the instructions the entry's start-up runs (importing it in a fresh
// Node process under valgrind; its CPU time, the median of --runs, is printed as advice) and looks
// for browser-only code in it; then each public page's first-load JS against its budget
// (./lib/first-load-budget.mjs). Exits 1 over a budget. In CI a missing valgrind fails the check;
// elsewhere the start-up is then reported as not counted.
// `npm run check` type-checks first; `npm test` runs this part only (its type check is a stage).
//
// Usage: node scripts/check-worker.mjs [--env staging|production] [--runs 5] [--no-build]
//   --env       build and dry-run that wrangler.toml environment (default: the top level)
//   --no-build  judge the last check's build again (after changing only the budgets)
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { run } from "./lib/run.mjs";
import { ROOT } from "./lib/wrangler.mjs";
import { canCountInstructions, startupCpuMs, startupInstructions } from "./lib/worker-startup.mjs";
import { buildForCheck, CHECK_BUILD_DIR, checkedWorkerConfig, checkedWorkerDir } from "./lib/worker-build.mjs";
import { browserOnlyModules, judge, kib, median, uploadFigures } from "./lib/worker-budget.mjs";
import { readUpload } from "./lib/worker-upload.mjs";
import { firstLoadFigures, judgeFirstLoad } from "./lib/first-load-budget.mjs";

const { values } = parseArgs({
  options: { env: { type: "string" }, runs: { type: "string", default: "5" }, "no-build": { type: "boolean" } },
});
const UPLOAD_DIR = path.join(ROOT, ".tmp", "check-upload");

async function main() {
  const started = Date.now();
  if (!values["no-build"]) {
    await buildForCheck(values.env);
    await rm(UPLOAD_DIR, { recursive: true, force: true });
    await run("wrangler", ["deploy", "--dry-run", "--config", await checkedWorkerConfig(), "--outdir", UPLOAD_DIR], { env: { WRANGLER_LOG: "warn" } });
  }
  const modules = await readUpload(UPLOAD_DIR, await checkedWorkerDir());
  const upload = uploadFigures(modules);
  const entry = path.join(UPLOAD_DIR, "index.js");
  const instructions = (await canCountInstructions()) ? await startupInstructions(entry) : null;
  const runs = [];
  // One at a time: side by side, imports compete for the cores and each costs more.
  for (let i = 0; i < Number(values.runs); i++) runs.push(await startupCpuMs(entry));
  const startup = { instructions, cpuMs: median(runs) };
  const { lines, failures } = judge({ upload, startup, browserOnly: browserOnlyModules(modules) }, undefined, { requireCount: process.env.CI === "true" });

  const firstLoad = judgeFirstLoad(await firstLoadFigures(path.join(ROOT, CHECK_BUILD_DIR, "client")));
  lines.push(...firstLoad.lines);
  failures.push(...firstLoad.failures);

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
