// GET /api/feed/live: a signed-in member's WebSocket for live feed updates, relayed by FeedHub.
import { Hono } from "hono";
import { requireUser } from "../middleware/guards";
import { forwardUpgrade, websocketUpgrade } from "../middleware/websocket";
import { feedHub } from "../durable-objects/feed-hub";
import type { HonoEnv } from "../types";

export const feedLiveRoutes = new Hono<HonoEnv>().get("/live", requireUser, websocketUpgrade, (c) =>
  forwardUpgrade(c.req.raw, { userId: c.var.user.id, sessionHash: c.var.sessionHash }, feedHub(c.env)),
);
