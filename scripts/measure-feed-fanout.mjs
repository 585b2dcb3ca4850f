#!/usr/bin/env node
// Prints how fast a new post reaches open feeds on a locally running site (`npm start`, default
// http://127.0.0.1:8787): signs in one demo account, opens --clients WebSockets to /api/feed/live
// with its session cookie, creates --posts posts through POST /api/posts one after another and,
// per client, times the frame carrying each post's post.created event from the POST's response
// (and from its request). Figures, not a pass/fail: README records them. Loopback targets only;
// everything stops after --seconds, closes its sockets, deletes its posts, signs out and reports
// what it has. Node 24's WebSocket (undici) sends the cookie and Origin headers.
// Usage: node scripts/measure-feed-fanout.mjs [--url http://127.0.0.1:8787] [--clients 1000]
//        [--posts 5] [--seconds 60] [--account fan] [--open-concurrency 50] [--gap-ms 250]
//        [--keep-posts]
// Posts are rate limited per member (10 per 10 minutes): repeated runs may need --account vip,
// admin, maria or carlos (scripts/demo-data.json), or a wait.
import { parseArgs } from "node:util";
import { loopbackOrigin, percentile, positiveInt, printTable, signInDemo } from "./lib/measure.mjs";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8787" },
    clients: { type: "string", default: "1000" },
    posts: { type: "string", default: "5" },
    seconds: { type: "string", default: "60" },
    account: { type: "string", default: "fan" },
    "open-concurrency": { type: "string", default: "50" },
    "gap-ms": { type: "string", default: "250" },
    "keep-posts": { type: "boolean", default: false },
  },
});

const origin = loopbackOrigin(values.url, "load");
const clientCount = positiveInt("clients", values.clients, 10_000);
const postCount = positiveInt("posts", values.posts, 10);
const maxSeconds = positiveInt("seconds", values.seconds, 600);
const openConcurrency = positiveInt("open-concurrency", values["open-concurrency"], 500);
/**
 * Pause between one post's delivery and the next POST. The hub sends at most one frame per
 * 100 ms, so without it a post could wait for the next flush slot: this keeps each post the
 * first event of a quiet period. --gap-ms 0 measures back-to-back posts instead.
 */
const gapMs = Number.parseInt(values["gap-ms"], 10);
if (!Number.isInteger(gapMs) || gapMs < 0 || gapMs > 10_000 || String(gapMs) !== values["gap-ms"].trim()) {
  console.error("--gap-ms must be an integer between 0 and 10000");
  process.exit(1);
}
/** After the last client that will get a post got it, how long stragglers may still take. */
const PER_POST_WAIT_MS = 10_000;

const url = (pathname) => new URL(pathname, origin).href;
const socketUrl = (() => {
  const u = new URL("/api/feed/live", origin);
  u.protocol = new URL(origin).protocol === "https:" ? "wss:" : "ws:";
  return u.href;
})();

// One deadline for the whole run; every wait below races it.
const startedAt = performance.now();
const deadlineAt = startedAt + maxSeconds * 1000;
let timedOut = false;
const remainingMs = () => Math.max(0, deadlineAt - performance.now());
/** Resolves when `ready()` holds (checked on every `poke()`), after `ms`, or at the deadline. */
const waiters = new Set();
const poke = () => {
  for (const w of waiters) w();
};
function waitUntil(ready, ms = Number.POSITIVE_INFINITY) {
  return new Promise((resolve) => {
    const limit = Math.min(ms, remainingMs());
    const done = (why) => {
      clearTimeout(timer);
      waiters.delete(check);
      resolve(why);
    };
    const check = () => {
      if (ready()) done("ready");
    };
    const timer = setTimeout(() => {
      if (performance.now() >= deadlineAt) timedOut = true;
      done("timeout");
    }, limit);
    waiters.add(check);
    check();
  });
}

/**
 * One feed client. `arrivals` maps a post id to when (performance.now()) this client first saw
 * its post.created; only the signed-in account's own posts are kept (others may post meanwhile).
 */
