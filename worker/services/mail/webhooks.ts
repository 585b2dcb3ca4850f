// The mail providers' delivery reports (delivered, bounced, complained), checked and put into one
// shape. Pure: Web Crypto only, no database; the webhook route decides what to do with them.
//
// Resend signs with Svix (https://docs.svix.com/receiving/verifying-payloads/how-manual): headers
// svix-id, svix-timestamp (seconds) and svix-signature ("v1,<base64>", several separated by
// spaces while a secret rotates); the signature is HMAC-SHA256 of `${id}.${timestamp}.${body}`
// keyed with the base64 part of the `whsec_...` secret. Postmark does not sign: its webhook URL
// carries HTTP Basic credentials (https://user:password@host/...), and MAIL_WEBHOOK_SECRET is
// that "user:password".
import type { MailProvider } from "./types";

export type MailWebhookReport = {
  kind: "delivered" | "bounced" | "complained";
  email: string;
  /** From the `campaign` and `contact` metadata (Resend tags, Postmark Metadata) campaign mail carries. */
  campaignId: string | null;
  contactId: string | null;
  /**
   * The provider's own id of the message this report is about, with the address: the same report
   * delivered again has the same one, so it is applied once. Null when the provider gave none.
   */
  deliveryId: string | null;
};

/** A Svix timestamp further than this from now is refused (replay protection, Svix's own tolerance). */
export const SVIX_TOLERANCE_MS = 5 * 60 * 1000;

const utf8 = new TextEncoder();
/** UTF-8 bytes in a plain ArrayBuffer, as Web Crypto's types want. */
const utf8Bytes = (text: string) => new Uint8Array(utf8.encode(text));

function base64ToBytes(value: string): Uint8Array<ArrayBuffer> | null {
  try {
    const bin = atob(value);
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function verifySvix(secret: string, headers: Headers, rawBody: string, now: number): Promise<boolean> {
  const id = headers.get("svix-id");
  const timestamp = headers.get("svix-timestamp");
  const signatures = headers.get("svix-signature");
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp) * 1000) > SVIX_TOLERANCE_MS) return false;
  const keyBytes = base64ToBytes(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret);
  if (!keyBytes || keyBytes.length === 0) return false;
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const signed = utf8Bytes(`${id}.${timestamp}.${rawBody}`);
  for (const entry of signatures.split(" ")) {
    const [version, sig] = entry.split(",", 2);
    if (version !== "v1" || !sig) continue;
    const sigBytes = base64ToBytes(sig);
    // subtle.verify compares in constant time.
    if (sigBytes && (await crypto.subtle.verify("HMAC", key, sigBytes, signed))) return true;
  }
  return false;
}

/** Equal bytes, in time independent of where they differ (both sides hashed to the same length first). */
async function constantTimeEqual(a: Uint8Array<ArrayBuffer>, b: Uint8Array<ArrayBuffer>): Promise<boolean> {
  const [ha, hb] = await Promise.all([crypto.subtle.digest("SHA-256", a), crypto.subtle.digest("SHA-256", b)]);
  const x = new Uint8Array(ha);
  const y = new Uint8Array(hb);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

async function verifyBasic(secret: string, headers: Headers): Promise<boolean> {
  const match = /^basic\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  const given = match ? base64ToBytes(match[1]!) : null;
  if (!given) return false;
  // atob gives one byte per character: compare with the secret's UTF-8 bytes.
  return constantTimeEqual(given, utf8Bytes(secret));
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : null);

/** Resend's tags: [{ name, value }] as sent, or { name: value } as some payloads show them. */
function resendTags(tags: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(tags)) {
    for (const t of tags) if (isObject(t) && typeof t.name === "string" && str(t.value)) out[t.name] = str(t.value)!;
  } else if (isObject(tags)) {
    for (const [k, v] of Object.entries(tags)) if (str(v)) out[k] = str(v)!;
  }
  return out;
}

function ids(meta: Record<string, string>) {
  return { campaignId: meta.campaign ?? null, contactId: meta.contact ?? null };
}

const RESEND_KINDS: Record<string, MailWebhookReport["kind"]> = {
  "email.delivered": "delivered",
  "email.bounced": "bounced",
  "email.complained": "complained",
};

function resendReports(payload: unknown, svixId: string): MailWebhookReport[] {
  if (!isObject(payload) || typeof payload.type !== "string" || !isObject(payload.data)) return [];
  const kind = RESEND_KINDS[payload.type];
  if (!kind) return [];
  const data = payload.data;
  // email.bounced is documented as a permanent rejection; a bounce object that says otherwise
  // (Transient, Undetermined) must not suppress the address.
  if (kind === "bounced" && isObject(data.bounce) && typeof data.bounce.type === "string" && data.bounce.type.toLowerCase() !== "permanent") return [];
  const to = Array.isArray(data.to) ? data.to : [data.to];
  const meta = ids(resendTags(data.tags));
  return to
    .filter((e): e is string => typeof e === "string" && e !== "")
    .map((email) => ({ kind, email, ...meta, deliveryId: `resend:${svixId}:${email.toLowerCase()}` }));
}

/** Postmark bounce types that mean the address will never take mail. */
const POSTMARK_HARD_BOUNCES = new Set(["HardBounce", "BadEmailAddress"]);

function postmarkReport(record: unknown): MailWebhookReport | null {
  if (!isObject(record)) return null;
  const meta: Record<string, string> = {};
  if (isObject(record.Metadata)) for (const [k, v] of Object.entries(record.Metadata)) if (str(v)) meta[k] = str(v)!;
  // Postmark's records carry the message's id (and a bounce its own ID); the record type tells a
  // delivery from a later bounce of the same message.
  const messageId = str(record.ID) ?? str(record.MessageID);
  const deliveryOf = (email: string) => (messageId ? `postmark:${String(record.RecordType)}:${messageId}:${email.toLowerCase()}` : null);
  const base = ids(meta);
  switch (record.RecordType) {
    case "Delivery": {
      const email = str(record.Recipient);
      return email ? { kind: "delivered", email, ...base, deliveryId: deliveryOf(email) } : null;
    }
    case "Bounce": {
      const email = str(record.Email);
      return email && typeof record.Type === "string" && POSTMARK_HARD_BOUNCES.has(record.Type)
        ? { kind: "bounced", email, ...base, deliveryId: deliveryOf(email) }
        : null;
    }
    case "SpamComplaint": {
      const email = str(record.Email);
      return email ? { kind: "complained", email, ...base, deliveryId: deliveryOf(email) } : null;
    }
    default:
      return null;
  }
}

/**
 * Checks a provider's webhook request and returns its reports, or null when the signature
 * (Resend) or the Basic credentials (Postmark) are wrong, or no secret is configured. A genuine
 * request about something else (an open, a soft bounce, unreadable JSON) gives [].
 */
export async function verifyMailWebhook(
  provider: MailProvider,
  secret: string | undefined,
  headers: Headers,
  rawBody: string,
  now: number = Date.now(),
): Promise<MailWebhookReport[] | null> {
  if (!secret) return null;
  const ok = provider === "resend" ? await verifySvix(secret, headers, rawBody, now) : await verifyBasic(secret, headers);
  if (!ok) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    return [];
  }
  if (provider === "resend") return resendReports(payload, headers.get("svix-id")!);
  const records = Array.isArray(payload) ? payload : [payload];
  return records.map(postmarkReport).filter((r): r is MailWebhookReport => r !== null);
}
