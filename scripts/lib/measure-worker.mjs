// A throwaway Worker for the measure scripts: its own `wrangler dev` on a free loopback port, on a
// local state the script created, with only generated local secrets, and an administrator with a
// live session written straight into that state's D1.
import { spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { demoCatalogSql } from "../catalog/demo-catalog-seed.mjs";
import { withRaisedFileLimit } from "./socket-clients.mjs";
import { ROOT, toolEnv, wrangler, WRANGLER_CONFIG } from "./wrangler.mjs";

const START_TIMEOUT_MS = 120_000;
const SESSION_MS = 24 * 3_600_000;

const sha256Hex = (text) => createHash("sha256").update(text).digest("hex");
const secret = () => randomBytes(32).toString("base64url");

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The demo catalog and an administrator with a live session, straight into the state's D1. */
export async function seedAdmin(persistTo, workDir, now = Date.now()) {
  const id = randomUUID();
  const token = secret();
  const username = `measure_admin_${id.slice(0, 8)}`;
  const sql = [
    `INSERT INTO users (id, email, username, password_hash) VALUES ('${id}', '${username}@example.com', '${username}', 'unused');`,
    `INSERT INTO profiles (user_id) VALUES ('${id}');`,
    `INSERT INTO admins (id, user_id) VALUES ('${randomUUID()}', '${id}');`,
    `INSERT INTO sessions (id_hash, user_id, last_seen_at, expires_at) VALUES ('${sha256Hex(token)}', '${id}', ${now}, ${now + SESSION_MS});`,
  ];
  const file = path.join(workDir, "admin.sql");
  // The demo catalog, stations and channels too, as every measured state had them when the
  // migrations held them (decision 077): the measured reads name its albums.
  await writeFile(file, `${demoCatalogSql()}${sql.join("\n")}\n`);
  await wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
  return `__Host-sid=${token}`;
}

/**
 * A throwaway local state under .tmp/<name> (emptied first), migrated, with the demo catalog and
 * an administrator;
 * and the built files' folder the Worker's config names, empty if no build exists (no page is
 * rendered by a measurement).
 */
export async function freshMeasureState(name) {
  const stateDir = path.join(ROOT, ".tmp", name);
  const persistTo = path.join(stateDir, "state");
  const workDir = path.join(stateDir, "work");
  await rm(stateDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  await mkdir(path.join(ROOT, "dist", "client"), { recursive: true });
  await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  return { persistTo, workDir, adminCookie: await seedAdmin(persistTo, workDir) };
}

/**
 * `count` members with live sessions, named `<prefix>_<n>`: their ids and cookies. Multi-row
 * INSERTs of 200, straight into the state's D1.
 */
export async function seedMembersWithSessions(persistTo, workDir, count, prefix, now = Date.now()) {
  const members = Array.from({ length: count }, (_, i) => {
    const token = secret();
    return { id: randomUUID(), username: `${prefix}_${i}`, token, cookie: `__Host-sid=${token}` };
  });
  const lines = [];
  for (let i = 0; i < members.length; i += 200) {
    const chunk = members.slice(i, i + 200);
    lines.push(
      `INSERT INTO users (id, email, username, password_hash) VALUES ${chunk.map((m) => `('${m.id}', '${m.username}@measure.example', '${m.username}', 'unused')`).join(", ")};`,
      `INSERT INTO profiles (user_id) VALUES ${chunk.map((m) => `('${m.id}')`).join(", ")};`,
      `INSERT INTO sessions (id_hash, user_id, last_seen_at, expires_at, public_id) VALUES ${chunk
        .map((m) => `('${sha256Hex(m.token)}', '${m.id}', ${now}, ${now + SESSION_MS}, '${randomBytes(16).toString("hex")}')`)
        .join(", ")};`,
    );
  }
  await executeSql(persistTo, workDir, `${prefix}-members.sql`, `${lines.join("\n")}\n`);
  return members;
}

/**
 * `wrangler dev` on the source config (or `config`, a derived one) with only local secrets (and
 * `vars`, extra local settings; `logLevel`, wrangler's, which also filters the Worker's own lines);
 * resolves once it answers (pid: its process group).
 */
export async function startWorker(persistTo, workDir, { config = WRANGLER_CONFIG, vars: extraVars = {}, logLevel = "error" } = {}) {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const envFile = path.join(workDir, "worker.env");
  const vars = { APP_ENV: "local", PASSWORD_PEPPER: secret(), SESSION_SECRET: secret(), LOCAL_PAYMENTS_SECRET: secret(), ...extraVars };
  await writeFile(
    envFile,
    `${Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join("\n")}\n`,
    { mode: 0o600 },
  );
  const args = ["dev", "--config", config, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspectorPort)];
  args.push("--persist-to", persistTo, "--env-file", envFile, "--log-level", logLevel, "--show-interactive-dev-session=false");
  // Its own process group, so stopping it stops workerd too; its open-file limit raised to the hard
  // limit (workerd inherits it), since every socket holds descriptors there.
  const [command, commandArgs] = withRaisedFileLimit("wrangler", args);
  const child = spawn(command, commandArgs, { cwd: ROOT, env: toolEnv(), stdio: ["ignore", "inherit", "inherit"], detached: true });
  const ended = new Promise((resolve) => child.once("exit", resolve));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    return ended;
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited = false;
  ended.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error("wrangler dev exited before answering");
    if (Date.now() > deadline) {
      await stop();
      throw new Error("wrangler dev did not answer in time");
    }
    try {
      if ((await fetch(`${origin}/api/config`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, stop, pid: child.pid };
}

/** Runs `sql` (written to `workDir`/`name`) on the throwaway state's D1. */
export async function executeSql(persistTo, workDir, name, sql) {
  const file = path.join(workDir, name);
  await writeFile(file, sql);
  await wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
}

/**
 * wrangler.toml with a measurement entry (`entry`, a path under the repository) as `main` and
 * "app-ssr" aliased to a stub (plain `wrangler dev` cannot bundle the app's server entry, and no
 * page is rendered by a measurement); its relative paths made absolute, since the copy lives in
 * the work directory. Bindings, queues and consumer settings are the source's. Bundled once, then
 * served as it is: `wrangler dev` rebuilds and reloads on every change to a source file, which
 * drops every socket and stalls a queue mid-run while others edit. Returns the config's path.
 */
export async function frozenWorkerConfig(workDir, entry) {
  const abs = (...parts) => JSON.stringify(path.join(ROOT, ...parts));
  let toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const replace = (pattern, line) => {
    if (!pattern.test(toml)) throw new Error(`wrangler.toml has no ${pattern}`);
    toml = toml.replace(pattern, line);
  };
  replace(/^main = .*$/m, `main = ${JSON.stringify(path.resolve(ROOT, entry))}`);
  replace(/^directory = .*$/m, `directory = ${abs("dist", "client")}`);
  replace(/^migrations_dir = .*$/m, `migrations_dir = ${abs("migrations")}`);
  toml += `\n[alias]\n"app-ssr" = ${abs("scripts", "lib", "measure-ssr-stub.mjs")}\n`;
  const source = path.join(workDir, "wrangler.source.toml");
  await writeFile(source, toml);
  const outdir = path.join(workDir, "bundle");
  await new Promise((resolve, reject) => {
    const child = spawn("wrangler", ["deploy", "--dry-run", "--config", source, "--outdir", outdir], {
      cwd: ROOT,
      env: toolEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`bundling the Worker failed (${code}):\n${output}`))));
  });
  const bundled = readdirSync(outdir).find((name) => name.endsWith(".js"));
  if (!bundled) throw new Error(`no bundle in ${outdir}`);
  const frozen = toml.replace(/^main = .*$/m, `main = ${JSON.stringify(path.join(outdir, bundled))}\nno_bundle = true`);
  const file = path.join(workDir, "wrangler.toml");
  await writeFile(file, frozen);
  return file;
}
