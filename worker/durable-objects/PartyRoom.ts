// One room per listening party (named by the party id: services/realtime/party-room.ts), on the
// WebSocket Hibernation API so a quiet room costs nothing. What it does (decision 028):
// - on joining, a `welcome`: the room's clock, where the party is (position = now - start walked
//   through the saved tracks' durations, party-clock.ts), who listens (with their tier badges as
//   they joined, decision 104);
// - listeners (distinct members, with avatars) on joins and leaves, reactions, both coalesced to at
//   most one frame per PARTY_FLUSH_MS (the first of a quiet spell goes at once), `sync` answers
//   for the clients' clock estimates, `started` and `ended` from alarms;
// - limits: PARTY_EVENTS_PER_SECOND frames per socket (in memory: a socket that sends is awake);
// - moderation: an admin's socket may mute a member's reactions for the party (stored here).
// The chat is the party's community room (decisions 107, 115): its own object and socket. The
// `messages` table stays for parties that chatted here before; the summary counts those too.
// The Worker authenticates the upgrade (session, VIP for a VIP party, Origin, the room's hours)
// and names the member in headers; sessions are re-checked before sends (SessionChecker).
// Everything a broadcast needs is in this object's own sockets, so a later shard per party can
// relay frames between shards without changing what one shard does.
import { DurableObject } from "cloudflare:workers";
import type { AppEnv } from "../env";
import { createDb } from "../db/client";
import { findParty, partyEndsAtOf, storePartySummary, type PartyRow } from "../db/parties";
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
  PARTY_ID_HEADER,
  PARTY_MEMBER_ADMIN_HEADER,
  PARTY_MEMBER_AVATAR_HEADER,
  PARTY_MEMBER_NAME_HEADER,
  PARTY_MEMBER_TIER_HEADER,
} from "../services/realtime/party-room";
import { badgeFromHeader, type TierBadge } from "#contracts/tiers/badges.ts";
import { partyPhaseAt, partyPositionAt } from "#contracts/parties/clock.ts";
import { PARTY_CLIENT_FRAME_MAX_BYTES, PARTY_EVENTS_PER_SECOND, PARTY_FLUSH_MS, PARTY_LISTENERS_SHOWN } from "#contracts/parties/limits.ts";
import type { PartyClientFrame, PartyErrorCode, PartyMember, PartyReaction, PartyServerFrame, PartySummary } from "#contracts/parties/parties.ts";
import { onFirstUse } from "../lib/first-use";
import { roomHub } from "../services/realtime/room-hub";
import { partyRoomId } from "#contracts/parties/chat.ts";

/** The party's frame schema, loaded with the first frame. */
const partyContract = onFirstUse(() => import("#contracts/parties/parties.ts"));

type PartyAttachment = SocketAttachment & { username: string; avatarUrl: string | null; isAdmin: boolean; tier: TierBadge | null };

/** The party row is read again after this long (an admin's edit also clears it: partyChanged). */
const PARTY_CACHE_MS = 10_000;
/** Alarms go off this long after a boundary, so every client's clock agrees it has passed. */
const ALARM_SLACK_MS = 50;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  username TEXT NOT NULL,
  avatar_url TEXT,
  text TEXT NOT NULL,
  at INTEGER NOT NULL,
  removed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS messages_user_idx ON messages (user_id, at);
