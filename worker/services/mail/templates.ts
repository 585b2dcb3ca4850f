// The texts of the mails the site sends, each in its recipient's language (Locale): the words
// come from texts.en.ts / texts.pt-BR.ts, dates and amounts from format.ts (Intl, never a raw ISO
// timestamp). Who decides the language: a password reset, the request's (the person is on the
// site now); an invitation, the admin's choice in the invite form; a contact reply, the language
// the sender wrote in (contact_messages.locale); mails to the site's notification address, the
// back office's "notification e-mails language" setting.
import type { ContactTopic } from "#contracts/contact.ts";
import type { Locale } from "#contracts/locale.ts";
import { mailAmount, mailDateTime, mailNumber, mailTexts } from "./format";
import type { MailMessage } from "./types";
import { escapeHtml } from "../../lib/page-head";

type Localised = { to: string; brandName: string; locale: Locale };

export function passwordResetMail({ to, link, brandName, validMinutes, locale }: Localised & { link: string; validMinutes: number }): MailMessage {
  const t = mailTexts(locale);
  const text = [
    t.greeting,
    "",
    t.resetIntro(brandName),
    t.resetOpen,
    "",
    link,
    "",
    t.resetValidity(mailNumber(locale, validMinutes)),
    t.resetIgnore,
    "",
    t.signature(brandName),
  ].join("\n");
  return { to, subject: t.resetSubject, text };
}

/** A contact topic's name in the admins' language; null for the general one, which goes unnamed. */
export function contactTopicName(locale: Locale, topic: ContactTopic): string | null {
  return topic === "accessibility" ? mailTexts(locale).contactTopicAccessibility : null;
}

/**
 * Tells the site's admin about a contact-form message. Plain text only: the sender's words are
 * quoted as they were typed and never become markup. The subject line is single-line text (the
 * form refuses control characters in it). `locale` is the mail's (the notification setting);
 * `writtenIn` the sender's, so the admin knows which language to answer in. A topic other than
 * the general one is named in the subject and on a line of its own.
 */
export function contactNotificationMail({
  to,
  brandName,
  locale,
  name,
  email,
  subject,
  message,
  writtenIn,
  topic,
}: Localised & {
  name: string;
  email: string;
  subject: string;
  message: string;
  writtenIn: Locale;
  topic: ContactTopic;
}): MailMessage {
  const t = mailTexts(locale);
  const topicName = contactTopicName(locale, topic);
  const text = [
    t.contactHeading(brandName),
    "",
    `${t.contactFrom}: ${name} <${email}>`,
    ...(topicName ? [`${t.contactTopicLabel}: ${topicName}`] : []),
    `${t.contactSubjectLabel}: ${subject}`,
    `${t.contactLanguage}: ${writtenIn === "pt-BR" ? t.languagePtBR : t.languageEn}`,
    "",
    message,
    "",
    t.contactFooter,
  ].join("\n");
  return { to, subject: topicName ? t.contactTopicSubject(topicName, subject) : t.contactSubject(subject), text };
}

// ---- admin notifications (switched on and off in the back office's settings) ----------------

/** Text made safe to place in HTML, for the mails that have an HTML part. */

/** One line of a subject: control characters (a line break could start a new header) become spaces. */
const subjectLine = (text: string) => text.replace(/\p{Cc}+/gu, " ").trim();

