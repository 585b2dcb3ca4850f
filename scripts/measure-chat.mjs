#!/usr/bin/env node
// Prints two VIP chat figures. Figures, not a pass/fail: docs/measurements.md records them.
//
// The script starts its own Worker (`wrangler dev` on the source wrangler.toml, with its own port,
// local state and env file, so the developer's .dev.vars and state are never touched), seeds VIP
// members with sessions straight into that state's D1, and talks to /api/chat/live as a browser
// does (cookie + same-origin Origin). Everything stays on 127.0.0.1.
//
// 1. The relay's added latency to the first token: a fake OpenAI-compatible server on 127.0.0.1
//    streams chat.completion.chunk events (SSE). For each of --messages messages, time to first
//    token is measured directly against it (POST /v1/chat/completions, until the first content
//    chunk) and through the Worker (the `send` frame until the first `delta` frame), one after the
//    other; the Worker runs the live adapter with OPENAI_API_KEY=fake-key pointed at the fake.
// 2. Messages one thread sustains: sequential send -> done round trips on one member's socket,
//    with the fake server and then with the offline responder (a second Worker without the key).
//
// A member may send 20 messages a minute, so every figure spreads its messages over several
// members (threads) of 20 at most, the first of each a warm-up that is not counted.
// Usage: node scripts/measure-chat.mjs [--messages 50] [--threads 3] [--pieces 20]
import { spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { percentile, positiveInt, printTable } from "./lib/measure.mjs";
import { ROOT, toolEnv, wrangler, WRANGLER_CONFIG } from "./lib/wrangler.mjs";

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "50" },
    threads: { type: "string", default: "3" },
    pieces: { type: "string", default: "20" },
  },
});
const messageCount = positiveInt("messages", values.messages, 1000);
const threadCount = positiveInt("threads", values.threads, 50);
/** Content chunks in each fake completion (after the first token). */
const pieceCount = positiveInt("pieces", values.pieces, 1000);

/** chat/contracts: CHAT_MESSAGES_PER_MINUTE; one per member is a warm-up. */
const PER_MEMBER = 20;
const MEASURED_PER_MEMBER = PER_MEMBER - 1;
const TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 120_000;
const SESSION_MS = 30 * 24 * 3_600_000;
const QUESTION = "When is the next show?";

const sha256Hex = (text) => createHash("sha256").update(text).digest("hex");
const secret = () => randomBytes(32).toString("base64url");

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `promise`, or a rejection naming `what` once `ms` have passed. */
function withTimeout(promise, what, ms = TIMEOUT_MS) {
  let timer;
  const limit = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms)));
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

// --- The fake OpenAI-compatible server -------------------------------------------------------

const chunk = (delta, finishReason = null) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-measure",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "gpt-fake",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  })}\n\n`;

/** Answers every completion at once: a role chunk, the first token, --pieces more, stop, [DONE]. */
function startFakeOpenAi() {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      res.write(chunk({ role: "assistant", content: "" }));
      res.write(chunk({ content: "Hello" }));
      for (let i = 0; i < pieceCount; i++) res.write(chunk({ content: ` word${i}` }));
      res.write(chunk({}, "stop"));
      res.end("data: [DONE]\n\n");
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, baseUrl: `http://127.0.0.1:${server.address().port}/v1` })));
}

/** Time to the first content chunk of one streamed completion, asked for directly. */
async function directFirstToken(baseUrl) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer fake-key" },
    body: JSON.stringify({ model: "gpt-fake", stream: true, messages: [{ role: "user", content: QUESTION }] }),
  });
  const decoder = new TextDecoder();
  let buffered = "";
  let first = null;
  for await (const bytes of res.body) {
    buffered += decoder.decode(bytes, { stream: true });
    let end;
    while (first === null && (end = buffered.indexOf("\n\n")) >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = event.startsWith("data: ") ? event.slice(6) : "";
      if (data && data !== "[DONE]" && JSON.parse(data).choices[0]?.delta?.content) first = performance.now() - started;
    }
  }
  if (first === null) throw new Error("the fake server sent no content");
  return first;
}

// --- The Worker under measure ------------------------------------------------------------------

