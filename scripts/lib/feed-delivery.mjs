// What the feed fan-out measurements share (measure-feed-fanout.mjs against `npm start`,
// measure-feed-shards.mjs with its own runtimes): post, wait until every open socket's process has
// stamped the frame, and split each arrival's time from the POST's answer in two:
// - hub: the frame's `sentAt` (the hub's clock when its flush started) minus the answer: the
//   server's time before it sends (the publish call to every shard, the flush timer);
// - delivery: the client's receive stamp minus `sentAt`: the hub's send loop, the runtime writing
//   the frames out, the kernel, and the client process getting to the frame.
// Both clocks are this machine's, so the two parts add up to the total.
import { readFileSync } from "node:fs";
import { summarize } from "./socket-clients.mjs";
import { printTable } from "./measure.mjs";

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The load average (1, 5, 15 minutes) as printed with every figure. */
export const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/** Creates one post; its id and when its answer came (epoch ms). */
async function createPost(origin, cookie, content) {
  const response = await fetch(`${origin}/api/posts`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ content }),
  });
  const answeredAt = epochNow();
  const body = await response.json().catch(() => null);
  if (response.status !== 201 || !body?.post?.id) {
    const hint = response.status === 429 ? " (posts are rate limited per member: wait, or pass another --account)" : "";
    throw new Error(`POST /api/posts answered ${response.status}${hint}: ${JSON.stringify(body)}`);
  }
  return { id: body.post.id, answeredAt };
}

/**
 * Posts `count` times (each after the previous one reached every open socket, or `waitMs`, plus
 * `gapMs`) and collects every arrival. Returns the posts and the three lists of milliseconds.
 */
export async function deliverPosts({ clients, origin, cookie, count, gapMs = 250, waitMs = 30_000, label = "Fan-out measurement" }) {
  const posts = [];
  const total = [];
  const hub = [];
  const delivery = [];
  for (let n = 1; n <= count; n++) {
    const live = await clients.live();
    const post = await createPost(origin, cookie, `${label} ${n}/${count}; deleted when the run ends.`);
    await clients.waitFor(`post:${post.id}`, live, waitMs);
    const arrivals = clients.arrivals(`post:${post.id}`);
    const times = arrivals.map((a) => a.at - post.answeredAt);
    total.push(...times);
    for (const a of arrivals) {
      if (typeof a.sentAt !== "number") continue;
      hub.push(a.sentAt - post.answeredAt);
      delivery.push(a.at - a.sentAt);
    }
    posts.push({ ...post, got: arrivals.length, live, ...summarize(times) });
    if (n < count) await sleep(gapMs);
  }
  return { posts, total: summarize(total), hub: summarize(hub), delivery: summarize(delivery) };
}

/** Deletes the measurement's posts again (best effort). */
export async function deletePosts(origin, cookie, posts) {
  for (const post of posts) {
    await fetch(`${origin}/api/posts/${post.id}`, { method: "DELETE", headers: { origin, cookie } })
      .then((r) => r.arrayBuffer())
      .catch(() => {});
  }
}

export const ms = (value) => (Number.isNaN(value) ? "-" : `${value.toFixed(0)}`);

/** The per-post table and the split of the whole. */
export function printDelivery({ posts, total, hub, delivery }) {
  printTable(
    ["post", "got it", "p50", "p95", "p99", "max"],
    [
      ...posts.map((p, i) => [`post ${i + 1}`, `${p.got}/${p.live}`, ms(p.p50), ms(p.p95), ms(p.p99), ms(p.max)]),
      ["all", `${total.n}`, ms(total.p50), ms(total.p95), ms(total.p99), ms(total.max)],
    ],
  );
  console.log("\nThe same arrivals split at the hub's stamp (ms):");
  printTable(
    ["part", "p50", "p95", "p99", "max"],
    [
      ["hub: POST answer → flush start", ms(hub.p50), ms(hub.p95), ms(hub.p99), ms(hub.max)],
      ["delivery: flush start → client read", ms(delivery.p50), ms(delivery.p95), ms(delivery.p99), ms(delivery.max)],
    ],
  );
}
