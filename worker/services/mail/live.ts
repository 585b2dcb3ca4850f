// Live mail over a vendor's HTTP API. Uses only fetch (no SDK, no Node APIs) so the same code
// runs in workerd and, in tests, in Node against a fake vendor server.
import type { MailMessage, MailProvider, MailService } from "./types";

export const DEFAULT_MAIL_API_BASE_URLS: Record<MailProvider, string> = {
  resend: "https://api.resend.com",
  postmark: "https://api.postmarkapp.com",
};

export type LiveMailOptions = {
  provider: MailProvider;
  apiKey: string;
  from: string;
  /** Overrides the vendor's URL (a proxy, or a fake server in tests). */
  baseUrl?: string;
  fetch?: typeof fetch;
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

type VendorRequest = { path: string; headers: Record<string, string>; body: unknown };

/** Resend: POST /emails, Bearer key, https://resend.com/docs/api-reference/emails/send-email */
function resendRequest(opts: LiveMailOptions, msg: MailMessage): VendorRequest {
  return {
    path: "/emails",
    headers: { authorization: `Bearer ${opts.apiKey}` },
    body: { from: opts.from, to: [msg.to], subject: msg.subject, text: msg.text, ...(msg.html ? { html: msg.html } : {}) },
  };
}

/** Postmark: POST /email, server token header, https://postmarkapp.com/developer/api/email-api */
function postmarkRequest(opts: LiveMailOptions, msg: MailMessage): VendorRequest {
  return {
    path: "/email",
    headers: { "x-postmark-server-token": opts.apiKey },
    body: {
      From: opts.from,
      To: msg.to,
      Subject: msg.subject,
      TextBody: msg.text,
      ...(msg.html ? { HtmlBody: msg.html } : {}),
      MessageStream: "outbound",
    },
  };
}

const BUILDERS: Record<MailProvider, (opts: LiveMailOptions, msg: MailMessage) => VendorRequest> = {
  resend: resendRequest,
  postmark: postmarkRequest,
};

/** A short excerpt of the vendor's answer, enough to diagnose without flooding the logs. */
async function errorDetail(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  return text.slice(0, 300);
}

export function createLiveMailService(opts: LiveMailOptions): MailService {
  const base = (opts.baseUrl || DEFAULT_MAIL_API_BASE_URLS[opts.provider]).replace(/\/+$/, "");
  const doFetch = opts.fetch ?? fetch;
  return {
    async send(msg) {
      const req = BUILDERS[opts.provider](opts, msg);
      const res = await doFetch(base + req.path, {
        method: "POST",
        headers: { ...req.headers, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(req.body),
      });
      if (!res.ok) throw new MailDeliveryError(opts.provider, res.status, await errorDetail(res));
      // Drain the body so the connection can be reused.
      await res.body?.cancel();
    },
  };
}
