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

export const ROOM_ACCESS_KINDS = ["members", "tier", "ticket"] as const;
export type RoomAccessKind = (typeof ROOM_ACCESS_KINDS)[number];

export const ROOM_MESSAGES = {
  notFound: "Room not found",
  ticketRequired: "This room is for holders of a ticket to its event",
  archived: "This room is archived: it can be read, not written in",
  writeRefused: "You can read this room but not write in it",
} as const;

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
