// Checks every WebSocket upgrade before it reaches a Durable Object. Browsers let any page open
// a WebSocket to any host with the user's cookies and no CORS check, so the only defence against
// cross-site WebSocket hijacking is the Origin header, which a page cannot forge: it must be the
// site's own origin exactly (not a sibling subdomain, not another port).
import { createMiddleware } from "hono/factory";
import { routeError } from "../lib/errors";
import { SOCKET_SESSION_HEADER, SOCKET_USER_HEADER } from "../services/realtime/socket-sessions";
import type { HonoEnv } from "../types";

export const websocketUpgrade = createMiddleware<HonoEnv>(async (c, next) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw routeError("upgrade_required");
  if (c.req.header("origin") !== new URL(c.req.url).origin) throw routeError("origin_refused");
  await next();
});

/**
 * Hands a checked upgrade to a hub with the member and session set by the Worker (never copied
 * from the client), so the hub knows whose session each socket belongs to.
 */
export function forwardUpgrade(
  request: Request,
  identity: { userId: string; sessionHash: string | null },
  hub: { fetch(request: Request): Promise<Response> },
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set(SOCKET_USER_HEADER, identity.userId);
  headers.set(SOCKET_SESSION_HEADER, identity.sessionHash ?? "");
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  return hub.fetch(new Request(request, { headers }));
}
