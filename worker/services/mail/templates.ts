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
