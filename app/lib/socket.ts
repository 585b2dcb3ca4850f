// What the live sockets (the feed's, the member notices' and the chat's) agree on with their
// Durable Objects and with each other: a "ping" every 30 s keeps intermediaries from timing a
// socket out; an abnormal close reconnects with exponential backoff and jitter (1 s, 2 s, 4 s... at
// most 30 s), starting over once a connection has stayed up for 10 s, so a server that accepts and
// drops at once is not hammered; close code 4401 means the session ended, and then nothing
// reconnects (nor after a code the socket's page names, such as a room's 4403).
export const SESSION_ENDED_CLOSE_CODE = 4401;
/**
 * The member's VIP ended while a VIP-only socket (chat, radio) was open (decision 040): no
 * reconnect; the page explains and refetches who is signed in.
 */
export const VIP_ENDED_CLOSE_CODE = 4403;
export const PING_INTERVAL_MS = 30_000;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** A connection that stayed open this long starts the backoff over when it drops. */
export const STABLE_CONNECTION_MS = 10_000;

/** The wait before reconnect attempt `attempt` (0-based): exponential, capped, with jitter (50-100%). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export type LiveSocketHandlers = {
  /** Each open; `wasReconnect` after the first (what was sent meanwhile was missed). */
  onOpen?: (wasReconnect: boolean, socket: WebSocket) => void;
  onMessage: (data: unknown) => void;
  /** Close code 4401: nothing reconnects. */
  onSessionEnded?: () => void;
  /** An abnormal close: a reconnect is scheduled. */
  onReconnecting?: () => void;
  /** Each close but 4401 and the page's own: answering true ends the socket for good (a room's 4403). */
  endsOn?: (code: number) => boolean;
};

/**
 * Opens `url` and keeps it open by the rules above (ping, backoff, 4401) until the returned
 * function is called, which closes it for good. For sockets whose page reconnects by itself; the
 * chat and the radio, which also stop on 4403, keep their own.
 */
export function openLiveSocket(url: () => string, handlers: LiveSocketHandlers): () => void {
  let socket: WebSocket | null = null;
  let disposed = false;
  let attempt = 0;
  let everOpened = false;
  let openedAt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const stopPing = () => {
    if (pingTimer !== undefined) clearInterval(pingTimer);
    pingTimer = undefined;
  };

  const connect = () => {
    reconnectTimer = undefined;
    if (disposed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (disposed || socket !== ws) return;
      const wasReconnect = everOpened;
      everOpened = true;
      openedAt = Date.now();
      stopPing();
      pingTimer = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send("ping");
      }, PING_INTERVAL_MS);
      handlers.onOpen?.(wasReconnect, ws);
    };
    ws.onmessage = (e: MessageEvent) => {
      if (!disposed && socket === ws) handlers.onMessage(e.data);
    };
    ws.onclose = (e: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      stopPing();
      if (disposed) return;
      if (openedAt && Date.now() - openedAt >= STABLE_CONNECTION_MS) attempt = 0;
      openedAt = 0;
      if (e.code === SESSION_ENDED_CLOSE_CODE) {
        handlers.onSessionEnded?.();
        return;
      }
      if (handlers.endsOn?.(e.code)) return;
      scheduleReconnect();
    };
    // An error is always followed by a close event: the reconnect is decided there.
    ws.onerror = () => {};
  };

  function scheduleReconnect() {
    if (disposed || reconnectTimer !== undefined) return;
    handlers.onReconnecting?.();
    reconnectTimer = setTimeout(connect, reconnectDelay(attempt));
    attempt++;
  }

  connect();
  return () => {
    disposed = true;
    stopPing();
    if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
    const ws = socket;
    socket = null;
    if (ws && (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN)) ws.close(1000, "page closed");
  };
}
