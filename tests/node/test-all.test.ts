// How `npm test` (scripts/test-all.mjs) counts: a vitest project that runs no test fails its
// stage, a crash without a report is a failure, and a Playwright test that passed only on retry
// counts once, as passed, and is reported as flaky by name. The last two tests run the real
// tools so the rules are checked against what vitest and Playwright actually write.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  formatSeconds,
  playwrightCounts,
  settle,
  summaryLines,
  vitestCounts,
  type PlaywrightReport,
  type VitestReport,
} from "../../scripts/lib/test-counts.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("vitest stages", () => {
  it("count passed, failed and skipped tests, and a file that failed to load as one failure", () => {
    const report: VitestReport = {
      numPassedTests: 7,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [
        { name: "ok.test.ts", status: "passed", assertionResults: [{}, {}] },
        { name: "syntax-error.test.ts", status: "failed", assertionResults: [] },
        { name: "one-red.test.ts", status: "failed", assertionResults: [{}] },
      ],
    };
    expect(settle("vitest node", 1, vitestCounts(report))).toEqual({ name: "vitest node", passed: 7, failed: 2, skipped: 3, flaky: 0 });
  });

  it("a project with zero tests is a failure, even when vitest exits 0", () => {
    const empty: VitestReport = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };
    expect(settle("vitest node", 0, vitestCounts(empty))).toMatchObject({ passed: 0, failed: 1, problem: "no tests ran" });
  });

  it("a project whose tests were all skipped ran no test either", () => {
    const skipped: VitestReport = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 4, numTodoTests: 0, testResults: [] };
    expect(settle("vitest app", 0, vitestCounts(skipped))).toMatchObject({ passed: 0, failed: 1, skipped: 4, problem: "no tests ran" });
  });

  it("a crash without a report, or an exit code with only passing tests, is one failure", () => {
    expect(settle("vitest worker", 1, null)).toMatchObject({ passed: 0, failed: 1, problem: "exited with code 1 and wrote no report" });
    const green: VitestReport = { numPassedTests: 5, numFailedTests: 0, testResults: [] };
    expect(settle("vitest worker", 1, vitestCounts(green))).toMatchObject({ passed: 5, failed: 1 });
  });

  it("a green project passes untouched", () => {
    const green: VitestReport = { numPassedTests: 5, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };
    expect(settle("vitest worker", 0, vitestCounts(green))).toEqual({ name: "vitest worker", passed: 5, failed: 0, skipped: 0, flaky: 0 });
  });
});

/** A Playwright JSON report: one steady test and one that failed once and passed on its retry. */
const flakyReport: PlaywrightReport = {
  stats: { expected: 1, unexpected: 0, flaky: 1, skipped: 0 },
  suites: [
    {
      title: "vip.spec.ts",
      file: "vip.spec.ts",
      specs: [{ title: "declined payment", file: "vip.spec.ts", tests: [{ status: "expected", results: [{}] }] }],
      suites: [
        {
          title: "checkout",
          file: "vip.spec.ts",
          specs: [{ title: "pays and becomes VIP", file: "vip.spec.ts", tests: [{ status: "flaky", results: [{}, {}] }] }],
        },
      ],
    },
  ],
};

describe("the Playwright stage", () => {
  it("a flaky test counts once, as passed, and is reported as flaky by name", () => {
    const counts = playwrightCounts(flakyReport);
    expect(counts).toEqual({ passed: 2, failed: 0, skipped: 0, flaky: 1, flakyTests: ["vip.spec.ts › checkout › pays and becomes VIP"] });
  });

  it("the summary shows the flaky test on the e2e line and by name, and still ends with `N passed, N failed`", () => {
    const stages = [settle("vitest node", 0, { passed: 3 }), settle("e2e", 0, playwrightCounts(flakyReport))];
    const lines = summaryLines(stages);
    expect(lines).toEqual([
      "vitest node    3 passed    0 failed",
      "e2e            2 passed    0 failed  (1 flaky)",
      "flaky in e2e (passed on retry): vip.spec.ts › checkout › pays and becomes VIP",
      "5 passed, 0 failed",
    ]);
  });

  it("a failing journey is a failure, and a server that never started is one too", () => {
    expect(playwrightCounts({ stats: { expected: 3, unexpected: 1, flaky: 0, skipped: 1 } })).toMatchObject({ passed: 3, failed: 1, skipped: 1, flaky: 0 });
    expect(settle("e2e", 1, null)).toMatchObject({ failed: 1 });
  });
});

