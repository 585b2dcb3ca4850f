// Picks the mail implementation: live when a provider and its key are configured, local otherwise.
// Either way every mail leaves with the sender's contact line (SENDER_CONTACT_LINE: who writes and
// how to reach them), added at its foot unless the mail already carries it.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { createLiveMailService } from "./live";
import { createLocalMailService } from "./local";
import { MAIL_PROVIDERS, type MailMessage, type MailProvider, type MailService } from "./types";
import { escapeHtml } from "../../lib/page-head";

export type { MailMessage, MailService } from "./types";

const isProvider = (value: string | undefined): value is MailProvider => MAIL_PROVIDERS.some((p) => p === value);

/** The message with the contact line at the foot of its text (and HTML), once. */
export function withContactLine(msg: MailMessage, line: string): MailMessage {
  if (msg.text.includes(line)) return msg;
  const footer = `<p style="margin:16px 0 0;font-size:12px;color:#6b6b70;">${escapeHtml(line)}</p>`;
  const html = msg.html === undefined ? undefined : msg.html.includes("</body>") ? msg.html.replace("</body>", `${footer}</body>`) : msg.html + footer;
  return { ...msg, text: `${msg.text}\n\n${line}`, ...(html === undefined ? {} : { html }) };
}

function createTransport(env: AppEnv, db: DB): MailService {
  const provider = env.MAIL_PROVIDER;
  if (isProvider(provider) && env.MAIL_API_KEY) {
    // readConfig already refuses a provider without MAIL_FROM; the fallback only satisfies types.
    return createLiveMailService({ provider, apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM ?? "", baseUrl: env.MAIL_API_BASE_URL });
  }
  return createLocalMailService(db);
}

export function createMailService(env: AppEnv, db: DB): MailService {
  const transport = createTransport(env, db);
  // Read as it is: readConfig checks it (non-empty) with the rest on the Worker's first request.
  const line = env.SENDER_CONTACT_LINE;
  return {
    send: (msg) => transport.send(withContactLine(msg, line)),
    sendBatch: (msgs, key) =>
      transport.sendBatch(
        msgs.map((msg) => withContactLine(msg, line)),
        key,
      ),
  };
}
