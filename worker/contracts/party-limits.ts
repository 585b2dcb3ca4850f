// The party form's limits and texts that the table of validation codes names
// (worker/contracts/validation-codes.ts): zod-free, so that table stays light.
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
