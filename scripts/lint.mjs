#!/usr/bin/env node
// `npm run lint`: ESLint beside the formatting check and knip (the dead-code check, whole and production). ESLint keeps
// one core busy for most of the run; the other two together take a few seconds of the other core,
// so they run beside it instead of after it. Each one's output is printed when all have ended, in
// this order; the exit code is 1 when any of them failed.
import { spawn } from "node:child_process";
import { toolEnv, ROOT } from "./lib/wrangler.mjs";

/** Runs the commands one after another, stopping at the first failure; resolves with its output and exit code. */
function runInTurn(commands) {
  return commands.reduce(
    (previous, [command, ...args]) =>
      previous.then((done) => {
        if (done.code !== 0) return done;
        return new Promise((resolve) => {
          const child = spawn(command, args, { cwd: ROOT, env: toolEnv(), stdio: ["ignore", "pipe", "pipe"] });
          const chunks = [];
          child.stdout.on("data", (chunk) => chunks.push(chunk));
          child.stderr.on("data", (chunk) => chunks.push(chunk));
          child.on("error", (error) => chunks.push(Buffer.from(`${error.message}\n`)));
          child.on("close", (code) => resolve({ code: code ?? 1, output: done.output + Buffer.concat(chunks).toString() }));
        });
      }),
    Promise.resolve({ code: 0, output: "" }),
  );
}

const runs = await Promise.all([
  runInTurn([["eslint", "--cache", "--cache-location", "node_modules/.cache/eslint/", "."]]),
  runInTurn([
    ["oxfmt", "--check"],
    ["knip", "--cache"],
    // What ships, without the tests as entries: an export only a test uses is dead unless tagged @internal.
    ["knip", "--cache", "--production"],
  ]),
]);
for (const { output } of runs) process.stdout.write(output);
process.exit(runs.some(({ code }) => code !== 0) ? 1 : 0);