/** A notification's plain text and the same lines as HTML: a heading, label/value rows, a closing line. */
export function adminNotice({
  to,
  locale,
  subject,
  heading,
  rows,
  footer,
}: {
  to: string;
  locale: Locale;
  subject: string;
  heading: string;
  rows: [string, string][];
  footer: string;
}): MailMessage {
  const text = [heading, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", footer].join("\n");
  const html = [
    `<h1 lang="${locale}" style="font-size:18px">${escapeHtml(heading)}</h1>`,
    "<table>",
    ...rows.map(([label, value]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    "</table>",
    `<p>${escapeHtml(footer)}</p>`,
  ].join("\n");
  return { to, subject: subjectLine(subject), text, html };
}

export type MemberFacts = { username: string; email: string };

/** A new account was created. */
export function newUserNotificationMail({ to, brandName, locale, member, at }: Localised & { member: MemberFacts; at: Date }): MailMessage {
  const t = mailTexts(locale);
  return adminNotice({
    to,
    locale,
    subject: t.newUserSubject(member.username),
    heading: t.newUserHeading(brandName),
    rows: [
      [t.labelUsername, member.username],
      [t.labelEmail, member.email],
      [t.labelSignedUp, mailDateTime(locale, at)],
    ],
    footer: t.membersFooter,
  });
}

/** A payment made a member VIP: a new subscription, not a renewal. */
export function newVipNotificationMail({ to, brandName, locale, member, at }: Localised & { member: MemberFacts; at: Date }): MailMessage {
  const t = mailTexts(locale);
  return adminNotice({
    to,
    locale,
    subject: t.newVipSubject(member.username),
    heading: t.newVipHeading(brandName),
    rows: [
      [t.labelUsername, member.username],
      [t.labelEmail, member.email],
      [t.labelVipSince, mailDateTime(locale, at)],
    ],
    footer: t.membersFooter,
  });
}

export type TicketPurchaseFacts = {
  orderId: string;
  eventTitle: string;
  buyerName: string | null;
  buyerEmail: string;
  quantity: number;
  /** What the order's tickets cost, in the currency's minor unit (cents). */
  totalCents: number;
  currency: string;
  /** Ticket lines whose seats ran out before a late payment ("Event: Type"): not issued, to refund. */
  notIssued?: string[];
};

/** Someone bought tickets. */
export function ticketPurchaseNotificationMail({ to, brandName, locale, purchase, at }: Localised & { purchase: TicketPurchaseFacts; at: Date }): MailMessage {
  const t = mailTexts(locale);
  const buyer = purchase.buyerName ? `${purchase.buyerName} <${purchase.buyerEmail}>` : purchase.buyerEmail;
  return adminNotice({
    to,
    locale,
    subject: t.ticketSubject(purchase.eventTitle),
    heading: t.ticketHeading(brandName),
    rows: [
      [t.labelEvent, purchase.eventTitle],
      [t.labelOrder, purchase.orderId],
      [t.labelCustomer, buyer],
      [t.labelTickets, mailNumber(locale, purchase.quantity)],
      [t.labelTotal, mailAmount(locale, purchase.totalCents, purchase.currency)],
      ...(purchase.notIssued?.length ? [[t.labelTicketsNotIssued, purchase.notIssued.join(", ")] as [string, string]] : []),
      [t.labelDate, mailDateTime(locale, at)],
    ],
    footer: t.ticketsFooter,
  });
}

/**
 * An administrator invites someone to create an account. The link opens the sign-up form with the
 * address filled in; nothing is reserved for it, so the invitation needs no expiry.
 */
export function invitationMail({ to, link, brandName, locale }: Localised & { link: string }): MailMessage {
  const t = mailTexts(locale);
  const text = [t.greeting, "", t.inviteIntro(brandName), t.inviteOpen, "", link, "", t.inviteIgnore, "", t.signature(brandName)].join("\n");
  const html = [
    `<p lang="${locale}">${escapeHtml(t.greeting)}</p>`,
    `<p>${escapeHtml(t.inviteIntro(brandName))}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.inviteLink)}</a></p>`,
    `<p>${escapeHtml(t.inviteIgnore)}</p>`,
  ].join("\n");
  return { to, subject: subjectLine(t.inviteSubject(brandName)), text, html };
}

// ---- replies from the back office's inbox --------------------------------------------------

/**
 * An admin's answer to a contact-form message, to its sender, in the language they wrote in.
 * Plain text only: both the admin's reply and the quoted message are text, never markup. The
 * original is quoted below the reply so the sender sees what is being answered.
 */
export function contactReplyMail({
  to,
  brandName,
  locale,
  name,
  subject,
  reply,
  original,
  writtenAt,
}: Localised & {
  name: string;
  subject: string;
  reply: string;
  original: string;
  /** When the sender wrote the original. */
  writtenAt: Date;
}): MailMessage {
  const t = mailTexts(locale);
  const quoted = original.split("\n").map((line) => `> ${line}`);
  const text = [t.greetingName(name), "", reply, "", t.signature(brandName), "", t.replyQuote(mailDateTime(locale, writtenAt)), ...quoted].join("\n");
  const line = subjectLine(subject);
  return { to, subject: /^re:/i.test(line) ? line : `${t.replySubjectPrefix} ${line}`, text };
}
