// Community rooms (decision 106): the routes' schemas and answers, and the room socket's frames.
import { z } from "./zod";
import { userText } from "./text";
import { ROOM_ID_PATTERN, ROOM_MESSAGE_MAX, type RoomAccessKind } from "./room-limits";
import type { RoomRefusal } from "./room-access";

export * from "./room-limits";

export const roomIdParamSchema = z.object({ id: z.string().regex(ROOM_ID_PATTERN) });

/** A message number in the room (1, 2, ...): what the history pages before and a reconnect resumes after. */
const seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** History: the page of messages before `before` (the newest page without it), oldest first. */
export const roomHistoryQuerySchema = z.object({ before: seq.min(1).optional() }).strict();
/** The socket's address: `after` is the last message the client has; it gets exactly those after it. */
export const roomSocketQuerySchema = z.object({ after: seq.optional() }).strict();

// ---------- The list ----------

/** A room as the list shows it: names in both languages, who it is for, and this viewer's place in it. */
export type RoomSummary = {
  id: string;
  name: { en: string; ptBR: string };
  description: { en: string; ptBR: string };
  read: { kind: RoomAccessKind; tierId: string | null; eventId: string | null };
  write: { kind: RoomAccessKind; tierId: string | null; eventId: string | null };
  archived: boolean;
  slowModeSeconds: number;
  /** Null when the viewer may read it; else what opens it (a visitor: sign_in). */
  locked: RoomRefusal | null;
  /** Null when the viewer may write in it. */
  writeLocked: RoomRefusal | null;
  /** Messages after the last one the viewer read; null when they may not read the room. */
  unread: number | null;
  lastMessageAt: string | null;
};
export type RoomsResponse = { rooms: RoomSummary[] };

// ---------- Messages ----------

export type RoomMessage = {
  /** The room's number for it: 1, 2, ... in the order the room took them. */
  seq: number;
  userId: string;
  username: string;
  avatarUrl: string | null;
  text: string;
  at: string;
};
export type RoomHistoryResponse = { messages: RoomMessage[]; /** False once the page reaches the room's first message. */ more: boolean };

// ---------- The socket ----------

export const roomClientFrameSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("send"),
      /** The client's own id for this message: a resend after a reconnect is stored once. */
      clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
      text: userText({ min: 1, minMessage: "empty_message", max: ROOM_MESSAGE_MAX, maxMessage: "message_too_long", multiline: true }),
    })
    .strict(),
  /** The member has read up to this message (the list's unread count). */
  z.object({ type: z.literal("read"), seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }).strict(),
]);
export type RoomClientFrame = z.infer<typeof roomClientFrameSchema>;

export type RoomErrorCode =
  | "bad_frame"
  | "empty_message"
  | "message_too_long"
  | "invalid_characters"
  /** Over the frames a second on this socket, or slow mode; `retryAfter` seconds. */
  | "rate_limited"
  | "archived"
  | "write_refused";

export type RoomServerFrame =
  /**
   * On joining: the newest messages, or (a reconnect that said `after`) every message after that one
   * up to ROOM_CATCH_UP_MAX (`gap`: more were missed; the client pages the history for them).
   */
  | { type: "welcome"; messages: RoomMessage[]; gap: boolean; lastSeq: number; here: number; mayWrite: boolean; slowModeSeconds: number }
  | { type: "message"; message: RoomMessage; /** Echoed to the sender's sockets: which of its sends this is. */ clientId?: string }
  | { type: "here"; count: number }
  /** Whether this member may write here changed while the socket was open. */
  | { type: "access"; mayWrite: boolean }
  | { type: "error"; code: RoomErrorCode; retryAfter?: number; clientId?: string };
