// The mails of "Remind me": the visitor's confirmation link, the reminder itself, and the notices
// of a moved or cancelled event. Each in the recipient's language (the reminder's locale), times
// in the event's zone and the viewer's, formatted with Intl (mail/format.ts). Never the join URL:
// it is for VIPs only and the event page gives it out.
import { livePagePath } from "#contracts/live-limits.ts";
import type { EventRow } from "../../db/events";
import { eventEndsAt } from "../../db/events";
import { countryName } from "#contracts/countries.ts";
import type { Locale } from "#contracts/locale.ts";
import { isValidTimeZone } from "#contracts/time-zones.ts";
import { buildCalendar, type IcalStatus } from "../../lib/ical";
import { inLanguage } from "../../lib/content-language";
import { mailDateTime, mailNumber, mailTexts } from "../mail/format";
import type { MailMessage } from "../mail/types";

type Site = { brandName: string; siteUrl: string };

const zoneOr = (zone: string | null | undefined, fallback: string) => (zone && isValidTimeZone(zone) ? zone : fallback);

/** The event's title in the language: the Portuguese one when there is one, else English. */
export const titleIn = (row: EventRow, locale: Locale) => inLanguage(locale, row.title, row.titlePtBr);

/** An event as the mails read it: with `hasShow` when it is streamed here (decision 113). */
export type MailEvent = EventRow & { hasShow?: boolean };

/**
 * Where a person sees the event: a streamed show's watch page, an online one's virtual meet page,
 * else the events page at its card.
 */
export function eventPageUrl(row: Pick<MailEvent, "id" | "isOnline" | "hasShow">, siteUrl: string): string {
  const path = row.hasShow ? livePagePath(row.id) : row.isOnline ? "/virtual-meet" : `/events#event-${row.id}`;
  return new URL(path, siteUrl).toString();
}

/** "in 1 day" / "em 1 dia": an offset in the largest whole unit (week, day, hour, minute). */
export function offsetPhrase(locale: Locale, minutes: number): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
  if (minutes % 10080 === 0) return rtf.format(minutes / 10080, "week");
  if (minutes % 1440 === 0) return rtf.format(minutes / 1440, "day");
  if (minutes % 60 === 0) return rtf.format(minutes / 60, "hour");
  return rtf.format(minutes, "minute");
}

/** The venue line for an in-person event (name, address, city, state, country), or the online note. */
function whereLine(row: EventRow, locale: Locale): string {
  const t = mailTexts(locale);
  if (row.isOnline) return t.reminderOnline;
  const country = row.venueCountry && countryName(row.venueCountry, new Intl.DisplayNames(locale, { type: "region" }));
  const parts = [row.venueName, row.venueAddress, row.venueCity, row.venueState, country].map((p) => p?.trim()).filter(Boolean);
  return parts.join(", ");
}

/** The event as an .ics attachment (base64 of the UTF-8 text); CANCELLED for a cancellation. */
export function icsAttachment(row: EventRow, locale: Locale, site: Site, now: number, status: IcalStatus = "CONFIRMED") {
  const title = titleIn(row, locale);
  const description = inLanguage(locale, row.description, row.descriptionPtBr);
  const where = row.isOnline ? null : whereLine(row, locale) || null;
  const ics = buildCalendar({
    prodId: `-//${site.brandName}//Events//EN`,
    name: `${site.brandName} Events`,
    events: [
      {
        uid: `${row.id}@${new URL(site.siteUrl).hostname}`,
        start: row.eventDate.getTime(),
        end: eventEndsAt(row),
        summary: title,
        description,
        location: where,
        url: eventPageUrl(row, site.siteUrl),
        status,
        created: row.createdAt.getTime(),
        lastModified: row.updatedAt.getTime(),
      },
    ],
    now,
  });
  const bytes = new TextEncoder().encode(ics);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { filename: "event.ics", contentType: "text/calendar; charset=utf-8", content: btoa(binary) };
}

/** The time lines: the event's own zone, and the viewer's when known. */
function timeLines(row: EventRow, locale: Locale, viewerZone: string | null): string[] {
  const t = mailTexts(locale);
  const eventZone = zoneOr(row.timeZone, "UTC");
  const lines = [`${t.reminderEventTime}: ${mailDateTime(locale, row.eventDate, eventZone)}`];
  if (viewerZone && isValidTimeZone(viewerZone)) lines.push(`${t.reminderYourTime}: ${mailDateTime(locale, row.eventDate, viewerZone)}`);
  return lines;
}

type Recipient = { to: string; locale: Locale; timeZone: string | null };

export function reminderConfirmMail(row: EventRow, r: Recipient & { link: string; validDays: number }, site: Site): MailMessage {
  const t = mailTexts(r.locale);
  const title = titleIn(row, r.locale);
  const text = [
    t.greeting,
    "",
    t.reminderConfirmIntro(title),
    ...timeLines(row, r.locale, r.timeZone),
    "",
    t.reminderConfirmOpen,
    "",
    r.link,
    "",
    t.reminderConfirmValidity(mailNumber(r.locale, r.validDays)),
    t.reminderConfirmIgnore,
    "",
    t.signature(site.brandName),
  ].join("\n");
  return { to: r.to, subject: t.reminderConfirmSubject(title), text };
}

export function reminderMail(row: EventRow, r: Recipient & { offset: number }, site: Site, now: number): MailMessage {
  const t = mailTexts(r.locale);
  const title = titleIn(row, r.locale);
  const when = offsetPhrase(r.locale, r.offset);
  const text = [
    t.greeting,
    "",
    t.reminderStarts(title, when),
    "",
    ...timeLines(row, r.locale, r.timeZone),
    `${t.reminderWhere}: ${whereLine(row, r.locale)}`,
    `${t.reminderLink}: ${eventPageUrl(row, site.siteUrl)}`,
    "",
    t.reminderCalendar,
    t.reminderWhy,
    "",
    t.signature(site.brandName),
  ].join("\n");
  return { to: r.to, subject: t.reminderSubject(title, when), text, attachments: [icsAttachment(row, r.locale, site, now)] };
}

export function reminderMovedMail(row: EventRow, r: Recipient, site: Site, now: number): MailMessage {
  const t = mailTexts(r.locale);
  const title = titleIn(row, r.locale);
  const text = [
    t.greeting,
    "",
    t.reminderMovedIntro(title),
    "",
    ...timeLines(row, r.locale, r.timeZone),
    `${t.reminderWhere}: ${whereLine(row, r.locale)}`,
    `${t.reminderLink}: ${eventPageUrl(row, site.siteUrl)}`,
    "",
    t.reminderMovedNext,
    t.reminderCalendar,
    "",
    t.signature(site.brandName),
  ].join("\n");
  return { to: r.to, subject: t.reminderMovedSubject(title), text, attachments: [icsAttachment(row, r.locale, site, now)] };
}

export function reminderCancelledMail(row: EventRow, r: Recipient, site: Site, now: number): MailMessage {
  const t = mailTexts(r.locale);
  const title = titleIn(row, r.locale);
  const text = [t.greeting, "", t.reminderCancelledIntro(title), "", ...timeLines(row, r.locale, r.timeZone), "", t.signature(site.brandName)].join("\n");
  return { to: r.to, subject: t.reminderCancelledSubject(title), text, attachments: [icsAttachment(row, r.locale, site, now, "CANCELLED")] };
}
