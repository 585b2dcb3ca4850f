// Runs the project's own wrangler CLI the same way from every script: offline-friendly env,
// the project's Node 24 first on PATH, and the source wrangler.toml passed explicitly.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const WRANGLER_CONFIG = path.join(ROOT, "wrangler.toml");

/** Env for every wrangler/vite child: no telemetry, no Cloudflare lookups, local Node first. */
export function toolEnv(extra = {}) {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    PATH: `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    ...extra,
  };
}

/**
 * Runs `wrangler <args>` against wrangler.toml (not the build's redirected config, which may be
 * stale or missing) and resolves with its output. Both resolve local state to
 * <root>/.wrangler/state unless --persist-to is given, so this matches `wrangler dev` and
 * `vite dev`. stdin is closed so wrangler never waits on a prompt.
 */
export async function wrangler(args, options = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await wranglerOnce(args, options);
    } catch (error) {
      if (attempt === 3 || !lockedAtStart(error.message)) throw error;
    }
  }
}

/**
 * Two local commands on one state directory at once (the demo's data and media, made side by
 * side) can meet at the state's SQLite files: workerd then fails to start, SQLITE_BUSY, before the
 * command has done anything, so running it again is safe. Any other failure is final.
 */
const lockedAtStart = (output) => output.includes("The Workers runtime failed to start") && output.includes("database is locked");

function wranglerOnce(args, { quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn("wrangler", ["--config", WRANGLER_CONFIG, ...args], {
      cwd: ROOT,
      env: toolEnv(),
      stdio: ["ignore", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"],
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`wrangler ${args.join(" ")} exited with ${code}\n${output}`));
    });
  });
}
