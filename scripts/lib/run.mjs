// Child-process helpers for the start/dev/e2e scripts: output streams through, signals are
// passed on, and a failing step stops the chain with its exit code.
import { spawn } from "node:child_process";
import os from "node:os";
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

/**
 * Runs a long-lived server in the foreground; this process exits when it does, after `onExit`
 * (which stops what runs beside it).
 */
export function serve(command, args, { env = {}, onExit = () => {} } = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: toolEnv(env), stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("close", (code, signal) => {
    onExit();
    process.exit(code ?? (signal ? 0 : 1));
  });
}

/** Ends the script with the failing step's message and exit code. */
export function fail(error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}

/**
 * Starts a helper process beside the server at a lower CPU priority (so the build and the server
 * get the cores first) and resolves `done` with its exit code; `stop()` ends it early.
 */
export function background(command, args, { env = {}, niceness = 10 } = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: toolEnv(env), stdio: "inherit" });
  try {
    os.setPriority(child.pid, niceness);
  } catch {
    // Not allowed here: it still works, only sooner competes with the build.
  }
  const done = new Promise((resolve) => {
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
  return { done, stop: () => child.exitCode === null && child.kill("SIGTERM") };
}

/** Resolves once `url` answers 200 (the server is up), checking every 250 ms. */
export async function waitForOk(url, { timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