CREATE TABLE IF NOT EXISTS mutes (user_id TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** Rooms made before badges (decision 104) gain the messages' tier column once. */
const TIER_COLUMN = "ALTER TABLE messages ADD COLUMN tier TEXT";

const text = (frame: PartyServerFrame) => JSON.stringify(frame);
const attachmentOf = (ws: WebSocket) => ws.deserializeAttachment() as PartyAttachment;

export class PartyRoom extends DurableObject<AppEnv> {
  private sessions = new SessionChecker(this.env.DB);
  private party: { row: PartyRow | null; at: number } | null = null;
  private rate = new FrameRate(PARTY_EVENTS_PER_SECOND);
  private meta = new MetaTable(this.ctx.storage.sql);
  private pendingReactions: { emoji: PartyReaction; userId: string }[] = [];
  private reactionTimer: ReturnType<typeof setTimeout> | null = null;
  private lastReactionFlush = 0;
  private listenerTimer: ReturnType<typeof setTimeout> | null = null;
  private lastListenerFlush = 0;

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    ctx.storage.sql.exec(SCHEMA);
    // Asked of the schema itself: a marker row would outlive an emptied room's storage.
    if (ctx.storage.sql.exec("SELECT 1 FROM pragma_table_info('messages') WHERE name = 'tier'").toArray().length === 0) ctx.storage.sql.exec(TIER_COLUMN);
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const identity = socketIdentity(request);
    const partyId = request.headers.get(PARTY_ID_HEADER);
    if (!identity || !partyId) return new Response("Unauthenticated socket", { status: 401 });
    if (this.meta.get("partyId") !== partyId) this.meta.set("partyId", partyId);
    const party = await this.loadParty();
    if (!party) return new Response("No such party", { status: 404 });
    const summary = this.phaseOf(party, Date.now()) === "ended" ? await this.summary(party, Date.now()) : null;

    const pair = new WebSocketPair();
    const ws = pair[1];
    this.ctx.acceptWebSocket(ws, [userTag(identity.userId), sessionTag(identity.sessionHash)]);
    const attachment: PartyAttachment = {
      ...identity,
      username: decodeURIComponent(request.headers.get(PARTY_MEMBER_NAME_HEADER) ?? ""),
      avatarUrl: request.headers.get(PARTY_MEMBER_AVATAR_HEADER) || null,
      isAdmin: request.headers.get(PARTY_MEMBER_ADMIN_HEADER) === "1",
      tier: badgeFromHeader(request.headers.get(PARTY_MEMBER_TIER_HEADER)),
    };
    ws.serializeAttachment(attachment);
    this.sessions.confirm(identity.sessionHash);
    this.send(ws, this.welcome(party, identity.userId, summary));
    this.scheduleListenerFrame();
    await this.armAlarm(party);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Closes the sockets of one session, or of every session of one user (RPC); 4401 unless `close` says otherwise. */
  async closeSockets(target: SocketTarget, close?: SocketClose): Promise<number> {
    const closed = this.sessions.closeSockets(this.ctx.getWebSockets(targetTag(target)), close);
    if (closed > 0) this.scheduleListenerFrame();
    return closed;
  }

  /** The back office changed, cancelled or deleted the party: read it again and tell the room (RPC). */
  async partyChanged(): Promise<void> {
    this.party = null;
    const party = await this.loadParty();
    await this.ctx.storage.deleteAlarm();
    if (party && party.status !== "cancelled") await this.armAlarm(party);
    await this.broadcast(text({ type: "party_changed" }));
  }

  /** The members other than admins with an open socket (RPC): whom a raised tier may refuse (decision 108). */
  async listenerIds(): Promise<string[]> {
    return [
      ...new Set(
        this.openSockets()
          .map(attachmentOf)
          .filter((a) => !a.isAdmin)
          .map((a) => a.userId),
      ),
    ];
  }

  /** Distinct members with an open socket (RPC, for tests and figures). */
  async listenerCount(): Promise<number> {
    return this.listeners().count;
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    try {
      await this.onFrame(ws, message);
    } catch (error) {
      console.error("party: a frame failed", error);
    }
  }

  async webSocketClose(ws: WebSocket, code: number) {
    closeBack(ws, code);
    this.scheduleListenerFrame();
  }

  async webSocketError() {
    this.scheduleListenerFrame();
  }

  /** The start (tell the room) or the end (tell it the summary, and keep it in D1). */
  async alarm() {
    this.party = null;
    const party = await this.loadParty();
    if (!party || party.status === "cancelled") return;
    const now = Date.now();
    const endsAt = partyEndsAtOf(party);
    if (now >= endsAt) {
      const summary = await this.summary(party, now);
      await storePartySummary(createDb(this.env.DB), party.id, summary);
      await this.broadcast(text({ type: "ended", summary }));
      return;
    }
    if (now >= party.startsAt.getTime()) await this.broadcast(text({ type: "started", serverTime: new Date(now).toISOString() }));
    await this.armAlarm(party);
  }

  // ---------- Frames ----------

  private async onFrame(ws: WebSocket, message: string | ArrayBuffer) {
    if (isPing(message)) return this.send(ws, SERVER_PONG);
    if (!this.rate.admitted(ws, () => this.send(ws, text({ type: "error", code: "rate_limited", retryAfter: 1 })))) return;
    if (typeof message !== "string" || message.length > PARTY_CLIENT_FRAME_MAX_BYTES) return this.refuse(ws, "bad_frame");
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      return this.refuse(ws, "bad_frame");
    }
    // The frames' schema loads with the first frame, not at start-up (decision 078).
    const { partyClientFrameSchema } = await partyContract();
    const parsed = partyClientFrameSchema.safeParse(json);
    if (!parsed.success) return this.refuse(ws, codeOfTextIssue(parsed.error.issues[0]?.message));
    const frame: PartyClientFrame = parsed.data;
    const member = attachmentOf(ws);
    if (frame.type === "sync") return this.send(ws, text({ type: "sync", id: frame.id, serverTime: new Date().toISOString() }));
    if (frame.type === "mute") {
      if (!member.isAdmin) return this.refuse(ws, "admin_required");
      return this.mute(frame.userId);
    }

    const party = await this.loadParty();
    const now = Date.now();
    const phase = party && party.status !== "cancelled" ? partyPhaseAt(party.startsAt.getTime(), partyEndsAtOf(party), now) : "ended";
    if (phase !== "open" && phase !== "live") return this.refuse(ws, "party_closed");
    if (this.isMuted(member.userId)) return this.refuse(ws, "muted");
    // Counted for the summary when the frame goes out, after its sends: a storage write before
    // them would hold every send until the write is on disk (the output gate).
    this.pendingReactions.push({ emoji: frame.emoji, userId: member.userId });
    this.scheduleReactionFrame();
  }

  private async mute(userId: string) {
    this.ctx.storage.sql.exec("INSERT OR IGNORE INTO mutes (user_id) VALUES (?)", userId);
    const frame = text({ type: "muted", userId });
    const sockets = this.openSockets().filter((ws) => {
      const a = attachmentOf(ws);
      return a.userId === userId || a.isAdmin;
    });
    await this.sessions.sendToLive(sockets, frame);
  }

  private isMuted(userId: string) {
    return this.ctx.storage.sql.exec("SELECT 1 FROM mutes WHERE user_id = ?", userId).toArray().length > 0;
  }

  private refuse(ws: WebSocket, code: PartyErrorCode, retryAfter?: number) {
    this.send(ws, text({ type: "error", code, ...(retryAfter ? { retryAfter } : {}) }));
  }

  // ---------- What the room sends ----------

  private phaseOf(party: PartyRow, now: number) {
    return party.status === "cancelled" ? "ended" : partyPhaseAt(party.startsAt.getTime(), partyEndsAtOf(party), now);
  }

  private welcome(party: PartyRow, userId: string, summary: PartySummary | null): string {
    const now = Date.now();
    const startsAt = party.startsAt.getTime();
    const phase = this.phaseOf(party, now);
    const position = partyPositionAt(startsAt, party.tracks, now);
    return text({
      type: "welcome",
      serverTime: new Date(now).toISOString(),
      phase,
      position: position && { index: position.index, offsetSeconds: position.offsetSeconds },
      listeners: this.listeners(),
      muted: this.isMuted(userId),
      summary: phase === "ended" ? summary : null,
    });
  }

  private async summary(party: PartyRow, now: number): Promise<PartySummary> {
    const started = now >= party.startsAt.getTime();
    // The chat is the party's community room (decision 107); messages kept here are from before it.
    const kept = this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages").one().n;
    return {
      tracksPlayed: started ? (partyPositionAt(party.startsAt.getTime(), party.tracks, now)?.index ?? party.tracks.length - 1) + 1 : 0,
      peakListeners: this.count("peak"),
      reactions: this.count("reactions"),
      messages: kept + (await this.roomMessageCount(party.id)),
    };
  }

  /** How many messages the party's room took; 0 (logged) when the room cannot be asked. */
  private async roomMessageCount(partyId: string): Promise<number> {
    try {
      return await roomHub(this.env, partyRoomId(partyId)).messageCount();
    } catch (error) {
      console.error("party: counting its room's messages failed", error);
      return 0;
    }
  }

  /** Distinct members in the room; the first PARTY_LISTENERS_SHOWN of them named. */
  private listeners(): { count: number; members: PartyMember[] } {
    const members = new Map<string, PartyMember>();
    for (const ws of this.openSockets()) {
      const a = attachmentOf(ws);
      if (!members.has(a.userId)) members.set(a.userId, { id: a.userId, username: a.username, avatarUrl: a.avatarUrl, tier: a.tier ?? null });
    }
    return { count: members.size, members: [...members.values()].slice(0, PARTY_LISTENERS_SHOWN) };
  }

  /** The listeners to everyone, at most once per PARTY_FLUSH_MS; the peak kept for the summary. */
  private scheduleListenerFrame() {
    if (this.listenerTimer !== null) return;
    const wait = Math.max(0, this.lastListenerFlush + PARTY_FLUSH_MS - Date.now());
    this.listenerTimer = setTimeout(() => {
      this.listenerTimer = null;
      this.lastListenerFlush = Date.now();
      const listeners = this.listeners();
      if (listeners.count > this.count("peak")) this.meta.set("peak", String(listeners.count));
      void this.broadcast(text({ type: "listeners", ...listeners }));
    }, wait);
  }

  /** Reactions since the last frame, at most once per PARTY_FLUSH_MS (the first of a quiet spell at once). */
  private scheduleReactionFrame() {
    if (this.reactionTimer !== null) return;
    const wait = Math.max(0, this.lastReactionFlush + PARTY_FLUSH_MS - Date.now());
    this.reactionTimer = setTimeout(() => {
      this.reactionTimer = null;
      this.lastReactionFlush = Date.now();
      const reactions = this.pendingReactions.splice(0);
      if (reactions.length === 0) return;
      void this.broadcast(text({ type: "reactions", reactions, sentAt: this.lastReactionFlush })).then(() =>
        this.meta.set("reactions", String(this.count("reactions") + reactions.length)),
      );
    }, wait);
  }

  /**
   * One frame to every open socket of this room whose session is still live (the others are closed
   * with 4401). The one place frames fan out: a shard would relay here.
   */
  private async broadcast(frame: string) {
    try {
      await this.sessions.sendToLive(this.openSockets(), frame);
    } catch (error) {
      console.error("party: a broadcast failed", error);
    }
  }

  private send(ws: WebSocket, frame: string) {
    sendOrClose(ws, frame);
  }

  private openSockets() {
    return openSocketsOf(this.ctx);
  }

  // ---------- Storage ----------

  private async loadParty(): Promise<PartyRow | null> {
    const now = Date.now();
    if (this.party && now - this.party.at < PARTY_CACHE_MS) return this.party.row;
    const id = this.meta.get("partyId");
    const row = id ? await findParty(createDb(this.env.DB), id) : null;
    this.party = { row, at: now };
    return row;
  }

  /** The next boundary the room announces: the start, else the end. */
  private async armAlarm(party: PartyRow) {
    if (party.status === "cancelled") return;
    const now = Date.now();
    const startsAt = party.startsAt.getTime();
    const endsAt = partyEndsAtOf(party);
    const next = now < startsAt ? startsAt : now < endsAt ? endsAt : null;
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current !== next + ALARM_SLACK_MS) await this.ctx.storage.setAlarm(next + ALARM_SLACK_MS);
  }

  private count(key: string): number {
    return Number(this.meta.get(key) ?? 0);
  }
}
