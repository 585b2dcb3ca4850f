// Remix contests' fair play (decision 196): the thresholds of the suspicious patterns and the
// English of its refusals and form rules, zod-free (the words file and the back office read them).

/** An account made this many days or fewer before the contest opened counts as new (older ones are past a sign-up wave). */
export const NEW_ACCOUNT_DAYS = 7;
/** An entry is flagged when at least this many of its live votes come from new accounts: one or two are ordinary fans who joined for the contest. */
export const NEW_ACCOUNT_VOTES_MIN = 3;
/** Votes on one entry from one network (/24 or /48) flagged as a group: a household or an office gives two, a farm of accounts more. */
export const NETWORK_VOTES_MIN = 3;
/** The reason an admin gives for hiding an entry or voiding votes. */
export const FAIR_PLAY_REASON_MAX = 500;
/** Votes voided in one request: a suspicious group is far smaller. */
export const VOID_VOTES_MAX = 200;

export const FAIR_PLAY_MESSAGES = {
  reportOwnEntry: "You cannot report your own remix",
  entryHidden: "This remix was hidden by the moderators",
  entryNotHidden: "This remix is not hidden",
  reasonRequired: "Give the reason: it is kept in the audit log",
  reasonTooLong: `A reason has at most ${FAIR_PLAY_REASON_MAX} characters`,
  votesInvalid: `Choose from 1 to ${VOID_VOTES_MAX} votes to void`,
} as const;
