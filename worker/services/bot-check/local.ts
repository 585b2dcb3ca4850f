// The local verifier (decision 090): with no Turnstile keys on a developer's machine and in the
// tests, a local-only endpoint hands the form a token and the Worker checks it as Siteverify would
// check Turnstile's: signed by this Worker (HMAC-SHA256 under a key derived from SESSION_SECRET with
// a purpose of its own), for this form's action, at most 300 s old, and used once (its nonce is
// spent by one conditional insert, as Siteverify answers a token only once). A missing, forged,
// expired, spent or another form's token is refused, so the refusal path runs offline too.
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

/** A token that verifies: its nonce, and when it would expire (how long its spent mark is kept). */
export type LocalTokenId = { nonce: string; expiresAt: number };

export async function verifyLocalToken(secret: string, token: string, action: BotCheckAction, now = Date.now()): Promise<LocalTokenId | null> {
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [tokenAction, issued, nonce, signature] = parts as [string, string, string, string];
  if (tokenAction !== action || !/^\d{1,15}$/.test(issued)) return null;
  const age = now - Number(issued);
  if (age < 0 || age > BOT_CHECK_TOKEN_TTL_MS) return null;
  try {
    const signed = timingSafeEqual(fromBase64url(signature), await mac(secret, `${tokenAction}.${issued}.${nonce}`));
    return signed ? { nonce, expiresAt: Number(issued) + BOT_CHECK_TOKEN_TTL_MS } : null;
  } catch {
    return null;
  }
}

/** Spends a verified token: true for its first use only (one insert that finds the nonce taken the second time). */
export async function spendLocalToken(db: D1Database, id: LocalTokenId): Promise<boolean> {
  const res = await db
    .prepare("INSERT INTO spent_bot_check_tokens (nonce, expires_at) VALUES (?1, ?2) ON CONFLICT (nonce) DO NOTHING")
    .bind(id.nonce, id.expiresAt)
    .run();
  return res.meta.changes === 1;
}
