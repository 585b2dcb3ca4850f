// How the Worker reaches the feed fan-out hub (durable-objects/FeedHub.ts). Sockets carry the
// session they were opened with (socket-sessions.ts), so ending a session (logout, password reset,
// ban) can close exactly its sockets. Routes publish feed events here after their D1 write
// commits; the hub coalesces them (FeedEventQueue) and sends at most one frame per
// FEED_FLUSH_INTERVAL_MS to each socket.
import type { AppEnv } from "../../env";
import type { FeedEvent } from "#contracts/feed.ts";
import type { SocketTarget } from "./socket-sessions";
import { FREE_TIER, type MemberTier } from "#contracts/tiers/tiers.ts";

export type FeedSocketTarget = SocketTarget;

/**
 * Set by the Worker on every feed upgrade it forwards (never left to the client's own header): the
 * socket's reader as the session stood when it opened, JSON FeedReader. The counts of a post for
 * tiers reach only readers its gate admits. A change of tier or admin updates it
 * (FeedHub.roleChanged, decisions 040 and 099).
 */
export const FEED_SOCKET_READER_HEADER = "x-feed-reader";

/** Whose feed socket it is, as far as tier gates ask: their tier and whether they are an admin. */
export type FeedReader = { tier: MemberTier; isAdmin: boolean };

/** The reader a header names; anything unreadable is a free member's (the hub never widens access on doubt). */
export function readerOfHeader(value: string | null): FeedReader {
  try {
    const parsed = JSON.parse(value ?? "") as Partial<FeedReader>;
    const tier = parsed.tier;
    if (tier && typeof tier.id === "string" && Number.isInteger(tier.rank)) return { tier: { id: tier.id, rank: tier.rank }, isAdmin: parsed.isAdmin === true };
  } catch {
    // falls through
  }
  return { tier: FREE_TIER, isAdmin: false };
}

/**
 * Set by the Worker, "1" or "0", on every upgrade it forwards: "1" for a page's member-notices
 * socket (GET /api/feed/notices, decision 040), which gets role notices and never feed events.
 */
export const FEED_SOCKET_NOTICES_HEADER = "x-feed-notices-only";

/**
 * The hub is sharded by configuration (decision 047): `FEED_HUB_SHARDS` objects named `feed-0` …
 * `feed-<N-1>`. A member's sockets all join shard hash(member id) mod N; a feed event goes to
 * every shard, a notice about members only to theirs.
 */
export function feedHubShards(env: AppEnv): number {
  const n = Number(env.FEED_HUB_SHARDS ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** FNV-1a of the member id: the same shard in every isolate, spread evenly over the shards. */
export function feedShardOf(userId: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

const shardStub = (env: AppEnv, shard: number) => env.FEED_HUB.get(env.FEED_HUB.idFromName(`feed-${shard}`));

/** The shard holding a member's sockets. */
export const feedHub = (env: AppEnv, userId: string) => shardStub(env, feedShardOf(userId, feedHubShards(env)));

/** Every shard, for what reaches every socket. */
export const allFeedHubs = (env: AppEnv) => Array.from({ length: feedHubShards(env) }, (_, shard) => shardStub(env, shard));

/** Runs `call` on every shard at once; a shard that fails is logged and does not stop the others. */
async function onEveryShard(env: AppEnv, what: string, call: (hub: ReturnType<typeof shardStub>) => Promise<unknown>) {
  const results = await Promise.allSettled(allFeedHubs(env).map(call));
  results.forEach((result, shard) => {
    if (result.status === "rejected") console.error(`feed: ${what} on shard ${shard} failed`, result.reason);
  });
}

/**
 * Closes the sockets of a session or of every session of a user. A failure here is logged, not
 * thrown: the session is already gone from D1, and the hub re-checks sessions before it sends. A
 * session named without its member may be on any shard: every shard is asked.
 */
export async function closeFeedSockets(env: AppEnv, target: FeedSocketTarget) {
  if ("userId" in target) {
    try {
      await feedHub(env, target.userId).closeSockets(target);
    } catch (err) {
      console.error("feed: closing sockets failed", err);
    }
    return;
  }
  await onEveryShard(env, "closing sockets", (hub) => hub.closeSockets(target));
}

/**
 * Hands one event to every shard, to be sent with its next flush. Call it after the D1 write has
 * committed, off the response path: `c.executionCtx.waitUntil(publishFeedEvent(c.env, event))`.
 * Never throws: a lost live update only delays what clients see until they refetch.
 */
export async function publishFeedEvent(env: AppEnv, event: FeedEvent): Promise<void> {
  await onEveryShard(env, `publishing ${event.type} for post ${event.postId}`, (hub) => hub.publish(event));
}

/** Tells the open pages of these members that they have new notifications, shard by shard. */
export async function notifyFeedSockets(env: AppEnv, userIds: string[]): Promise<void> {
  const shards = feedHubShards(env);
  const byShard = new Map<number, string[]>();
  for (const id of userIds) {
    const shard = feedShardOf(id, shards);
    byShard.set(shard, [...(byShard.get(shard) ?? []), id]);
  }
  await Promise.all(
    [...byShard].map(async ([shard, ids]) => {
      try {
        await shardStub(env, shard).notificationsArrived(ids);
      } catch (err) {
        console.error(`notifications: nudging open pages on shard ${shard} failed`, err);
      }
    }),
  );
}
