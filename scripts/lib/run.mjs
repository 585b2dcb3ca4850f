// Child-process helpers for the start/dev/e2e scripts: output streams through, signals are
// passed on, and a failing step stops the chain with its exit code.
import { spawn } from "node:child_process";
import { ROOT, toolEnv } from "./wrangler.mjs";

/** Runs a command to completion; rejects with the exit code on failure. */
export function run(command, args, { env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: toolEnv(env), stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(Object.assign(new Error(`${command} ${args.join(" ")} failed (${signal ?? code})`), { exitCode: code ?? 1 }));
    });
  });
}

/** Runs a long-lived server in the foreground; this process exits when it does. */
export function serve(command, args, { env = {} } = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: toolEnv(env), stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("close", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

/** Ends the script with the failing step's message and exit code. */
export function fail(error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}
