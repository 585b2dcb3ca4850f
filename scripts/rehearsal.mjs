#!/usr/bin/env node
// The production rehearsal (decision 077): the journeys' build (dist/e2e, made if missing) served
// by `wrangler dev` with production settings: wrangler.toml's own [vars] (APP_ENV=production), an
// empty local D1 made by the migration files alone, the two required secrets and no vendor secret. A
// second server lacks SESSION_SECRET. Then it probes them as a launch-day visitor would: the dev
// mailbox and the local test checkout answer 404, the missing secret is named in a "misconfigured"
// answer without a stack, the coming-soon page renders in both languages, the first administrator
// made by `npm run admin:create` sets a password by its link and sees the set-up checklist, and
// no demo content (catalog, stations, channels, members, events, posts, products, perks, tiers) appears on
// any public page or API read. A stage of `npm test`, after the journeys (whose build it reuses).
// Usage: node scripts/rehearsal.mjs [--port 8796] (the second server takes the next port)
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CATALOG } from "./catalog/catalog.mjs";
import { RADIO_STATIONS, TV_CHANNELS } from "./catalog/broadcast.mjs";
import { DEMO_ACCOUNTS, DEMO_EVENTS, DEMO_POSTS } from "./lib/demo-seed.mjs";
import { DEMO_PERKS } from "./lib/demo-perks.mjs";
import { DEMO_PRODUCTS } from "./lib/demo-store.mjs";
import { DEMO_PREORDER_ALBUM, DEMO_PREORDER_PRODUCTS } from "./lib/demo-preorder.mjs";
import { DEMO_TIER } from "./lib/demo-tiers.mjs";
import { buildIsolated, builtWorkerDir } from "./lib/e2e-build.mjs";
import { waitForOk } from "./lib/run.mjs";
import { ROOT, toolEnv, wrangler } from "./lib/wrangler.mjs";

const { values } = parseArgs({ options: { port: { type: "string", default: process.env.REHEARSAL_PORT ?? "8796" } } });
const PORT = Number(values.port);
const WORK = path.join(ROOT, ".tmp", "rehearsal");
const started = performance.now();
const results = [];

function record(name, ok, detail = "") {
  results.push({ name, ok });
  console.log(`${ok ? "✓" : "✗"} ${name}${ok || !detail ? "" : `: ${detail}`}`);
}

/**
 * A copy of the build's wrangler.json in a directory of its own, paths made absolute, with a
 * .dev.vars of only `secrets`: the build's own .dev.vars (local mode) stays out of it.
 */
function serverConfig(workerDir, name, secrets) {
  const dir = path.join(WORK, name);
  mkdirSync(dir, { recursive: true });
  const config = JSON.parse(readFileSync(path.join(workerDir, "wrangler.json"), "utf8"));
  config.main = path.resolve(workerDir, config.main);
  if (config.assets?.directory) config.assets.directory = path.resolve(workerDir, config.assets.directory);
  for (const db of config.d1_databases ?? []) db.migrations_dir = path.join(ROOT, "migrations");
  writeFileSync(path.join(dir, "wrangler.json"), JSON.stringify(config));
  writeFileSync(
    path.join(dir, ".dev.vars"),
    Object.entries(secrets)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(""),
    { mode: 0o600 },
  );
  return path.join(dir, "wrangler.json");
}

/** `wrangler dev` on `port`; its output is kept and printed only when the rehearsal fails. */
function startServer(config, port, stateDir) {
  const args = ["dev", "--config", config, "--ip", "127.0.0.1", "--port", String(port), "--persist-to", stateDir];
  const child = spawn("wrangler", [...args, "--log-level", "error", "--show-interactive-dev-session=false"], { cwd: ROOT, env: toolEnv() });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return { child, output: () => output };
}

