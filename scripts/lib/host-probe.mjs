// The host probe: a fixed piece of work whose time says how fast this host is right now, so a
// suite's wall time can be judged against the host it ran on (decision 140). The work is the Worker
// project's type check from scratch on one checker thread: like the suite it reads much memory, and
// a host slower at that showed it where a loop that fits in the CPU's cache did not (decision 123).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { ROOT, toolEnv } from "./wrangler.mjs";

const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve("typescript-native/package.json")), "bin", "tsc");
const NODE = Number(process.versions.node.split(".")[0]) >= 24 ? process.execPath : path.join(ROOT, "node_modules", ".bin", "node");

/**
 * `npm test` may take this many probes of wall time: 12 minutes on the team's quiet host, where the
 * probe read 6.1-6.3 s when the budget was set (720 / 6.2 ≈ 116).
 */
export const SUITE_BUDGET_PROBES = 116;

/** The probe's wall time in seconds (nothing is written: no build info, no output). */
export function hostProbeSeconds() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(NODE, [tsc, "-p", "tsconfig.worker.json", "--singleThreaded", "--incremental", "false", "--noEmit"], {
      cwd: ROOT,
      env: toolEnv(),
      stdio: "ignore",
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`the host probe (the Worker's type check) failed: exit ${code}`)),
    );
  });
}

/** The suite's figures against its budget in probes: lines to print. */
export function suiteBudgetLines({ wallSeconds, coreSeconds, probeSeconds }, budgetProbes = SUITE_BUDGET_PROBES) {
  const budget = budgetProbes * probeSeconds;
  const verdict = wallSeconds <= budget ? "within" : "OVER";
  return [
    `wall ${Math.round(wallSeconds)} s, ${coreSeconds === null ? "core-seconds unknown" : `${Math.round(coreSeconds)} core-seconds`}; host probe ${probeSeconds.toFixed(1)} s (the Worker's type check, one thread, alone)`,
    `${(wallSeconds / probeSeconds).toFixed(1)} probes of wall time${coreSeconds === null ? "" : `, ${(coreSeconds / probeSeconds).toFixed(1)} of work`}; budget ${budgetProbes} probes (${Math.round(budget)} s on this host): ${verdict}`,
  ];
}
