#!/usr/bin/env node
// `npm test`: type check, lint, every vitest project (Worker in workerd, Node, app), then the
// Playwright journeys against the built site. Every stage runs even if an earlier one failed, so
// one run reports everything; the last line is always `N passed, N failed`.
// Type check and lint count as one check each; vitest and Playwright count their tests.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { ROOT, toolEnv } from "./lib/wrangler.mjs";

const REPORT_DIR = path.join(ROOT, ".tmp", "reports");
const VITEST_REPORT = path.join(REPORT_DIR, "vitest.json");
const E2E_REPORT = path.join(REPORT_DIR, "e2e.json");

function runStage(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: toolEnv(env), stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

async function readReport(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch {
    return null;
  }
}

/** Counts from vitest's JSON; a test file that failed to load (no tests inside) counts as one failure. */
function vitestCounts(report) {
  const brokenFiles = report.testResults.filter((file) => file.status === "failed" && file.assertionResults.length === 0).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles, skipped: report.numPendingTests + report.numTodoTests };
}

/** Counts from Playwright's JSON: flaky tests passed on retry and are reported as passed. */
function playwrightCounts(report) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  return { passed: expected + flaky, failed: unexpected, skipped, flaky };
}

/**
 * Turns a stage's exit code and report into counts. A stage that failed without saying which
 * test failed (crash, missing report, server that never started) counts as one failure, and a
 * test stage that ran no tests at all is a failure too: silence is not success.
 */
function settle(name, exitCode, counts) {
  const result = counts ?? { passed: 0, failed: 0, skipped: 0 };
  if (exitCode !== 0 && result.failed === 0) result.failed = 1;
  if (result.passed + result.failed === 0) {
    console.error(`${name}: no tests ran`);
    result.failed = 1;
  }
  return { name, ...result };
}

async function main() {
  await rm(REPORT_DIR, { recursive: true, force: true });
  await mkdir(REPORT_DIR, { recursive: true });
  const stages = [];
  const banner = (title) => console.log(`\n━━━ ${title} ━━━`);

  banner("Type check");
  const typecheck = await runStage("npm", ["run", "--silent", "typecheck"]);
  stages.push({ name: "typecheck", passed: typecheck === 0 ? 1 : 0, failed: typecheck === 0 ? 0 : 1, skipped: 0 });

  banner("Lint");
  const lint = await runStage("npm", ["run", "--silent", "lint"]);
  stages.push({ name: "lint", passed: lint === 0 ? 1 : 0, failed: lint === 0 ? 0 : 1, skipped: 0 });

  banner("Unit and integration tests (vitest: worker, node, app)");
  const vitestExit = await runStage("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_REPORT}`]);
  const vitestReport = await readReport(VITEST_REPORT);
  stages.push(settle("vitest", vitestExit, vitestReport && vitestCounts(vitestReport)));

  banner("End-to-end journeys (Playwright, Chromium)");
  const e2eExit = await runStage("playwright", ["test"], { E2E_JSON_REPORT: E2E_REPORT });
  const e2eReport = await readReport(E2E_REPORT);
  stages.push(settle("e2e", e2eExit, e2eReport && playwrightCounts(e2eReport)));

  banner("Summary");
  for (const stage of stages) {
    const extra = [stage.skipped ? `${stage.skipped} skipped` : "", stage.flaky ? `${stage.flaky} flaky` : ""].filter(Boolean).join(", ");
    console.log(`${stage.name.padEnd(10)} ${String(stage.passed).padStart(4)} passed ${String(stage.failed).padStart(4)} failed${extra ? `  (${extra})` : ""}`);
  }
  const passed = stages.reduce((sum, s) => sum + s.passed, 0);
  const failed = stages.reduce((sum, s) => sum + s.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log("0 passed, 1 failed");
  process.exit(1);
});
