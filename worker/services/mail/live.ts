// Live mail over a vendor's HTTP API. Uses only fetch (no SDK, no Node APIs) so the same code
// runs in workerd and, in tests, in Node against a fake vendor server.
import { MAIL_BATCH_LIMIT, type BatchOutcome, type MailMessage, type MailProvider, type MailService } from "./types";

export const DEFAULT_MAIL_API_BASE_URLS: Record<MailProvider, string> = {
  resend: "https://api.resend.com",
  postmark: "https://api.postmarkapp.com",
};

/** A request is tried at most this many times when the vendor answers 429 or 5xx. */
export const MAIL_MAX_ATTEMPTS = 4;
/** The first wait without a Retry-After; it doubles on each further attempt (1 s, 2 s, 4 s). */
export const MAIL_RETRY_BASE_MS = 1000;
/** No single wait is longer, whatever Retry-After says: a queue consumer must not stall. */
export const MAIL_RETRY_MAX_WAIT_MS = 30_000;

export type LiveMailOptions = {
  provider: MailProvider;
  apiKey: string;
  from: string;
  /** Overrides the vendor's URL (a proxy, or a fake server in tests). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Waits between retries (default setTimeout); tests pass one that records and returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** The clock Retry-After dates are measured against (default Date.now). */
  now?: () => number;
};

export class MailDeliveryError extends Error {
  constructor(
    readonly provider: MailProvider,
    readonly status: number,
    detail: string,
  ) {
    super(`Mail provider ${provider} refused the message (HTTP ${status})${detail ? `: ${detail}` : ""}`);
    this.name = "MailDeliveryError";
  }
}

/** A batch refused before anything was sent (too many messages, or attachments Resend's batch drops). */
export class MailBatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MailBatchError";
  }
}

type VendorRequest = { path: string; headers: Record<string, string>; body: unknown };

/**
 * Resend tags allow only ASCII letters, digits, "_" and "-" (at most 256 characters,
 * https://resend.com/docs/dashboard/emails/tags); anything else becomes "_" so a tag never
 * makes Resend refuse the mail. Our ids (newId) are already in that alphabet.
 */
export const resendTagText = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 256) || "_";

/** One message in Resend's shape (https://resend.com/docs/api-reference/emails/send-email). */
function resendEmail(opts: LiveMailOptions, msg: MailMessage) {
  return {
    from: opts.from,
    to: [msg.to],
    subject: msg.subject,
    text: msg.text,
    ...(msg.html ? { html: msg.html } : {}),
    ...(msg.headers && Object.keys(msg.headers).length > 0 ? { headers: msg.headers } : {}),
    ...(msg.attachments?.length
      ? { attachments: msg.attachments.map((a) => ({ filename: a.filename, content: a.content, content_type: a.contentType })) }
      : {}),
    ...(msg.metadata && Object.keys(msg.metadata).length > 0
      ? { tags: Object.entries(msg.metadata).map(([name, value]) => ({ name: resendTagText(name), value: resendTagText(value) })) }
      : {}),
  };
}

