// A member's data: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// member-data.ts re-exports them.

export const MEMBER_DATA_MESSAGES = {
  currentPasswordRequired: "Enter your current password",
  currentPasswordWrong: "The current password is not right",
  confirmationRequired: "Type your username to confirm",
  confirmationMismatch: "The confirmation does not match your username",
  lastAdmin: "The site must keep at least one active administrator. Make someone else an administrator first.",
  exportNotFound: "There is no prepared export. Ask for a new one.",
  exportLinkInvalid: "This download link is not valid or has expired. Ask for a new export.",
  exportRateLimited: "You can ask for one export an hour.",
  paymentCancelFailed: "Your VIP subscription could not be cancelled with the payment provider, so nothing was deleted. Please try again later.",
} as const;
