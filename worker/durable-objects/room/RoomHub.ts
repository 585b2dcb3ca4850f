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
import { readConfig, type AppEnv } from "../../env";
import { createDb, type DB } from "../../db/client";
import { auditRoomModeration, findRoomSettings, markRoomRead, moderatesRoom, setRoomSlowMode, storeRoomMessage, type RoomSettings } from "../../db/rooms/rooms";
import {
  closeBack,
  isPing,
  SERVER_PONG,
  SessionChecker,
  sessionTag,
  socketIdentity,
  targetTag,
  userTag,
  type SocketClose,
  type SocketTarget,
} from "../../services/realtime/socket-sessions";
import { codeOfTextIssue, FrameRate, MetaTable, openSocketsOf, sendOrClose } from "../../services/realtime/room-kit";
import {
  ROOM_AFTER_HEADER,
  ROOM_CHANGED,
  ROOM_ID_HEADER,
  ROOM_MEMBER_AVATAR_HEADER,
  ROOM_MEMBER_NAME_HEADER,
  ROOM_MAY_WRITE_HEADER,
  ROOM_MODERATES_HEADER,
  ROOM_MEMBER_TIER_HEADER,
} from "../../services/realtime/room-hub";
import { badgeFromHeader } from "#contracts/tiers/badges.ts";
import {
  ROOM_CATCH_UP_MAX,
  ROOM_CLIENT_FRAME_MAX_BYTES,
  ROOM_FRAMES_PER_SECOND,
  ROOM_HISTORY_PAGE,
  ROOM_THREAD_PAGE,
  ROOM_WELCOME_SIZE,
} from "#contracts/rooms/limits.ts";
import type { RoomClientFrame, RoomErrorCode, RoomHistoryResponse, RoomServerFrame, RoomThreadResponse } from "#contracts/rooms/rooms.ts";
import { onFirstUse } from "../../lib/first-use";
import { migrateRoomStorage, RoomMessages, type MessageRow } from "./messages";
import { hideMessage, mutedUntil, muteMember } from "./moderation";
import { attachmentOf, type RoomAttachment, type RoomScope } from "./scope";
import { eraseMember, memberData, type RoomMemberMessage, type RoomMemberReaction } from "./member-data";
import { dropHiddenPictures, dropMemberPictures, sentPictures, storePictures, takePictures } from "./pictures";
import { buildPreviews } from "./link-previews";
import { deleteMessage, editMessage, mayReplyTo, parentAuthorOf, pinMessage, pinnedOf, react, unpinMessage } from "./threads";
import { hideReportedMessage, reportableMessage, type RoomMessageQuote } from "./reports";

/** The room's frame schema, loaded with the first frame. */
const roomContract = onFirstUse(() => import("#contracts/rooms/rooms.ts"));

/** The room's settings are read again after this long. */
const SETTINGS_CACHE_MS = 10_000;
/** "here" frames are coalesced: at most one per this many ms. */
const HERE_FLUSH_MS = 1000;

