// Checks every WebSocket upgrade before it reaches a Durable Object. Browsers let any page open
// a WebSocket to any host with the user's cookies and no CORS check, so the only defence against
// cross-site WebSocket hijacking is the Origin header, which a page cannot forge: it must be the
// site's own origin exactly (not a sibling subdomain, not another port).
import { createMiddleware } from "hono/factory";
import { badRequest, forbidden } from "../lib/errors";
import type { HonoEnv } from "../types";

export const websocketUpgrade = createMiddleware<HonoEnv>(async (c, next) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw badRequest("Expected a WebSocket upgrade", "upgrade_required");
  if (c.req.header("origin") !== new URL(c.req.url).origin) throw forbidden("Cross-site WebSocket refused", "origin_refused");
  await next();
});
