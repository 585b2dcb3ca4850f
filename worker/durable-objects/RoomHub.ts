// One object per community room (named by the room's id: services/realtime/room-hub.ts), on the
// WebSocket Hibernation API so a quiet room costs nothing. Decision 106:
// - the room's messages live in this object's SQLite, numbered 1, 2, ... (seq) in the order the room
//   took them; frames are handled one at a time and go out in that order, so every reader sees the
//   same order the history keeps;
// - a joining socket gets the newest messages, or, when it says the last one it has (`after`),
//   exactly the messages after it (a reconnect catches up without gaps or duplicates); a message
//   resent with the same client id is stored once;
// - limits: ROOM_FRAMES_PER_SECOND frames per socket, and the room's slow mode per member;
// - D1 learns each message's number as it is stored (the list's unread counts compare against the
//   newest) and who has posted here (the data export and the account's deletion visit only those
//   rooms), after the message went out: a failure there costs an unread count, never the message.
// The Worker authenticates the upgrade (session, tier or ticket, Origin) and says in headers who
// the member is and whether they may write; sessions are re-checked before sends (SessionChecker),
// and a member whose access ends has their sockets closed by the Worker (closeSockets).
import { DurableObject } from "cloudflare:workers";
import type { AppEnv } from "../env";
import { createDb } from "../db/client";
import { auditRoomModeration, findRoomSettings, markRoomRead, setRoomSlowMode, storeRoomMessage, type RoomSettings } from "../db/rooms";
import { MINUTE_MS } from "../lib/time";
import {
  closeBack,
  isPing,
  SERVER_PONG,
  SessionChecker,
  sessionTag,
  socketIdentity,
  targetTag,
  userTag,
  type SocketAttachment,
  type SocketClose,
  type SocketTarget,
} from "../services/realtime/socket-sessions";
import { codeOfTextIssue, FrameRate, MetaTable, openSocketsOf, sendOrClose } from "../services/realtime/room-kit";
import {
  ROOM_AFTER_HEADER,
  ROOM_CHANGED,
  ROOM_ID_HEADER,
  ROOM_MEMBER_AVATAR_HEADER,
  ROOM_MEMBER_NAME_HEADER,
  ROOM_MAY_WRITE_HEADER,
  ROOM_MODERATES_HEADER,
  ROOM_MEMBER_TIER_HEADER,
} from "../services/realtime/room-hub";
import { badgeFromHeader, encodeBadgeHeader, type TierBadge } from "#contracts/tier-badges.ts";
import { ROOM_CATCH_UP_MAX, ROOM_CLIENT_FRAME_MAX_BYTES, ROOM_FRAMES_PER_SECOND, ROOM_HISTORY_PAGE, ROOM_WELCOME_SIZE } from "#contracts/room-limits.ts";
import type { RoomClientFrame, RoomErrorCode, RoomHistoryResponse, RoomMessage, RoomServerFrame } from "#contracts/rooms.ts";
import { roomContract } from "../lib/frame-schemas";
import { eraseMember, memberMessages, type RoomMemberMessage } from "./room-member-data";

type RoomAttachment = SocketAttachment & { username: string; avatarUrl: string | null; tier: TierBadge | null; mayWrite: boolean; moderates: boolean };

