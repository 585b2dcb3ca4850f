#!/usr/bin/env node
// `npm test`: type check and lint (side by side), each vitest project (Worker in workerd, Node,
// app) as a stage of its own, then the Playwright journeys against the built site. Every stage
// runs even if an earlier one failed, so one run reports everything; the summary gives each
// stage's wall time and the last line is always `N passed, N failed`. Type check and lint count
// as one check each; vitest and Playwright count their tests. The counting rules live in
// ./lib/test-counts.mjs (unit-tested in tests/node/test-all.test.ts).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { check, formatSeconds, playwrightCounts, settle, summaryLines, vitestCounts } from "./lib/test-counts.mjs";
import { ROOT, toolEnv } from "./lib/wrangler.mjs";

const REPORT_DIR = path.join(ROOT, ".tmp", "reports");
const E2E_REPORT = path.join(REPORT_DIR, "e2e.json");
const banner = (title) => console.log(`\n━━━ ${title} ━━━`);

/**
 * Runs a command and resolves with its exit code. Its output streams through, or with
 * `buffered` is collected (stdout and stderr in order) and handed back, so stages that run at
 * the same time can print one after the other instead of interleaved.
 */
function runStage(command, args, { env = {}, buffered = false } = {}) {
  return new Promise((resolve) => {
    const colour = buffered && process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
    const child = spawn(command, args, {
      cwd: ROOT,
      env: toolEnv({ ...colour, ...env }),
      stdio: ["ignore", buffered ? "pipe" : "inherit", buffered ? "pipe" : "inherit"],
    });
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

async function main() {
  await rm(REPORT_DIR, { recursive: true, force: true });
  await mkdir(REPORT_DIR, { recursive: true });
  const stages = [];
  const started = Date.now();

  // tsc and eslint each keep one core busy: on 2 cores they run together, printed in turn.
  const checks = [
    ["Type check", "typecheck"],
    ["Lint", "lint"],
  ];
  console.log("\n(type check and lint run in parallel; each one's output follows when it ends)");
  const checkRuns = checks.map(([, script]) => timed(() => runStage("npm", ["run", "--silent", script], { buffered: true })));
  for (const [i, [title, script]] of checks.entries()) {
    const { code, output, seconds } = await checkRuns[i];
    banner(title);
    process.stdout.write(output);
    stages.push({ ...check(script, code), seconds });
  }

  banner(VITEST_PROJECTS.worker);
  stages.push((await timed(() => vitestProject("worker"))).stage);

  // The two light projects share the machine well: run them together, print them in turn.
  const parallel = ["node", "app"];
  console.log(`\n(vitest projects ${parallel.join(" and ")} run in parallel; each one's output follows when it ends)`);
  const runs = parallel.map((project) => timed(() => vitestProject(project, { buffered: true })));
  for (const [i, project] of parallel.entries()) {
    const { output, stage } = await runs[i];
    banner(VITEST_PROJECTS[project]);
    process.stdout.write(output);
    stages.push(stage);
  }

  banner("End-to-end journeys (Playwright, Chromium)");
  const e2e = await timed(() => runStage("playwright", ["test"], { env: { E2E_JSON_REPORT: E2E_REPORT } }));
  const e2eReport = await readReport(E2E_REPORT);
  stages.push({ ...settle("e2e", e2e.code, e2eReport && playwrightCounts(e2eReport)), seconds: e2e.seconds });

  banner(`Summary (${formatSeconds((Date.now() - started) / 1000)} in all)`);
  const lines = summaryLines(stages);
  for (const line of lines) console.log(line);
  process.exit(stages.some((stage) => stage.failed > 0) ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log("0 passed, 1 failed");
  process.exit(1);
});
