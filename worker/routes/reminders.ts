// "Remind me" (decision 045). Mounted at /api:
//   GET    /events/:id/reminder  signed-in: { reminded } (401 for visitors)
//   POST   /events/:id/reminder  a member: active at once in their account's language, the zone the
//                                browser sends; a visitor ({ email, locale, timeZone }, and a
//                                passing bot check, 403 bot_check_failed): pending and
//                                a confirmation mail (the same answer for an address that asked
//                                before, and no second row); visitors are rate-limited per address
//   DELETE /events/:id/reminder  a member removes theirs
//   POST   /reminders/confirm    { token } → { eventId }: the visitor's link activates the reminder
// Only published upcoming events: 404 for a draft or unknown one, 409 once it has started or was
// cancelled. A banned member has no session, so the member routes answer them 401.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import type { DB } from "../db/client";
import { readConfig } from "../env";
import { conflict, notFound, routeError, unauthorized } from "../lib/errors";
import { newOptInToken, optInTokenHash } from "../lib/opt-in-token";
import { DAY_MS } from "../lib/time";
import { checkBody, parseJsonBody, readOptionalJson } from "../lib/validate";
import { requireUser } from "../middleware/guards";
import { findEvent, type EventRow } from "../db/events";
import {
  addPendingReminder,
  confirmReminder,
  deleteMemberReminder,
  deletePendingByToken,
  hasMemberReminder,
  memberLocale,
  setMemberReminder,
} from "../db/reminders";
import { EVENT_ID_PATTERN, EVENT_MESSAGES } from "#contracts/events.ts";
import { CONFIRMATION_VALID_DAYS } from "#contracts/newsletter.ts";
import { DEFAULT_REMINDER_OFFSETS } from "#contracts/newsletter-model.ts";
import {
  REMINDER_MESSAGES,
  REMINDER_RATE_LIMITS,
  memberReminderInput,
  reminderTokenInput,
  visitorReminderInput,
  type ReminderConfirmResponse,
  type ReminderRequestResponse,
  type ReminderStateResponse,
} from "#contracts/reminders.ts";
import { clientIp, hitRateLimit } from "../services/rate-limit";
import { requireHuman } from "../services/bot-check";
import { sendOptInConfirmation } from "../services/mail/opt-in";
import { reminderConfirmMail } from "../services/reminders/mail";

/** The SPA page that takes the confirmation link (app/routes/reminders/confirm.tsx). */
export const REMINDER_CONFIRM_PATH = "/reminders/confirm";

/** The event a reminder may be asked for: published and not started yet. */
async function remindableEvent(db: DB, id: string, now: number): Promise<EventRow> {
  const row = EVENT_ID_PATTERN.test(id) ? await findEvent(db, id) : null;
  if (!row || row.status === "draft") throw notFound(EVENT_MESSAGES.eventNotFound, "event_not_found");
  if (row.status === "cancelled") throw conflict(REMINDER_MESSAGES.cancelled, "event_cancelled");
  if (row.eventDate.getTime() <= now) throw conflict(REMINDER_MESSAGES.started, "event_started");
  return row;
}

const offsetsOf = (row: EventRow) => (row.reminderOffsets.length > 0 ? row.reminderOffsets : DEFAULT_REMINDER_OFFSETS);

export const reminderRoutes = new Hono<HonoEnv>()
  .get("/events/:id/reminder", requireUser, async (c) => {
    const row = await remindableEvent(c.var.db, c.req.param("id"), Date.now());
    return c.json<ReminderStateResponse>({ reminded: await hasMemberReminder(c.var.db, row.id, c.var.user.id), offsets: offsetsOf(row) });
  })

  .post("/events/:id/reminder", async (c) => {
    const now = Date.now();
    const db = c.var.db;
    const body = await readOptionalJson(c);
    const user = c.var.user;
    if (user) {
      const input = checkBody(memberReminderInput, body);
      const row = await remindableEvent(db, c.req.param("id"), now);
      await setMemberReminder(db, user.id, {
        eventId: row.id,
        email: user.email.toLowerCase(),
        locale: await memberLocale(db, user.id),
        timeZone: input.timeZone ?? null,
        start: row.eventDate.getTime(),
        offsets: offsetsOf(row),
        now,
      });
      return c.json<ReminderRequestResponse>({ status: "active", offsets: offsetsOf(row) });
    }
    // Without a session and without an address this is a member's click whose session is gone
    // (signed out, or banned): sign-in required, not a form error.
    if (typeof body !== "object" || body === null || !("email" in body)) throw unauthorized();
    const input = checkBody(visitorReminderInput, body);
    const row = await remindableEvent(db, c.req.param("id"), now);
    await hitRateLimit(db, `reminder:ip:${clientIp(c.req)}`, REMINDER_RATE_LIMITS.perIp, now);
    await hitRateLimit(db, `reminder:email:${input.email}`, REMINDER_RATE_LIMITS.perAddress, now);
    // The confirmation goes to an address a stranger typed: a person's bot check first (decision 090).
    await requireHuman(c, "reminder");
    const token = await newOptInToken(new URL(c.req.url).origin, REMINDER_CONFIRM_PATH);
    const outcome = await addPendingReminder(db, {
      eventId: row.id,
      email: input.email,
      locale: input.locale,
      timeZone: input.timeZone,
      start: row.eventDate.getTime(),
      tokenHash: token.hash,
      now,
    });
    if (outcome === "created") {
      const cfg = readConfig(c.env);
      const mail = reminderConfirmMail(
        row,
        { to: input.email, locale: input.locale, timeZone: input.timeZone, link: token.link, validDays: CONFIRMATION_VALID_DAYS },
        { brandName: cfg.BRAND_NAME, siteUrl: cfg.SITE_URL },
      );
      await sendOptInConfirmation(c.env, db, {
        mail,
        rollback: () => deletePendingByToken(db, token.hash),
        failedMessage: REMINDER_MESSAGES.mailFailed,
        flow: "reminder",
      });
    }
    return c.json<ReminderRequestResponse>({ status: "pending", offsets: offsetsOf(row) });
  })

  .delete("/events/:id/reminder", requireUser, async (c) => {
    // Any event the member may have a reminder for, even one cancelled or past since.
    const id = c.req.param("id");
    const row = EVENT_ID_PATTERN.test(id) ? await findEvent(c.var.db, id) : null;
    if (!row || row.status === "draft") throw notFound(EVENT_MESSAGES.eventNotFound, "event_not_found");
    await deleteMemberReminder(c.var.db, id, c.var.user.id);
    return c.json<ReminderStateResponse>({ reminded: false, offsets: offsetsOf(row) });
  })

  .post("/reminders/confirm", async (c) => {
    const { token } = await parseJsonBody(c, reminderTokenInput);
    const now = Date.now();
    const db = c.var.db;
    const outcome = await confirmReminder(db, await optInTokenHash(token), {
      now,
      notBefore: now - CONFIRMATION_VALID_DAYS * DAY_MS,
      offsetsOf: async (eventId) => {
        const row = await findEvent(db, eventId);
        return row ? { start: row.eventDate.getTime(), offsets: offsetsOf(row) } : null;
      },
    });
    if (outcome === "invalid") throw routeError("reminder_link_invalid");
    if (outcome === "expired") throw routeError("reminder_link_expired");
    return c.json<ReminderConfirmResponse>(outcome);
  });
