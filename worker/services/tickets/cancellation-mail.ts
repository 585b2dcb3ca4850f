// The mails of an event's ticket buyers when it is cancelled or moved (decision 055, part "cancel"),
// each in the language the buyer checked out in (orders.locale), times in the event's own zone,
// amounts with Intl (mail/format.ts). One mail per order; the caller keys it by the order.
import type { EventRow } from "../../db/events";
import type { Locale } from "#contracts/locale.ts";
import { isValidTimeZone } from "#contracts/time-zones.ts";
import { mailAmount, mailDateTime, mailNumber, mailTexts } from "../mail/format";
import type { MailMessage } from "../mail/types";
import { eventPageUrl, icsAttachment, titleIn } from "../reminders/mail";

type Site = { brandName: string; siteUrl: string };

export type BuyerOrder = { to: string; locale: Locale; number: number; tickets: number; amountCents: number; currency: string };

const zoneOf = (row: EventRow) => (isValidTimeZone(row.timeZone) ? row.timeZone : "UTC");

/** "<event> is cancelled; your N tickets are refunded, <amount>; it can take 5-10 days." */
export function ticketsCancelledMail(row: EventRow, o: BuyerOrder, site: Site, now: number): MailMessage {
  const t = mailTexts(o.locale);
  const title = titleIn(row, o.locale);
  const count = mailNumber(o.locale, o.tickets);
  const money =
    o.amountCents > 0
      ? [t.ticketsRefunded(o.tickets, count, mailAmount(o.locale, o.amountCents, o.currency)), t.ticketsRefundDelay]
      : [t.ticketsNothingToRefund(o.tickets, count)];
  const text = [
    t.greeting,
    "",
    t.ticketsCancelledIntro(title),
    "",
    ...money,
    t.ticketsOrder(String(o.number)),
    "",
    `${t.reminderEventTime}: ${mailDateTime(o.locale, row.eventDate, zoneOf(row))}`,
    "",
    t.signature(site.brandName),
  ].join("\n");
  return {
    to: o.to,
    subject: t.ticketsCancelledSubject(title),
    text,
    attachments: [icsAttachment(row, o.locale, site, now, "CANCELLED")],
  };
}

/** The new time in the event's zone with the old one; the tickets stay valid. */
export function ticketsMovedMail(row: EventRow, from: number, o: Omit<BuyerOrder, "amountCents" | "currency">, site: Site, now: number): MailMessage {
  const t = mailTexts(o.locale);
  const title = titleIn(row, o.locale);
  const zone = zoneOf(row);
  const text = [
    t.greeting,
    "",
    t.ticketsMovedIntro(title),
    "",
    `${t.ticketsNewTime}: ${mailDateTime(o.locale, row.eventDate, zone)}`,
    `${t.ticketsOldTime}: ${mailDateTime(o.locale, new Date(from), zone)}`,
    "",
    t.ticketsStayValid(o.tickets, mailNumber(o.locale, o.tickets)),
    t.ticketsOrder(String(o.number)),
    `${t.reminderLink}: ${eventPageUrl(row, site.siteUrl)}`,
    "",
    t.reminderCalendar,
    "",
    t.signature(site.brandName),
  ].join("\n");
  return { to: o.to, subject: t.ticketsMovedSubject(title), text, attachments: [icsAttachment(row, o.locale, site, now)] };
}