/** Every demo name that must not show on a new site (only names long enough not to occur by chance). */
function demoNames() {
  const names = [
    ...CATALOG.map((a) => a.title),
    ...RADIO_STATIONS.map((s) => s.name),
    ...TV_CHANNELS.map((c) => c.name),
    ...DEMO_ACCOUNTS.map((a) => a.username),
    ...DEMO_EVENTS.map((e) => e.title),
    ...DEMO_POSTS.map((p) => p.content.slice(0, 40)),
    ...DEMO_PRODUCTS.map((p) => p.title),
    DEMO_PREORDER_ALBUM.title,
    ...DEMO_PREORDER_PRODUCTS.map((p) => p.title),
    ...DEMO_PERKS.map((p) => p.title),
    DEMO_TIER.nameEn,
    DEMO_TIER.namePtBr,
  ];
  return [...new Set(names)].filter((name) => name.length >= 8);
}

async function probe(base, misconfigured, adminLink) {
  const get = (p, init = {}) => fetch(base + p, { redirect: "manual", ...init });
  const post = (p, json, headers = {}) =>
    fetch(base + p, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base, "content-type": "application/json", ...headers },
      body: JSON.stringify(json),
    });

  record("the dev mailbox answers 404", (await get("/api/dev/mailbox")).status === 404);
  record("the dev mailbox page answers 404", (await get("/dev/mailbox")).status === 404);

  for (const [lang, text] of [
    ["en", ">Coming soon</h1>"],
    ["pt-BR", ">Em breve</h1>"],
  ]) {
    const res = await get(`/?lang=${lang}`);
    const html = await res.text();
    record(`the coming-soon page renders (${lang})`, res.status === 200 && html.includes(text) && html.includes("coming-soon-brand"), `status ${res.status}`);
  }

  // The first administrator: the command's link, a password, a session, the checklist.
  const token = new URL(adminLink).searchParams.get("token");
  const password = randomBytes(12).toString("base64url");
  const confirm = await post("/api/auth/reset/confirm", { token, password, confirmPassword: password });
  const login = await post("/api/auth/login", { email: "owner@rehearsal.example", password });
  const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0];
  record("the first administrator sets a password by the link and signs in", confirm.status === 200 && login.status === 200 && cookie !== "");
  // The local test checkouts (VIP and store) are for a signed-in member: asked as one, they are not there.
  const vipCheckout = await post("/api/payments/local/checkout/cs_local_x/pay", {}, { cookie });
  const storeCheckout = await post("/api/store/local/checkouts/x/pay", {}, { cookie });
  record("the local test checkouts answer 404", vipCheckout.status === 404 && storeCheckout.status === 404, `${vipCheckout.status}, ${storeCheckout.status}`);
  const reused = await post("/api/auth/reset/confirm", { token, password: "another-password", confirmPassword: "another-password" });
  record("the link works once", reused.status === 400);
  const checklist = await (await get("/api/admin/setup", { headers: { cookie } })).json().catch(() => null);
  const pageHtml = await (await get("/", { headers: { cookie } })).text();
  record(
    "the set-up checklist renders, nothing done yet",
    pageHtml.includes("Set up your site") &&
      JSON.stringify(checklist?.steps?.map((s) => s.done)) === JSON.stringify([false, false, false, false, false, false]),
    JSON.stringify(checklist),
  );

  // No demo content on any public page or read.
  const names = demoNames();
  const reads = ["/", "/?lang=pt-BR", "/music", "/music/catalog", "/radio", "/tv", "/events", "/store", "/perks", "/signup-options", "/search?q=love"];
  reads.push(
    "/api/music/albums",
    "/api/radio/stations",
    "/api/tv/channels",
    "/api/events",
    "/api/store/products",
    "/api/perks",
    "/api/tiers",
    "/api/posts",
    "/api/search?q=love",
  );
  const found = [];
  for (const p of reads) {
    const body = await (await get(p)).text();
    for (const name of names) if (body.includes(name)) found.push(`${p}: ${name}`);
  }
  record("no demo content on any public page or read", found.length === 0, found.slice(0, 5).join("; "));

  for (const p of ["/", "/api/config"]) {
    const res = await fetch(misconfigured + p);
    const text = await res.text();
    let error = null;
    try {
      error = JSON.parse(text).error;
    } catch {
      // not JSON: the check below fails
    }
    record(
      `a missing secret: ${p} answers "misconfigured" naming SESSION_SECRET, no stack`,
      res.status === 500 && error?.code === "misconfigured" && error.message.includes("SESSION_SECRET") && !/\bat .*:\d+:\d+/.test(text),
      `${res.status} ${text.slice(0, 200)}`,
    );
  }
}

