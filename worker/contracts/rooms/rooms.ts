// Community rooms (decision 106): the routes' schemas and answers, and the room socket's frames.
import { z } from "../zod";
import { userText } from "../text";
import {
  ROOM_ID_PATTERN,
  ROOM_MESSAGE_MAX,
  ROOM_MUTE_MAX_MINUTES,
  ROOM_MUTE_MIN_MINUTES,
  ROOM_PICTURE_ID_MAX,
  ROOM_PICTURES_MAX,
  ROOM_REACTIONS,
  ROOM_SLOW_MODE_MAX_SECONDS,
  ROOM_NOTIFY_CHOICES,
  type RoomAccessKind,
  type RoomNotify,
} from "./limits";
import type { RoomRefusal } from "./access";
import type { TierBadge } from "../tiers/badges";

export * from "./limits";

export const roomIdParamSchema = z.object({ id: z.string().regex(ROOM_ID_PATTERN) });

/** A message number in the room (1, 2, ...): what the history pages before and a reconnect resumes after. */
const seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** History: the page of messages before `before` (the newest page without it), oldest first. */
export const roomHistoryQuerySchema = z.object({ before: seq.min(1).optional() }).strict();
/** The socket's address: `after` is the last message the client has; it gets exactly those after it. */
export const roomSocketQuerySchema = z.object({ after: seq.optional() }).strict();
/** A thread: the message whose replies are listed, and the page of replies after `after`. */
export const roomThreadParamSchema = z.object({ id: z.string().regex(ROOM_ID_PATTERN), seq: seq.min(1) });
export const roomThreadQuerySchema = z.object({ after: seq.optional() }).strict();

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
/** `GET /api/rooms/:id`: one room as the list would show it (a listening party's too). */
export type RoomResponse = { room: RoomSummary };

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
  /** Pictures sent with it (decision 110), readable by those who may read the room; [] for none. */
  pictures: RoomPicture[];
  /** Preview cards of the site's own pages it links to, filled in just after it is sent; [] for none. */
  previews: RoomLinkPreview[];
  /** The message this one answers, quoted (its thread's parent), or null. */
  replyTo: RoomReplyQuote | null;
  /** Replies in its thread that are still there. */
  replyCount: number;
  /** Each emoji on it with its count; `mine`: the member reading it put that one on. */
  reactions: RoomReaction[];
  /** When its author last edited it, or null. */
  editedAt: string | null;
  /** Its author deleted it: it stays in place, without its text, as "Message deleted". */
  deleted: boolean;
};
/** A reply's quote of its parent; `gone`: the parent was deleted or hidden since (no text then). */
export type RoomReplyQuote = { seq: number; userId: string; username: string; text: string; gone: boolean };
export type RoomReaction = { emoji: (typeof ROOM_REACTIONS)[number]; count: number; mine: boolean };
/** A thread: its parent and a page of its replies, oldest first; `more` while later replies remain. */
export type RoomThreadResponse = { parent: RoomMessage; replies: RoomMessage[]; more: boolean };
/** A picture in a message: its URL (answered only to members who may read the room) and size. */
export type RoomPicture = { url: string; width: number; height: number };
/** A card for a link to one of the site's pages, built from what a visitor may see of it. */
export type RoomLinkPreview = {
  kind: "track" | "album" | "event" | "product";
  /** The page's path on this site, e.g. /music/track/night-drive. */
  path: string;
  title: { en: string; ptBR: string };
  /** The artist or album, the venue, ...; null for none. */
  subtitle: string | null;
  imageUrl: string | null;
  /** An event's date (ISO); null otherwise. */
  date: string | null;
  /** A product's public price in cents (reais null when not sold in reais); null otherwise. */
  price: { usd: number; brl: number | null } | null;
};
/** POST /api/rooms/:id/pictures: the id a send frame names the picture by, and how it looks. */
export type RoomPictureUploadResponse = { pictureId: string; width: number; height: number };
export type RoomHistoryResponse = { messages: RoomMessage[]; /** False once the page reaches the room's first message. */ more: boolean };

