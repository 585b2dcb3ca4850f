// One room's messages as the page holds them: merged by number (a reconnect, a history page and a
// resent echo never show one twice), the sends still waiting for their echo, who is here, whether
// the member may write, and the last error. A pure reducer, fed by useRoomSocket and the history.
import type { RoomErrorCode, RoomMessage, RoomServerFrame } from "#contracts/rooms/rooms.ts";
import { countReply, onThreadFrame } from "./threadState";

export type PendingSend = {
  clientId: string;
  text: string;
  /** The uploaded pictures it carries ([] for none). */
  pictureIds: string[];
  /** Times put on a socket: once, and once more after a reconnect. */
  sent: number;
  /** The message it replies to, if any. */
  replyTo?: number;
};

export type RoomConnection = "connecting" | "open" | "reconnecting" | "ended_session" | "access_ended";

export type RoomState = {
  connection: RoomConnection;
  /** Oldest first, one per number. */
  messages: RoomMessage[];
  /** False once the history reached the room's first message. */
  more: boolean;
  /** The room's newest number when the socket (re)joined. */
  lastSeq: number;
  here: number;
  mayWrite: boolean;
  slowModeSeconds: number;
  /** This member may hide, mute and set slow mode here. */
  moderates: boolean;
  /** Until when this member is muted here (ISO), or null. */
  mutedUntil: string | null;
  pending: PendingSend[];
  error: { code: RoomErrorCode; retryAfter?: number; until?: string; at: number } | null;
  /** The newest message from someone else that arrived live: what the polite live region says. */
  arrived: RoomMessage | null;
  welcomed: boolean;
  /** The room's newest number at the first welcome: where the list's unread count ends. */
  joinedAtSeq: number | null;
  /** The room's pinned messages, the latest pinned first. */
  pinned: RoomMessage[];
};

export const initialRoomState: RoomState = {
  connection: "connecting",
  messages: [],
  more: false,
  lastSeq: 0,
  here: 0,
  mayWrite: false,
  slowModeSeconds: 0,
  moderates: false,
  mutedUntil: null,
  pending: [],
  error: null,
  arrived: null,
  welcomed: false,
  joinedAtSeq: null,
  pinned: [],
};

export type RoomAction =
  | { type: "frame"; frame: RoomServerFrame; myId: string }
  | { type: "connection"; value: RoomConnection }
  | { type: "older"; messages: RoomMessage[]; more: boolean }
  | { type: "queue"; send: PendingSend }
  | { type: "sent"; clientIds: string[] }
  /** The member's mute ran out. */
  | { type: "unmuted" };

/** Both lists' messages, one per number, oldest first. */
export function mergeBySeq(a: RoomMessage[], b: RoomMessage[]): RoomMessage[] {
  const bySeq = new Map<number, RoomMessage>();
  for (const message of a) bySeq.set(message.seq, message);
  for (const message of b) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((x, y) => x.seq - y.seq);
}

/** The newest number shown, 0 before any. */
export const newestSeq = (state: Pick<RoomState, "messages">) => state.messages.at(-1)?.seq ?? 0;

function onFrame(state: RoomState, frame: RoomServerFrame, myId: string): RoomState {
  switch (frame.type) {
    case "welcome": {
      // Past the catch-up's limit the welcome is the newest page alone: what was shown before it
      // would leave a hole, so the page starts again from it and pages back.
      const messages = frame.gap ? frame.messages : mergeBySeq(state.messages, frame.messages);
      const oldest = messages[0]?.seq ?? 0;
      return {
        ...state,
        connection: "open",
        messages,
        more: oldest > 1,
        lastSeq: frame.lastSeq,
        here: frame.here,
        mayWrite: frame.mayWrite,
        slowModeSeconds: frame.slowModeSeconds,
        moderates: frame.moderates,
        mutedUntil: frame.mutedUntil,
        welcomed: true,
        joinedAtSeq: state.joinedAtSeq ?? frame.lastSeq,
        pinned: frame.pinned,
      };
    }
    case "message": {
      const pending = frame.clientId ? state.pending.filter((p) => p.clientId !== frame.clientId) : state.pending;
      const fresh = !state.messages.some((m) => m.seq === frame.message.seq);
      return {
        ...state,
        messages: fresh ? countReply(mergeBySeq(state.messages, [frame.message]), frame.message) : state.messages,
        lastSeq: Math.max(state.lastSeq, frame.message.seq),
        pending,
        arrived: fresh && frame.message.userId !== myId ? frame.message : state.arrived,
      };
    }
    case "here":
      return { ...state, here: frame.count };
    case "access":
      return { ...state, mayWrite: frame.mayWrite };
    case "hidden":
      return { ...state, messages: state.messages.filter((m) => m.seq !== frame.seq), pinned: state.pinned.filter((m) => m.seq !== frame.seq) };
    case "muted":
      return frame.userId === myId ? { ...state, mutedUntil: frame.until } : state;
    case "slow_mode":
      return { ...state, slowModeSeconds: frame.seconds };
    case "previews":
      return { ...state, messages: state.messages.map((m) => (m.seq === frame.seq ? { ...m, previews: frame.previews } : m)) };
    case "error":
      return {
        ...state,
        pending: frame.clientId ? state.pending.filter((p) => p.clientId !== frame.clientId) : state.pending,
        mutedUntil: frame.code === "muted" && frame.until ? frame.until : state.mutedUntil,
        error: { code: frame.code, retryAfter: frame.retryAfter, until: frame.until, at: Date.now() },
      };
    default: {
      const lists = onThreadFrame(state, frame, myId);
      return lists ? { ...state, ...lists } : state;
    }
  }
}

export function reduceRoom(state: RoomState, action: RoomAction): RoomState {
  switch (action.type) {
    case "frame":
      return onFrame(state, action.frame, action.myId);
    case "connection":
      return { ...state, connection: action.value };
    case "older":
      return { ...state, messages: mergeBySeq(action.messages, state.messages), more: action.more };
    case "queue":
      return { ...state, pending: [...state.pending, action.send], error: null };
    case "sent":
      return { ...state, pending: state.pending.map((p) => (action.clientIds.includes(p.clientId) ? { ...p, sent: p.sent + 1 } : p)) };
    case "unmuted":
      return { ...state, mutedUntil: null, error: state.error?.code === "muted" ? null : state.error };
  }
}
