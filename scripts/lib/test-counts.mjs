// The counting rules of `npm test` (scripts/test-all.mjs), kept free of I/O so they can be
// unit-tested (tests/node/test-all.test.ts): how a stage's exit code and JSON report become
// passed/failed counts, and how the summary is printed.

/** Counts from vitest's JSON; a test file that failed to load (no tests inside) counts as one failure. */
export function vitestCounts(report) {
  const files = report.testResults ?? [];
  const brokenFiles = files.filter((file) => file.status === "failed" && (file.assertionResults ?? []).length === 0).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    flaky: 0,
  };
}

/** Every test in a Playwright JSON report, with its spec's file and title path. */
function* playwrightTests(suites, titles = []) {
  for (const suite of suites ?? []) {
    const path = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles; // file suites: no title
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) yield { file: spec.file ?? suite.file ?? "", title: [...path, spec.title].join(" › "), test };
    }
    yield* playwrightTests(suite.suites, path);
  }
}

/**
 * Counts from Playwright's JSON. A flaky test (failed, then passed on a retry) is one test: it
 * counts once, as passed, and is also reported as flaky, by name, so it is never silent.
 */
export function playwrightCounts(report) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  const flakyTests = [...playwrightTests(report.suites)].filter(({ test }) => test.status === "flaky").map(({ file, title }) => `${file} › ${title}`);
  return { passed: expected + flaky, failed: unexpected, skipped, flaky, flakyTests };
}

/**
 * Turns a stage's exit code and counts (null when it wrote no report) into its result. A stage
 * that failed without saying which test failed (crash, missing report, server that never
 * started) counts as one failure, and a test stage that ran no tests at all is a failure too:
 * silence is not success. `problem` says why a failure was added.
 */
export function settle(name, exitCode, counts) {
  const result = { passed: 0, failed: 0, skipped: 0, flaky: 0, ...counts };
  let problem;
  if (exitCode !== 0 && result.failed === 0) {
    result.failed = 1;
    problem = counts ? `exited with code ${exitCode} without a failing test` : `exited with code ${exitCode} and wrote no report`;
  }
  if (result.passed + result.failed === 0) {
    result.failed = 1;
    problem = "no tests ran";
  }
  return { name, ...result, ...(problem ? { problem } : {}) };
}

/** A check that passes or fails as a whole (type check, lint). */
export function check(name, exitCode) {
  return exitCode === 0
    ? { name, passed: 1, failed: 0, skipped: 0, flaky: 0 }
    : { name, passed: 0, failed: 1, skipped: 0, flaky: 0, problem: `exited with code ${exitCode}` };
}

/** A stage's wall time as the summary shows it: whole seconds. */
export const formatSeconds = (seconds) => `${Math.round(seconds)} s`;

/**
 * The summary: one line per stage (with its wall time when measured, skipped/flaky counts and the
 * reason for an added failure), flaky tests by name, then `N passed, N failed` last.
 */
export function summaryLines(stages) {
  const width = Math.max(10, ...stages.map((s) => s.name.length));
  const lines = [];
  for (const stage of stages) {
    const time = typeof stage.seconds === "number" ? `  ${formatSeconds(stage.seconds).padStart(6)}` : "";
    const extra = [stage.skipped ? `${stage.skipped} skipped` : "", stage.flaky ? `${stage.flaky} flaky` : "", stage.problem ?? ""].filter(Boolean).join(", ");
    lines.push(
      `${stage.name.padEnd(width)} ${String(stage.passed).padStart(4)} passed ${String(stage.failed).padStart(4)} failed${time}${extra ? `  (${extra})` : ""}`,
    );
  }
  for (const stage of stages) {
    for (const title of stage.flakyTests ?? []) lines.push(`flaky in ${stage.name} (passed on retry): ${title}`);
  }
  const passed = stages.reduce((sum, s) => sum + s.passed, 0);
  const failed = stages.reduce((sum, s) => sum + s.failed, 0);
  lines.push(`${passed} passed, ${failed} failed`);
  return lines;
}
