#!/usr/bin/env node
// `npm run backup -- --env production`: the environment's whole D1 database (schema and rows) as
// SQL in backups/<database name>-<env>-<UTC time>.sql, from `wrangler d1 export --remote`. Restore into
// a new database with `wrangler d1 execute <name> --remote --file <that file>`; to go back in time
// within the last 30 days, D1 Time Travel needs no file (docs/operating.md, "Backups and restores").
// The export makes the database unavailable to queries while it runs (a live site's requests
// fail meanwhile), so it says so and asks first; without a terminal it needs --yes.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { run, fail } from "./lib/run.mjs";
import { DEPLOY_ENVS } from "./lib/deploy-env.mjs";
import { ROOT, WRANGLER_CONFIG } from "./lib/wrangler.mjs";

const USAGE = `Usage: npm run backup -- --env ${DEPLOY_ENVS.join("|")} [--yes]`;
const WARNING =
  'The export makes the database unavailable to serve queries while it runs: the live site\'s pages and sign-ins fail until it ends (seconds to minutes, by size).\nTo go back in time within the last 30 days, D1 Time Travel needs no export and no downtime (docs/operating.md, "Backups and restores").';

function readArgs() {
  try {
    const { values } = parseArgs({ options: { env: { type: "string" }, yes: { type: "boolean", default: false } } });
    if (DEPLOY_ENVS.includes(values.env ?? "")) return values;
  } catch (error) {
    console.error(`backup: ${error instanceof Error ? error.message : error}`);
  }
  console.error(USAGE);
  process.exit(2);
}

/** Whether the operator agreed: --yes, or "y" at the terminal's prompt; never by default. */
async function confirmed(yes) {
  if (yes) return true;
  if (!process.stdin.isTTY) {
    console.error("backup: no terminal to ask in: run it again with --yes to export anyway.");
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question("Export now? (y/N) ");
  prompt.close();
  return /^y(es)?$/i.test(answer.trim());
}

const { env, yes } = readArgs();
console.log(WARNING);
if (!(await confirmed(yes))) {
  console.error("backup: nothing was exported.");
  process.exit(yes || process.stdin.isTTY ? 1 : 2);
}
const { experimental_readRawConfig } = await import("wrangler");
const { rawConfig } = experimental_readRawConfig({ config: WRANGLER_CONFIG });
const database = rawConfig.env?.[env]?.d1_databases?.find((db) => db.binding === "DB")?.database_name;
if (!database) fail(new Error(`wrangler.toml has no DB database in [env.${env}]`));
const stamp = new Date()
  .toISOString()
  .replace(/:/g, "-")
  .replace(/\.\d+Z$/, "Z");
const file = path.join(ROOT, "backups", `${database}-${env}-${stamp}.sql`);

try {
  await mkdir(path.dirname(file), { recursive: true });
  await run("wrangler", ["--config", WRANGLER_CONFIG, "d1", "export", database, "--remote", "--env", env, "--output", file]);
  console.log(`\nSaved ${path.relative(ROOT, file)}. It holds members' personal data: keep it encrypted and off shared drives.`);
} catch (error) {
  fail(error);
}
