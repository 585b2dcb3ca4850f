// The texts of the mails the site sends. English only: the account's language is not stored.
import type { MailMessage } from "./types";

export function passwordResetMail({ to, link, brandName, validMinutes }: { to: string; link: string; brandName: string; validMinutes: number }): MailMessage {
  const text = [
    "Hello,",
    "",
    `Someone (hopefully you) asked to reset the password of your ${brandName} account.`,
    "Open this link to choose a new password:",
    "",
    link,
    "",
    `The link works once and expires in ${validMinutes} minutes.`,
    "If you did not ask for this, you can ignore this e-mail: your password stays the same.",
    "",
    `— ${brandName}`,
  ].join("\n");
  return { to, subject: "Reset your password", text };
}

/**
 * Tells the site's admin about a contact-form message. Plain text only: the sender's words are
 * quoted as they were typed and never become markup. The subject line is single-line text (the
 * form refuses control characters in it).
 */
export function contactNotificationMail({
  to,
  brandName,
  name,
  email,
  subject,
  message,
}: {
  to: string;
  brandName: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}): MailMessage {
  const text = [
    `New message from the ${brandName} contact form.`,
    "",
    `From: ${name} <${email}>`,
    `Subject: ${subject}`,
    "",
    message,
    "",
    "Read and answer it in the back office, under Messages.",
  ].join("\n");
  return { to, subject: `Contact form: ${subject}`, text };
}

// ---- admin notifications (switched on and off in the back office's settings) ----------------

/** Text made safe to place in HTML, for the mails that have an HTML part. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** One line of a subject: control characters (a line break could start a new header) become spaces. */
const subjectLine = (text: string) => text.replace(/\p{Cc}+/gu, " ").trim();

/** A notification's plain text and the same lines as HTML: a heading, label/value rows, a closing line. */
function adminNotice({
  to,
  subject,
  heading,
  rows,
  footer,
}: {
  to: string;
  subject: string;
  heading: string;
  rows: [string, string][];
  footer: string;
}): MailMessage {
  const text = [heading, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", footer].join("\n");
  const html = [
    `<h1 style="font-size:18px">${escapeHtml(heading)}</h1>`,
    "<table>",
    ...rows.map(([label, value]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    "</table>",
    `<p>${escapeHtml(footer)}</p>`,
  ].join("\n");
  return { to, subject: subjectLine(subject), text, html };
}

export type MemberFacts = { username: string; email: string };

/** A new account was created. */
export function newUserNotificationMail({ to, brandName, member, at }: { to: string; brandName: string; member: MemberFacts; at: Date }): MailMessage {
  return adminNotice({
    to,
    subject: `New member: ${member.username}`,
    heading: `A new member joined ${brandName}.`,
    rows: [
      ["Username", member.username],
      ["E-mail", member.email],
      ["Signed up", at.toISOString()],
    ],
    footer: "See every member in the back office, under Users.",
  });
}

/** A payment made a member VIP: a new subscription, not a renewal. */
export function newVipNotificationMail({ to, brandName, member, at }: { to: string; brandName: string; member: MemberFacts; at: Date }): MailMessage {
  return adminNotice({
    to,
    subject: `New VIP subscription: ${member.username}`,
    heading: `A member subscribed to ${brandName} VIP.`,
    rows: [
      ["Username", member.username],
      ["E-mail", member.email],
      ["VIP since", at.toISOString()],
    ],
    footer: "See every member in the back office, under Users.",
  });
}

export type TicketPurchaseFacts = {
  orderId: string;
  eventTitle: string;
  buyerName: string | null;
  buyerEmail: string;
  quantity: number;
  /** The order's total in the currency's minor unit (cents). */
  totalCents: number;
  currency: string;
};

/** Two decimals, as the back office shows ticket prices, with the currency's code. */
const formatAmount = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** Someone bought tickets. */
export function ticketPurchaseNotificationMail({
  to,
  brandName,
  purchase,
  at,
}: {
  to: string;
  brandName: string;
  purchase: TicketPurchaseFacts;
  at: Date;
}): MailMessage {
  const buyer = purchase.buyerName ? `${purchase.buyerName} <${purchase.buyerEmail}>` : purchase.buyerEmail;
  return adminNotice({
    to,
    subject: `Ticket purchase: ${purchase.eventTitle}`,
    heading: `Tickets were bought on ${brandName}.`,
    rows: [
      ["Event", purchase.eventTitle],
      ["Order", purchase.orderId],
      ["Customer", buyer],
      ["Tickets", String(purchase.quantity)],
      ["Total", formatAmount(purchase.totalCents, purchase.currency)],
      ["Date", at.toISOString()],
    ],
    footer: "See every order in the back office, under Tickets.",
  });
}

/**
 * An administrator invites someone to create an account. The link opens the sign-up form with the
 * address filled in; nothing is reserved for it, so the invitation needs no expiry.
 */
export function invitationMail({ to, link, brandName }: { to: string; link: string; brandName: string }): MailMessage {
  const text = [
    "Hello,",
    "",
    `You are invited to join ${brandName}, the official fan community.`,
    "Open this link to create your free account:",
    "",
    link,
    "",
    "If you were not expecting this invitation, you can ignore this e-mail.",
    "",
    `— ${brandName}`,
  ].join("\n");
  const html = [
    `<p>Hello,</p>`,
    `<p>You are invited to join ${escapeHtml(brandName)}, the official fan community.</p>`,
    `<p><a href="${escapeHtml(link)}">Create your free account</a></p>`,
    `<p>If you were not expecting this invitation, you can ignore this e-mail.</p>`,
  ].join("\n");
  return { to, subject: subjectLine(`You're invited to join ${brandName}`), text, html };
}

// ---- replies from the back office's inbox --------------------------------------------------

/**
 * An admin's answer to a contact-form message, to its sender. Plain text only: both the admin's
 * reply and the quoted message are text, never markup. The original is quoted below the reply so
 * the sender sees what is being answered.
 */
export function contactReplyMail({
  to,
  brandName,
  name,
  subject,
  reply,
  original,
  writtenAt,
}: {
  to: string;
  brandName: string;
  name: string;
  subject: string;
  reply: string;
  original: string;
  /** When the sender wrote the original. */
  writtenAt: Date;
}): MailMessage {
  const quoted = original.split("\n").map((line) => `> ${line}`);
  const text = [`Hello ${name},`, "", reply, "", `— ${brandName}`, "", `On ${writtenAt.toISOString().slice(0, 10)} you wrote:`, ...quoted].join("\n");
  const line = subjectLine(subject);
  return { to, subject: /^re:/i.test(line) ? line : `Re: ${line}`, text };
}