const text = (frame: RoomServerFrame) => JSON.stringify(frame);
const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export class RoomHub extends DurableObject<AppEnv> {
  private readonly sql = this.ctx.storage.sql;
  private readonly messages = new RoomMessages(this.sql);
  /** What the frame handlers in their own modules are given (scope.ts); not part of the object's RPC. */
  private readonly scope: RoomScope = {
    sql: this.sql,
    messages: this.messages,
    send: (ws, frame) => this.send(ws, frame),
    refuse: (ws, code, extra) => this.refuse(ws, code, extra),
    broadcast: (frame, to) => this.broadcast(frame, to),
    moderates: (userId) => moderatesRoom(createDb(this.env.DB), this.meta.get("roomId") ?? "", userId),
    audit: (moderator, action, detail) =>
      this.afterwards(`auditing ${action}`, (db, roomId) => auditRoomModeration(db, roomId, moderator.userId, action, detail)),
    afterwards: (what, write) => this.afterwards(what, write),
  };
  private sessions = new SessionChecker(this.env.DB);
  private settings: { row: RoomSettings | null; at: number } | null = null;
  private rate = new FrameRate(ROOM_FRAMES_PER_SECOND);
  private meta = new MetaTable(this.sql);
  /** Frames are handled one after another, and broadcasts leave in the order they were made. */
  private inbox: Promise<void> = Promise.resolve();
  private outbox: Promise<void> = Promise.resolve();
  private hereTimer: ReturnType<typeof setTimeout> | null = null;
  private lastHereFlush = 0;

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    migrateRoomStorage(ctx.storage.sql);
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
    sendOrClose(ws, this.welcome(attachment, settings, after === null ? null : Number(after)));
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
  async history(before: number | null, limit = ROOM_HISTORY_PAGE, viewerId: string | null = null): Promise<RoomHistoryResponse> {
    const rows = this.messages.before(before, limit + 1);
    return { messages: this.messages.toMessages(rows.slice(0, limit).reverse(), viewerId), more: rows.length > limit };
  }

  /** A message's thread: it and a page of its replies after `after`, oldest first; null when the room does not show it (RPC). */
  async thread(seq: number, after: number, viewerId: string | null = null, limit = ROOM_THREAD_PAGE): Promise<RoomThreadResponse | null> {
    const parent = this.messages.visible(seq);
    if (!parent) return null;
    const rows = this.messages.replies(seq, after, limit + 1);
    return {
      parent: this.messages.toMessage(parent, viewerId),
      replies: this.messages.toMessages(rows.slice(0, limit), viewerId),
      more: rows.length > limit,
    };
  }

  /** The member's own messages and reactions here, for their data export (RPC). */
  async memberDataOf(userId: string): Promise<{ messages: RoomMemberMessage[]; reactions: RoomMemberReaction[] }> {
    return memberData(this.sql, userId);
  }

  /** The member's account is gone: their messages here lose their text and name (RPC). Nothing is broadcast. */
  async eraseMember(userId: string): Promise<number> {
    const roomId = this.meta.get("roomId");
    if (roomId) await dropMemberPictures(this.sql, this.env.MEDIA, roomId, userId);
    return eraseMember(this.sql, userId);
  }

  /** A visible message as a member's report quotes it, or null (RPC, decision 111). */
  async reportedMessage(seq: number): Promise<RoomMessageQuote | null> {
    return reportableMessage(this.scope, seq);
  }

  /** An admin hid a reported message from the moderation queue (RPC); false when it was hidden already. */
  async hideReported(seq: number, adminId: string): Promise<boolean> {
    return hideReportedMessage(this.scope, seq, adminId);
  }

  /** How many messages the room took, hidden and deleted ones too (RPC: a listening party's summary counts its chat). */
  async messageCount(): Promise<number> {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages").one().n;
  }

  /** Which of these pictures went with a message here (RPC: the hourly job removes the others, decision 115). */
  async sentPictures(filenames: string[]): Promise<string[]> {
    return sentPictures(this.sql, filenames);
  }

  /** Distinct members with an open socket (RPC, for tests and figures). */
  async hereCount(): Promise<number> {
    return this.here();
  }

  /** Whether the member is muted here now (RPC: the pictures' upload refuses a muted member). */
  async isMuted(userId: string): Promise<boolean> {
    return mutedUntil(this.sql, userId, Date.now()) !== null;
  }

  /** Whether a member may write here changed (their tier, say): their sockets follow, and are told (RPC). */
  async writeAccessChanged(userId: string, mayWrite: boolean): Promise<void> {
    for (const ws of this.socketsOf(userId)) {
      const attachment = attachmentOf(ws);
      if (attachment.mayWrite === mayWrite) continue;
      ws.serializeAttachment({ ...attachment, mayWrite });
      this.send(ws, { type: "access", mayWrite });
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

  /** The live show beside this room ended: every open page is told, so it reads the show again (RPC). */
  async showEnded(): Promise<void> {
    this.broadcast({ type: "show_ended" });
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
    if (isPing(message)) return sendOrClose(ws, SERVER_PONG);
    if (!this.rate.admitted(ws, () => this.refuse(ws, "rate_limited", { retryAfter: 1 }))) return;
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
      const issue = parsed.error.issues[0]?.message;
      return this.refuse(
        ws,
        issue === "too_many_pictures" ? issue : codeOfTextIssue(issue),
        typeof clientId === "string" ? { clientId: clientId.slice(0, 64) } : {},
      );
    }
    const frame: RoomClientFrame = parsed.data;
    const member = attachmentOf(ws);
    switch (frame.type) {
      case "read":
        return this.markRead(member.userId, frame.seq);
      case "send":
        return this.store(ws, member, frame.clientId, frame.text, frame.pictureIds, frame.replyTo ?? null);
      case "react":
        if (await this.writable(ws, member)) react(this.scope, ws, member, frame.seq, frame.emoji, frame.on);
        return;
      case "edit":
        if (await this.writable(ws, member)) editMessage(this.scope, ws, member, frame.seq, frame.text);
        return;
      case "delete":
        deleteMessage(this.scope, ws, member, frame.seq);
        return this.afterwards("removing a deleted message's pictures", (_db, roomId) => dropHiddenPictures(this.sql, this.env.MEDIA, roomId, frame.seq));
    }
    if (!member.moderates) return this.refuse(ws, "moderator_required");
    switch (frame.type) {
      case "hide":
        hideMessage(this.scope, member, frame.seq);
        return this.afterwards("removing a hidden message's pictures", (_db, roomId) => dropHiddenPictures(this.sql, this.env.MEDIA, roomId, frame.seq));
      case "mute":
        return muteMember(this.scope, ws, member, frame.userId, frame.minutes);
      case "slow":
        return this.setSlowMode(member, frame.seconds);
      case "pin":
        return pinMessage(this.scope, ws, member, frame.seq);
      case "unpin":
        return unpinMessage(this.scope, member, frame.seq);
    }
  }

  private async store(ws: WebSocket, member: RoomAttachment, clientId: string, body: string, pictureIds: string[], replyTo: number | null) {
    const resent = this.messages.byClientId(member.userId, clientId);
    // A resend after a reconnect: the sender learns its number again; nobody gets it twice.
    if (resent) return this.send(ws, { type: "message", message: this.messages.toMessage(resent), clientId });
    const settings = await this.loadSettings();
    if (!settings) return;
    if (settings.archived) return this.refuse(ws, "archived", { clientId });
    if (!member.mayWrite) return this.refuse(ws, "write_refused", { clientId });
    const now = Date.now();
    const muted = mutedUntil(this.sql, member.userId, now);
    if (muted !== null) return this.send(ws, { type: "error", code: "muted", clientId, until: new Date(muted).toISOString() });
    const wait = this.slowModeWait(member.userId, settings.slowModeSeconds, now);
    if (wait !== null) return this.refuse(ws, "rate_limited", { retryAfter: wait, clientId });
    if (replyTo !== null && !mayReplyTo(this.sql, replyTo)) return this.refuse(ws, "message_not_found", { clientId });
    const roomId = this.meta.get("roomId") ?? "";
    const config = readConfig(this.env);
    const pictures = pictureIds.length === 0 ? [] : await takePictures(this.sql, config.SESSION_SECRET, roomId, member.userId, pictureIds);
    if (!pictures) return this.refuse(ws, "picture_refused", { clientId });
    const row: MessageRow = this.messages.insert(member, clientId, body, now, replyTo);
    storePictures(this.sql, row.seq, pictures);
    const firstHere = this.messages.markPoster(member.userId);
    this.broadcast({ type: "message", message: this.messages.toMessage(row), clientId }, undefined, ws);
    buildPreviews(this.scope, config.SITE_URL, row.seq, body);
    this.afterwards("storing the newest message", (db, roomId) =>
      storeRoomMessage(db, roomId, { seq: row.seq, at: now, posterId: firstHere ? member.userId : null }),
    );
    // A reply tells its parent's author; read now, before a later delete could hide who that was.
    const replyToUserId = replyTo === null ? undefined : parentAuthorOf(this.sql, replyTo)?.userId;
    // The notifications' code (mail, push) loads with the first message, not at start-up (decision 078).
    this.afterwards("notifying", async (db, roomId) =>
      (await import("../../services/notifications/rooms")).notifyRoomMessage(
        this.env,
        db,
        roomId,
        { seq: row.seq, authorId: member.userId, text: body, replyToUserId },
        now,
      ),
    );
  }

  /** Whether the member may act on the room's messages now (react, edit): refused as a send would be, slow mode aside. */
  private async writable(ws: WebSocket, member: RoomAttachment): Promise<boolean> {
    const settings = await this.loadSettings();
    if (!settings) return false;
    if (settings.archived) this.refuse(ws, "archived");
    else if (!member.mayWrite) this.refuse(ws, "write_refused");
    else {
      const muted = mutedUntil(this.sql, member.userId, Date.now());
      if (muted === null) return true;
      this.send(ws, { type: "error", code: "muted", until: new Date(muted).toISOString() });
    }
    return false;
  }

  private markRead(userId: string, seq: number) {
    const last = this.messages.lastSeq();
    this.afterwards("marking read", (db, roomId) => markRoomRead(db, roomId, userId, Math.min(seq, last), Date.now()));
  }

  // ---------- Moderation (moderation.ts); slow mode lives in D1 with the settings ----------

  private async setSlowMode(moderator: RoomAttachment, seconds: number) {
    const roomId = this.meta.get("roomId");
    if (!roomId) return;
    await setRoomSlowMode(createDb(this.env.DB), roomId, seconds, moderator.userId);
    this.settings = null;
    this.broadcast({ type: "slow_mode", seconds });
  }

  /** Seconds until the member may send again under slow mode, or null when they may now. */
  private slowModeWait(userId: string, slowModeSeconds: number, now: number): number | null {
    if (slowModeSeconds <= 0) return null;
    const last = this.messages.lastAtOf(userId);
    if (last === null) return null;
    const readyAt = last + slowModeSeconds * 1000;
    return now >= readyAt ? null : Math.max(1, Math.ceil((readyAt - now) / 1000));
  }

  private refuse(ws: WebSocket, code: RoomErrorCode, extra: { retryAfter?: number; clientId?: string } = {}) {
    this.send(ws, {
      type: "error",
      code,
      ...(extra.retryAfter ? { retryAfter: extra.retryAfter } : {}),
      ...(extra.clientId ? { clientId: extra.clientId } : {}),
    });
  }

  // ---------- What the room sends ----------

  private welcome(member: RoomAttachment, settings: RoomSettings, after: number | null): string {
    let rows: MessageRow[];
    let gap = false;
    if (after === null) rows = this.messages.newest(ROOM_WELCOME_SIZE);
    else {
      rows = this.messages.after(after, ROOM_CATCH_UP_MAX + 1);
      // Past the cap the client gets the newest messages and pages back for the rest.
      if (rows.length > ROOM_CATCH_UP_MAX) {
        gap = true;
        rows = this.messages.newest(ROOM_WELCOME_SIZE);
      }
    }
    return text({
      type: "welcome",
      messages: this.messages.toMessages(rows, member.userId),
      gap,
      lastSeq: this.messages.lastSeq(),
      here: this.here(),
      mayWrite: member.mayWrite && !settings.archived,
      slowModeSeconds: settings.slowModeSeconds,
      moderates: member.moderates,
      mutedUntil: isoOrNull(mutedUntil(this.sql, member.userId, Date.now())),
      pinned: pinnedOf(this.scope, member.userId),
    });
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
      this.broadcast({ type: "here", count: this.here() });
    }, wait);
  }

  /**
   * One frame to every open socket (or those `to` picks) whose session is still live (the others are
   * closed with 4401), queued behind the frames before it so they arrive in the room's order.
   * `first` (a message's sender) gets it before the rest and before their sessions are checked
   * (decision 115): its answer no longer waits for the whole fan-out, and what it gets is its own
   * message, whose frame it has just sent. Still behind the earlier frames, so its order holds.
   */
  private broadcast(frame: RoomServerFrame, to: (attachment: RoomAttachment) => boolean = () => true, first?: WebSocket) {
    const sockets = this.openSockets().filter((ws) => ws !== first && to(attachmentOf(ws)));
    const encoded = text(frame);
    this.outbox = this.outbox
      .then(() => {
        if (first && first.readyState === WebSocket.OPEN) sendOrClose(first, encoded);
        return this.sessions.sendToLive(sockets, encoded);
      })
      .then(
        () => undefined,
        (error) => console.error("room: a broadcast failed", error),
      );
  }

  private send(ws: WebSocket, frame: RoomServerFrame) {
    sendOrClose(ws, text(frame));
  }

  private socketsOf(userId: string): WebSocket[] {
    return this.ctx.getWebSockets(userTag(userId));
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

  private afterwards(what: string, write: (db: DB, roomId: string) => Promise<unknown>) {
    const roomId = this.meta.get("roomId");
    if (!roomId) return;
    this.ctx.waitUntil(
      write(createDb(this.env.DB), roomId).then(
        () => undefined,
        (error) => console.error(`room: ${what} failed`, error),
      ),
    );
  }
}
