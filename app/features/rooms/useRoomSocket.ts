// A room's socket (/api/rooms/:id/live) as React state (roomState.ts). The site's socket rules
// (app/lib/socket.ts: ping, backoff with jitter, no reconnect after 4401) plus the room's own:
// - a reconnect asks for `?after=<newest number shown>` and gets exactly what it missed;
// - each send carries its own id (crypto.randomUUID) and stays pending until the message with that
//   id comes back; one still unanswered when the socket reopens is sent once more (the room
//   stores it once);
// - 4403 (the member's tier no longer opens the room) ends the socket: the page says why;
// - "show_ended" (the live show beside the room ended) is handed to the page that shows the show;
// - while the page is visible, the newest number shown is reported read (debounced).
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { openLiveSocket } from "../../lib/socket";
import type { RoomClientFrame, RoomClientFrameInput, RoomServerFrame } from "#contracts/rooms/rooms.ts";

/** A send frame as the page puts it: its pictures and the message it replies to only when it has them. */
const sendFrame = (clientId: string, text: string, pictureIds: string[], replyTo?: number): RoomClientFrameInput => ({
  type: "send",
  clientId,
  text,
  ...(pictureIds.length > 0 ? { pictureIds } : {}),
  ...(replyTo ? { replyTo } : {}),
});
import { initialRoomState, newestSeq, reduceRoom, type RoomState } from "./roomState";

/** The close code of a socket whose room the member's tier no longer opens. */
export const ROOM_ACCESS_ENDED_CLOSE_CODE = 4403;
/** A read is reported this long after the newest message shown changed. */
export const READ_DEBOUNCE_MS = 1_000;
/** Sends a pending message gets: the first, and one after a reconnect. */
const MAX_SENDS = 2;

export function roomSocketUrl(roomId: string, after: number | null, location: Pick<Location, "protocol" | "host"> = window.location): string {
  const query = after === null ? "" : `?after=${after}`;
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/rooms/${encodeURIComponent(roomId)}/live${query}`;
}

function parseFrame(data: unknown): RoomServerFrame | null {
  if (typeof data !== "string" || !data.startsWith("{")) return null;
  try {
    const frame = JSON.parse(data) as RoomServerFrame;
    return typeof frame?.type === "string" ? frame : null;
  } catch {
    return null;
  }
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === "undefined" || document.visibilityState !== "hidden");
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

type Options = { roomId: string; myId: string; enabled: boolean; onReconnecting?: () => void; onShowEnded?: () => void };

export function useRoomSocket({ roomId, myId, enabled, onReconnecting, onShowEnded }: Options) {
  const [state, dispatch] = useReducer(reduceRoom, initialRoomState);
  const stateRef = useRef<RoomState>(state);
  const socketRef = useRef<WebSocket | null>(null);
  const onReconnectingRef = useRef(onReconnecting);
  const onShowEndedRef = useRef(onShowEnded);
  useEffect(() => {
    stateRef.current = state;
    onReconnectingRef.current = onReconnecting;
    onShowEndedRef.current = onShowEnded;
  });

  const put = useCallback((frame: RoomClientFrameInput): boolean => {
    const ws = socketRef.current;
    if (ws?.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(frame));
    return true;
  }, []);

  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    return openLiveSocket(() => roomSocketUrl(roomId, stateRef.current.welcomed ? newestSeq(stateRef.current) : null), {
      onOpen: (_wasReconnect, ws) => {
        socketRef.current = ws;
        // Sends made while away, and those the last socket never answered (once more each).
        const resent = stateRef.current.pending.filter((p) => p.sent < MAX_SENDS && put(sendFrame(p.clientId, p.text, p.pictureIds, p.replyTo)));
        if (resent.length > 0) dispatch({ type: "sent", clientIds: resent.map((p) => p.clientId) });
      },
      onMessage: (data) => {
        const frame = parseFrame(data);
        if (frame?.type === "show_ended") onShowEndedRef.current?.();
        else if (frame) dispatch({ type: "frame", frame, myId });
      },
      onSessionEnded: () => dispatch({ type: "connection", value: "ended_session" }),
      onReconnecting: () => {
        socketRef.current = null;
        dispatch({ type: "connection", value: "reconnecting" });
        onReconnectingRef.current?.();
      },
      endsOn: (code) => {
        if (code !== ROOM_ACCESS_ENDED_CLOSE_CODE) return false;
        dispatch({ type: "connection", value: "access_ended" });
        return true;
      },
    });
    // The socket reads the latest state through its ref; it opens once per room and member.
  }, [roomId, myId, enabled, put]);

  const send = useCallback(
    (text: string, pictureIds: string[] = [], replyTo?: number) => {
      const clientId = crypto.randomUUID();
      const sent = put(sendFrame(clientId, text, pictureIds, replyTo)) ? 1 : 0;
      dispatch({ type: "queue", send: { clientId, text, pictureIds, sent, ...(replyTo ? { replyTo } : {}) } });
    },
    [put],
  );

  /** A frame sent as it is (a moderator's hide, mute, slow, pin; a member's react, edit, delete); the room answers everyone. */
  const moderate = useCallback((frame: RoomClientFrame) => void put(frame), [put]);

  // Reads: the newest number shown, once the page is visible and the list has settled a moment.
  const visible = usePageVisible();
  const newest = newestSeq(state);
  const reported = useRef(0);
  useEffect(() => {
    if (!visible || state.connection !== "open" || newest <= reported.current) return;
    const timer = setTimeout(() => {
      if (put({ type: "read", seq: newest })) reported.current = newest;
    }, READ_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [visible, newest, state.connection, put]);

  return { state, dispatch, send, moderate };
}
