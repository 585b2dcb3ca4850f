// Links a mail carries that act without a sign-in (the newsletter's unsubscribe and preference
// page): the contact's id, and the campaign it came from, signed with HMAC-SHA256 under a key
// derived from SESSION_SECRET. The link never expires: RFC 8058 asks that an unsubscribe link keep
// working, and all it can do is manage that one address's subscription.
import { base64url, fromBase64url, timingSafeEqual } from "./crypto";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const PURPOSE = "newsletter-link:";

export type ContactLink = { contactId: string; campaignId: string | null };

async function mac(secret: string, payload: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(PURPOSE + payload)));
}

export async function signContactLink(secret: string, link: ContactLink): Promise<string> {
  const payload = `${link.contactId}.${link.campaignId ?? ""}`;
  return `${base64url(encoder.encode(payload))}.${base64url(await mac(secret, payload))}`;
}

/** The contact (and campaign) a token names, or null when it was not signed by us. */
export async function verifyContactLink(secret: string, token: string): Promise<ContactLink | null> {
  const [encoded, signature, ...rest] = token.split(".");
  if (!encoded || !signature || rest.length > 0) return null;
  let payload: string;
  let given: Uint8Array;
  try {
    payload = decoder.decode(fromBase64url(encoded));
    given = fromBase64url(signature);
  } catch {
    return null;
  }
  if (!timingSafeEqual(given, await mac(secret, payload))) return null;
  const [contactId, campaignId] = payload.split(".");
  if (!contactId) return null;
  return { contactId, campaignId: campaignId || null };
}
