// The Worker's start-up as the check measures it: the CPU of importing the built entry in a fresh
// Node process (scripts/lib/import-worker.mjs), workerd's modules stood in for.
import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT, toolEnv } from "./wrangler.mjs";

/** Node 24, as the project pins it (node_modules/.bin first on PATH): the one that measures. */
const NODE = Number(process.versions.node.split(".")[0]) >= 24 ? process.execPath : path.join(ROOT, "node_modules", ".bin", "node");

/** One import of the entry in a fresh process: its start-up CPU in ms. */
export function startupCpuMs(entry) {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [path.join(ROOT, "scripts", "lib", "import-worker.mjs"), entry], {
      cwd: ROOT,
      env: toolEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
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
