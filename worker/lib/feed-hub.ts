// How the Worker reaches the feed fan-out hub. Sockets carry the session they were opened with,
// so ending a session (logout, password reset, ban) can close exactly its sockets.
import type { AppEnv } from "../env";

/** Headers the Worker sets on the upgrade it forwards; the hub trusts nothing else. */
export const FEED_SOCKET_USER_HEADER = "x-feed-user-id";
export const FEED_SOCKET_SESSION_HEADER = "x-feed-session-hash";

export type FeedSocketTarget = { userId: string } | { sessionHash: string };

export const feedHub = (env: AppEnv) => env.FEED_HUB.get(env.FEED_HUB.idFromName("global"));

/**
 * Closes the sockets of a session or of every session of a user. A failure here is logged, not
 * thrown: the session is already gone from D1, and the hub re-checks sessions before it sends.
 */
export async function closeFeedSockets(env: AppEnv, target: FeedSocketTarget) {
  try {
    await feedHub(env).closeSockets(target);
  } catch (err) {
    console.error("feed: closing sockets failed", err);
  }
}
