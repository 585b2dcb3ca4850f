// The room's socket (/api/parties/:id/live) as React state: who listens, reactions as they arrive,
// whether this member is muted, the start and the end (the chat is the party's community room,
// decision 107: its own socket). Clock samples (`sync` frames) feed the player's
// ClockSync: a few at once when the socket opens, then one every SYNC_EVERY_MS. An abnormal close
// reconnects with the site's backoff (app/lib/socket.ts); 4401 (session ended) does not, nor 4403
// (the member's VIP ended while in a VIP-only party, decision 040), nor a refusal (the room is not
// open, or the party is over).
import { useCallback, useEffect, useReducer, useRef } from "react";
import { reconnectDelay, SESSION_ENDED_CLOSE_CODE, STABLE_CONNECTION_MS, VIP_ENDED_CLOSE_CODE } from "../../lib/socket";
import type { ClockSync } from "../../lib/clockSync";
import type { PartyErrorCode, PartyMember, PartyReaction, PartyServerFrame, PartySummary } from "#contracts/parties/parties.ts";

const SYNC_EVERY_MS = 15_000;
const FIRST_SYNCS = 3;
/** Reactions shown floating at once, the newest last. */
const REACTIONS_SHOWN = 30;

export type FloatingReaction = { key: number; emoji: PartyReaction; userId: string };

export type RoomState = {
  connection: "connecting" | "open" | "closed" | "ended_session" | "vip_ended";
  listeners: { count: number; members: PartyMember[] };
  reactions: FloatingReaction[];
  reactionTotal: number;
  muted: boolean;
  started: boolean;
  summary: PartySummary | null;
  error: { code: PartyErrorCode; at: number } | null;
  /** Bumped when the back office changed the party: the page reads it again. */
  changed: number;
};

const initial: RoomState = {
  connection: "connecting",
  listeners: { count: 0, members: [] },
  reactions: [],
  reactionTotal: 0,
  muted: false,
  started: false,
  summary: null,
  error: null,
  changed: 0,
};

type Action = { type: "frame"; frame: PartyServerFrame; userId: string } | { type: "connection"; value: RoomState["connection"] };

let reactionKey = 0;

function reduce(state: RoomState, action: Action): RoomState {
  if (action.type === "connection") return { ...state, connection: action.value };
  const frame = action.frame;
  switch (frame.type) {
    case "welcome":
      return {
        ...state,
        connection: "open",
        listeners: frame.listeners,
        muted: frame.muted,
        started: frame.phase === "live",
        summary: frame.summary,
      };
    case "listeners":
      return { ...state, listeners: { count: frame.count, members: frame.members } };
    case "reactions":
      return {
        ...state,
        reactionTotal: state.reactionTotal + frame.reactions.length,
        reactions: [...state.reactions, ...frame.reactions.map((r) => ({ ...r, key: ++reactionKey }))].slice(-REACTIONS_SHOWN),
      };
    case "muted":
      return { ...state, muted: state.muted || frame.userId === action.userId };
    case "started":
      return { ...state, started: true };
    case "ended":
      return { ...state, summary: frame.summary };
    case "party_changed":
      return { ...state, changed: state.changed + 1 };
    case "error":
      return { ...state, error: { code: frame.code, at: Date.now() } };
    default:
      return state;
  }
}

function socketUrl(partyId: string) {
  const url = new URL(`/api/parties/${encodeURIComponent(partyId)}/live`, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url;
}

export function usePartyRoom(partyId: string, userId: string, enabled: boolean, clock: ClockSync) {
  const [state, dispatch] = useReducer(reduce, initial);
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const pending = new Map<number, number>();
    let syncId = 0;

    const connect = () => {
      dispatch({ type: "connection", value: "connecting" });
      const ws = new WebSocket(socketUrl(partyId));
      socketRef.current = ws;
      let openedAt = 0;
      let interval: ReturnType<typeof setInterval> | undefined;
      const sync = () => {
        if (ws.readyState !== WebSocket.OPEN) return;
        const id = ++syncId;
        pending.set(id, Date.now());
        ws.send(JSON.stringify({ type: "sync", id }));
      };
      ws.addEventListener("open", () => {
        openedAt = Date.now();
        for (let i = 0; i < FIRST_SYNCS; i++) timers.push(setTimeout(sync, i * 250));
        interval = setInterval(sync, SYNC_EVERY_MS);
      });
      ws.addEventListener("message", (event) => {
        if (typeof event.data !== "string" || !event.data.startsWith("{")) return;
        let frame: PartyServerFrame;
        try {
          frame = JSON.parse(event.data) as PartyServerFrame;
        } catch {
          return;
        }
        if (frame.type === "sync") {
          const sentAt = pending.get(frame.id);
          pending.delete(frame.id);
          if (sentAt !== undefined) clock.add(sentAt, frame.serverTime, Date.now());
          return;
        }
        dispatch({ type: "frame", frame, userId });
      });
      ws.addEventListener("close", (event) => {
        clearInterval(interval);
        if (socketRef.current === ws) socketRef.current = null;
        if (stopped) return;
        if (event.code === SESSION_ENDED_CLOSE_CODE) return dispatch({ type: "connection", value: "ended_session" });
        if (event.code === VIP_ENDED_CLOSE_CODE) return dispatch({ type: "connection", value: "vip_ended" });
        dispatch({ type: "connection", value: "closed" });
        // A refused upgrade closes before it opens: the page's own state says why (not open, over).
        if (openedAt === 0 && attempt >= 2) return;
        if (openedAt && Date.now() - openedAt > STABLE_CONNECTION_MS) attempt = 0;
        retry = setTimeout(connect, reconnectDelay(attempt++));
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      for (const t of timers) clearTimeout(t);
      socketRef.current?.close(1000, "left");
      socketRef.current = null;
    };
  }, [partyId, userId, enabled, clock]);

  const send = useCallback((frame: object) => {
    const ws = socketRef.current;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  }, []);

  return { state, send };
}
