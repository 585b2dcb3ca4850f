// A contest's remix released into the catalog and the remixers' share of its sales (decision 197):
// the limits and English texts the Worker's rules and the back office's dialog share, zod-free.

/** A released remix's title, as a catalog track's. */
export const RELEASE_TITLE_MAX = 200;
/** A price in cents, as the store's: $10,000 is far above anything the artist sells. */
export const RELEASE_PRICE_MAX_CENTS = 1_000_000;

/** The title a release takes when the admin gives none: "<track> (<remixer> Remix)". */
export const defaultReleaseTitle = (trackTitle: string, remixer: string) => `${trackTitle} (${remixer} Remix)`.slice(0, RELEASE_TITLE_MAX);

/** Each form rule's text (one code each, in contests.words.ts through release-words.ts). */
export const RELEASE_FORM_MESSAGES = {
  titleTooLong: `A release's title is at most ${RELEASE_TITLE_MAX} characters`,
  priceInvalid: "A price is a whole number of cents from 1 to 1,000,000",
  shareInvalid: "The remixer's share is a whole percent from 0 to 100",
} as const;

/** The refusals' English (route codes). */
export const RELEASE_MESSAGES = {
  exists: "This entry is already released",
  notPlaced: "Only an entry placed in the results can be released",
  audioMissing: "The entry's audio is missing: it cannot be released",
  sharesPeriodInvalid: "Give the period as from and to days (YYYY-MM-DD), from not after to",
} as const;
