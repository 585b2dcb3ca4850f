#!/usr/bin/env node
// `npm test`: type check and lint (side by side), each vitest project (Worker in workerd, Node,
// app) as a stage of its own, the Worker's upload against its budgets, then the Playwright journeys
// against that same build (their local state made beside the earlier stages), then the production
// rehearsal on it too (scripts/rehearsal.mjs).
// Every stage runs even if an earlier one failed, so one run reports everything; the summary
// gives each stage's wall time and the last line is always `N passed, N failed`. Type check and lint count
// as one check each; vitest and Playwright count their tests. The counting rules live in
// ./lib/test-counts.mjs (unit-tested in tests/node/test-all.test.ts).
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, statfs } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { check, formatSeconds, playwrightCounts, settle, summaryLines, vitestCounts } from "./lib/test-counts.mjs";
import { CHECK_BUILD_DIR } from "./lib/worker-build.mjs";
import { hostProbeSeconds, suiteBudgetLines } from "./lib/host-probe.mjs";
import { ROOT, toolEnv } from "./lib/wrangler.mjs";

const REPORT_DIR = path.join(ROOT, ".tmp", "reports");
const E2E_REPORT = path.join(REPORT_DIR, "e2e.json");
const banner = (title) => console.log(`\n━━━ ${title} ━━━`);

/** statfs's type of a tmpfs, a file system kept in memory. */
const TMPFS_MAGIC = 0x01021994;

/**
 * A directory in memory for the run's throwaway storage, or null where the machine has none: the
 * stages' temporary files (TMPDIR: the Worker tests' D1, R2 and Durable Objects, which Miniflare
 * keeps in files there; the browsers' profiles) and the journeys' local state. On disk, SQLite's
 * syncs and the files every reset() deletes and makes again left the cores waiting: the Worker
 * project took 338 s on disk and 192 s in memory, one after the other on the quiet machine.
 */
async function memoryScratch() {
  try {
    if ((await statfs("/dev/shm")).type !== TMPFS_MAGIC) return null;
    return await mkdtemp("/dev/shm/fan-site-test-");
  } catch {
    return null;
  }
}

/**
 * Runs a command and resolves with its exit code. Its output streams through, or with
 * `buffered` is collected (stdout and stderr in order) and handed back, so stages that run at
 * the same time can print one after the other instead of interleaved.
 */
