// The journeys' build: the site built into dist/e2e, beside (never over) `npm run build`'s output,
// shared by the e2e server (scripts/e2e-server.mjs) and the production rehearsal
// (scripts/rehearsal.mjs), which serves the same build with production settings.
import { existsSync } from "node:fs";
import { cp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { run } from "./run.mjs";
import { ROOT } from "./wrangler.mjs";

export const E2E_BUILD_DIR = "dist/e2e"; // under dist/: ignored by git and eslint, untouched by the main build
// The Vite plugin points this at the newest build; the e2e build must not take it over.
const DEPLOY_CONFIG = path.join(ROOT, ".wrangler", "deploy", "config.json");

/** The built Worker's directory (its wrangler.json beside it), or null when there is no build. */
export async function builtWorkerDir(outDir = E2E_BUILD_DIR) {
  if (!existsSync(path.join(ROOT, outDir))) return null;
  // The Worker's output directory is named after the Worker; find it rather than hard-code it.
  for (const entry of await readdir(path.join(ROOT, outDir), { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "client" && existsSync(path.join(ROOT, outDir, entry.name, "wrangler.json"))) {
      return path.join(ROOT, outDir, entry.name);
    }
  }
  return null;
}

/** Builds into E2E_BUILD_DIR, leaves `wrangler dev`/`deploy`'s redirect as it was, and returns the Worker's directory. */
export async function buildIsolated() {
  const saved = existsSync(DEPLOY_CONFIG) ? await readFile(DEPLOY_CONFIG) : null;
  try {
    await run("vite", ["build", "--outDir", E2E_BUILD_DIR, "--emptyOutDir", "--logLevel", "warn"]);
  } finally {
    if (saved) await writeFile(DEPLOY_CONFIG, saved);
    else await rm(DEPLOY_CONFIG, { force: true });
  }
  const dir = await builtWorkerDir();
  if (!dir) throw new Error(`No Worker build with a wrangler.json in ${E2E_BUILD_DIR}`);
  return dir;
}

/**
 * Copies another build of the same configuration (the upload check's dist/check: the same
 * `vite build`, another output directory) into E2E_BUILD_DIR instead of building the site again,
 * and returns the Worker's directory; null when `from` holds no build (the caller builds).
 */
export async function copyBuild(from) {
  if (!(await builtWorkerDir(from))) return null;
  if (path.resolve(ROOT, from) === path.resolve(ROOT, E2E_BUILD_DIR)) return builtWorkerDir();
  await rm(path.join(ROOT, E2E_BUILD_DIR), { recursive: true, force: true });
  await cp(path.join(ROOT, from), path.join(ROOT, E2E_BUILD_DIR), { recursive: true });
  return builtWorkerDir();
}
