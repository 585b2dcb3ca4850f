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
 * What the answer to an upgrade says of per-message compression. Browsers offer it on every socket,
 * and workerd accepts by default, which gives each socket a deflate stream of its own (about 200 KB: 5,000 sockets peaked 1 GB higher)
 * made at its first frame and then used to compress every frame again for every socket: the first
 * post to 5,000 feed sockets took 2.3 s to send, later ones 0.7 s. The frames are a few hundred
 * bytes of JSON, so compressing them saves next to nothing. An answer that carries this header is
 * taken by workerd as the agreement instead of the client's offer; naming no extension it knows,
 * it agrees to none, and no Sec-WebSocket-Extensions header goes out.
 */
const NO_SOCKET_EXTENSIONS = "none";

/**
 * Hands a checked upgrade to a hub with the member and session set by the Worker (never copied
 * from the client), so the hub knows whose session each socket belongs to. Neither hop compresses:
 * the hub is not offered it, and the client's offer is declined (NO_SOCKET_EXTENSIONS).
 */
export async function forwardUpgrade(
  request: Request,
  identity: { userId: string; sessionHash: string | null },
  hub: { fetch(request: Request): Promise<Response> },
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set(SOCKET_USER_HEADER, identity.userId);
  headers.set(SOCKET_SESSION_HEADER, identity.sessionHash ?? "");
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  headers.delete("Sec-WebSocket-Extensions");
  const answer = await hub.fetch(new Request(request, { headers }));
  if (answer.status !== 101 || !answer.webSocket) return answer;
  const out = new Headers(answer.headers);
  out.set("Sec-WebSocket-Extensions", NO_SOCKET_EXTENSIONS);
  return new Response(null, { status: 101, webSocket: answer.webSocket, headers: out });
}
