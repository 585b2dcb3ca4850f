// What every hub of member sockets (feed, radio stations, chat, parties) shares: sockets carry the
// member and session the Worker authenticated, tagged so a logout can close exactly its sockets,
// and a hub re-checks sessions with D1 (at most once a minute each) before it sends, so banned or
// expired members stop receiving. The Worker's side (the identity headers, what to close) and the
// hubs' side (SessionChecker, ping and close handling) sit together so the two cannot drift.
import { createDb } from "../../db/client";
import { findLiveSessionHashes } from "../../db/auth";
import { SOCKET_CLOSE_SESSION_ENDED, SOCKET_CLOSE_VIP_ENDED, SOCKET_VIP_ENDED_REASON } from "#contracts/realtime.ts";

/** Headers the Worker sets on the upgrade it forwards; a hub trusts nothing else. */
export const SOCKET_USER_HEADER = "x-socket-user-id";
export const SOCKET_SESSION_HEADER = "x-socket-session-hash";

export type SocketTarget = { userId: string } | { sessionHash: string };
export type SocketAttachment = { userId: string; sessionHash: string; /** A bad_frame error was sent. */ refused?: true };

/** The only frame a client sends is the text "ping" (answered "pong"); anything else is refused. */
export const CLIENT_PING = "ping";
export const SERVER_PONG = "pong";
/** Anything a client sends that is longer than this is refused without looking at it. */
export const CLIENT_FRAME_MAX_BYTES = 1024;

/** How a socket is closed: its code and reason (the close frame). */
export type SocketClose = { code: number; reason: string };
const SESSION_ENDED: SocketClose = { code: SOCKET_CLOSE_SESSION_ENDED, reason: "Session ended" };
/** The member's VIP ended: VIP-only sockets (chat, radio) close with this (decision 040). */
export const VIP_ENDED: SocketClose = { code: SOCKET_CLOSE_VIP_ENDED, reason: SOCKET_VIP_ENDED_REASON };
/** Still VIP, but below a party's lowest tier (decision 104): the same code, so clients leave and do not reconnect. */
export const TIER_ENDED: SocketClose = { code: SOCKET_CLOSE_VIP_ENDED, reason: "tier_ended" };

/** A session D1 confirmed this recently is trusted without asking again before a send. */
const SESSION_RECHECK_MS = 60_000;
/** Close codes a peer may not send in a close frame (they only describe how a socket ended). */
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);

export const userTag = (userId: string) => `user:${userId}`;
export const sessionTag = (sessionHash: string) => `session:${sessionHash}`;
export const targetTag = (target: SocketTarget) => ("sessionHash" in target ? sessionTag(target.sessionHash) : userTag(target.userId));

export const attachmentOf = (ws: WebSocket) => ws.deserializeAttachment() as SocketAttachment;

/** Only the exact text "ping"; nothing over the size cap is even compared. */
export const isPing = (message: string | ArrayBuffer) => typeof message === "string" && message.length <= CLIENT_FRAME_MAX_BYTES && message === CLIENT_PING;

export function closeQuietly(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}

/** The close handler's answer: echo the peer's code, except codes that may not be sent. */
export const closeBack = (ws: WebSocket, code: number) => closeQuietly(ws, RESERVED_CLOSE_CODES.has(code) ? 1000 : code, "closing");

/** The identity headers of an upgrade the Worker forwarded, or null when they are missing. */
export function socketIdentity(request: Request): SocketAttachment | null {
  const userId = request.headers.get(SOCKET_USER_HEADER);
  const sessionHash = request.headers.get(SOCKET_SESSION_HEADER);
  return userId && sessionHash ? { userId, sessionHash } : null;
}

/**
 * Answers a client frame: "ping" gets "pong"; anything else gets `badFrame` once per socket and
 * is otherwise ignored (the socket stays open). Never throws.
 */
export function answerClientFrame(ws: WebSocket, message: string | ArrayBuffer, badFrame: string) {
  try {
    if (isPing(message)) {
      ws.send(SERVER_PONG);
      return;
    }
    const attachment = attachmentOf(ws);
    if (attachment.refused) return;
    ws.serializeAttachment({ ...attachment, refused: true } satisfies SocketAttachment);
    ws.send(badFrame);
  } catch {
    // the socket closed under us: nothing to answer
  }
}

