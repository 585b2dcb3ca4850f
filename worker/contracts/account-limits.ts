// Account settings: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// account.ts re-exports them.

export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: "Enter your current password",
  currentPasswordWrong: "The current password is not right",
  sessionNotFound: "Session not found",
} as const;
