// One hub per radio station (named by the station id), using the WebSocket Hibernation API so
// idle listeners cost nothing. It counts listeners and tells them:
// - { type: "listeners", count } when someone joins or leaves (coalesced: at most one frame per
//   LISTENER_FLUSH_MS, so a crowd tuning in at once does not cost n² sends);
// - { type: "now_playing", nowPlaying } when a track ends, from an alarm set to the current
//   track's end while anyone listens (a stream station's hub, which knows no tracks, wakes every
//   STREAM_RECHECK_MS instead).
// The Worker authenticates the upgrade (session, VIP or admin, Origin) and names the member and
// session in headers (services/realtime/socket-sessions.ts). Sessions are re-checked before each
// now-playing frame, so ended or banned sessions are dropped within a track.
import { DurableObject } from "cloudflare:workers";
import type { AppEnv } from "../env";
import { createDb } from "../db/client";
import { findStationCached, nowPlayingOf } from "../services/radio";
import {
  answerClientFrame,
  closeBack,
  SessionChecker,
  sessionTag,
  socketIdentity,
  targetTag,
  userTag,
  type SocketAttachment,
  type SocketClose,
  type SocketTarget,
} from "../services/realtime/socket-sessions";
import { STATION_ID_HEADER } from "../services/realtime/station-hub";
import type { RadioServerFrame } from "#contracts/radio.ts";

export const LISTENER_FLUSH_MS = 100;
/** A now-playing frame goes out this long after the track boundary, so clients asking then agree. */
const ALARM_SLACK_MS = 50;
/** Stream stations have no track boundaries: their hub wakes this often to re-check sessions. */
const STREAM_RECHECK_MS = 60_000;

/** The end of the current track, or for a stream station (no titles) the next session re-check. */
const nextWake = (current: { endsAt: string } | null) => (current ? Date.parse(current.endsAt) + ALARM_SLACK_MS : Date.now() + STREAM_RECHECK_MS);

const BAD_FRAME = JSON.stringify({ type: "error", code: "bad_frame" } satisfies RadioServerFrame);
const OPEN = 1;

export class StationHub extends DurableObject<AppEnv> {
  private sessions = new SessionChecker(this.env.DB);
  private stationId: string | null = null;
  private listenerTimer: ReturnType<typeof setTimeout> | null = null;
  private lastListenerFlush = 0;

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade") !== "websocket") return new Response("Expected WebSocket", { status: 426 });
    const identity = socketIdentity(request);
    const stationId = request.headers.get(STATION_ID_HEADER);
    if (!identity || !stationId) return new Response("Unauthenticated socket", { status: 401 });
    if (this.stationId !== stationId) {
      this.stationId = stationId;
      await this.ctx.storage.put("stationId", stationId);
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [userTag(identity.userId), sessionTag(identity.sessionHash)]);
    pair[1].serializeAttachment(identity satisfies SocketAttachment);
    this.sessions.confirm(identity.sessionHash);
    this.scheduleListenerFrame();
    await this.armAlarm();
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Listeners with an open socket (RPC, for the public now-playing answer). */
  async listenerCount(): Promise<number> {
    return this.openSockets().length;
  }

  /** Closes the sockets of one session, or of every session of one user (RPC); `close`: as VIP ended. */
  async closeSockets(target: SocketTarget, close?: SocketClose): Promise<number> {
    const closed = this.sessions.closeSockets(this.ctx.getWebSockets(targetTag(target)), close);
    if (closed > 0) this.scheduleListenerFrame();
    return closed;
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    // A session that expired on its own closes here (4401), at the listener's next ping.
    if (await this.sessions.keepIfLive(ws)) answerClientFrame(ws, message, BAD_FRAME);
  }

  async webSocketClose(ws: WebSocket, code: number) {
    closeBack(ws, code);
    this.scheduleListenerFrame();
  }

  async webSocketError() {
    this.scheduleListenerFrame();
  }

  /** The current track has ended: tell everyone what plays now, and wake again at its end. */
  async alarm() {
    const sockets = this.openSockets();
    if (sockets.length === 0) return; // nobody listens: sleep until someone tunes in
    const stationId = await this.loadStationId();
    if (!stationId) return;
    const db = createDb(this.env.DB);
    const station = await findStationCached(db, stationId);
    if (!station) return;
    const nowPlaying = await nowPlayingOf(db, station, Date.now(), sockets.length);
    await this.sessions.sendToLive(sockets, JSON.stringify({ type: "now_playing", nowPlaying } satisfies RadioServerFrame));
    await this.ctx.storage.setAlarm(nextWake(nowPlaying.current));
  }

  private openSockets() {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === OPEN);
  }

  private async loadStationId(): Promise<string | null> {
    this.stationId ??= (await this.ctx.storage.get<string>("stationId")) ?? null;
    return this.stationId;
  }

  /** Sets the alarm for the current track's end unless one is already set. */
  private async armAlarm() {
    if ((await this.ctx.storage.getAlarm()) !== null) return;
    const stationId = await this.loadStationId();
    if (!stationId) return;
    const db = createDb(this.env.DB);
    const station = await findStationCached(db, stationId);
    if (!station) return;
    const { current } = await nowPlayingOf(db, station, Date.now(), 0);
    await this.ctx.storage.setAlarm(nextWake(current));
  }

  /** Sends the listener count to everyone, at most once per LISTENER_FLUSH_MS. */
  private scheduleListenerFrame() {
    if (this.listenerTimer !== null) return;
    const wait = Math.max(0, this.lastListenerFlush + LISTENER_FLUSH_MS - Date.now());
    this.listenerTimer = setTimeout(() => {
      this.listenerTimer = null;
      this.lastListenerFlush = Date.now();
      const sockets = this.openSockets();
      const frame = JSON.stringify({ type: "listeners", count: sockets.length } satisfies RadioServerFrame);
      for (const ws of sockets) {
        try {
          ws.send(frame);
        } catch {
          // closing under us
        }
      }
    }, wait);
  }
}
