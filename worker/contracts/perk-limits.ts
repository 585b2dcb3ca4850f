// The perk form's limits and texts that the table of validation codes names
// (worker/contracts/validation-codes.ts) and the SPA's first chunks may read: zod-free.

/** OFFER_CODE_MAX of offer-codes.ts, repeated here to keep this module free of zod (a test checks they agree). */
export const PERK_CODE_MAX = 64;
export const PERK_TITLE_MAX = 120;
export const PERK_DESCRIPTION_MAX = 2000;
/** What a teaser shows of a locked perk's description. */
export const PERK_TEASER_MAX = 160;
export const PERK_LINK_MAX = 2048;
/** Reveals listed per page in the back office's perk detail. */
export const PERK_REVEALS_PAGE = 50;

export const PERK_API = "/api/perks";
export const ADMIN_PERKS_API = "/api/admin/perks";

export const PERK_FORM_MESSAGES = {
  titleTooLong: `A perk's title must be at most ${PERK_TITLE_MAX} characters`,
  descriptionRequired: "A perk needs a description",
  descriptionTooLong: `A perk's description must be at most ${PERK_DESCRIPTION_MAX} characters`,
  linkInvalid: "The link must be a full https:// address or a path on this site, such as /store",
  sharedCodeRequired: "A shared code is required when every member gets the same code",
  codeInvalid: `A code is letters and digits (and - _ . : / # +), without spaces, at most ${PERK_CODE_MAX} characters`,
  startsRequired: "Choose when the perk starts",
  endsRequired: "Choose when the perk ends",
  timeInvalid: "This is not a date and time",
  endBeforeStart: "The perk must end after it starts",
} as const;

export const PERK_ERROR_CODES = {
  notFound: "perk_not_found",
  notLive: "perk_not_live",
  codesGone: "perk_codes_gone",
  notUnique: "perk_codes_not_unique",
} as const;
export const PERK_MESSAGES = {
  notFound: "Perk not found",
  notLive: "This perk is not live",
  codesGone: "All codes for this perk have been handed out",
  notUnique: "Only a perk with unique codes takes a code list",
} as const;
