#!/usr/bin/env node
// Prints how fast a new post reaches open feeds on a locally running site (`npm start`, default
// http://127.0.0.1:8787): signs in one demo account, opens --clients WebSockets to /api/feed/live
// with its session cookie from --processes client processes (scripts/lib/socket-clients.mjs; each
// raises its own open-file limit), straight to the workerd that runs the Worker when it can
// (scripts/lib/workerd-direct.mjs; --through-proxy keeps wrangler's proxy in the path), creates
// --posts posts through POST /api/posts one after another and, per client, times the frame
// carrying each post's post.created event from the POST's answer, split at the hub's `sentAt`
// stamp into the server's part and the delivery (scripts/lib/feed-delivery.mjs). Figures, not a
// pass/fail: docs/measurements.md records them with the load average printed here. Loopback
// targets only; the posts are deleted, the sockets closed and the session ended at the end.
// Usage: node scripts/measure-feed-fanout.mjs [--url http://127.0.0.1:8787] [--clients 1000]
//        [--posts 5] [--processes 2] [--account fan] [--open-concurrency 50] [--gap-ms 250]
//        [--through-proxy]
// Posts are rate limited per member (10 per 10 minutes): repeated runs may need --account vip,
// admin, maria or carlos (scripts/demo-data.json), or a wait.
import { parseArgs } from "node:util";
import { loopbackOrigin, positiveInt, signInDemo } from "./lib/measure.mjs";
import { defaultClientProcesses, startClients, summarize } from "./lib/socket-clients.mjs";
import { deletePosts, deliverPosts, loadAverage, ms, printDelivery } from "./lib/feed-delivery.mjs";
import { workerdBehind } from "./lib/workerd-direct.mjs";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:8787" },
    clients: { type: "string", default: "1000" },
    posts: { type: "string", default: "5" },
    processes: { type: "string", default: String(defaultClientProcesses()) },
    account: { type: "string", default: "fan" },
    "open-concurrency": { type: "string", default: "50" },
    "gap-ms": { type: "string", default: "250" },
    "through-proxy": { type: "boolean", default: false },
  },
});

const proxyOrigin = loopbackOrigin(values.url, "load");
const clientCount = positiveInt("clients", values.clients, 20_000);
const postCount = positiveInt("posts", values.posts, 10);
const processes = positiveInt("processes", values.processes, 64);
const openConcurrency = positiveInt("open-concurrency", values["open-concurrency"], 1000);
const gapMs = positiveInt("gap-ms", values["gap-ms"], 10_000);

try {
  await fetch(`${proxyOrigin}/api/config`).then((r) => r.arrayBuffer());
} catch {
  console.error(`Nothing answers at ${proxyOrigin}: start the site first (npm start).`);
  process.exit(1);
}
const direct = values["through-proxy"] ? null : await workerdBehind(proxyOrigin);
const origin = direct?.origin ?? proxyOrigin;
const { cookie, email } = await signInDemo(origin, values.account);
console.log(
  `Target ${origin} (${direct ? "the Worker's workerd, past wrangler's proxy" : "as given"}); ${clientCount} feed sockets as ${email} from ${processes} client processes; ${postCount} posts, ${gapMs} ms apart after delivery.`,
);

const clients = startClients(processes);
let result = null;
let failure = null;
try {
  const started = performance.now();
  const opened = await clients.open({
    url: `${origin.replace(/^http/, "ws")}/api/feed/live`,
    origin,
    cookies: Array(clientCount).fill(cookie),
    kind: "feed",
    concurrency: openConcurrency,
  });
  const handshakes = summarize(opened.readyMs);
  console.log(
    `Sockets: ${handshakes.n} of ${clientCount} open in ${((performance.now() - started) / 1000).toFixed(1)} s (handshake p50 ${ms(handshakes.p50)} ms, p99 ${ms(handshakes.p99)} ms)`,
  );
  if (Object.keys(opened.states).length > 0) console.log(`Not open: ${JSON.stringify(opened.states)}`);
  if (handshakes.n === 0) throw new Error("no socket opened; is /api/feed/live served, and the account signed in?");
  result = await deliverPosts({ clients, origin, cookie, count: postCount, gapMs, waitMs: 10_000 });
  console.log(`\nDelivery of post.created, ms from the POST's answer to the frame at each client; load average ${loadAverage()}:`);
  printDelivery(result);
} catch (error) {
  failure = error;
} finally {
  await clients.close();
  await deletePosts(origin, cookie, result?.posts ?? []);
  await fetch(`${origin}/api/auth/logout`, { method: "POST", headers: { origin, cookie } }).catch(() => {});
  console.log("\nPosts deleted, sockets closed, signed out.");
}
if (failure) {
  console.error(failure instanceof Error ? failure.message : failure);
  process.exit(1);
}
process.exit(0);