async function main() {
  rmSync(WORK, { recursive: true, force: true });
  const workerDir = (await builtWorkerDir()) ?? (await buildIsolated());
  const secrets = { PASSWORD_PEPPER: randomBytes(24).toString("base64url"), SESSION_SECRET: randomBytes(36).toString("base64url") };
  const healthy = serverConfig(workerDir, "production", secrets);
  const broken = serverConfig(workerDir, "missing-secret", { PASSWORD_PEPPER: secrets.PASSWORD_PEPPER });
  const stateDir = path.join(WORK, "state");
  const base = `http://127.0.0.1:${PORT}`;
  const misconfigured = `http://127.0.0.1:${PORT + 1}`;
  // The server without a secret needs no database: it starts while the migrations run, and the
  // other while the first administrator is made.
  const servers = [startServer(broken, PORT + 1, path.join(WORK, "state-unused"))];
  try {
    await step("migrations applied to an empty local D1", () => applyMigrations(stateDir));
    servers.push(startServer(healthy, PORT, stateDir));
    const create = await step("npm run admin:create", () => adminCreate(stateDir, base));
    const link = /https?:\/\/\S+reset-password\S+/.exec(create.out)?.[0];
    record("npm run admin:create makes the first administrator", create.code === 0 && link !== undefined, create.out);
    await step("both servers answering", () =>
      Promise.all([waitForOk(`${base}/api/health`, { timeoutMs: 120_000 }), waitForStatus(`${misconfigured}/api/health`)]),
    );
    if (link) await step("probes", () => probe(base, misconfigured, link));
  } catch (error) {
    record("the rehearsal ran", false, error instanceof Error ? error.message : String(error));
  } finally {
    for (const server of servers) server.child.kill("SIGTERM");
  }
  const failed = results.filter((r) => !r.ok).length;
  if (failed > 0) for (const server of servers) console.log(`\n--- wrangler dev output ---\n${server.output()}`);
  console.log(`\nrehearsal: ${results.length - failed} passed, ${failed} failed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exit(failed > 0 ? 1 : 0);
}

/**
 * The migration files, in order, in one `wrangler d1 execute`: the database `migrations apply`
 * makes, in an eighth of its time (it runs the local D1 once per file: 145 s against 19 s on the
 * loaded 2-core machine).
 */
async function applyMigrations(stateDir) {
  const dir = path.join(ROOT, "migrations");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const file = path.join(WORK, "migrations.sql");
  writeFileSync(file, files.map((f) => readFileSync(path.join(dir, f), "utf8")).join("\n"));
  await wrangler(["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file, "--yes"]);
}

/** Runs a step and prints how long it took (the rehearsal's budget is its sum). */
async function step(name, work) {
  const t = performance.now();
  const result = await work();
  console.log(`  (${name}: ${((performance.now() - t) / 1000).toFixed(1)} s)`);
  return result;
}

/** The documented command, as an operator runs it, against the rehearsal's state. */
function adminCreate(stateDir, siteUrl) {
  const args = [
    "scripts/admin-create.mjs",
    "--local",
    "--persist-to",
    stateDir,
    "--email",
    "owner@rehearsal.example",
    "--username",
    "owner",
    "--site-url",
    siteUrl,
  ];
  return new Promise((resolve) => {
    const child = spawn("node", args, { cwd: ROOT, env: toolEnv() });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ code, out }));
  });
}

/** Resolves once `url` answers at all (the misconfigured server answers 500 to everything). */
async function waitForStatus(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

main();
