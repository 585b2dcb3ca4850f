// The build `npm run check` holds against the budgets and `npm run deploy` uploads: in a
// directory of its own (dist/check), so neither `npm start`'s build nor the e2e journeys' is
// replaced under them, and the Vite plugin's redirect of `wrangler deploy` is left as it was.
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { run } from "./run.mjs";
import { ROOT } from "./wrangler.mjs";

export const CHECK_BUILD_DIR = path.join("dist", "check"); // under dist/: ignored by git and eslint
const DEPLOY_CONFIG = path.join(ROOT, ".wrangler", "deploy", "config.json");

/** Builds into CHECK_BUILD_DIR; `env` (a wrangler.toml environment) as CLOUDFLARE_ENV selects it. */
export async function buildForCheck(env) {
  const saved = existsSync(DEPLOY_CONFIG) ? await readFile(DEPLOY_CONFIG) : null;
  try {
    await run("vite", ["build", "--outDir", CHECK_BUILD_DIR, "--emptyOutDir", "--logLevel", "warn"], { env: env ? { CLOUDFLARE_ENV: env } : {} });
  } finally {
    if (saved) await writeFile(DEPLOY_CONFIG, saved);
    else await rm(DEPLOY_CONFIG, { force: true });
  }
}

/** The build's Worker directory: named after the Worker, the one with a wrangler.json. */
export async function checkedWorkerDir() {
  for (const entry of await readdir(path.join(ROOT, CHECK_BUILD_DIR), { withFileTypes: true })) {
    const dir = path.join(ROOT, CHECK_BUILD_DIR, entry.name);
    if (entry.isDirectory() && entry.name !== "client" && existsSync(path.join(dir, "wrangler.json"))) return dir;
  }
  throw new Error(`No Worker build with a wrangler.json in ${CHECK_BUILD_DIR}`);
}

/** The built Worker's own wrangler config (the environment's, flattened by the build). */
export const checkedWorkerConfig = async () => path.join(await checkedWorkerDir(), "wrangler.json");
