// Community rooms' limits, codes and texts (decision 106): zod-free, so the room's Durable Object
// and the first load read them without building a schema (decision 078). rooms.ts re-exports them.

/** Room ids are short slugs the admin picks ("general", "vip-lounge"); here so the area's declaration reads it without zod. */
export const ROOM_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,47}$/;

/** A message's text, counted after trimming and normalising (the 4,001 characters are refused). */
export const ROOM_MESSAGE_MAX = 4000;
/** A client frame longer than this is refused without being parsed (the longest text in UTF-8, and room to spare). */
export const ROOM_CLIENT_FRAME_MAX_BYTES = 20 * 1024;
/** Per socket: at most this many frames a second (a sending socket keeps the room awake). */
export const ROOM_FRAMES_PER_SECOND = 10;
/** Messages a socket gets when it joins without saying what it last saw: the newest, oldest first. */
export const ROOM_WELCOME_SIZE = 50;
/** A reconnect gets every message after the one it last saw, up to this many; past it, it pages the history. */
export const ROOM_CATCH_UP_MAX = 500;
/** One page of history, oldest first. */
export const ROOM_HISTORY_PAGE = 50;
/** Slow mode: at most an hour between one member's messages. */
export const ROOM_SLOW_MODE_MAX_SECONDS = 3600;

/** A fan moderator mutes a member for 10 minutes to 7 days. */
export const ROOM_MUTE_MIN_MINUTES = 10;
export const ROOM_MUTE_MAX_MINUTES = 7 * 24 * 60;

/** The reactions a member may put on a message (one of each per member per message). */
export const ROOM_REACTIONS = ["👍", "❤️", "🔥", "😂", "😮", "😢", "🎉", "🙏"] as const;
export type RoomReactionEmoji = (typeof ROOM_REACTIONS)[number];
/** A room keeps at most this many messages pinned. */
export const ROOM_PINS_MAX = 10;
/** One page of a thread's replies, oldest first. */
export const ROOM_THREAD_PAGE = 100;

export const ROOM_ACCESS_KINDS = ["members", "tier", "ticket"] as const;
export type RoomAccessKind = (typeof ROOM_ACCESS_KINDS)[number];

export const ROOM_MESSAGES = {
  notFound: "Room not found",
  ticketRequired: "This room is for holders of a ticket to its event",
  archived: "This room is archived: it can be read, not written in",
  writeRefused: "You can read this room but not write in it",
} as const;

// ---------- Pictures and link previews (decision 110) ----------

/** A message carries at most this many pictures. */
export const ROOM_PICTURES_MAX = 4;
/** The same cap as a post's picture. */
export const ROOM_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field of POST /api/rooms/:id/pictures. */
export const ROOM_PICTURE_FIELD = "picture";
/** A picture's stored name: 32 hex characters and its type's extension. */
export const ROOM_PICTURE_FILENAME_PATTERN = /^[0-9a-f]{32}\.(?:jpg|png|gif|webp)$/;
/** An uploaded picture must be sent within this long; its id is refused after. */
export const ROOM_PICTURE_TTL_SECONDS = 60 * 60;
/** The longest picture id a send frame carries (a signed token). */
export const ROOM_PICTURE_ID_MAX = 1024;
/** At most this many of the site's links in a message get a preview card. */
export const ROOM_PREVIEWS_MAX = 3;

export const ROOM_PICTURE_MESSAGES = {
  muted: "You are muted in this room for now",
  tooLarge: "Pictures can be at most 5 MB",
} as const;

/** A room picture's address: the Worker answers it only to members who may read the room. */
export const roomPictureUrl = (roomId: string, filename: string) => `/api/rooms/${roomId}/pictures/${filename}`;

/**
 * What a member is told of a room (decision 111): every message (coalesced, at most one
 * notification per ROOM_ACTIVITY_WINDOW_MINUTES), only mentions and replies to them (the default), or nothing.
 */
export const ROOM_NOTIFY_CHOICES = ["all", "mentions", "none"] as const;
export type RoomNotify = (typeof ROOM_NOTIFY_CHOICES)[number];
export const ROOM_NOTIFY_DEFAULT: RoomNotify = "mentions";
/** "Everything": the room's new messages are told at most once per this many minutes per member. */
export const ROOM_ACTIVITY_WINDOW_MINUTES = 15;
/** Mentions one message may notify: more names are ignored, so a pasted list cannot spam a crowd. */
export const ROOM_MENTIONS_MAX = 20;

export const ROOM_REPORT_MESSAGES = {
  messageNotFound: "Message not found",
} as const;
