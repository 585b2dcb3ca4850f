// The link in every "Notify me" mail to a visitor (decision 057): their address, signed with
// HMAC-SHA256 under a key derived from SESSION_SECRET with a purpose of its own, so a newsletter
// link can never stand in for it. All it can do is withdraw that address's requests not yet told,
// so it never expires.
import { base64url, fromBase64url, timingSafeEqual } from "./crypto";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const PURPOSE = "notify-me-cancel:";

async function mac(secret: string, payload: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(PURPOSE + payload)));
}

export async function signNotifyCancel(secret: string, email: string): Promise<string> {
  const payload = email.toLowerCase();
  return `${base64url(encoder.encode(payload))}.${base64url(await mac(secret, payload))}`;
}

/** The address a token names, or null when it was not signed by us. */
export async function verifyNotifyCancel(secret: string, token: string): Promise<string | null> {
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0) return null;
  try {
    const payload = decoder.decode(fromBase64url(encoded));
    return timingSafeEqual(fromBase64url(signature), await mac(secret, payload)) && payload.includes("@") ? payload : null;
  } catch {
    return null;
  }
}
