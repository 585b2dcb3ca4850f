#!/usr/bin/env node
// `npm run typecheck`: the three TypeScript projects (Worker, app, Node scripts and tests), one
// after another, with TypeScript 7's native compiler (decision 086). It checks the same configs
// three to four times faster than TypeScript 6's, which stays installed as `typescript` for the
// tools that load TypeScript's JavaScript API (typescript-eslint's parser, Vite's plugins).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const PROJECTS = ["tsconfig.worker.json", "tsconfig.app.json", "tsconfig.node.json"];
// The package exports no bin path; its bin sits beside its package.json.
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve("typescript-native/package.json")), "bin", "tsc");

// One checker thread per project. By default the compiler splits the files among four checkers,
// each of which works out again the types the others' files share: on 2 cores the three projects
// took 28 s and 54 core-seconds that way, 18 s and 21 core-seconds on one thread each (from scratch,
// one after the other, nothing else running), which also leaves the other core to lint in `npm test`.
let failed = false;
for (const project of PROJECTS) {
  const { status } = spawnSync(process.execPath, [tsc, "-p", project, "--singleThreaded"], { stdio: "inherit" });
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
