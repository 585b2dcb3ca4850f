// The deployed environments of wrangler.toml, as `npm run deploy` and `npm run backup` take them.
import { parseArgs } from "node:util";

export const DEPLOY_ENVS = ["staging", "production"];

/** `--env staging|production` from the command line; ends the script with its usage otherwise. */
export function deployEnvFromArgs(usage) {
  const { values } = parseArgs({ options: { env: { type: "string" } }, allowPositionals: false });
  if (!DEPLOY_ENVS.includes(values.env ?? "")) {
    console.error(`Usage: ${usage} -- --env ${DEPLOY_ENVS.join("|")}`);
    process.exit(2);
  }
  return values.env;
}
