// The seller's refund receipt after a waitlist sale (decisions 185, 191), in the seller's language:
// which ticket (show, its time in the venue's zone, type), the amount refunded (what they paid, no
// fee kept) and when it reaches them; and the admin's notice of a refund the provider kept refusing.
import type { Locale } from "#contracts/locale.ts";
import type { MailMessage } from "./types";
import { mailAmount, mailDateTime, mailNumber, mailTexts } from "./format";
import { adminNotice } from "./templates";

export type WaitlistRefundMailInput = {
  to: string;
  locale: Locale;
  brandName: string;
  eventTitle: string;
  startsAt: Date;
  timeZone: string;
  typeName: string;
  amountCents: number;
  currency: string;
  orderNumber: number;
};

const oneLine = (text: string) => text.replace(/\p{Cc}+/gu, " ").trim();

export function waitlistRefundMail(i: WaitlistRefundMailInput): MailMessage {
  const t = mailTexts(i.locale);
  const text = [
    t.greeting,
    "",
    t.waitlistRefundIntro(i.eventTitle),
    "",
    `${t.waitlistRefundTicket}: ${i.typeName}, ${mailDateTime(i.locale, i.startsAt, i.timeZone)}`,
    `${t.waitlistRefundAmount}: ${mailAmount(i.locale, i.amountCents, i.currency)}`,
    t.waitlistRefundOrder(String(i.orderNumber)),
    "",
    t.waitlistRefundFee,
    t.waitlistRefundDelay,
    "",
    t.waitlistRefundNote,
    "",
    t.signature(i.brandName),
  ].join("\n");
  return { to: i.to, subject: oneLine(t.waitlistRefundSubject(i.eventTitle)), text };
}

export type WaitlistRefundFailedFacts = {
  eventTitle: string;
  orderNumber: number;
  sellerEmail: string;
  amountCents: number;
  currency: string;
  attempts: number;
  reason: string | null;
};

export function waitlistRefundFailedMail({ to, locale, refund }: { to: string; locale: Locale; refund: WaitlistRefundFailedFacts }): MailMessage {
  const t = mailTexts(locale);
  return adminNotice({
    to,
    locale,
    subject: t.waitlistRefundFailedSubject(refund.eventTitle),
    heading: t.waitlistRefundFailedHeading,
    rows: [
      [t.labelEvent, refund.eventTitle],
      [t.labelOrder, `#${refund.orderNumber}`],
      [t.labelCustomer, refund.sellerEmail],
      [t.labelAmount, mailAmount(locale, refund.amountCents, refund.currency)],
      [t.labelAttempts, mailNumber(locale, refund.attempts)],
      ...(refund.reason ? [[t.labelReason, refund.reason] as [string, string]] : []),
    ],
    footer: t.waitlistRefundFailedFooter,
  });
}
