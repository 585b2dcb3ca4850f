// The parties' limits, codes and texts that the table of validation codes names
// (worker/contracts/validation-codes.ts) and the party room's Durable Object reads at start-up:
// zod-free, so neither builds a schema (decision 078). parties.ts re-exports them.
export const PARTY_TITLE_MAX = 120;

export const PARTY_FORM_MESSAGES = {
  titleTooLong: `A party's title must be at most ${PARTY_TITLE_MAX} characters`,
} as const;

export const PARTY_MESSAGES = {
  partyNotFound: "Party not found",
  notOpen: "The party room opens 15 minutes before the start",
  notStarted: "The party has not started yet",
  ended: "The party is over",
  cancelled: "The party was cancelled",
  sourceUnknown: "Choose an album, or one of your own playlists",
  sourceEmpty: "This album or playlist has no playable tracks",
} as const;

/** A client frame longer than this is refused without being parsed. */
export const PARTY_CLIENT_FRAME_MAX_BYTES = 2 * 1024;
/** Per socket: at most this many frames (reactions, moderation, clock samples) a second. */
export const PARTY_EVENTS_PER_SECOND = 10;
/** The listeners frame names at most this many members (the avatars); `count` is the whole room. */
export const PARTY_LISTENERS_SHOWN = 24;
/** Listener and reaction frames are coalesced: at most one of each per this many ms. */
export const PARTY_FLUSH_MS = 100;
/** The public teaser lists at most this many parties. */
export const PARTY_TEASER_LIMIT = 5;

/** The fixed set of reactions (no free emoji: nothing to moderate). */
export const PARTY_REACTIONS = ["🔥", "❤️", "🎉", "👏", "💃", "🎶"] as const;
export type PartyReaction = (typeof PARTY_REACTIONS)[number];

export const PARTY_CODES = {
  notFound: "party_not_found",
  notOpen: "party_not_open",
  notStarted: "party_not_started",
  ended: "party_ended",
  cancelled: "party_cancelled",
  sourceUnknown: "party_source_unknown",
  sourceEmpty: "party_source_empty",
} as const;
