// The client side of the socket measurements: several Node processes (socket-client-process.mjs)
// hold the sockets, so one process reading every frame is no longer what the figures measure. Each
// is started through `sh -c 'ulimit -n <hard>; exec node …'` so its open-file limit is raised to
// the hard limit (one descriptor per socket) whatever the shell that ran the script allowed.
import { execFileSync, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { percentile } from "./measure.mjs";

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "socket-client-process.mjs");

/** This machine's hard open-file limit (what any process may raise its own soft limit to). */
export function hardOpenFileLimit() {
  const raw = execFileSync("sh", ["-c", "ulimit -Hn"], { encoding: "utf8" }).trim();
  return raw === "unlimited" ? 1_048_576 : Number(raw);
}

/** `command args…` with its open-file limit raised to the hard limit first. */
export function withRaisedFileLimit(command, args) {
  const quoted = [command, ...args].map((a) => `'${String(a).replaceAll("'", `'\\''`)}'`).join(" ");
  return ["sh", ["-c", `ulimit -n "$(ulimit -Hn)"; exec ${quoted}`]];
}

/** Default: one process per core, at least two (the server shares the same cores). */
export const defaultClientProcesses = () => Math.max(2, os.availableParallelism());

/** Nearest-rank summary of a list of milliseconds. */
export function summarize(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}

/**
 * Starts `processes` client processes. `open()` spreads the cookies (and `urls`, one address per
 * cookie, when the sockets go to several places) over them (round robin) and
 * resolves with every socket's time to ready; `arrivals(key)` lists what arrived for a key as
 * { at, sentAt, proc }; `waitFor(key, count, ms)` resolves once `count` arrived or `ms` passed.
 */
export function startClients(processes) {
  const byKey = new Map();
  const waiters = new Set();
  const children = Array.from({ length: processes }, (_, proc) => {
    const [command, args] = withRaisedFileLimit(process.execPath, [CHILD]);
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.on("message", (message) => {
      if (message.type !== "arrivals") return;
      for (const [key, at, sentAt] of message.items) {
        if (!byKey.has(key)) byKey.set(key, []);
        byKey.get(key).push({ at, sentAt, proc });
      }
      for (const check of waiters) check();
    });
    return child;
  });
  const ask = (child, command, answer) =>
    new Promise((resolve) => {
      const onMessage = (message) => {
        if (message.type !== answer) return;
        child.off("message", onMessage);
        resolve(message);
      };
      child.on("message", onMessage);
      child.send(command);
    });

  return {
    async open({ url, urls, origin, cookies, kind, concurrency, timeoutMs = 60_000 }) {
      const share = (list, i) => list?.filter((_, n) => n % processes === i);
      const shares = children.map((_, i) => share(cookies, i));
      const answers = await Promise.all(
        children.map((child, i) =>
          ask(
            child,
            {
              type: "open",
              url,
              urls: share(urls, i),
              origin,
              cookies: shares[i],
              kind,
              concurrency: Math.max(1, Math.ceil(concurrency / processes)),
              timeoutMs,
            },
            "opened",
          ),
        ),
      );
      const states = {};
      for (const a of answers) for (const [state, n] of Object.entries(a.states)) states[state] = (states[state] ?? 0) + n;
      return { readyMs: answers.flatMap((a) => a.readyMs), states };
    },
    async live() {
      const answers = await Promise.all(children.map((child) => ask(child, { type: "live" }, "live")));
      return answers.reduce((sum, a) => sum + a.count, 0);
    },
    arrivals: (key) => byKey.get(key) ?? [],
    waitFor(key, count, ms) {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const check = () => (byKey.get(key)?.length ?? 0) >= count && done();
        const timer = setTimeout(done, ms);
        waiters.add(check);
        check();
      });
    },
    async close() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once("exit", resolve);
              child.send({ type: "close" });
            }),
        ),
      );
    },
  };
}
