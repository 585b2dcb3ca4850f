// GET /api/feed/live: a signed-in member's WebSocket for live feed updates, relayed by FeedHub.
import { Hono } from "hono";
import { requireUser } from "../middleware/guards";
import { websocketUpgrade } from "../middleware/websocket";
import { FEED_SOCKET_SESSION_HEADER, FEED_SOCKET_USER_HEADER, feedHub } from "../lib/feed-hub";
import type { HonoEnv } from "../types";

export const feedLiveRoutes = new Hono<HonoEnv>().get("/live", requireUser, websocketUpgrade, async (c) => {
  // Set (never copied from the client) so the hub knows whose session each socket belongs to.
  const headers = new Headers(c.req.raw.headers);
  headers.set(FEED_SOCKET_USER_HEADER, c.var.user.id);
  headers.set(FEED_SOCKET_SESSION_HEADER, c.var.sessionHash ?? "");
  return feedHub(c.env).fetch(new Request(c.req.raw, { headers }));
});
