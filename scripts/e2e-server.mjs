#!/usr/bin/env node
// Playwright's web server: a fresh, dedicated local state (so journeys never see data from
// `npm start` and never depend on the previous run), seeded, built into its own output
// directory, and served by `wrangler dev` on its own port — so `npm test` can run next to
// `npm start` / `npm run dev` without either rebuilding the other's files under it.
// Usage: node scripts/e2e-server.mjs [--port 8789] [--prepare-only | --prepared] [--build-from <dir>]
//   --prepare-only  the fresh state alone (vars, data, media), no build, no server: `npm test` runs
//                   it beside its earlier stages, then starts Playwright with --prepared
//   --prepared      serve the state a --prepare-only left, without making it again
//   --build-from    copy that directory's build of the same site (`npm test`: the upload check's
//                   dist/check) instead of building again; builds when it holds none
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { fail, run, serve } from "./lib/run.mjs";
import { buildIsolated, copyBuild } from "./lib/e2e-build.mjs";
import { ROOT } from "./lib/wrangler.mjs";
import { parseDotenv } from "./lib/demo-seed.mjs";
import { localSiteUrl } from "./lib/local-site-url.mjs";

const LOCAL_SECRETS = ["PASSWORD_PEPPER", "SESSION_SECRET", "LOCAL_PAYMENTS_SECRET"];

// `npm test` puts it in memory (E2E_STATE_DIR, scripts/test-all.mjs); a run by hand keeps it here.
const E2E_STATE_DIR = process.env.E2E_STATE_DIR ?? ".wrangler/e2e-state";

/** Builds the site (scripts/lib/e2e-build.mjs) or copies `from`'s build, and gives its Worker local mode; returns its config. */
async function buildForJourneys(port, from) {
  const dir = (from && (await copyBuild(from))) || (await buildIsolated());
  await writeLocalOnlyVars(path.join(dir, ".dev.vars"), port);
  return path.relative(ROOT, path.join(dir, "wrangler.json"));
}

/**
 * The build copies the developer's .dev.vars, live STRIPE_* or MAIL_* keys included. Journeys must
 * run against the local payment and mail services whatever a developer configured, so the built
 * Worker gets only local mode and the local secrets.
 */
async function writeLocalOnlyVars(file, port) {
  const vars = parseDotenv(await readFile(path.join(ROOT, ".dev.vars"), "utf8"));
  // Every journey runs across four feed hub shards (decision 047), as the Worker tests do; mails
  // built outside a request link to this server (tests/e2e/campaigns.spec.ts checks).
  const lines = [
    "APP_ENV=local",
    "FEED_HUB_SHARDS=4",
    `SITE_URL=${localSiteUrl(undefined, port)}`,
    ...LOCAL_SECRETS.filter((name) => vars[name]).map((name) => `${name}=${vars[name]}`),
  ];
  await writeFile(file, `${lines.join("\n")}\n`, { mode: 0o600 });
}

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8789" },
    "prepare-only": { type: "boolean" },
    prepared: { type: "boolean" },
    "build-from": { type: "string" },
  },
});

let workerConfig;
try {
  const build = () => buildForJourneys(values.port, values["build-from"]);
  const prepare = (step) => run("node", ["scripts/prepare-local.mjs", "--persist-to", E2E_STATE_DIR, "--only", step]);
  // .dev.vars first (the build copies it); then the data, the media and the build side by side.
  // Unlike `npm start`, the journeys need every demo file, so the server waits for the media step.
  const fresh = async (alongside = async () => undefined) => {
    await rm(path.resolve(ROOT, E2E_STATE_DIR), { recursive: true, force: true });
    await prepare("vars");
    return Promise.all([alongside(), prepare("data"), prepare("media")]);
  };
  if (values["prepare-only"]) {
    await fresh();
    process.exit(0);
  }
  [workerConfig] = values.prepared ? [await build()] : await fresh(build);
} catch (error) {
  fail(error);
}
serve("wrangler", [
  "dev",
  "--config",
  workerConfig,
  "--ip",
  "127.0.0.1",
  "--port",
  values.port,
  "--persist-to",
  E2E_STATE_DIR,
  "--log-level",
  "warn",
  "--show-interactive-dev-session=false",
  // Crons do not fire by themselves in local dev and no journey waits for one. Without this flag
  // wrangler says so as a warning in every run's log; with it, it only adds its own /__scheduled
  // route to this local server.
  "--test-scheduled",
]);
