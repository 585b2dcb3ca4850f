// A track's lyrics and credits (decision 112): their caps, roles, the English of their rules and
// the line sung at a moment, without zod, so the track page and the back office's forms read them
// without the schemas (a public page's first load carries no zod).

/** Lyrics in one language: plain text, or LRC with a time on each sung line. */
export const LYRICS_MAX_CHARS = 20_000;
export const CREDITS_MAX = 40;
export const CREDIT_NAME_MAX = 120;
export const CREDIT_DETAIL_MAX = 80;
export const TRACK_LABEL_MAX = 120;

/** Who did what on a recording, in the order the credits file and the track page list them. */
export const CREDIT_ROLES = [
  "performer",
  "featured",
  "writer",
  "composer",
  "lyricist",
  "producer",
  "mixer",
  "mastering",
  "engineer",
  "remixer",
  "arranger",
] as const;
export type CreditRole = (typeof CREDIT_ROLES)[number];

/** ISO 3901: country (2 letters), registrant (3 letters or digits), year (2 digits), designation (5 digits), without the hyphens. */
export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

export const LYRICS_ACCESS = ["public", "vip"] as const;
export type LyricsAccess = (typeof LYRICS_ACCESS)[number];

export const TRACK_DETAILS_MESSAGES = {
  lyricsRequired: "Lyrics are required",
  lyricsTooLong: `Lyrics must be at most ${LYRICS_MAX_CHARS} characters`,
  lyricsNotSynced: "Synced lyrics need at least one timed line, like [01:23.45] a line",
  creditNameRequired: "A credit needs a name",
  creditNameTooLong: `A credit's name must be at most ${CREDIT_NAME_MAX} characters`,
  creditDetailTooLong: `A credit's part must be at most ${CREDIT_DETAIL_MAX} characters`,
  creditsTooMany: `At most ${CREDITS_MAX} credits a track`,
  isrcInvalid: "An ISRC is 12 letters and digits, like BRABC2400001",
  isrcTaken: "Another track has this ISRC",
  labelTooLong: `The label must be at most ${TRACK_LABEL_MAX} characters`,
  recordedOnInvalid: "The recording date must be a day, like 2024-05-31",
  lyricsNotFound: "This track has no lyrics",
} as const;

/** One sung line of synced lyrics: from `ms` (after the file's offset) until the next line's. */
export type SyncedLine = { ms: number; text: string };

/** The line sung at `ms`: the last one that started, or -1 before the first. */
export function currentLineIndex(lines: readonly SyncedLine[], ms: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (lines[mid]!.ms <= ms) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
