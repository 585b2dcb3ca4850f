// Sign-in links: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// sign-in-link.ts re-exports them.

/** English fallbacks; the SPA translates by code. */
export const SIGN_IN_LINK_MESSAGES = {
  invalid: "This sign-in link is not valid or has already been used. Sign in with your password or wait for a new link.",
  expired: "This sign-in link has expired. Sign in with your password or wait for a new link.",
} as const;
