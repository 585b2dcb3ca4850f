// The back office's members: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// admin-users.ts re-exports them.

/** English texts; the SPA shows its own translation for each code it knows. */
export const USER_ADMIN_MESSAGES = {
  userNotFound: "User not found",
  selfDemotion: "You cannot remove your own admin access.",
  lastAdmin: "The site must keep at least one active administrator.",
  selfBan: "You cannot ban yourself.",
  invalidUserId: "Invalid user id",
  emailTaken: "An account with this email already exists",
  inviteFailed: "Failed to send the invitation. Please try again.",
} as const;

/** The most months the member list's months-supported filter takes (a century). */
export const MIN_MONTHS_MAX = 1200;
