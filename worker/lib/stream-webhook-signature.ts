// Cloudflare Stream's webhook signature (decision 113): `Webhook-Signature: time=<unix seconds>,
// sig1=<hex HMAC-SHA256 of "<time>.<body>">` with the webhook's secret. A notice older than five
// minutes (or as far in the future) is refused, so a captured one cannot be replayed later.
import { timingSafeEqual } from "./crypto";

export const STREAM_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function hmacHex(secret: string, text: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text)));
}

/**
 * The header's value for `body` signed at `time` (seconds): what Stream sends, and what tests send.
 * @internal
 */
export async function streamWebhookSignature(secret: string, body: string, time: number) {
  return `time=${time},sig1=${await hmacHex(secret, `${time}.${body}`)}`;
}

/** "ok", or why the signature is refused: none or malformed, wrong, or too old. */
export async function checkStreamWebhookSignature(
  secret: string,
  header: string | null,
  body: string,
  now: number,
): Promise<"ok" | "malformed" | "bad" | "stale"> {
  const parts = new Map((header ?? "").split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const time = Number(parts.get("time"));
  const sig = parts.get("sig1");
  if (!Number.isInteger(time) || !sig || !/^[0-9a-f]{64}$/.test(sig)) return "malformed";
  const expected = await hmacHex(secret, `${time}.${body}`);
  if (!timingSafeEqual(new TextEncoder().encode(expected), new TextEncoder().encode(sig))) return "bad";
  return Math.abs(now / 1000 - time) > STREAM_WEBHOOK_TOLERANCE_SECONDS ? "stale" : "ok";
}