describe("the summary", () => {
  it("lists every stage and ends with the totals line", () => {
    const stages = [
      settle("typecheck", 0, { passed: 1 }),
      settle("vitest worker", 0, { passed: 300 }),
      settle("vitest node", 0, { passed: 0 }),
      settle("vitest app", 1, { passed: 100, failed: 2, skipped: 1 }),
    ];
    const lines = summaryLines(stages);
    expect(lines.slice(0, 4).map((line) => line.split(/\s{2,}|\s(?=\d)/)[0])).toEqual(["typecheck", "vitest worker", "vitest node", "vitest app"]);
    expect(lines[2]).toBe("vitest node      0 passed    1 failed  (no tests ran)");
    expect(lines[3]).toBe("vitest app     100 passed    2 failed  (1 skipped)");
    expect(lines.at(-1)).toBe("401 passed, 3 failed");
  });

  it("shows each stage's wall time in whole seconds, before the notes, and still ends with the totals", () => {
    const stages = [
      { ...settle("typecheck", 0, { passed: 1 }), seconds: 41.4 },
      { ...settle("vitest worker", 0, { passed: 1809 }), seconds: 52.6 },
      { ...settle("e2e", 0, { passed: 40, skipped: 1 }), seconds: 312.5 },
      settle("lint", 0, { passed: 1 }),
    ];
    expect(summaryLines(stages)).toEqual([
      "typecheck        1 passed    0 failed    41 s",
      "vitest worker 1809 passed    0 failed    53 s",
      "e2e             40 passed    0 failed   313 s  (1 skipped)",
      "lint             1 passed    0 failed",
      "1851 passed, 0 failed",
    ]);
    expect(formatSeconds(0.4)).toBe("0 s");
  });
});

// ---------------------------------------------------------------------------------------------
// Against the real tools.

const toolEnv = () => {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}` };
  for (const key of Object.keys(env)) if (key.startsWith("VITEST") || key === "TEST") delete env[key]; // this run's own markers
  return env;
};

function run(command: string, args: string[], cwd = ROOT) {
  return new Promise<{ code: number; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: toolEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

// Each real run works in its own folder outside the project, removed afterwards, so a failing
// run leaves nothing in the project's own `test-results/` or `.tmp/`.
const scratchDirs: string[] = [];
async function scratch() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "test-all-"));
  scratchDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(scratchDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("the real tools", () => {
  it("vitest, with this project's config, fails a project that finds no test file", async () => {
    const report = path.join(await scratch(), "vitest.json");
    // Same command as the stage, with a filter no file matches: what an `include` typo does.
    const args = ["run", "--project", "node", "tests/node/no-such-test-file", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
    const { code, output } = await run("vitest", args);
    expect(code, output).not.toBe(0);
    expect(output).toContain("No test files found");
    const json = await readFile(report, "utf8").then(
      (text) => JSON.parse(text) as VitestReport,
      () => null,
    );
    expect(settle("vitest node", code, json && vitestCounts(json))).toMatchObject({ passed: 0, failed: 1 });
  }, 60_000);

  it("Playwright's own report of a test that passed on retry is counted as flaky, once", async () => {
    const dir = await scratch();
    const report = path.join(dir, "report.json");
    // The spec imports the project's own Playwright; the failed first attempt's files go to the
    // scratch folder, not to the nearest package's `test-results/`.
    await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const outputDir = path.join(dir, "test-results");
    await writeFile(
      path.join(dir, "playwright.config.mjs"),
      `export default { testDir: ".", outputDir: ${JSON.stringify(outputDir)}, retries: 1, workers: 1, reporter: [["json", { outputFile: ${JSON.stringify(report)} }]] };\n`,
    );
    await writeFile(
      path.join(dir, "flaky.spec.mjs"),
      [
        `import { expect, test } from "@playwright/test";`,
        `test("steady", () => {});`,
        `test.describe("group", () => {`,
        `  test("fails first, passes on retry", ({}, testInfo) => { expect(testInfo.retry).toBe(1); });`,
        `});`,
        "",
      ].join("\n"),
    );
    const { code, output } = await run("playwright", ["test", "--config", path.join(dir, "playwright.config.mjs")], dir);
    expect(code, output).toBe(0);
    // The failed first attempt's files are in the scratch folder, removed after the run.
    expect(await readdir(outputDir)).toContain("flaky-group-fails-first-passes-on-retry");
    expect(existsSync(path.join(ROOT, "test-results", "flaky-group-fails-first-passes-on-retry"))).toBe(false);
    const counts = playwrightCounts(JSON.parse(await readFile(report, "utf8")) as PlaywrightReport);
    expect(counts).toEqual({ passed: 2, failed: 0, skipped: 0, flaky: 1, flakyTests: ["flaky.spec.mjs › group › fails first, passes on retry"] });
    expect(summaryLines([settle("e2e", code, counts)])).toEqual([
      "e2e           2 passed    0 failed  (1 flaky)",
      "flaky in e2e (passed on retry): flaky.spec.mjs › group › fails first, passes on retry",
      "2 passed, 0 failed",
    ]);
  }, 60_000);
});
