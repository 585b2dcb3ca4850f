// GET /api/feed/live: a signed-in member's WebSocket for live feed updates, relayed by FeedHub.
// The hub is told the member's tier and admin flag, so a gated post's counts reach only those it admits.
// GET /api/feed/notices: the socket every signed-in page holds for notices about its own member
// (a role change, decision 040), on the same hub, which sends it no feed events.
import { Hono } from "hono";
import { requireUser } from "../middleware/guards";
import { forwardUpgrade, websocketUpgrade } from "../middleware/websocket";
import { FEED_SOCKET_NOTICES_HEADER, FEED_SOCKET_READER_HEADER, feedHub, type FeedReader } from "../services/realtime/feed-hub";
import { tierOf } from "#contracts/tiers/tiers.ts";
import type { HonoEnv } from "../types";
import type { AppEnv } from "../env";
import type { SessionUser } from "#contracts/auth.ts";

type Upgrade = { req: { raw: Request }; env: AppEnv; var: { user: SessionUser; sessionHash: string | null } };

const toHub = (c: Upgrade, noticesOnly: boolean) =>
  forwardUpgrade(c.req.raw, { userId: c.var.user.id, sessionHash: c.var.sessionHash }, feedHub(c.env, c.var.user.id), {
    // Always set: a header of the client's own by these names must never reach the hub.
    [FEED_SOCKET_READER_HEADER]: JSON.stringify({ tier: tierOf(c.var.user), isAdmin: c.var.user.isAdmin } satisfies FeedReader),
    [FEED_SOCKET_NOTICES_HEADER]: noticesOnly ? "1" : "0",
  });

export const feedLiveRoutes = new Hono<HonoEnv>()
  .get("/live", requireUser, websocketUpgrade, (c) => toHub(c, false))
  .get("/notices", requireUser, websocketUpgrade, (c) => toHub(c, true));