function runStage(command, args, { env = {}, buffered = false, niceness = 0 } = {}) {
  return new Promise((resolve) => {
    const colour = buffered && process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
    const child = spawn(command, args, {
      cwd: ROOT,
      env: toolEnv({ ...colour, ...scratchEnv, ...env }),
      stdio: ["ignore", buffered ? "pipe" : "inherit", buffered ? "pipe" : "inherit"],
    });
    // A lower priority for work that may only fill what the other stages leave of the cores.
    if (niceness) os.setPriority(child.pid, niceness);
    const chunks = [];
    child.stdout?.on("data", (chunk) => chunks.push(chunk));
    child.stderr?.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

/** Runs `work` and adds its wall time, in seconds, to the stage it resolves with. */
async function timed(work) {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  return "stage" in result ? { ...result, stage: { ...result.stage, seconds } } : { ...result, seconds };
}

async function readReport(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch {
    return null;
  }
}

const VITEST_PROJECTS = {
  worker: "Worker integration tests (vitest project worker, in workerd)",
  node: "Node tests (vitest project node: live adapters against fake vendors, demo seed)",
  app: "App units (vitest project app, happy-dom)",
};

/**
 * One vitest project as one stage, with its own JSON report: a project that loses its tests
 * (an `include` typo, a renamed folder) fails its stage instead of shrinking a shared total.
 * vitest itself exits 1 when a project finds no test files (passWithNoTests is off).
 */
async function vitestProject(project, options) {
  const report = path.join(REPORT_DIR, `vitest-${project}.json`);
  const args = ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  const { code, output } = await runStage("vitest", args, options);
  const json = await readReport(report);
  return { output, stage: settle(`vitest ${project}`, code, json && vitestCounts(json)) };
}

/**
 * The browser journeys as one stage: Playwright starts the e2e server itself (playwright.config.ts),
 * on the state made beforehand when `prepared`, with a copy of the upload check's build.
 */
async function e2eStage(prepared, options) {
  const env = { E2E_JSON_REPORT: E2E_REPORT, E2E_BUILD_FROM: CHECK_BUILD_DIR, ...(prepared ? { E2E_PREPARED: "1" } : {}) };
  const { code, output } = await runStage("playwright", ["test"], { ...options, env });
  const report = await readReport(E2E_REPORT);
  return { output, stage: settle("e2e", code, report && playwrightCounts(report)) };
}

/**
 * The machine's busy CPU time so far, in seconds of one core (every core's user, system, irq and
 * steal time from /proc/stat, in the kernel's 100 ticks a second), or null where there is none.
 * Read at each phase's start and end, it shows how much of the cores a phase used: the browsers
 * and workerd that a stage starts are not its children, so a stage's own usage would miss them.
 */
async function machineCpuSeconds() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = (await readFile("/proc/stat", "utf8")).split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

/** Marks where each phase ends, to print each one's wall time and the cores it kept busy. */
function phaseClock() {
  const phases = [];
  let last = { at: performance.now(), cpu: null };
  return {
    async start() {
      last = { at: performance.now(), cpu: await machineCpuSeconds() };
    },
    async end(name) {
      const now = { at: performance.now(), cpu: await machineCpuSeconds() };
      const seconds = (now.at - last.at) / 1000;
      phases.push({ name, seconds, cores: now.cpu === null || last.cpu === null ? null : (now.cpu - last.cpu) / seconds });
      last = now;
    },
    lines: () =>
      phases.map(
        ({ name, seconds, cores }) =>
          `${name.padEnd(34)} ${formatSeconds(seconds).padStart(6)}${cores === null ? "" : `  ${cores.toFixed(2)} of ${os.availableParallelism()} cores busy`}`,
      ),
  };
}

/** Prints a buffered stage's output under its title, once it has ended. */
function printStage(title, output) {
  banner(title);
  process.stdout.write(output);
}

/** What every stage is given to keep its throwaway storage in memory (see memoryScratch). */
let scratchEnv = {};

async function main() {
  const scratch = await memoryScratch();
  if (scratch) {
    scratchEnv = { TMPDIR: scratch, E2E_STATE_DIR: path.join(scratch, "e2e-state") };
    process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
  }
  console.log(scratch ? `(throwaway storage in memory: ${scratch})` : "(no tmpfs at /dev/shm: throwaway storage on disk)");
  await rm(REPORT_DIR, { recursive: true, force: true });
  await mkdir(REPORT_DIR, { recursive: true });
  const stages = [];
  const started = Date.now();
  const cpuAtStart = await machineCpuSeconds();
  const phases = phaseClock();
  await phases.start();

  // The type check (one checker thread) and lint each keep one core busy: on 2 cores they run
  // together, printed in turn.
  const checks = [
    ["Type check", "typecheck"],
    ["Lint", "lint"],
  ];
  console.log("\n(type check and lint run in parallel; each one's output follows when it ends)");
  const checkRuns = checks.map(([, script]) => timed(() => runStage("npm", ["run", "--silent", script], { buffered: true })));

  // The journeys' fresh local state (D1 migrations, the demo rows, the demo media: on a clean clone
  // a minute or more, much of it waiting on wrangler) is made at a lower priority in what the
  // stages before the journeys leave of the cores: the type check's core once it has ended (lint
  // takes about twice as long), then a quarter of a core beside the Worker project. Playwright
  // then only serves it (e2e-server.mjs --prepared). It writes .dev.vars, which `wrangler types`
  // in the type check reads, so it waits for the type check.
  const journeyState = checkRuns[0].then(() => timed(() => runStage("node", ["scripts/e2e-server.mjs", "--prepare-only"], { buffered: true, niceness: 10 })));
  for (const [i, [title, script]] of checks.entries()) {
    const { code, output, seconds } = await checkRuns[i];
    printStage(title, output);
    stages.push({ ...check(script, code), seconds });
  }
  await phases.end("type check beside lint");

  // The Worker project keeps both cores busy; the journeys beside it made it four times slower
  // (its tests time out), so they run after the vitest projects, on three Playwright workers.
  const worker = await timed(() => vitestProject("worker", { buffered: true }));
  printStage(VITEST_PROJECTS.worker, worker.output);
  stages.push(worker.stage);
  await phases.end("worker");

  // The two light projects share the machine well: run them together, and beside them the check of
  // the Worker's upload (a build, a dry run, its budgets: scripts/check-worker.mjs; the type check
  // it would start with is the stage above). Its start-up figure is CPU time, not wall time.
  console.log("\n(vitest projects node and app and the Worker's upload check run in parallel; each one's output follows when it ends)");
  const upload = timed(() => runStage("node", ["scripts/check-worker.mjs"], { buffered: true }));
  const light = ["node", "app"].map((project) => [project, timed(() => vitestProject(project, { buffered: true }))]);
  for (const [project, run] of light) {
    const { output, stage } = await run;
    printStage(VITEST_PROJECTS[project], output);
    stages.push(stage);
  }
  const { code: uploadCode, output: uploadOutput, seconds: uploadSeconds } = await upload;
  printStage("The Worker's upload against its budgets (npm run check without its type check)", uploadOutput);
  stages.push({ ...check("check (Worker upload)", uploadCode), seconds: uploadSeconds });
  await phases.end("node beside app beside the upload check");

  // The journeys serve the upload check's build (the same `vite build`, copied into dist/e2e)
  // instead of building the site a second time; without it, or without their state, they make them.
  const state = await journeyState;
  printStage(`The journeys' local state (made beside the stages above, ${formatSeconds(state.seconds)})`, state.output);
  const journeys = await timed(() => e2eStage(state.code === 0, { buffered: true }));
  printStage("End-to-end journeys (Playwright, Chromium, three workers)", journeys.output);
  stages.push(journeys.stage);
  await phases.end("journeys");

  // The journeys' build again, served with production settings and an empty database (decision 077).
  const rehearsal = await timed(() => runStage("node", ["scripts/rehearsal.mjs"], { buffered: true }));
  printStage("Production rehearsal (the journeys' build, production settings, empty database)", rehearsal.output);
  stages.push({ ...check("rehearsal", rehearsal.code), seconds: rehearsal.seconds });
  await phases.end("rehearsal");

  const wallSeconds = (Date.now() - started) / 1000;
  const cpuAtEnd = await machineCpuSeconds();
  const coreSeconds = cpuAtStart === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtStart;
  banner("Phases: wall time and the machine's busy cores (anything else running counts too)");
  for (const line of phases.lines()) console.log(line);

  // The suite's time in units of this host's speed, measured alone after it (decision 140): a
  // figure to read, not a test; a failure here would be the host's, not the code's.
  banner("The suite against its budget, in host probes");
  try {
    for (const line of suiteBudgetLines({ wallSeconds, coreSeconds, probeSeconds: await hostProbeSeconds() })) console.log(line);
  } catch (error) {
    console.log(`(no probe: ${error.message})`);
  }

  banner(`Summary (${formatSeconds(wallSeconds)} in all)`);
  for (const line of summaryLines(stages)) console.log(line);
  process.exit(stages.some((stage) => stage.failed > 0) ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log("0 passed, 1 failed");
  process.exit(1);
});
