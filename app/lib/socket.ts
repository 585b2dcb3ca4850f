// What the live sockets (the feed's and the chat's) agree on with their Durable Objects and with
// each other: a "ping" every 30 s keeps intermediaries from timing a socket out; an abnormal close
// reconnects with exponential backoff and jitter (1 s, 2 s, 4 s... at most 30 s), starting over
// once a connection has stayed up for 10 s, so a server that accepts and drops at once is not
// hammered; close code 4401 means the session ended, and then nothing reconnects.
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
