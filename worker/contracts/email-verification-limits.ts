// Verifying an address: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// email-verification.ts re-exports them.

export const EMAIL_VERIFICATION_MESSAGES = {
  unverified: "Please verify your e-mail address first: open the link we sent you.",
  invalid: "This verification link is not valid or was already used.",
  expired: "This verification link has expired. Ask for a new one.",
  alreadyVerified: "Your e-mail address is already verified.",
  unchanged: "This is already your e-mail address.",
  mailFailed: "The e-mail could not be sent. Please try again.",
} as const;
