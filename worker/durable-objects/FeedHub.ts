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
//
// Posts for tiers: events never carry a post's text or picture. A post.created reaches every
// socket (a reader who may not read the post gets its locked teaser when fetching it); the counts
// of a gated post (events with an `audience`, a tier rule) go only to sockets whose reader the rule
// admits (admitsTier), as the Worker says at the upgrade (FEED_SOCKET_READER_HEADER) and after a
// role or tier change (roleChanged). Each flush makes one frame per distinct reader (tier, admin)
// among its sockets: a handful, never one per socket.
import { DurableObject } from "cloudflare:workers";
import type { AppEnv } from "../env";
import { FEED_SOCKET_NOTICES_HEADER, FEED_SOCKET_READER_HEADER, readerOfHeader, type FeedReader, type FeedSocketTarget } from "../services/realtime/feed-hub";
import { admitsTier } from "#contracts/tiers/tiers.ts";
import { FEED_FLUSH_INTERVAL_MS, FeedEventQueue } from "./feed-event-queue";
import { ROLE_CHANGED_FRAME } from "#contracts/realtime.ts";
import { NOTIFICATION_FRAME } from "#contracts/notifications.ts";
import type { FeedErrorFrame } from "#contracts/feed.ts";
import {
  answerClientFrame,
  closeBack,
  SessionChecker,
  sessionTag,
  socketIdentity,
  targetTag,
  userTag,
  type SocketAttachment,
} from "../services/realtime/socket-sessions";
import type { FeedEvent, FeedFrame } from "#contracts/feed.ts";
import { onFirstUse } from "../lib/first-use";

/** The feed's event schema, loaded with the first event. */
const feedContract = onFirstUse(() => import("#contracts/feed.ts"));

const BAD_FRAME = JSON.stringify({ type: "error", code: "bad_frame" } satisfies FeedErrorFrame);

/**
 * A feed socket's attachment: the session's, its reader (tier and admin flag), and whether it is a
 * page's member-notices socket (decision 040: role notices only, never feed events).
 */
type FeedSocketAttachment = SocketAttachment & { reader?: FeedReader; noticesOnly?: true };

const framed = (events: FeedEvent[], sentAt: number) => JSON.stringify({ type: "events", events, sentAt } satisfies FeedFrame);

const FREE_READER = readerOfHeader(null);
const readerKey = ({ tier, isAdmin }: FeedReader) => (isAdmin ? "admin" : `${tier.rank}:${tier.id}`);

/**
 * A flush's frames, one per kind of reader, each made the first time a socket of that kind is met:
 * the events whose audience admits the reader (null: nothing left for them).
 */
function framesOf(events: FeedEvent[], sentAt: number) {
  const frames = new Map<string, string | null>();
  const frameFor = (reader: FeedReader) => {
    const key = readerKey(reader);
    if (!frames.has(key)) {
      const shown = events.filter((event) => !("audience" in event && event.audience) || admitsTier({ isVIP: false, ...reader }, event.audience));
      frames.set(key, shown.length > 0 ? framed(shown, sentAt) : null);
    }
    return frames.get(key) ?? null;
  };
  return { frameFor, sentAt };
}

/**
 * A flush to at least SLOW_SEND_SOCKETS sockets whose sends took at least SLOW_SEND_MS is logged
 * with its socket count: the sign that a shard holds too many sockets (decision 047), and the
 * server's side of the fan-out figures. A slow flush to a handful of sockets says only that the
 * machine was busy, so it is not logged.
 */
const SLOW_SEND_MS = 100;
const SLOW_SEND_SOCKETS = 100;

