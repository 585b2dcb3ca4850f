// The mail service interface every implementation (live HTTP API, local outbox) provides.
import type { OutboxAttachment } from "#contracts/newsletter-model.ts";

export type MailAttachment = OutboxAttachment;

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on campaign mail. */
  headers?: Record<string, string>;
  /** Files sent along, base64 content (a reminder's .ics). */
  attachments?: MailAttachment[];
  /**
   * Labels the provider reports back in its delivery, bounce and complaint webhooks (Resend tags,
   * Postmark Metadata): { campaign: <id>, contact: <id> } on campaign mail.
   */
  metadata?: Record<string, string>;
  /**
   * This message's own key within a batch (a campaign's `<campaign>:<contact>`): the local outbox
   * keeps one copy per key. Without one, a batch's messages are keyed `<batch key>:<index>`.
   */
  idempotencyKey?: string;
  /** Marketing ("broadcast": campaigns) or transactional (the default) mail; Postmark streams them apart. */
  stream?: "broadcast";
};

/** One message of a batch: accepted, or refused with the provider's reason. */
export type BatchOutcome = { ok: true } | { ok: false; error: string };

export interface MailService {
  /** Resolves once the message is accepted for delivery; throws when it was not. */
  send(msg: MailMessage): Promise<void>;
  /**
   * Sends up to MAIL_BATCH_LIMIT messages in one provider call (Resend /emails/batch, Postmark
   * /email/batch, or the local outbox). `idempotencyKey` names the batch: a retried batch with the
   * same key is not sent twice (Resend's Idempotency-Key; the outbox's unique key per message).
   * Retries 429 and 5xx with backoff; throws when the provider still refuses the whole batch.
   * Resolves with one outcome per message, in order.
   */
  sendBatch(msgs: MailMessage[], idempotencyKey: string): Promise<BatchOutcome[]>;
}

/** The smaller of the providers' batch limits (Resend 100, Postmark 500). */
export const MAIL_BATCH_LIMIT = 100;

export const MAIL_PROVIDERS = ["resend", "postmark"] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];