/** Remembers which sessions D1 confirmed, and when. Lost on hibernation, which only costs a query. */
export class SessionChecker {
  private confirmedAt = new Map<string, number>();

  constructor(private readonly d1: D1Database) {}

  confirm(sessionHash: string, now = Date.now()) {
    this.confirmedAt.set(sessionHash, now);
  }

  forget(sessionHash: string) {
    this.confirmedAt.delete(sessionHash);
  }

  /** The session hashes among `sockets` that are still usable, asking D1 only about stale ones. */
  async liveSessions(sockets: WebSocket[]): Promise<Set<string>> {
    return (await this.liveHashes(sockets.map((ws) => attachmentOf(ws).sessionHash))).live;
  }

  /** The usable hashes, and whether D1 was asked (the handler waited, so attachments may have changed). */
  private async liveHashes(sessionHashes: string[]): Promise<{ live: Set<string>; waited: boolean }> {
    const now = Date.now();
    const hashes = [...new Set(sessionHashes)];
    const stale = hashes.filter((h) => (this.confirmedAt.get(h) ?? 0) + SESSION_RECHECK_MS <= now);
    const waited = stale.length > 0;
    if (waited) {
      const confirmed = await findLiveSessionHashes(createDb(this.d1), stale, now);
      for (const h of stale) {
        if (confirmed.has(h)) this.confirmedAt.set(h, now);
        else this.confirmedAt.delete(h);
      }
    }
    return { live: new Set(hashes.filter((h) => this.confirmedAt.has(h))), waited };
  }

  /**
   * Sends one text frame to every socket whose session is still live and closes the others. With a
   * function, each socket gets the frame it returns for that socket and its attachment (null:
   * nothing); it is first called after the sessions were checked. Each attachment is read once,
   * or again after a wait for D1 (a role change may have rewritten it meanwhile).
   */
  async sendToLive<A extends SocketAttachment>(sockets: WebSocket[], frame: string | ((ws: WebSocket, attachment: A) => string | null)): Promise<number> {
    if (sockets.length === 0) return 0;
    let attachments = sockets.map((ws) => attachmentOf(ws) as A);
    const { live, waited } = await this.liveHashes(attachments.map((a) => a.sessionHash));
    if (waited) attachments = sockets.map((ws) => attachmentOf(ws) as A);
    let sent = 0;
    for (let i = 0; i < sockets.length; i++) {
      const ws = sockets[i]!;
      const attachment = attachments[i]!;
      if (!live.has(attachment.sessionHash)) {
        closeQuietly(ws, SOCKET_CLOSE_SESSION_ENDED, "Session ended");
        continue;
      }
      const text = typeof frame === "string" ? frame : frame(ws, attachment);
      if (text === null) continue;
      try {
        ws.send(text);
        sent++;
      } catch {
        // a socket closing mid-send is not an error for the others
      }
    }
    return sent;
  }

  /**
   * Closes the sockets of one session, or of every session of one user. Returns how many. By
   * default as a session that ended (4401); `close` gives another code (VIP ended, 4403).
   */
  closeSockets(sockets: WebSocket[], close: SocketClose = SESSION_ENDED): number {
    for (const ws of sockets) {
      if (close.code === SOCKET_CLOSE_SESSION_ENDED) this.forget(attachmentOf(ws).sessionHash);
      closeQuietly(ws, close.code, close.reason);
    }
    return sockets.length;
  }

  /**
   * A client frame arrived: its session is re-checked (with D1 at most once a minute), so a
   * session that expired on its own closes its socket (4401) at the next ping instead of waiting
   * for the next send. True when the socket may carry on. Never throws (D1 failing keeps it open).
   */
  async keepIfLive(ws: WebSocket): Promise<boolean> {
    try {
      if ((await this.liveSessions([ws])).size > 0) return true;
    } catch (err) {
      console.error("sockets: re-checking a session failed", err);
      return true;
    }
    closeQuietly(ws, SOCKET_CLOSE_SESSION_ENDED, "Session ended");
    return false;
  }
}