function openClient(cookie, userId, clients) {
  const client = { ws: null, state: "opening", openMs: Number.NaN, arrivals: new Map(), badFrames: 0 };
  clients.push(client);
  const started = performance.now();
  return new Promise((resolve) => {
    // A handshake that never finishes holds its slot only until the deadline.
    const stop = setTimeout(resolve, remainingMs());
    const settle = () => {
      clearTimeout(stop);
      resolve();
    };
    let ws;
    try {
      ws = new WebSocket(socketUrl, { headers: { cookie, origin } });
    } catch (error) {
      client.state = `failed: ${error.message}`;
      settle();
      return;
    }
    client.ws = ws;
    ws.addEventListener("open", () => {
      client.state = "open";
      client.openMs = performance.now() - started;
      settle();
      poke();
    });
    ws.addEventListener("message", (e) => {
      const at = performance.now();
      if (typeof e.data !== "string" || !e.data.startsWith("{")) return;
      let frame;
      try {
        frame = JSON.parse(e.data);
      } catch {
        client.badFrames++;
        return;
      }
      if (frame?.type !== "events" || !Array.isArray(frame.events)) return;
      let seen = false;
      for (const event of frame.events) {
        if (event?.type === "post.created" && event.authorId === userId && !client.arrivals.has(event.postId)) {
          client.arrivals.set(event.postId, at);
          seen = true;
        }
      }
      if (seen) poke();
    });
    ws.addEventListener("close", (e) => {
      if (client.state === "opening") client.state = `refused (close ${e.code})`;
      else if (client.state === "open") client.state = `closed by server (${e.code})`;
      settle();
      poke();
    });
    ws.addEventListener("error", () => {
      // a close event follows with the details there are
    });
  });
}

/** Opens `clientCount` clients with at most `openConcurrency` handshakes in flight. */
async function openClients(cookie, userId) {
  const clients = [];
  let next = 0;
  const worker = async () => {
    while (next < clientCount && !timedOut && remainingMs() > 0) {
      next++;
      await openClient(cookie, userId, clients);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: openConcurrency }, worker));
  return { clients, openSeconds: (performance.now() - started) / 1000 };
}

async function createPost(cookie, n, runId) {
  const sentAt = performance.now();
  const response = await fetch(url("/api/posts"), {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ content: `Fan-out measurement ${n}/${postCount} (run ${runId}); deleted when the run ends.` }),
  });
  const respondedAt = performance.now();
  const body = await response.json().catch(() => null);
  if (response.status !== 201 || !body?.post?.id) {
    const hint =
      response.status === 429
        ? " (posts are rate limited per member: wait, or pass --account vip|admin|maria|carlos)"
        : response.status === 404
          ? " (no POST /api/posts on this build?)"
          : "";
    throw new Error(`POST /api/posts answered ${response.status}${hint}: ${JSON.stringify(body)}`);
  }
  return { id: body.post.id, sentAt, respondedAt, postMs: respondedAt - sentAt };
}

const fmt = (ms) => (Number.isNaN(ms) ? "-" : ms.toFixed(1));
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
};

