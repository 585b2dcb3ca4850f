// Web push through @block65/webcrypto-web-push (docs/decisions/043-web-push.md): VAPID (RFC 8292)
// and aes128gcm encryption (RFC 8291) with Web Crypto only, so the same code runs in workerd and,
// in tests, in Node against a fake push service. The library builds the Authorization header and
// the encrypted body; the request itself (TTL, Urgency, Topic, fetch, status) is ours, because its
// buildPushPayload turns a TTL of 0 into 60 and does not know the "very-low" urgency.
import { encryptNotification, vapidHeaders, type PushSubscription } from "@block65/webcrypto-web-push";
import { PUSH_PAYLOAD_MAX_BYTES, pushEndpointAllowed, type PushPayload } from "#contracts/push.ts";
import type { PushResult, PushSender, PushSendOptions, PushSubscriptionKeys } from "./types";

export type LivePushOptions = {
  /** Base64url uncompressed P-256 point (65 bytes, 87 characters): the applicationServerKey. */
  publicKey: string;
  /** Base64url private scalar `d` of the same key (32 bytes, 43 characters). */
  privateKey: string;
  /** The VAPID contact: a mailto: or https: URL. */
  subject: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Plain http to 127.0.0.1 or localhost is a push service too (APP_ENV=local only). */
  allowLoopback?: boolean;
};

export const DEFAULT_PUSH_TTL_SECONDS = 24 * 60 * 60;
/** FCM and Mozilla keep a message at most four weeks; a longer TTL is refused by some services. */
const MAX_TTL_SECONDS = 28 * 24 * 60 * 60;
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/** Why a message cannot be sent as asked, or null. Checked before any crypto or network work. */
function invalidInput(sub: PushSubscriptionKeys, body: Uint8Array, options: PushSendOptions, allowLoopback: boolean): string | null {
  // Again here, not only at registration: a row stored before the allowlist, or by a bug, must
  // still never make the Worker an HTTP client for someone else's address.
  if (!pushEndpointAllowed(sub.endpoint, { allowLoopback })) return "the endpoint is not a browser push service";
  if (body.byteLength > PUSH_PAYLOAD_MAX_BYTES) return `the payload is ${body.byteLength} bytes, over ${PUSH_PAYLOAD_MAX_BYTES}`;
  const ttl = options.ttlSeconds;
  if (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= 0 && ttl <= MAX_TTL_SECONDS)) return `ttlSeconds ${ttl} is not 0..${MAX_TTL_SECONDS}`;
  if (options.topic !== undefined && !TOPIC.test(options.topic)) return "topic must be 1-32 base64url characters";
  return null;
}

export function createLivePushSender(opts: LivePushOptions): PushSender {
  const doFetch = opts.fetch ?? fetch;
  const vapid = { subject: opts.subject, publicKey: opts.publicKey, privateKey: opts.privateKey };
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function send(sub: PushSubscriptionKeys, payload: PushPayload, options: PushSendOptions = {}): Promise<PushResult> {
    // Only the push service's origin is logged: the endpoint path identifies the device.
    const origin = URL.canParse(sub.endpoint) ? new URL(sub.endpoint).origin : "(invalid endpoint)";
    const plaintext = new TextEncoder().encode(JSON.stringify(payload));
    const invalid = invalidInput(sub, plaintext, options, opts.allowLoopback ?? false);
    if (invalid) {
      console.error(`push to ${origin} not sent: ${invalid}`);
      return "failed";
    }
    try {
      const subscription: PushSubscription = { endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } };
      const [{ headers: auth }, body] = await Promise.all([vapidHeaders(subscription, vapid), encryptNotification(subscription, plaintext)]);
      const headers: Record<string, string> = {
        authorization: auth.authorization,
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
        ttl: String(options.ttlSeconds ?? DEFAULT_PUSH_TTL_SECONDS),
      };
      if (options.urgency) headers.urgency = options.urgency;
      if (options.topic) headers.topic = options.topic;
      // A push service answers a push itself; a redirect would send the Worker somewhere else.
      const res = await doFetch(sub.endpoint, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
      // The answer's body is never read or logged: it is the other side's text, not ours to keep.
      await res.body?.cancel();
      if (res.ok) return "sent";
      if (res.status === 404 || res.status === 410) return "gone";
      console.error(`push to ${origin} failed: HTTP ${res.status}`);
      return "failed";
    } catch (err) {
      // A bad subscription key (the library validates p256dh and auth), a bad VAPID key, a
      // network error or the timeout.
      console.error(`push to ${origin} failed`, err);
      return "failed";
    }
  }

  return { publicKey: opts.publicKey, send };
}
