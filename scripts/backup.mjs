#!/usr/bin/env node
// `npm run backup -- --env production`: the environment's whole D1 database (schema and rows) as
// SQL in backups/<database name>-<env>-<UTC time>.sql, from `wrangler d1 export --remote`. Restore into
// a new database with `wrangler d1 execute <name> --remote --file <that file>`; to go back in time
// within the last 30 days, D1 Time Travel needs no file (README, "Backups and restores").
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { run, fail } from "./lib/run.mjs";
import { deployEnvFromArgs } from "./lib/deploy-env.mjs";
import { ROOT, WRANGLER_CONFIG } from "./lib/wrangler.mjs";

const env = deployEnvFromArgs("npm run backup");
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
