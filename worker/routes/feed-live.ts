// GET /api/feed/live: a signed-in member's WebSocket for live feed updates, relayed by FeedHub.
// The hub is told whether the member reads VIP-only posts, so their counts reach only those who do.
import { Hono } from "hono";
import { requireUser } from "../middleware/guards";
import { forwardUpgrade, websocketUpgrade } from "../middleware/websocket";
import { FEED_SOCKET_VIP_HEADER, feedHub } from "../durable-objects/feed-hub";
import { readsVipPosts } from "../db/feed";
import type { HonoEnv } from "../types";

export const feedLiveRoutes = new Hono<HonoEnv>().get("/live", requireUser, websocketUpgrade, (c) =>
  forwardUpgrade(c.req.raw, { userId: c.var.user.id, sessionHash: c.var.sessionHash }, feedHub(c.env), {
    // Always set: a header of the client's own by this name must never reach the hub.
    [FEED_SOCKET_VIP_HEADER]: readsVipPosts(c.var.user) ? "1" : "0",
  }),
);
