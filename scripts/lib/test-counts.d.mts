// Types for test-counts.mjs so its unit test (tests/node/test-all.test.ts) can import it.
export type Counts = { passed: number; failed: number; skipped: number; flaky: number; flakyTests?: string[] };
/** `seconds`: the stage's wall time, shown in the summary when present. */
export type Stage = Counts & { name: string; problem?: string; seconds?: number };

/** The parts of vitest's JSON report (`--reporter=json`) that are counted. */
export type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: { name?: string; status: string; assertionResults?: unknown[] }[];
};

type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: { title: string; file?: string; tests?: { status: "expected" | "unexpected" | "flaky" | "skipped"; results?: unknown[] }[] }[];
  suites?: PlaywrightSuite[];
};
/** The parts of Playwright's JSON report that are counted. */
export type PlaywrightReport = {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  suites?: PlaywrightSuite[];
};

export function vitestCounts(report: VitestReport): Counts;
export function playwrightCounts(report: PlaywrightReport): Counts & { flakyTests: string[] };
export function settle(name: string, exitCode: number, counts: Partial<Counts> | null | undefined): Stage;
export function check(name: string, exitCode: number): Stage;
export function formatSeconds(seconds: number): string;
export function summaryLines(stages: Stage[]): string[];
