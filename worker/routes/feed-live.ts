// GET /api/feed/live: a signed-in member's WebSocket for live feed updates, relayed by FeedHub.
import { Hono } from "hono";
import { requireUser } from "../middleware/guards";
import { badRequest } from "../lib/errors";
import type { HonoEnv } from "../types";

export const feedLiveRoutes = new Hono<HonoEnv>().get("/live", requireUser, async (c) => {
  if (c.req.header("upgrade") !== "websocket") throw badRequest("Expected a WebSocket upgrade", "upgrade_required");
  const hub = c.env.FEED_HUB.get(c.env.FEED_HUB.idFromName("global"));
  return hub.fetch(c.req.raw);
});
