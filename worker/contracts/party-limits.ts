// The party form's limits and texts that the table of validation codes names
// (worker/contracts/validation-codes.ts): zod-free, so that table stays light.
export const PARTY_TITLE_MAX = 120;

export const PARTY_FORM_MESSAGES = {
  titleTooLong: `A party's title must be at most ${PARTY_TITLE_MAX} characters`,
} as const;
