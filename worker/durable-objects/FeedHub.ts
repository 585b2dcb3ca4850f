// Fan-out hub for live feed updates, using the WebSocket Hibernation API so idle sockets cost
// nothing. The Worker authenticates the upgrade (session, Origin) and tells the hub whose
// session each socket belongs to. Routes publish() feed events after their D1 write commits; the
// hub validates them, coalesces them in memory and flushes at most every FEED_FLUSH_INTERVAL_MS:
// one `{ type: "events", events }` frame per flush to every socket whose session is still live.
//
// Flush timing: the first event after a quiet period (no flush in the last 100 ms) goes out at
// once, on the next turn of the event loop (a setTimeout of 0, so events published in the same
// turn share its frame); events that arrive while a flush is due or running wait for the next
// slot, 100 ms after the previous flush started. So a client gets at most 10 frames a second and
// an event waits at most ~100 ms plus the send. The queue and timer live in memory only: a
// pending timer keeps the object from hibernating, and if the object is evicted anyway the
// queued events are lost, which clients survive by refetching from the HTTP API on reconnect.
import { DurableObject } from "cloudflare:workers";
import type { AppEnv } from "../env";
import { createDb } from "../db/client";
import { findLiveSessionHashes } from "../db/auth";
import {
  FEED_CLIENT_FRAME_MAX_BYTES,
  FEED_CLIENT_PING,
  FEED_FLUSH_INTERVAL_MS,
  FEED_SERVER_PONG,
  FEED_SOCKET_SESSION_HEADER,
  FEED_SOCKET_USER_HEADER,
  FeedEventQueue,
  type FeedErrorFrame,
  type FeedSocketTarget,
} from "../lib/feed-hub";
import { feedEventSchema, type FeedEvent, type FeedFrame } from "../contracts/feed";
import { SOCKET_CLOSE_SESSION_ENDED } from "../contracts/realtime";

type SocketAttachment = { userId: string; sessionHash: string; /** A bad_frame error was sent. */ refused?: true };

/** A session D1 confirmed this recently is trusted without asking again before a send. */
const SESSION_RECHECK_MS = 60_000;

const userTag = (userId: string) => `user:${userId}`;
const sessionTag = (sessionHash: string) => `session:${sessionHash}`;

/** Close codes a peer may not send in a close frame (they only describe how a socket ended). */
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);

const BAD_FRAME = JSON.stringify({ type: "error", code: "bad_frame" } satisfies FeedErrorFrame);

export class FeedHub extends DurableObject<AppEnv> {
  /** Session hash -> when D1 last confirmed it. Lost on hibernation, which only costs a query. */
  private confirmedAt = new Map<string, number>();
  /** Events waiting for the next flush, already coalesced. */
  private queue = new FeedEventQueue();
  /** When the last flush started (Date.now()); 0 before the first. */
  private lastFlushAt = 0;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private flushing = false;

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

  /**
   * Queues one feed event for the next flush (RPC; see publishFeedEvent). The event is checked
   * against the contract: an invalid one is logged and dropped. Resolves to whether it was
   * queued; it does not wait for the flush.
   */
  async publish(event: FeedEvent): Promise<boolean> {
    const parsed = feedEventSchema.safeParse(event);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      console.error(`feed: dropped an invalid event (${issue?.path.join(".") || "event"}: ${issue?.message})`);
      return false;
    }
    if (!this.queue.push(parsed.data)) {
      console.error(`feed: queue full, dropped ${parsed.data.type} for post ${parsed.data.postId}`);
      return false;
    }
    this.scheduleFlush();
    return true;
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

  /**
   * Clients only listen; the one frame they send is "ping" (keeps intermediaries from timing the
   * socket out), answered "pong". Anything else (binary, over 1 KB, other text) gets one
   * bad_frame error per socket and is otherwise ignored; the socket stays open. Never throws.
   */
  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    try {
      if (isPing(message)) {
        ws.send(FEED_SERVER_PONG);
        return;
      }
      const attachment = attachmentOf(ws);
      if (attachment.refused) return;
      ws.serializeAttachment({ ...attachment, refused: true } satisfies SocketAttachment);
      ws.send(BAD_FRAME);
    } catch {
      // the socket closed under us: nothing to answer
    }
  }

  async webSocketClose(ws: WebSocket, code: number) {
    // 1005/1006 describe a close without a code or an abnormal end; sending them back throws.
    closeQuietly(ws, RESERVED_CLOSE_CODES.has(code) ? 1000 : code, "closing");
  }

  /** Arms the flush timer if events wait and no flush is armed or running (see the top). */
  private scheduleFlush() {
    if (this.flushTimer !== null || this.flushing || this.queue.size === 0) return;
    const wait = Math.max(0, this.lastFlushAt + FEED_FLUSH_INTERVAL_MS - Date.now());
    this.flushTimer = setTimeout(() => void this.flush(), wait);
  }

  /** Sends what is queued as one frame; one flush at a time, so frames never overtake. */
  private async flush() {
    this.flushTimer = null;
    this.flushing = true;
    this.lastFlushAt = Date.now();
    try {
      const events = this.queue.take();
      if (events.length > 0) await this.sendToLiveSessions(JSON.stringify({ type: "events", events } satisfies FeedFrame));
    } catch (err) {
      console.error("feed: flush failed; its events are lost", err);
    } finally {
      this.flushing = false;
      this.scheduleFlush();
    }
  }

  /** Sends one text frame to every socket whose session is still live and closes the others. */
  private async sendToLiveSessions(text: string): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return 0;
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

/** Only the exact text "ping"; nothing over the size cap is even compared. */
const isPing = (message: string | ArrayBuffer) =>
  typeof message === "string" && message.length <= FEED_CLIENT_FRAME_MAX_BYTES && message === FEED_CLIENT_PING;

function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}
