// The Worker's start-up as the check measures it: importing the built entry in a fresh Node
// process (scripts/lib/import-worker.mjs), workerd's modules stood in for.
//
// The budget is judged in instructions, which do not move with the host or its load: valgrind's
// callgrind counts every instruction the process runs, once with the entry and once with an empty
// module, and the difference is the import's work. V8's background threads, its hash and random
// seeds and address-space layout made the count wander by a few million from run to run; with
// `--single-threaded --predictable` and fixed seeds two runs agree to within a few thousand.
// CPU milliseconds are still measured, as advice (they follow the host: decision 139).
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ROOT, toolEnv } from "./wrangler.mjs";

/** Node 24, as the project pins it (node_modules/.bin first on PATH): the one that measures. */
const NODE = Number(process.versions.node.split(".")[0]) >= 24 ? process.execPath : path.join(ROOT, "node_modules", ".bin", "node");
const IMPORTER = path.join(ROOT, "scripts", "lib", "import-worker.mjs");
/** V8 on one thread, with fixed seeds: the same work gives the same count. */
const DETERMINISTIC_V8 = ["--single-threaded", "--predictable", "--hash-seed=1", "--random-seed=1"];

function runProcess(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: toolEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

/** One import of the entry in a fresh process: its start-up CPU in ms (advice: it follows the host). */
export async function startupCpuMs(entry) {
  const { code, out, err } = await runProcess(NODE, [IMPORTER, entry]);
  if (code !== 0) throw new Error(`Importing the built Worker failed (exit ${code}):\n${err}`);
  return JSON.parse(out.trim().split("\n").at(-1)).cpuMs;
}

/** Whether valgrind is on this machine (CI installs it: .ci/run). */
export async function canCountInstructions() {
  try {
    return (await runProcess("valgrind", ["--version"])).code === 0;
  } catch {
    return false;
  }
}

/** Every instruction a fresh Node process runs to import `entry` and exit, counted by callgrind. */
async function processInstructions(entry) {
  const args = ["--tool=callgrind", "--callgrind-out-file=/dev/null", NODE, ...DETERMINISTIC_V8, IMPORTER, entry];
  const { code, err } = await runProcess("valgrind", args);
  const collected = /Collected\s*:\s*(\d+)/.exec(err);
  if (code !== 0 || !collected) throw new Error(`Counting the import's instructions failed (exit ${code}):\n${err.slice(-2000)}`);
  return Number(collected[1]);
}

/**
 * The instructions importing `entry` costs: a process that imports it less one that imports an
 * empty module (Node's own start-up and exit). The two run side by side: a count does not depend
 * on what else the machine runs.
 */
export async function startupInstructions(entry) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "startup-reference-"));
  try {
    const empty = path.join(dir, "empty.mjs");
    await writeFile(empty, "export default {};\n");
    const [withEntry, reference] = await Promise.all([processInstructions(entry), processInstructions(empty)]);
    return withEntry - reference;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