export class FeedHub extends DurableObject<AppEnv> {
  private sessions = new SessionChecker(this.env.DB);
  /** Events waiting for the next flush, already coalesced. */
  private queue = new FeedEventQueue();
  /** When the last flush started (Date.now()); 0 before the first. */
  private lastFlushAt = 0;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private flushing = false;

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const identity = socketIdentity(request);
    if (!identity) return new Response("Unauthenticated socket", { status: 401 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [userTag(identity.userId), sessionTag(identity.sessionHash)]);
    const reader = readerOfHeader(request.headers.get(FEED_SOCKET_READER_HEADER));
    const noticesOnly = request.headers.get(FEED_SOCKET_NOTICES_HEADER) === "1";
    pair[1].serializeAttachment({
      ...identity,
      reader,
      ...(noticesOnly ? { noticesOnly: true } : {}),
    } satisfies FeedSocketAttachment);
    this.sessions.confirm(identity.sessionHash);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * Queues one feed event for the next flush (RPC; see publishFeedEvent). The event is checked
   * against the contract: an invalid one is logged and dropped. Resolves to whether it was
   * queued; it does not wait for the flush.
   */
  async publish(event: FeedEvent): Promise<boolean> {
    // The contract's schema loads with the first event, not at start-up (decision 078).
    const { feedEventSchema } = await feedContract();
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
    return this.sessions.closeSockets(this.ctx.getWebSockets(targetTag(target)));
  }

  /**
   * The member's tier, VIP or admin changed (RPC; decisions 040 and 099): their sockets now read
   * gated posts' counts as `reader` allows, and each gets a role_changed frame, so the page
   * refetches `me` with the session it keeps. Returns how many sockets were told.
   */
  async roleChanged(userId: string, reader: FeedReader): Promise<number> {
    let told = 0;
    for (const ws of this.ctx.getWebSockets(userTag(userId))) {
      try {
        ws.serializeAttachment({ ...(ws.deserializeAttachment() as FeedSocketAttachment), reader } satisfies FeedSocketAttachment);
        ws.send(ROLE_CHANGED_FRAME);
        told++;
      } catch {
        // closing under us: its page learns at its next load
      }
    }
    return told;
  }

  /**
   * New notifications were written for these members (RPC, from the notification queue's consumer):
   * each of their open sockets gets a notification frame, and the page refetches its bell. Sockets
   * whose session ended meanwhile are skipped (they close at their next ping). Returns how many
   * sockets were told.
   */
  async notificationsArrived(userIds: string[]): Promise<number> {
    let told = 0;
    for (const userId of new Set(userIds)) {
      for (const ws of this.ctx.getWebSockets(userTag(userId))) {
        try {
          ws.send(NOTIFICATION_FRAME);
          told++;
        } catch {
          // closing under us: its page reads the bell at its next load
        }
      }
    }
    return told;
  }

  /**
   * Clients only listen; the one frame they send is "ping" (keeps intermediaries from timing the
   * socket out), answered "pong". Anything else (binary, over 1 KB, other text) gets one
   * bad_frame error per socket and is otherwise ignored; the socket stays open. Never throws.
   */
  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    // A session that expired on its own closes here (4401), at the page's next ping.
    if (await this.sessions.keepIfLive(ws)) answerClientFrame(ws, message, BAD_FRAME);
  }

  async webSocketClose(ws: WebSocket, code: number) {
    closeBack(ws, code);
  }

  /**
   * The runtime's clock stands still while a handler runs, so the send loop's length is read on
   * the next turn, once the loop (and the writes it queued) have let go of the thread.
   */
  private reportSlowSend(sentAt: number, sockets: number) {
    if (sockets < SLOW_SEND_SOCKETS) return;
    setTimeout(() => {
      const took = Date.now() - sentAt;
      if (took >= SLOW_SEND_MS) console.warn(`feed: a flush to ${sockets} sockets took ${took} ms to send`);
    }, 0);
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
      if (events.length > 0) {
        // Serialized once per kind of reader, never per socket, and stamped when the sessions are
        // checked and the sends begin.
        const flush: { frames?: ReturnType<typeof framesOf> } = {};
        const sent = await this.sessions.sendToLive<FeedSocketAttachment>(this.ctx.getWebSockets(), (_ws, attachment) => {
          const { frameFor } = (flush.frames ??= framesOf(events, Date.now()));
          return attachment.noticesOnly ? null : frameFor(attachment.reader ?? FREE_READER);
        });
        if (flush.frames) this.reportSlowSend(flush.frames.sentAt, sent);
      }
    } catch (err) {
      console.error("feed: flush failed; its events are lost", err);
    } finally {
      this.flushing = false;
      this.scheduleFlush();
    }
  }
}
