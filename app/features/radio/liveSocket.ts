// A station's live socket while the radio plays: it brings the listener count and the now-playing
// changes (titles, history), answers the server's keep-alive with a ping every 30 s, and after a
// drop reconnects with backoff for as long as the station is still being listened to.
import type { RadioServerFrame } from "#contracts/radio.ts";

/** The part of WebSocket the engine uses. */
export interface RadioSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number }) => void): void;
  addEventListener(type: "open", listener: () => void): void;
}

const PING_MS = 30_000;
const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** The server's "session ended" close: do not reconnect. */
const CLOSE_SESSION_ENDED = 4401;
/** The member's VIP ended (decision 040): stop playing, do not reconnect; the page shows its VIP gate. */
const CLOSE_VIP_ENDED = 4403;

export function browserSocket(stationId: string): RadioSocketLike {
  const url = new URL(`/api/radio/stations/${encodeURIComponent(stationId)}/live`, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return new WebSocket(url);
}

export type LiveSocketEvents = {
  /** Whether the station is still being listened to: a dropped socket reconnects only then. */
  listening(stationId: string): boolean;
  frame(stationId: string, frame: RadioServerFrame): void;
  /** The server closed the socket because the member's VIP ended. */
  vipEnded(): void;
};

export class LiveSocket {
  private socket: RadioSocketLike | null = null;
  private station: string | null = null;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;

  /** `openSocket` null turns the socket off. */
  constructor(
    private readonly openSocket: ((stationId: string) => RadioSocketLike) | null,
    private readonly events: LiveSocketEvents,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  open(stationId: string) {
    if (!this.openSocket || (this.socket && this.station === stationId)) return;
    // A reconnect keeps its place in the backoff (reset once a socket opens).
    const attempts = this.attempts;
    this.close();
    this.attempts = attempts;
    let socket: RadioSocketLike;
    try {
      socket = this.openSocket(stationId);
    } catch (error) {
      this.log("live socket failed", error);
      return;
    }
    this.socket = socket;
    this.station = stationId;
    socket.addEventListener("open", () => {
      this.attempts = 0;
    });
    socket.addEventListener("message", (event) => this.onMessage(stationId, event.data));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.station = null;
      this.stopPing();
      if (event.code === CLOSE_VIP_ENDED) {
        this.events.vipEnded();
        return;
      }
      if (!this.events.listening(stationId) || event.code === CLOSE_SESSION_ENDED) return;
      const delay = RECONNECT_MS[Math.min(this.attempts++, RECONNECT_MS.length - 1)]!;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.events.listening(stationId)) this.open(stationId);
      }, delay);
    });
    this.pingTimer = setInterval(() => {
      if (socket.readyState === 1) socket.send("ping");
    }, PING_MS);
  }

  close() {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    this.station = null;
    this.attempts = 0;
    try {
      socket?.close(1000, "done");
    } catch {
      // already closed
    }
  }

  private onMessage(stationId: string, data: unknown) {
    if (typeof data !== "string" || !data.startsWith("{")) return;
    let frame: RadioServerFrame;
    try {
      frame = JSON.parse(data) as RadioServerFrame;
    } catch {
      return;
    }
    this.events.frame(stationId, frame);
  }

  private stopPing() {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}
