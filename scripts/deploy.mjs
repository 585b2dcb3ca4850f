#!/usr/bin/env node
// `npm run deploy -- --env staging|production`: the checked build goes out, after its database.
//   1. `npm run check` for that environment: type check, the build (CLOUDFLARE_ENV selects the
//      environment's bindings, name and domain), `wrangler deploy --dry-run`, the budgets;
//   2. predeploy: the environment's D1 migrations, applied remotely (each one once; they only
//      add, so the Worker still running keeps working on the migrated database);
//   3. `wrangler deploy` of exactly the build the check held against the budgets.
// Needs `wrangler login` (or CLOUDFLARE_API_TOKEN); docs/operating.md, "Deployment (Cloudflare)", is the whole path.
import { run, fail } from "./lib/run.mjs";
import { deployEnvFromArgs } from "./lib/deploy-env.mjs";
import { CHECK_BUILD_DIR, checkedWorkerConfig } from "./lib/worker-build.mjs";
import { WRANGLER_CONFIG } from "./lib/wrangler.mjs";

const env = deployEnvFromArgs("npm run deploy");

try {
  console.log(`\n━━━ 1/3 check (${env}) ━━━`);
  await run("npm", ["run", "--silent", "typecheck"]);
  await run("node", ["scripts/check-worker.mjs", "--env", env]);
  console.log(`\n━━━ 2/3 predeploy: D1 migrations, remote (${env}) ━━━`);
  await run("wrangler", ["--config", WRANGLER_CONFIG, "d1", "migrations", "apply", "DB", "--remote", "--env", env]);
  console.log(`\n━━━ 3/3 deploy (${env}, the build in ${CHECK_BUILD_DIR}) ━━━`);
  await run("wrangler", ["deploy", "--config", await checkedWorkerConfig()]);
} catch (error) {
  fail(error);
}
