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
