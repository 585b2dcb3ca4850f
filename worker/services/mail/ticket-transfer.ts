// The mail telling a member a ticket was transferred to them (decision 055, part "mytickets"), in
// the recipient's language: the event, its time in the venue's time zone, the ticket's type and new
// code, and the link to the ticket's page (its QR). Plain text: names are shown as typed.
import type { Locale } from "#contracts/locale.ts";
import type { MailMessage } from "./types";
import { mailDateTime, mailTexts } from "./format";

export type TicketTransferMailInput = {
  to: string;
  locale: Locale;
  brandName: string;
  sender: string;
  eventTitle: string;
  startsAt: Date;
  timeZone: string;
  /** The venue (name, city), or null for an online event. */
  where: string | null;
  typeName: string;
  code: string;
  link: string;
};

const oneLine = (text: string) => text.replace(/\p{Cc}+/gu, " ").trim();

export function ticketTransferMail(i: TicketTransferMailInput): MailMessage {
  const t = mailTexts(i.locale);
  const text = [
    t.greeting,
    "",
    t.ticketTransferIntro(i.sender, i.eventTitle),
    "",
    `${t.ticketTransferWhen}: ${mailDateTime(i.locale, i.startsAt, i.timeZone)}`,
    ...(i.where ? [`${t.ticketTransferWhere}: ${i.where}`] : []),
    `${t.ticketTransferType}: ${i.typeName}`,
    `${t.ticketTransferCode}: ${i.code}`,
    "",
    t.ticketTransferOpen,
    i.link,
    "",
    t.ticketTransferNote,
    "",
    t.signature(i.brandName),
  ].join("\n");
  return { to: i.to, subject: oneLine(t.ticketTransferSubject(i.eventTitle)), text };
}
