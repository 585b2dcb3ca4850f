// The mail service interface every implementation (live HTTP API, local outbox) provides.
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export interface MailService {
  /** Resolves once the message is accepted for delivery; throws when it was not. */
  send(msg: MailMessage): Promise<void>;
}

export const MAIL_PROVIDERS = ["resend", "postmark"] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];
