// The live feed socket (GET /api/feed/live, same origin: the browser sends the session cookie).
// - Frames are FeedFrame JSON ({ type: "events", events }); each event is checked against the
//   contract and a malformed frame or event is ignored, never thrown.
// - "ping" every 30 s keeps intermediaries from timing the socket out (the hub answers "pong").
// - An abnormal close reconnects with backoff (app/lib/socket.ts); after a reconnect `onResync`
//   runs, since events sent while away were missed.
// - Close code 4401 means the session ended: no reconnect.
import { useEffect, useRef, useState } from "react";
import { feedEventSchema, type FeedEvent } from "#contracts/feed.ts";
import { openLiveSocket } from "../../lib/socket";

export const FEED_SOCKET_PATH = "/api/feed/live";
/** Frames larger than this are not parsed (the hub coalesces at most 10 events a second). */
const MAX_FRAME_CHARS = 64 * 1024;

export type FeedSocketStatus = "connecting" | "open" | "reconnecting" | "ended";

export type FeedSocketOptions = {
  /** Events of one frame, in order. */
  onEvents: (events: FeedEvent[]) => void;
  /** After a reconnect: refresh from the HTTP API what may have changed while disconnected. */
  onResync?: () => void;
  /** Close code 4401: the session is over (signed out elsewhere, expired, banned). */
  onSessionEnded?: () => void;
  /** False keeps the socket closed (e.g. no signed-in user). */
  enabled?: boolean;
};

/** ws:// or wss:// on this page's own host. */
export function feedSocketUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${FEED_SOCKET_PATH}`;
}

/** The events of one frame, or [] when it is not a well-formed FeedFrame. Bad events are dropped. */
export function parseFeedFrame(data: unknown): FeedEvent[] {
  if (typeof data !== "string" || data.length > MAX_FRAME_CHARS || data === "pong") return [];
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return [];
  }
  if (typeof frame !== "object" || frame === null) return [];
  const { type, events } = frame as { type?: unknown; events?: unknown };
  if (type !== "events" || !Array.isArray(events)) return [];
  const valid: FeedEvent[] = [];
  for (const event of events) {
    const parsed = feedEventSchema.safeParse(event);
    if (parsed.success) valid.push(parsed.data);
  }
  return valid;
}

/** Keeps one live socket open while mounted (and enabled); returns its status. */
export function useFeedSocket({ onEvents, onResync, onSessionEnded, enabled = true }: FeedSocketOptions): FeedSocketStatus {
  const [status, setStatus] = useState<FeedSocketStatus>("connecting");
  // The latest handlers, without reconnecting when they change.
  const handlers = useRef({ onEvents, onResync, onSessionEnded });
  useEffect(() => {
    handlers.current = { onEvents, onResync, onSessionEnded };
  }, [onEvents, onResync, onSessionEnded]);

  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    return openLiveSocket(feedSocketUrl, {
      onOpen: (wasReconnect) => {
        setStatus("open");
        if (wasReconnect) handlers.current.onResync?.();
      },
      onMessage: (data) => {
        const events = parseFeedFrame(data);
        if (events.length > 0) handlers.current.onEvents(events);
      },
      onSessionEnded: () => {
        setStatus("ended");
        handlers.current.onSessionEnded?.();
      },
      onReconnecting: () => setStatus("reconnecting"),
    });
  }, [enabled]);

  return enabled ? status : "ended";
}