/** One message in Postmark's shape (https://postmarkapp.com/developer/api/email-api). */
function postmarkEmail(opts: LiveMailOptions, msg: MailMessage) {
  return {
    From: opts.from,
    To: msg.to,
    Subject: msg.subject,
    TextBody: msg.text,
    ...(msg.html ? { HtmlBody: msg.html } : {}),
    ...(msg.headers && Object.keys(msg.headers).length > 0 ? { Headers: Object.entries(msg.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
    ...(msg.attachments?.length ? { Attachments: msg.attachments.map((a) => ({ Name: a.filename, Content: a.content, ContentType: a.contentType })) } : {}),
    ...(msg.metadata && Object.keys(msg.metadata).length > 0 ? { Metadata: msg.metadata } : {}),
    // Postmark keeps marketing apart from transactional mail: campaigns go on its broadcast stream.
    MessageStream: msg.stream === "broadcast" ? "broadcast" : "outbound",
  };
}

const authHeaders = (opts: LiveMailOptions): Record<string, string> =>
  opts.provider === "resend" ? { authorization: `Bearer ${opts.apiKey}` } : { "x-postmark-server-token": opts.apiKey };

function singleRequest(opts: LiveMailOptions, msg: MailMessage): VendorRequest {
  if (opts.provider === "resend") {
    // Resend keeps an Idempotency-Key for 24 hours: a retried send with the same key is not sent twice.
    const idem: Record<string, string> = msg.idempotencyKey ? { "idempotency-key": msg.idempotencyKey } : {};
    return { path: "/emails", headers: { ...authHeaders(opts), ...idem }, body: resendEmail(opts, msg) };
  }
  return { path: "/email", headers: authHeaders(opts), body: postmarkEmail(opts, msg) };
}

function batchRequest(opts: LiveMailOptions, msgs: MailMessage[], idempotencyKey: string): VendorRequest {
  if (opts.provider === "resend") {
    return { path: "/emails/batch", headers: { ...authHeaders(opts), "idempotency-key": idempotencyKey }, body: msgs.map((m) => resendEmail(opts, m)) };
  }
  // Postmark has no idempotency key: a batch retried after a 5xx that had in fact gone through
  // is sent again. The campaign sender's per-recipient state is what keeps that rare.
  return { path: "/email/batch", headers: authHeaders(opts), body: msgs.map((m) => postmarkEmail(opts, m)) };
}

/** A short excerpt of the vendor's answer, enough to diagnose without flooding the logs. */
async function errorDetail(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  return text.slice(0, 300);
}

/**
 * How long to wait before attempt `attempt + 1`: the vendor's Retry-After (seconds or an HTTP
 * date) when it sent one, else 1 s doubling per attempt; never more than MAIL_RETRY_MAX_WAIT_MS.
 */
export function retryDelayMs(retryAfter: string | null, attempt: number, now: number): number {
  let wait = MAIL_RETRY_BASE_MS * 2 ** (attempt - 1);
  const value = retryAfter?.trim();
  if (value && /^\d+$/.test(value)) wait = Number(value) * 1000;
  else if (value && !Number.isNaN(Date.parse(value))) wait = Math.max(0, Date.parse(value) - now);
  return Math.min(wait, MAIL_RETRY_MAX_WAIT_MS);
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type PostmarkBatchItem = { ErrorCode?: number; Message?: string; To?: string };

export function createLiveMailService(opts: LiveMailOptions): MailService {
  const base = (opts.baseUrl || DEFAULT_MAIL_API_BASE_URLS[opts.provider]).replace(/\/+$/, "");
  const doFetch = opts.fetch ?? fetch;
  const sleep = opts.sleep ?? realSleep;
  const now = opts.now ?? Date.now;

  /**
   * POSTs, retrying 429 and 5xx up to `attempts` times; any other refusal (a 4xx: our mistake)
   * throws at once.
   */
  async function post(req: VendorRequest, attempts: number): Promise<Response> {
    const init = {
      method: "POST",
      headers: { ...req.headers, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(req.body),
    };
    for (let attempt = 1; ; attempt++) {
      const res = await doFetch(base + req.path, init);
      if (res.ok) return res;
      const retryable = res.status === 429 || res.status >= 500;
      if (!retryable || attempt >= attempts) throw new MailDeliveryError(opts.provider, res.status, await errorDetail(res));
      const wait = retryDelayMs(res.headers.get("retry-after"), attempt, now());
      await res.body?.cancel();
      await sleep(wait);
    }
  }

  return {
    // One attempt: a single mail is sent inside someone's request (a reset link, a verification),
    // which must answer in time; its caller reports the failure. Batches run on the queue and wait.
    async send(msg) {
      const res = await post(singleRequest(opts, msg), 1);
      // Drain the body so the connection can be reused.
      await res.body?.cancel();
    },

    /**
     * One call to /emails/batch (Resend, with `idempotencyKey` as its Idempotency-Key) or
     * /email/batch (Postmark). Refuses, before any request, more than MAIL_BATCH_LIMIT messages
     * and, on Resend, any message with attachments: Resend's batch endpoint does not take them
     * (https://resend.com/docs/dashboard/emails/attachments), so send those with `send`.
     * Resend accepts or refuses the whole batch; Postmark answers per message (ErrorCode 0 = accepted).
     */
    async sendBatch(msgs, idempotencyKey): Promise<BatchOutcome[]> {
      if (msgs.length > MAIL_BATCH_LIMIT) throw new MailBatchError(`A batch holds at most ${MAIL_BATCH_LIMIT} messages, got ${msgs.length}`);
      if (msgs.length === 0) return [];
      if (opts.provider === "resend" && msgs.some((m) => m.attachments?.length)) {
        throw new MailBatchError("Resend's batch endpoint does not accept attachments: send messages with attachments one by one with send()");
      }
      const res = await post(batchRequest(opts, msgs, idempotencyKey), MAIL_MAX_ATTEMPTS);
      if (opts.provider === "resend") {
        await res.body?.cancel();
        return msgs.map(() => ({ ok: true }));
      }
      // Postmark answers 200 even when some messages were refused; its answers are in the
      // order of the messages.
      const items = (await res.json().catch(() => null)) as PostmarkBatchItem[] | null;
      return msgs.map((_, i): BatchOutcome => {
        const item = Array.isArray(items) ? items[i] : undefined;
        if (!item) return { ok: false, error: "postmark gave no answer for this message" };
        if (item.ErrorCode === 0) return { ok: true };
        return { ok: false, error: `postmark error ${item.ErrorCode ?? "?"}: ${item.Message ?? ""}`.trim() };
      });
    },
  };
}
