#!/usr/bin/env node
// Makes the site's first administrator (npm run admin:create), on a deployed database or a local
// state, and prints a one-time link where they choose their password (scripts/lib/first-admin.mjs).
// Refuses, changing nothing, when the site already has an administrator: further ones are invited
// from the back office (Users). `--reissue` gives that first administrator a new link when the
// first expired unused (scripts/lib/first-admin.mjs says when it may).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseDotenv } from "./lib/demo-seed.mjs";
import { firstAdminInput, firstAdminLink, firstAdminStatements, reissueInput, reissueStatements } from "./lib/first-admin.mjs";
import { ROOT, WRANGLER_CONFIG, wrangler } from "./lib/wrangler.mjs";

const USAGE = `Makes the site's first administrator and prints a one-time link to choose the password.

Usage:
  npm run admin:create -- --env <staging|production> --email you@example.com --username you
  npm run admin:create -- --local [--persist-to <dir>] --email you@example.com --username you
  npm run admin:create -- --env <staging|production> --email you@example.com --reissue

Options:
  --env <name>         the deployed environment (needs wrangler's login or CLOUDFLARE_API_TOKEN)
  --local              the local state (npm start's database)
  --persist-to <dir>   a local state kept somewhere else
  --email <address>    the administrator's e-mail
  --username <name>    the administrator's username
  --site-url <url>     the address the link opens (default: that environment's SITE_URL)
  --reissue            a new link for the administrator this command made, when the first expired
                       before a password was chosen (earlier links stop working; refused once
                       any administrator has a password)
  --help               this text
`;

/** The options, or the usage: printed on --help (exit 0) or for a mistaken command line (exit 2). */
function readArgs() {
  try {
    const { values } = parseArgs({
      options: {
        env: { type: "string" },
        local: { type: "boolean", default: false },
        "persist-to": { type: "string" },
        email: { type: "string" },
        username: { type: "string" },
        "site-url": { type: "string" },
        reissue: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return values;
  } catch (error) {
    console.error(`admin:create: ${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    process.exit(2);
  }
}

const values = readArgs();

/** The environment's SITE_URL: .dev.vars locally, else its [env.<name>.vars] (or the top [vars]). */
async function siteUrlOf(env, local) {
  if (local) {
    const devVars = path.join(ROOT, ".dev.vars");
    const vars = existsSync(devVars) ? parseDotenv(readFileSync(devVars, "utf8")) : {};
    return vars.SITE_URL ?? "http://localhost:8787";
  }
  const { experimental_readRawConfig } = await import("wrangler");
  const config = experimental_readRawConfig({ config: WRANGLER_CONFIG }).rawConfig;
  return config.env?.[env]?.vars?.SITE_URL ?? config.vars?.SITE_URL;
}

/** What this run writes, and what to say when its last statement answers 1 (done) or 0 (refused). */
function plan(tokenHash) {
  const now = Date.now();
  if (values.reissue) {
    if (values.username !== undefined) throw new Error("--reissue takes the administrator's --email only");
    const { email } = reissueInput(values);
    return {
      email,
      statements: reissueStatements({ email, tokenHash, now }),
      done: `admin:create: a new link for ${email}; earlier links no longer work.`,
      refused:
        "admin:create: no link was issued and nothing was changed: the address must be that of the administrator this command made, who has not chosen a password yet, and no administrator may have one. Once someone can sign in, reset passwords from the site.",
    };
  }
  const { email, username } = firstAdminInput(values);
  return {
    email,
    statements: firstAdminStatements({ userId: randomUUID(), adminId: randomUUID(), email, username, tokenHash, now }),
    done: `admin:create: ${email} is the site's administrator.`,
    refused: "admin:create: this site already has an administrator; nothing was changed. Invite more from the back office (Users).",
  };
}

async function main() {
  if (values.local === (values.env !== undefined)) throw new Error("give either --env <staging|production> or --local");
  const token = randomBytes(32).toString("base64url");
  const { statements, done, refused } = plan(createHash("sha256").update(token).digest("hex"));
  const siteUrl = values["site-url"] ?? (await siteUrlOf(values.env, values.local));
  if (!siteUrl || !URL.canParse(siteUrl)) throw new Error("no site address: give --site-url https://…");
  const where = values.local ? ["--local", ...(values["persist-to"] ? ["--persist-to", values["persist-to"]] : [])] : ["--remote", "--env", values.env];
  const work = await mkdtemp(path.join(os.tmpdir(), "admin-create-"));
  try {
    const file = path.join(work, "first-admin.sql");
    await writeFile(file, statements.join(";\n") + ";\n");
    const output = await wrangler(["d1", "execute", "DB", ...where, "--file", file, "--json", "--yes"]);
    const results = JSON.parse(output.slice(output.indexOf("[")));
    const answer = results.at(-1)?.results?.[0];
    if ((answer?.created ?? answer?.issued) !== 1) {
      console.error(refused);
      process.exitCode = 1;
      return;
    }
    console.log(`${done} Open this link within 24 hours to choose the password (it works once):`);
    console.log(firstAdminLink(siteUrl, token));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`admin:create: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
