// The sign-in slowdown and one-time sign-in links (decision 038), shared by the Worker and the SPA.
import { z } from "./zod";

/**
 * Per address typed at the sign-in form, known account or not. The first `freeFailures` wrong
 * passwords are ordinary 401s; from then on every attempt, right or wrong, waits until the
 * address's "not before" time, which each further wrong password pushes out: 1 s, 2 s, 4 s … up to
 * `maxDelayMs`. A quiet period of `forgetAfterMs` without a wrong password (longer than the
 * longest delay, so waiting one out never starts afresh) or a successful sign-in forgets them.
 */
export const LOGIN_SLOWDOWN = {
  freeFailures: 10,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 24 * 60 * 60 * 1000,
  /** The owner of a throttled account is mailed a sign-in link at most this often. */
  linkEveryMs: 60 * 60 * 1000,
} as const;

/** How long a mailed sign-in link works. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** The app page the link in the mail opens. */
export const SIGN_IN_LINK_PATH = "/auth/sign-in-link";

/**
 * The token as the Worker makes it (randomToken(32): 43 base64url characters). Anything else is
 * refused as bad input before any lookup.
 */
export const SIGN_IN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Body of POST /api/auth/sign-in-link. */
export const signInLinkSchema = z.strictObject({ token: z.string().regex(SIGN_IN_TOKEN_PATTERN) });
