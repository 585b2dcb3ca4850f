// Fan-out hub for live feed updates, using the WebSocket Hibernation API so idle sockets cost
// nothing. The Worker authenticates the upgrade (session, Origin) and tells the hub whose
// session each socket belongs to; the hub only relays what the Worker hands it in broadcast().
import { DurableObject } from "cloudflare:workers";
import type { AppEnv } from "../env";
import { createDb } from "../db/client";
import { findLiveSessionHashes } from "../db/auth";
import { FEED_SOCKET_SESSION_HEADER, FEED_SOCKET_USER_HEADER, type FeedSocketTarget } from "../lib/feed-hub";
import { SOCKET_CLOSE_SESSION_ENDED } from "../contracts/realtime";

type SocketAttachment = { userId: string; sessionHash: string };

/** A session D1 confirmed this recently is trusted without asking again before a send. */
const SESSION_RECHECK_MS = 60_000;

const userTag = (userId: string) => `user:${userId}`;
const sessionTag = (sessionHash: string) => `session:${sessionHash}`;

/** Close codes a peer may not send in a close frame (they only describe how a socket ended). */
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);

export class FeedHub extends DurableObject<AppEnv> {
  /** Session hash -> when D1 last confirmed it. Lost on hibernation, which only costs a query. */
  private confirmedAt = new Map<string, number>();

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const userId = request.headers.get(FEED_SOCKET_USER_HEADER);
    const sessionHash = request.headers.get(FEED_SOCKET_SESSION_HEADER);
    if (!userId || !sessionHash) return new Response("Unauthenticated socket", { status: 401 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [userTag(userId), sessionTag(sessionHash)]);
    pair[1].serializeAttachment({ userId, sessionHash } satisfies SocketAttachment);
    this.confirmedAt.set(sessionHash, Date.now());
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Sends one JSON message to every socket whose session is still live; returns how many got it. */
  async broadcast(message: unknown): Promise<number> {
    const text = JSON.stringify(message);
    const sockets = this.ctx.getWebSockets();
    const live = await this.liveSessions(sockets);
    let sent = 0;
    for (const ws of sockets) {
      if (!live.has(attachmentOf(ws).sessionHash)) {
        closeQuietly(ws, SOCKET_CLOSE_SESSION_ENDED, "Session ended");
        continue;
      }
      try {
        ws.send(text);
        sent++;
      } catch {
        // a socket closing mid-send is not an error for the others
      }
    }
    return sent;
  }

  /** Closes the sockets of one session, or of every session of one user. Returns how many. */
  async closeSockets(target: FeedSocketTarget): Promise<number> {
    const tag = "sessionHash" in target ? sessionTag(target.sessionHash) : userTag(target.userId);
    const sockets = this.ctx.getWebSockets(tag);
    for (const ws of sockets) {
      this.confirmedAt.delete(attachmentOf(ws).sessionHash);
      closeQuietly(ws, SOCKET_CLOSE_SESSION_ENDED, "Session ended");
    }
    return sockets.length;
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    // Clients only listen; a ping keeps intermediaries from timing the socket out.
    if (message === "ping") ws.send("pong");
  }

  async webSocketClose(ws: WebSocket, code: number) {
    // 1005/1006 describe a close without a code or an abnormal end; sending them back throws.
    closeQuietly(ws, RESERVED_CLOSE_CODES.has(code) ? 1000 : code, "closing");
  }

  /** The session hashes among `sockets` that are still usable, asking D1 only about stale ones. */
  private async liveSessions(sockets: WebSocket[]): Promise<Set<string>> {
    const now = Date.now();
    const hashes = [...new Set(sockets.map((ws) => attachmentOf(ws).sessionHash))];
    const stale = hashes.filter((h) => (this.confirmedAt.get(h) ?? 0) + SESSION_RECHECK_MS <= now);
    if (stale.length > 0) {
      const confirmed = await findLiveSessionHashes(createDb(this.env.DB), stale, now);
      for (const h of stale) {
        if (confirmed.has(h)) this.confirmedAt.set(h, now);
        else this.confirmedAt.delete(h);
      }
    }
    return new Set(hashes.filter((h) => this.confirmedAt.has(h)));
  }
}

const attachmentOf = (ws: WebSocket) => ws.deserializeAttachment() as SocketAttachment;

function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}