/** The room's settings are read again after this long. */
const SETTINGS_CACHE_MS = 10_000;
/** "here" frames are coalesced: at most one per this many ms. */
const HERE_FLUSH_MS = 1000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  username TEXT NOT NULL,
  avatar_url TEXT,
  tier TEXT,
  client_id TEXT NOT NULL,
  text TEXT NOT NULL,
  at INTEGER NOT NULL,
  hidden_at INTEGER,
  hidden_by TEXT,
  UNIQUE (user_id, client_id)
);
CREATE TABLE IF NOT EXISTS mutes (user_id TEXT PRIMARY KEY, until INTEGER NOT NULL, muted_by TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS messages_user_idx ON messages (user_id, at);
CREATE TABLE IF NOT EXISTS posters (user_id TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

type MessageRow = {
  seq: number;
  user_id: string;
  username: string;
  avatar_url: string | null;
  tier: string | null;
  text: string;
  at: number;
  client_id: string;
};
const COLUMNS = "seq, user_id, username, avatar_url, tier, text, at, client_id";

const toMessage = (row: MessageRow): RoomMessage => ({
  seq: row.seq,
  userId: row.user_id,
  username: row.username,
  avatarUrl: row.avatar_url,
  tier: row.tier === null ? null : badgeFromHeader(row.tier),
  text: row.text,
  at: new Date(row.at).toISOString(),
});

const text = (frame: RoomServerFrame) => JSON.stringify(frame);
const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const attachmentOf = (ws: WebSocket) => ws.deserializeAttachment() as RoomAttachment;

export class RoomHub extends DurableObject<AppEnv> {
  private sessions = new SessionChecker(this.env.DB);
  private settings: { row: RoomSettings | null; at: number } | null = null;
  private rate = new FrameRate(ROOM_FRAMES_PER_SECOND);
  private meta = new MetaTable(this.ctx.storage.sql);
  /** Frames are handled one after another, and broadcasts leave in the order they were made. */
  private inbox: Promise<void> = Promise.resolve();
  private outbox: Promise<void> = Promise.resolve();
  private hereTimer: ReturnType<typeof setTimeout> | null = null;
  private lastHereFlush = 0;

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    ctx.storage.sql.exec(SCHEMA);
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const identity = socketIdentity(request);
    const roomId = request.headers.get(ROOM_ID_HEADER);
    if (!identity || !roomId) return new Response("Unauthenticated socket", { status: 401 });
    if (this.meta.get("roomId") !== roomId) this.meta.set("roomId", roomId);
    const settings = await this.loadSettings();
    if (!settings) return new Response("No such room", { status: 404 });

    const pair = new WebSocketPair();
    const ws = pair[1];
    this.ctx.acceptWebSocket(ws, [userTag(identity.userId), sessionTag(identity.sessionHash)]);
    const attachment: RoomAttachment = {
      ...identity,
      username: decodeURIComponent(request.headers.get(ROOM_MEMBER_NAME_HEADER) ?? ""),
      avatarUrl: request.headers.get(ROOM_MEMBER_AVATAR_HEADER) || null,
      mayWrite: request.headers.get(ROOM_MAY_WRITE_HEADER) === "1",
      moderates: request.headers.get(ROOM_MODERATES_HEADER) === "1",
      tier: badgeFromHeader(request.headers.get(ROOM_MEMBER_TIER_HEADER)),
    };
    ws.serializeAttachment(attachment);
    this.sessions.confirm(identity.sessionHash);
    const after = request.headers.get(ROOM_AFTER_HEADER);
    this.send(ws, this.welcome(attachment, settings, after === null ? null : Number(after)));
    this.scheduleHereFrame();
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Closes the sockets of one session, or of every session of one user (RPC); 4401 unless `close` says otherwise. */
  async closeSockets(target: SocketTarget, close?: SocketClose): Promise<number> {
    const closed = this.sessions.closeSockets(this.ctx.getWebSockets(targetTag(target)), close);
    if (closed > 0) this.scheduleHereFrame();
    return closed;
  }

  /** One page of history, oldest first: the messages before `before`, or the newest page (RPC). */
  async history(before: number | null, limit = ROOM_HISTORY_PAGE): Promise<RoomHistoryResponse> {
    const rows = this.ctx.storage.sql
      .exec<MessageRow>(
        `SELECT ${COLUMNS} FROM messages WHERE seq < ? AND hidden_at IS NULL ORDER BY seq DESC LIMIT ?`,
        before ?? Number.MAX_SAFE_INTEGER,
        limit + 1,
      )
      .toArray();
    const more = rows.length > limit;
    return { messages: rows.slice(0, limit).reverse().map(toMessage), more };
  }

  /** The member's own messages here, for their data export (RPC). */
  async messagesOf(userId: string): Promise<RoomMemberMessage[]> {
    return memberMessages(this.ctx.storage.sql, userId);
  }

  /** The member's account is gone: their messages here lose their text and name (RPC). Nothing is broadcast. */
  async eraseMember(userId: string): Promise<number> {
    return eraseMember(this.ctx.storage.sql, userId);
  }

  /** Distinct members with an open socket (RPC, for tests and figures). */
  async hereCount(): Promise<number> {
    return this.here();
  }

  /** Whether a member may write here changed (their tier, say): their sockets follow, and are told (RPC). */
  async writeAccessChanged(userId: string, mayWrite: boolean): Promise<void> {
    for (const ws of this.ctx.getWebSockets(userTag(userId))) {
      const attachment = attachmentOf(ws);
      if (attachment.mayWrite === mayWrite) continue;
      ws.serializeAttachment({ ...attachment, mayWrite });
      this.send(ws, text({ type: "access", mayWrite }));
    }
  }

  /**
   * The back office changed the room: its settings are read again, and when who may read or write
   * changed (its rules, archived), every socket closes with ROOM_CHANGED so each reconnects and is
   * checked again at its upgrade (RPC).
   */
  async roomChanged(reconnect: boolean): Promise<void> {
    this.settings = null;
    if (reconnect) this.sessions.closeSockets(this.ctx.getWebSockets(), ROOM_CHANGED);
  }

  webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    const handled = this.inbox.then(() => this.onFrame(ws, message));
    this.inbox = handled.catch((error) => console.error("room: a frame failed", error));
    return this.inbox;
  }

  async webSocketClose(ws: WebSocket, code: number) {
    closeBack(ws, code);
    this.scheduleHereFrame();
  }

  async webSocketError() {
    this.scheduleHereFrame();
  }

  // ---------- Frames ----------

  private async onFrame(ws: WebSocket, message: string | ArrayBuffer) {
    if (isPing(message)) return this.send(ws, SERVER_PONG);
    if (!this.rate.admitted(ws, () => this.send(ws, text({ type: "error", code: "rate_limited", retryAfter: 1 })))) return;
    if (typeof message !== "string" || message.length > ROOM_CLIENT_FRAME_MAX_BYTES) return this.refuse(ws, "bad_frame");
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      return this.refuse(ws, "bad_frame");
    }
    // The frames' schema loads with the first frame, not at start-up (decision 078).
    const { roomClientFrameSchema } = await roomContract();
    const parsed = roomClientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const clientId = (json as { clientId?: unknown } | null)?.clientId;
      return this.refuse(ws, codeOfTextIssue(parsed.error.issues[0]?.message), undefined, typeof clientId === "string" ? clientId.slice(0, 64) : undefined);
    }
    const frame: RoomClientFrame = parsed.data;
    const member = attachmentOf(ws);
    if (frame.type === "read") return this.markRead(member.userId, frame.seq);
    if (frame.type === "send") return this.store(ws, member, frame.clientId, frame.text);
    if (!member.moderates) return this.refuse(ws, "moderator_required");
    if (frame.type === "hide") return this.hide(member, frame.seq);
    if (frame.type === "mute") return this.mute(ws, member, frame.userId, frame.minutes);
    return this.setSlowMode(member, frame.seconds);
  }

  private async store(ws: WebSocket, member: RoomAttachment, clientId: string, body: string) {
    const sql = this.ctx.storage.sql;
    const resent = sql.exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE user_id = ? AND client_id = ?`, member.userId, clientId).toArray()[0];
    // A resend after a reconnect: the sender learns its number again; nobody gets it twice.
    if (resent) return this.send(ws, text({ type: "message", message: toMessage(resent), clientId }));
    const settings = await this.loadSettings();
    if (!settings) return;
    if (settings.archived) return this.refuse(ws, "archived", undefined, clientId);
    if (!member.mayWrite) return this.refuse(ws, "write_refused", undefined, clientId);
    const now = Date.now();
    const mutedUntil = this.mutedUntil(member.userId, now);
    if (mutedUntil !== null) return this.send(ws, text({ type: "error", code: "muted", clientId, until: new Date(mutedUntil).toISOString() }));
    const wait = this.slowModeWait(member.userId, settings.slowModeSeconds, now);
    if (wait !== null) return this.refuse(ws, "rate_limited", wait, clientId);
    const row = sql
      .exec<MessageRow>(
        `INSERT INTO messages (user_id, username, avatar_url, tier, client_id, text, at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
        member.userId,
        member.username,
        member.avatarUrl,
        member.tier === null ? null : encodeBadgeHeader(member.tier),
        clientId,
        body,
        now,
      )
      .one();
    const firstHere = sql.exec("INSERT OR IGNORE INTO posters (user_id) VALUES (?)", member.userId).rowsWritten > 0;
    this.broadcast(text({ type: "message", message: toMessage(row), clientId }));
    this.ctx.waitUntil(
      this.inD1("storing the newest message", (db, roomId) =>
        storeRoomMessage(db, roomId, { seq: row.seq, at: now, posterId: firstHere ? member.userId : null }),
      ),
    );
  }

  private markRead(userId: string, seq: number) {
    const last = this.lastSeq();
    this.ctx.waitUntil(this.inD1("marking read", (db, roomId) => markRoomRead(db, roomId, userId, Math.min(seq, last), Date.now())));
  }

  // ---------- Moderation: the room's fan moderators and admins, each act audited ----------

  private hide(moderator: RoomAttachment, seq: number) {
    const hidden = this.ctx.storage.sql.exec(
      "UPDATE messages SET hidden_at = ?, hidden_by = ? WHERE seq = ? AND hidden_at IS NULL",
      Date.now(),
      moderator.userId,
      seq,
    ).rowsWritten;
    if (hidden === 0) return;
    this.broadcast(text({ type: "hidden", seq }));
    this.audit(moderator, "room.message.hide", { seq });
  }

  private mute(ws: WebSocket, moderator: RoomAttachment, userId: string, minutes: number) {
    const target = this.ctx.getWebSockets(userTag(userId)).map(attachmentOf)[0];
    // Moderators do not mute each other or themselves; a member not here now may be muted all the same.
    if (userId === moderator.userId || target?.moderates) return this.refuse(ws, "mute_refused");
    const until = Date.now() + minutes * MINUTE_MS;
    this.ctx.storage.sql.exec(
      "INSERT INTO mutes (user_id, until, muted_by) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET until = excluded.until, muted_by = excluded.muted_by",
      userId,
      until,
      moderator.userId,
    );
    this.broadcast(text({ type: "muted", userId, until: new Date(until).toISOString() }), (a) => a.userId === userId || a.moderates);
    this.audit(moderator, "room.member.mute", { userId, minutes });
  }

  private async setSlowMode(moderator: RoomAttachment, seconds: number) {
    const roomId = this.meta.get("roomId");
    if (!roomId) return;
    await setRoomSlowMode(createDb(this.env.DB), roomId, seconds, moderator.userId);
    this.settings = null;
    this.broadcast(text({ type: "slow_mode", seconds }));
  }

  /** Until when the member is muted here (epoch ms), or null. */
  private mutedUntil(userId: string, now: number): number | null {
    return this.ctx.storage.sql.exec<{ until: number }>("SELECT until FROM mutes WHERE user_id = ? AND until > ?", userId, now).toArray()[0]?.until ?? null;
  }

  private audit(moderator: RoomAttachment, action: "room.message.hide" | "room.member.mute", detail: Record<string, unknown>) {
    this.ctx.waitUntil(this.inD1(`auditing ${action}`, (db, roomId) => auditRoomModeration(db, roomId, moderator.userId, action, detail)));
  }

  /** Seconds until the member may send again under slow mode, or null when they may now. */
  private slowModeWait(userId: string, slowModeSeconds: number, now: number): number | null {
    if (slowModeSeconds <= 0) return null;
    const last = this.ctx.storage.sql.exec<{ at: number }>("SELECT max(at) AS at FROM messages WHERE user_id = ?", userId).one().at;
    if (last === null) return null;
    const readyAt = last + slowModeSeconds * 1000;
    return now >= readyAt ? null : Math.max(1, Math.ceil((readyAt - now) / 1000));
  }

  private refuse(ws: WebSocket, code: RoomErrorCode, retryAfter?: number, clientId?: string) {
    this.send(ws, text({ type: "error", code, ...(retryAfter ? { retryAfter } : {}), ...(clientId ? { clientId } : {}) }));
  }

  // ---------- What the room sends ----------

  private welcome(member: RoomAttachment, settings: RoomSettings, after: number | null): string {
    const sql = this.ctx.storage.sql;
    let messages: MessageRow[];
    let gap = false;
    if (after === null) {
      messages = sql
        .exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE hidden_at IS NULL ORDER BY seq DESC LIMIT ?`, ROOM_WELCOME_SIZE)
        .toArray()
        .reverse();
    } else {
      messages = sql
        .exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE seq > ? AND hidden_at IS NULL ORDER BY seq LIMIT ?`, after, ROOM_CATCH_UP_MAX + 1)
        .toArray();
      // Past the cap the client gets the newest messages and pages back for the rest.
      if (messages.length > ROOM_CATCH_UP_MAX) {
        gap = true;
        messages = sql
          .exec<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE hidden_at IS NULL ORDER BY seq DESC LIMIT ?`, ROOM_WELCOME_SIZE)
          .toArray()
          .reverse();
      }
    }
    return text({
      type: "welcome",
      messages: messages.map(toMessage),
      gap,
      lastSeq: this.lastSeq(),
      here: this.here(),
      mayWrite: member.mayWrite && !settings.archived,
      slowModeSeconds: settings.slowModeSeconds,
      moderates: member.moderates,
      mutedUntil: isoOrNull(this.mutedUntil(member.userId, Date.now())),
    });
  }

  private lastSeq(): number {
    return this.ctx.storage.sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM messages").one().seq ?? 0;
  }

  private here(): number {
    return new Set(this.openSockets().map((ws) => attachmentOf(ws).userId)).size;
  }

  /** Who is here, to everyone, at most once per HERE_FLUSH_MS (the first of a quiet spell at once). */
  private scheduleHereFrame() {
    if (this.hereTimer !== null) return;
    const wait = Math.max(0, this.lastHereFlush + HERE_FLUSH_MS - Date.now());
    this.hereTimer = setTimeout(() => {
      this.hereTimer = null;
      this.lastHereFlush = Date.now();
      this.broadcast(text({ type: "here", count: this.here() }));
    }, wait);
  }

  /**
   * One frame to every open socket (or those `to` picks) whose session is still live (the others are
   * closed with 4401), queued behind the frames before it so they arrive in the room's order.
   */
  private broadcast(frame: string, to: (attachment: RoomAttachment) => boolean = () => true) {
    const sockets = this.openSockets().filter((ws) => to(attachmentOf(ws)));
    this.outbox = this.outbox
      .then(() => this.sessions.sendToLive(sockets, frame))
      .then(
        () => undefined,
        (error) => console.error("room: a broadcast failed", error),
      );
  }

  private send(ws: WebSocket, frame: string) {
    sendOrClose(ws, frame);
  }

  private openSockets() {
    return openSocketsOf(this.ctx);
  }

  // ---------- Storage ----------

  private async loadSettings(): Promise<RoomSettings | null> {
    const now = Date.now();
    if (this.settings && now - this.settings.at < SETTINGS_CACHE_MS) return this.settings.row;
    const id = this.meta.get("roomId");
    const row = id ? await findRoomSettings(createDb(this.env.DB), id) : null;
    this.settings = { row, at: now };
    return row;
  }

  /** A write to D1 about this room, logged rather than thrown: the message is stored here already. */
  private async inD1(what: string, write: (db: ReturnType<typeof createDb>, roomId: string) => Promise<unknown>) {
    const roomId = this.meta.get("roomId");
    if (!roomId) return;
    try {
      await write(createDb(this.env.DB), roomId);
    } catch (error) {
      console.error(`room: ${what} failed`, error);
    }
  }
}