/** VIP members with live sessions, inserted into the state's D1 before the Worker starts. */
async function seedMembers(persistTo, workDir, count) {
  const now = Date.now();
  const members = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const token = secret();
    return { id, cookie: `__Host-sid=${token}`, hash: sha256Hex(token), username: `measure_chat_${i}_${id.slice(0, 6)}` };
  });
  const sql = members.flatMap((m) => [
    `INSERT INTO users (id, email, username, password_hash, is_vip) VALUES ('${m.id}', '${m.username}@example.com', '${m.username}', 'unused', 1);`,
    `INSERT INTO profiles (user_id) VALUES ('${m.id}');`,
    `INSERT INTO sessions (id_hash, user_id, last_seen_at, expires_at) VALUES ('${m.hash}', '${m.id}', ${now}, ${now + SESSION_MS});`,
  ]);
  const file = path.join(workDir, "members.sql");
  await writeFile(file, `${sql.join("\n")}\n`);
  await wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
  return members;
}

/** `wrangler dev` with only `vars` as its secrets (no .dev.vars); resolves once it answers. */
async function startWorker(persistTo, workDir, vars) {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const envFile = path.join(workDir, `worker-${port}.env`);
  await writeFile(
    envFile,
    `${Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join("\n")}\n`,
    { mode: 0o600 },
  );
  const args = ["dev", "--config", WRANGLER_CONFIG, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(inspectorPort)];
  args.push("--persist-to", persistTo, "--env-file", envFile, "--log-level", "error", "--show-interactive-dev-session=false");
  // Its own process group, so stopping it stops workerd too.
  const child = spawn("wrangler", args, { cwd: ROOT, env: toolEnv(), stdio: ["ignore", "inherit", "inherit"], detached: true });
  const ended = new Promise((resolve) => child.once("exit", resolve));
  const exited = ended.then((code) => Promise.reject(new Error(`wrangler dev exited (${code})`)));
  exited.catch(() => undefined);
  const origin = `http://127.0.0.1:${port}`;
  /** Stops it and resolves once it is gone (the next Worker reuses its state directory). */
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    return ended;
  };
  try {
    await withTimeout(Promise.race([waitUntilUp(origin), exited]), "starting wrangler dev", START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

async function waitUntilUp(origin) {
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/config`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// --- A member's chat socket ----------------------------------------------------------------------

/** Opens /api/chat/live as `member`; resolves once the history frame arrived. */
function openChat(origin, member) {
  const url = new URL("/api/chat/live", origin);
  url.protocol = "ws:";
  return withTimeout(
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { cookie: member.cookie, origin } });
      let onFrame = null;
      ws.addEventListener("message", (e) => {
        if (typeof e.data !== "string" || !e.data.startsWith("{")) return;
        const frame = JSON.parse(e.data);
        if (frame.type === "history") resolve({ ws, offline: frame.offline, next: (handler) => (onFrame = handler) });
        onFrame?.(frame, performance.now());
      });
      ws.addEventListener("error", () => reject(new Error(`chat socket refused (${url.href})`)));
    }),
    "opening the chat socket",
  );
}

/** One message: ms to the first delta and to done (which must carry the stored reply). */
function roundTrip(chat) {
  return withTimeout(
    new Promise((resolve, reject) => {
      const started = performance.now();
      let firstDelta = null;
      chat.next((frame, at) => {
        if (frame.type === "delta" && firstDelta === null) firstDelta = at - started;
        else if (frame.type === "error") reject(new Error(`chat error ${JSON.stringify(frame)}`));
        else if (frame.type === "done") {
          if (frame.message) resolve({ firstDelta, done: at - started });
          else reject(new Error("the reply ended without a message"));
        }
      });
      chat.ws.send(JSON.stringify({ type: "send", text: QUESTION, locale: "en" }));
    }),
    "a chat round trip",
  );
}

// --- The two figures ---------------------------------------------------------------------------

const ms = (v) => (Number.isNaN(v) ? "-" : v.toFixed(1));
const sortedOf = (list) => [...list].sort((a, b) => a - b);
const row = (label, list) => {
  const s = sortedOf(list);
  return [label, String(s.length), ms(percentile(s, 50)), ms(percentile(s, 95)), ms(s.at(-1) ?? Number.NaN)];
};

async function measureFirstToken(worker, baseUrl, members) {
  const direct = [];
  const relayed = [];
  const added = [];
  await directFirstToken(baseUrl); // warm-up: connection set-up is not the relay's cost
  for (const member of members) {
    const chat = await openChat(worker.origin, member);
    if (chat.offline) throw new Error("the Worker answers offline: OPENAI_API_KEY did not reach it");
    await roundTrip(chat); // warm-up: the thread object starts, the site digest is loaded
    const todo = Math.min(MEASURED_PER_MEMBER, messageCount - relayed.length);
    for (let i = 0; i < todo; i++) {
      const d = await directFirstToken(baseUrl);
      const { firstDelta } = await roundTrip(chat);
      direct.push(d);
      relayed.push(firstDelta);
      added.push(firstDelta - d);
    }
    chat.ws.close(1000, "done");
  }
  const medianAdded = percentile(sortedOf(relayed), 50) - percentile(sortedOf(direct), 50);
  console.log(`\nTime to first token, ${relayed.length} messages over ${members.length} members (ms; fake server streams ${pieceCount + 1} pieces at once)`);
  printTable(
    ["path", "messages", "p50", "p95", "max"],
    [row("direct to the fake server", direct), row("through the Worker's socket", relayed), row("added by the relay (per pair)", added)],
  );
  console.log(`Median added by the relay: ${ms(medianAdded)} ms (goal: at most 20 ms)`);
}

async function measureThroughput(worker, label, members) {
  const trips = [];
  const rates = [];
  for (const member of members) {
    const chat = await openChat(worker.origin, member);
    await roundTrip(chat); // warm-up
    const started = performance.now();
    for (let i = 0; i < MEASURED_PER_MEMBER; i++) trips.push((await roundTrip(chat)).done);
    rates.push((MEASURED_PER_MEMBER * 1000) / (performance.now() - started));
    chat.ws.close(1000, "done");
  }
  const r = sortedOf(rates);
  return {
    trips: row(label, trips),
    rate: [label, String(r.length), (rates.reduce((a, b) => a + b, 0) / rates.length).toFixed(1), r[0].toFixed(1), r.at(-1).toFixed(1)],
  };
}

const workDir = path.join(ROOT, ".tmp", `measure-chat-${process.pid}`);
const persistTo = path.join(workDir, "state");
const running = [];
let fake = null;
try {
  await mkdir(workDir, { recursive: true });
  fake = await startFakeOpenAi();
  await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  const firstTokenMembers = Math.ceil(messageCount / MEASURED_PER_MEMBER);
  const members = await seedMembers(persistTo, workDir, firstTokenMembers + 2 * threadCount);
  const baseVars = { APP_ENV: "local", PASSWORD_PEPPER: secret(), SESSION_SECRET: secret() };

  const live = await startWorker(persistTo, workDir, { ...baseVars, OPENAI_API_KEY: "fake-key", OPENAI_BASE_URL: fake.baseUrl });
  running.push(live);
  await measureFirstToken(live, fake.baseUrl, members.slice(0, firstTokenMembers));
  const viaFake = await measureThroughput(live, "live adapter, fake server", members.slice(firstTokenMembers, firstTokenMembers + threadCount));
  await live.stop();
  running.pop();

  const offline = await startWorker(persistTo, workDir, baseVars);
  running.push(offline);
  const viaOffline = await measureThroughput(offline, "offline responder", members.slice(firstTokenMembers + threadCount));

  console.log(`\nOne thread, sequential send -> done round trips (${MEASURED_PER_MEMBER} per member, ${threadCount} members; ms)`);
  printTable(["responder", "messages", "p50", "p95", "max"], [viaFake.trips, viaOffline.trips]);
  console.log("\nMessages per second one thread sustains (sequential; the limit allows a member 20 a minute)");
  printTable(["responder", "threads", "mean", "min", "max"], [viaFake.rate, viaOffline.rate]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await Promise.all(running.map((worker) => worker.stop()));
  fake?.server.close();
  await rm(workDir, { recursive: true, force: true });
}
