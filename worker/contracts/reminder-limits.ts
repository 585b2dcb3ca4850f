// Event reminders: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// reminders.ts re-exports them.

/** English texts of the API's errors (the SPA shows its own, by code). */
export const REMINDER_MESSAGES = {
  cancelled: "This event was cancelled",
  started: "This event has already started",
  mailFailed: "The confirmation e-mail could not be sent. Please try again.",
  linkInvalid: "This reminder link is not valid",
  linkExpired: "This reminder link has expired. Please ask for a reminder again.",
} as const;

/** The event form's reminder rules (their codes: validation-codes.ts, event_reminder_*). */
export const REMINDER_FORM_MESSAGES = {
  offsetsRequired: "Choose at least one reminder time",
  offsetsRepeated: "Choose each reminder time once",
  offsetInvalid: "Choose 1 week, 1 day, 1 hour or 15 minutes before",
} as const;
