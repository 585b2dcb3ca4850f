// "Remind me" on events and virtual meets (decision 045): the inputs of /api/events/:id/reminder and
// /api/reminders/confirm, their answers, and the offsets an administrator may choose. zod only, so
// the SPA shares them.
import { z } from "./zod";
import { LOCALES } from "./locale";
import { emailSchema } from "./auth";
import { isValidTimeZone } from "./time-zones";
import { REMINDER_FORM_MESSAGES } from "./reminder-limits";
export { REMINDER_MESSAGES } from "./reminder-limits";

/** The offsets (minutes before the start) the event form offers: 1 week, 1 day, 1 hour, 15 minutes. */
export const REMINDER_OFFSET_CHOICES = [10080, 1440, 60, 15] as const;
export type ReminderOffset = (typeof REMINDER_OFFSET_CHOICES)[number];

/** A viewer's IANA zone as the browser reports it; an unknown one is refused (the mail shows it). */
const timeZone = z
  .string()
  .max(100)
  .refine((zone) => isValidTimeZone(zone), "Unknown time zone");

/** POST /api/events/:id/reminder by a signed-in member: only the browser's zone (optional). */
export const memberReminderInput = z.object({ timeZone: timeZone.optional() });

/** POST /api/events/:id/reminder by a visitor: the address to confirm, the mail's language and the zone. */
export const visitorReminderInput = z.object({ email: emailSchema, locale: z.enum(LOCALES), timeZone });

/** POST /api/reminders/confirm: the token from the confirmation mail. */
export const reminderTokenInput = z.object({ token: z.string().min(20).max(200) });

/** The offsets an event sends its reminders at: at least one, each a choice of the form, no repeats. */
export const reminderOffsetsSchema = z
  .array(z.literal(REMINDER_OFFSET_CHOICES, { error: REMINDER_FORM_MESSAGES.offsetInvalid }), { error: REMINDER_FORM_MESSAGES.offsetInvalid })
  .min(1, REMINDER_FORM_MESSAGES.offsetsRequired)
  .refine((list) => new Set(list).size === list.length, REMINDER_FORM_MESSAGES.offsetsRepeated);

/** `offsets`: the minutes before the start the event's reminders go at (the button says them). */
export type ReminderStateResponse = { reminded: boolean; offsets: number[] };
/** What POST answers: a member's reminder is active at once; a visitor's waits for the link. */
export type ReminderRequestResponse = { status: "active" | "pending"; offsets: number[] };
export type ReminderConfirmResponse = { eventId: string };

/** Visitors' requests: per client address and per e-mail address, [max, window seconds]. */
export const REMINDER_RATE_LIMITS = {
  perIp: [20, 3600],
  perAddress: [5, 3600],
} as const satisfies Record<string, readonly [number, number]>;
