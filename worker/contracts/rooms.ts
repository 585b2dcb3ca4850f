// Community rooms (decision 106): the routes' schemas and answers, and the room socket's frames.
import { z } from "./zod";
import { userText } from "./text";
import {
  ROOM_ID_PATTERN,
  ROOM_MESSAGE_MAX,
  ROOM_MUTE_MAX_MINUTES,
  ROOM_MUTE_MIN_MINUTES,
  ROOM_SLOW_MODE_MAX_SECONDS,
  ROOM_NOTIFY_CHOICES,
  type RoomAccessKind,
  type RoomNotify,
} from "./room-limits";
import type { RoomRefusal } from "./room-access";
import type { TierBadge } from "./tier-badges";

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
  /** What this member is told of the room (decision 111); null for a visitor or a room they may not read. */
  notify: RoomNotify | null;
};
export type RoomsResponse = { rooms: RoomSummary[] };

// ---------- Messages ----------

export type RoomMessage = {
  /** The room's number for it: 1, 2, ... in the order the room took them. */
  seq: number;
  userId: string;
  username: string;
  avatarUrl: string | null;
  /** The author's tier badge when they sent it (null: the free tier). */
  tier: TierBadge | null;
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
  /** Fan moderators and admins: hide a message from everyone. */
  z.object({ type: z.literal("hide"), seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict(),
  /** Fan moderators and admins: no messages from this member here for 10 minutes to 7 days. */
  z
    .object({ type: z.literal("mute"), userId: z.string().min(1).max(64), minutes: z.number().int().min(ROOM_MUTE_MIN_MINUTES).max(ROOM_MUTE_MAX_MINUTES) })
    .strict(),
  /** Fan moderators and admins: seconds between one member's messages (0: off). */
  z.object({ type: z.literal("slow"), seconds: z.number().int().min(0).max(ROOM_SLOW_MODE_MAX_SECONDS) }).strict(),
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
  | "write_refused"
  /** The member is muted here; `until` says until when. */
  | "muted"
  /** Hiding, muting and slow mode are for the room's fan moderators and admins. */
  | "moderator_required"
  /** A moderator cannot mute themselves, another moderator or an admin. */
  | "mute_refused";

export type RoomServerFrame =
  /**
   * On joining: the newest messages, or (a reconnect that said `after`) every message after that one
   * up to ROOM_CATCH_UP_MAX (`gap`: more were missed; the client pages the history for them).
   */
  | {
      type: "welcome";
      messages: RoomMessage[];
      gap: boolean;
      lastSeq: number;
      here: number;
      mayWrite: boolean;
      slowModeSeconds: number;
      /** This member may hide, mute and set slow mode here. */
      moderates: boolean;
      /** Until when this member is muted here, or null. */
      mutedUntil: string | null;
    }
  | { type: "message"; message: RoomMessage; /** Echoed to the sender's sockets: which of its sends this is. */ clientId?: string }
  | { type: "here"; count: number }
  /** Whether this member may write here changed while the socket was open. */
  | { type: "access"; mayWrite: boolean }
  | { type: "error"; code: RoomErrorCode; retryAfter?: number; clientId?: string; until?: string }
  /** A moderator hid this message: gone for everyone. */
  | { type: "hidden"; seq: number }
  /** To the muted member's sockets and to the moderators': who, and until when. */
  | { type: "muted"; userId: string; until: string }
  | { type: "slow_mode"; seconds: number };

// ---------- Notifications and reports (decision 111) ----------

/** PUT /api/rooms/:id/notifications: what the member is told of the room. */
export const roomNotifySchema = z.strictObject({ notify: z.enum(ROOM_NOTIFY_CHOICES) });
export type RoomNotifyResponse = { notify: RoomNotify };

/** POST /api/rooms/:id/messages/:seq/reports (the body is the feed's report: a reason, maybe details). */
export const roomMessageParamSchema = z.object({ id: z.string().regex(ROOM_ID_PATTERN), seq: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
