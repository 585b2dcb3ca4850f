// The "Remind me" sending pass, run by the 5-minute cron (worker/services/areas/events.ts) and, in local mode, by
// the test clock POST /api/dev/reminders/run. For each active reminder with work at `now`:
// - its event was cancelled: one cancellation notice, then the reminder is done;
// - its event moved (start ≠ notified_start): one notice with the new time, the offsets start again;
// - an offset of the event's reminder_offsets is due (start − offset ≤ now < start) and not yet
//   sent: the reminder, with the event as an .ics. Several offsets due at once (a missed run) send
//   one mail, the nearest; an offset already passed when the reminder began is never sent late.
// Every send is claimed first by a compare-and-set on the row (worker/db/reminders.ts), so a
// second pass running at once sends nothing twice; a failed mail gives its claim back.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findEvent } from "../../db/events";
import {
  claimCancelNotice,
  claimMoveNotice,
  claimOffsets,
  deleteExpiredPending,
  dueReminders,
  finishStarted,
  passedOffsets,
  releaseOffsets,
  type DueReminder,
} from "../../db/reminders";
import { DAY_MS } from "../../lib/time";
import { CONFIRMATION_VALID_DAYS } from "#contracts/newsletter.ts";
import { DEFAULT_REMINDER_OFFSETS } from "#contracts/newsletter-model.ts";
import { createMailService, type MailService } from "../mail";
import { reminderCancelledMail, reminderMail, reminderMovedMail, type MailEvent } from "./mail";
import { eventIdsWithShows } from "../../db/live";

/** At most this many reminders are handled per run; the rest wait for the next one (5 minutes). */
export const REMINDERS_PER_RUN = 500;

export type PassResult = { sent: number; moved: number; cancelled: number; expired: number };

const parseOffsets = (text: string, fallback: readonly number[] = []): number[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((n): n is number => typeof n === "number") : [...fallback];
  } catch {
    return [...fallback];
  }
};

export async function runReminderPass(env: AppEnv, db: DB, now: number, limit = REMINDERS_PER_RUN): Promise<PassResult> {
  const cfg = readConfig(env);
  const site = { brandName: cfg.BRAND_NAME, siteUrl: cfg.SITE_URL };
  const mail = createMailService(env, db);
  const result: PassResult = { sent: 0, moved: 0, cancelled: 0, expired: 0 };
  result.expired = await deleteExpiredPending(db, now - CONFIRMATION_VALID_DAYS * DAY_MS);
  await finishStarted(db, now);

  // Each event once per pass, with whether it is a streamed show (its mails link the watch page).
  const events = new Map<string, MailEvent | null>();
  const eventOf = async (id: string) => {
    if (!events.has(id)) {
      const [row, shows] = await Promise.all([findEvent(db, id), eventIdsWithShows(db, [id])]);
      events.set(id, row && { ...row, hasShow: shows.has(id) });
    }
    return events.get(id) ?? null;
  };

  for (const r of await dueReminders(db, now, limit)) {
    try {
      const row = await eventOf(r.event_id);
      if (!row) continue;
      const outcome = await handle(db, mail, r, row, site, now);
      if (outcome) result[outcome]++;
    } catch (err) {
      console.error(`reminders: reminder ${r.id} failed`, err);
    }
  }
  return result;
}

async function handle(db: DB, mail: MailService, r: DueReminder, row: MailEvent, site: { brandName: string; siteUrl: string }, now: number) {
  const to = { to: r.email, locale: r.locale, timeZone: r.time_zone };
  // The notices are claimed before sending and not given back on failure: a notice goes at most
  // once (a lost one is better than one a person gets every five minutes).
  if (r.event_status === "cancelled") {
    if (!(await claimCancelNotice(db, r.id, now))) return null;
    await mail.send(reminderCancelledMail(row, to, site, now));
    return "cancelled" as const;
  }
  const start = r.event_date;
  const offsets = parseOffsets(r.reminder_offsets, DEFAULT_REMINDER_OFFSETS);
  if (start !== r.notified_start) {
    if (!(await claimMoveNotice(db, r.id, r.notified_start, start, passedOffsets(offsets, start, now)))) return null;
    await mail.send(reminderMovedMail(row, to, site, now));
    return "moved" as const;
  }
  const sent = parseOffsets(r.sent_offsets);
  const due = passedOffsets(offsets, start, now).filter((o) => !sent.includes(o));
  if (due.length === 0 || now >= start) return null;
  const after = [...sent, ...due];
  if (!(await claimOffsets(db, r.id, start, r.sent_offsets, after))) return null;
  try {
    await mail.send(reminderMail(row, { ...to, offset: Math.min(...due) }, site, now));
  } catch (err) {
    await releaseOffsets(db, r.id, after, r.sent_offsets);
    throw err;
  }
  return "sent" as const;
}