// ---------- The socket ----------

const messageText = userText({ min: 1, minMessage: "empty_message", max: ROOM_MESSAGE_MAX, maxMessage: "message_too_long", multiline: true });
const messageSeq = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const roomClientFrameSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("send"),
      /** The client's own id for this message: a resend after a reconnect is stored once. */
      clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
      text: userText({ max: ROOM_MESSAGE_MAX, maxMessage: "message_too_long", multiline: true }),
      /** Pictures uploaded to this room by this member and not sent yet (decision 110). */
      pictureIds: z.array(z.string().min(1).max(ROOM_PICTURE_ID_MAX)).max(ROOM_PICTURES_MAX, "too_many_pictures").default([]),
      /** A reply in this message's thread. */
      replyTo: messageSeq.optional(),
    })
    .strict()
    // Text may be empty when a picture goes with it.
    .refine((frame) => frame.text !== "" || frame.pictureIds.length > 0, { message: "empty_message", path: ["text"] }),
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
  /** Put on (or take off) one of the room's emoji on a message. */
  z.object({ type: z.literal("react"), seq: messageSeq, emoji: z.enum(ROOM_REACTIONS), on: z.boolean() }).strict(),
  /** The author: new text for their message (the send's rules). */
  z.object({ type: z.literal("edit"), seq: messageSeq, text: messageText }).strict(),
  /** The author: delete their message. */
  z.object({ type: z.literal("delete"), seq: messageSeq }).strict(),
  /** Fan moderators and admins: pin a message to the room's header, or take it off. */
  z.object({ type: z.literal("pin"), seq: messageSeq }).strict(),
  z.object({ type: z.literal("unpin"), seq: messageSeq }).strict(),
]);
export type RoomClientFrame = z.infer<typeof roomClientFrameSchema>;
/** A client frame as the page writes it (a send's pictureIds may be left out). */
export type RoomClientFrameInput = z.input<typeof roomClientFrameSchema>;

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
  | "mute_refused"
  /** More than ROOM_PICTURES_MAX pictures in one message. */
  | "too_many_pictures"
  /** A picture id that is not this member's upload to this room, was sent already, or expired. */
  | "picture_refused"
  /** A reply's parent, or a message to react to, edit, delete or pin, is not (or no longer) in the room. */
  | "message_not_found"
  /** Only its author edits or deletes a message. */
  | "not_author"
  /** The room has ROOM_PINS_MAX pinned messages already. */
  | "pin_limit";

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
      /** The room's pinned messages, the latest pinned first. */
      pinned: RoomMessage[];
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
  | { type: "slow_mode"; seconds: number }
  /** The preview cards of a message's links to the site's pages, once they are built. */
  | { type: "previews"; seq: number; previews: RoomLinkPreview[] }
  /** A message's reactions changed: its counts, and whose toggle it was (that member's client keeps `mine`). */
  | { type: "reactions"; seq: number; reactions: { emoji: RoomReaction["emoji"]; count: number }[]; userId: string; emoji: RoomReaction["emoji"]; on: boolean }
  | { type: "edited"; seq: number; text: string; editedAt: string }
  /** Its author deleted it: it shows as deleted, its reactions and pin are gone. */
  | { type: "deleted"; seq: number }
  | { type: "pinned"; message: RoomMessage }
  | { type: "unpinned"; seq: number }
  /** The live show this room sits beside has ended: its page reads the show again at once. */
  | { type: "show_ended" };

// ---------- Notifications and reports (decision 111) ----------

/** PUT /api/rooms/:id/notifications: what the member is told of the room. */
export const roomNotifySchema = z.strictObject({ notify: z.enum(ROOM_NOTIFY_CHOICES) });
export type RoomNotifyResponse = { notify: RoomNotify };

/** POST /api/rooms/:id/messages/:seq/reports (the body is the feed's report: a reason, maybe details). */
export const roomMessageParamSchema = z.object({ id: z.string().regex(ROOM_ID_PATTERN), seq: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
