// The local verifier (decision 090): with no Turnstile keys on a developer's machine and in the
// tests, a local-only endpoint hands the form a token and the Worker checks it as Siteverify would
// check Turnstile's: signed by this Worker (HMAC-SHA256 under a key derived from SESSION_SECRET with
// a purpose of its own), for this form's action, and at most 300 s old. A missing, forged, expired
// or another form's token is refused, so the refusal path runs offline too.
import { BOT_CHECK_TOKEN_TTL_MS, type BotCheckAction } from "#contracts/bot-check.ts";
import { base64url, fromBase64url, randomToken, timingSafeEqual } from "../../lib/crypto";

const encoder = new TextEncoder();
const PURPOSE = "bot-check:";

async function mac(secret: string, payload: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(PURPOSE + payload)));
}

/** A token for `action` issued at `now`: `<action>.<issued ms>.<nonce>.<signature>`. */
export async function issueLocalToken(secret: string, action: BotCheckAction, now = Date.now()): Promise<string> {
  const payload = `${action}.${now}.${randomToken(12)}`;
  return `${payload}.${base64url(await mac(secret, payload))}`;
}

export async function verifyLocalToken(secret: string, token: string, action: BotCheckAction, now = Date.now()): Promise<boolean> {
  const parts = token.split(".");
  if (parts.length !== 4) return false;
  const [tokenAction, issued, nonce, signature] = parts as [string, string, string, string];
  if (tokenAction !== action || !/^\d{1,15}$/.test(issued)) return false;
  const age = now - Number(issued);
  if (age < 0 || age > BOT_CHECK_TOKEN_TTL_MS) return false;
  try {
    return timingSafeEqual(fromBase64url(signature), await mac(secret, `${tokenAction}.${issued}.${nonce}`));
  } catch {
    return false;
  }
}