async function main() {
  try {
    await fetch(url("/api/config")).then((r) => r.arrayBuffer());
  } catch {
    console.error(`Nothing answers at ${origin}: start the site first (npm start).`);
    process.exit(1);
  }
  const runId = Math.random().toString(36).slice(2, 8);
  const { cookie, userId, email } = await signInDemo(origin, values.account);
  console.log(
    `Target ${origin}; ${clientCount} feed sockets as ${email} (${openConcurrency} handshakes in flight); ${postCount} posts, ${gapMs} ms apart after delivery; at most ${maxSeconds} s.`,
  );
  console.log("Note: wrangler dev (workerd, local D1) and this client share the machine's cores; read these as relative figures.\n");

  let clients = [];
  const posts = [];
  let failure = null;
  try {
    const opened = await openClients(cookie, userId);
    clients = opened.clients;
    const live = clients.filter((c) => c.state === "open");
    const handshakes = stats(live.map((c) => c.openMs));
    console.log(
      `Sockets: ${live.length} of ${clientCount} open in ${opened.openSeconds.toFixed(2)} s ` +
        `(handshake p50 ${fmt(handshakes.p50)} ms, p95 ${fmt(handshakes.p95)} ms, max ${fmt(handshakes.max)} ms)`,
    );
    const failed = new Map();
    for (const c of clients) if (c.state !== "open") failed.set(c.state, (failed.get(c.state) ?? 0) + 1);
    if (failed.size > 0) console.log(`Not open: ${[...failed].map(([state, n]) => `${n} ${state}`).join(", ")}`);
    if (live.length === 0) throw new Error("no socket opened; is /api/feed/live served, and the account signed in?");

    for (let n = 1; n <= postCount && !timedOut && remainingMs() > 0; n++) {
      const post = await createPost(cookie, n, runId);
      posts.push(post);
      // Wait until every client still open has it, or stragglers had PER_POST_WAIT_MS, or the deadline.
      await waitUntil(() => clients.every((c) => c.state !== "open" || c.arrivals.has(post.id)), PER_POST_WAIT_MS);
      if (n < postCount && gapMs > 0) await waitUntil(() => false, gapMs);
    }
  } catch (error) {
    failure = error;
  } finally {
    for (const c of clients) {
      if (c.state === "open") c.state = "closed by us";
      try {
        c.ws?.close(1000, "measurement done");
      } catch {
        // already closed
      }
    }
    if (!values["keep-posts"]) {
      for (const post of posts) {
        await fetch(url(`/api/posts/${post.id}`), { method: "DELETE", headers: { origin, cookie } })
          .then((r) => r.arrayBuffer())
          .catch(() => {});
      }
    }
    // Revoke the session this run created instead of leaving it in the local database.
    await fetch(url("/api/auth/logout"), { method: "POST", headers: { origin, cookie } }).catch(() => {});
  }

  if (posts.length > 0) {
    const opened = clients.filter((c) => !Number.isNaN(c.openMs)).length;
    const allFromResponse = [];
    const allFromRequest = [];
    const rows = posts.map((post, i) => {
      const fromResponse = [];
      for (const c of clients) {
        const at = c.arrivals.get(post.id);
        if (at === undefined) continue;
        fromResponse.push(at - post.respondedAt);
        allFromRequest.push(at - post.sentAt);
      }
      allFromResponse.push(...fromResponse);
      const s = stats(fromResponse);
      return [`post ${i + 1}`, fmt(post.postMs), `${s.n}/${opened}`, fmt(s.p50), fmt(s.p95), fmt(s.p99), fmt(s.max)];
    });
    const all = stats(allFromResponse);
    rows.push([
      "all (POST p50)",
      fmt(stats(posts.map((p) => p.postMs)).p50),
      `${all.n}/${opened * posts.length}`,
      fmt(all.p50),
      fmt(all.p95),
      fmt(all.p99),
      fmt(all.max),
    ]);
    console.log("\nDelivery of post.created, ms from the POST's response to the frame at each client (negative: the frame came first):");
    printTable(["post", "POST ms", "clients got it", "p50", "p95", "p99", "max"], rows);
    const fromRequest = stats(allFromRequest);
    console.log(
      `\nFrom the POST's request instead: p50 ${fmt(fromRequest.p50)}, p95 ${fmt(fromRequest.p95)}, p99 ${fmt(fromRequest.p99)}, max ${fmt(fromRequest.max)} ms.`,
    );
  }
  const lost = clients.filter((c) => c.state.startsWith("closed by server")).length;
  if (lost > 0) console.log(`${lost} sockets were closed by the server during the run.`);
  if (timedOut) console.log(`\nStopped at the ${maxSeconds} s limit; the figures cover what arrived until then.`);
  console.log(
    `Total ${((performance.now() - startedAt) / 1000).toFixed(1)} s; ${posts.length} posts created${values["keep-posts"] ? " (kept)" : " and deleted"}; all sockets closed; signed out.`,
  );
  if (failure) throw failure;
}

await main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
