// The VIP pass's two proofs, both bound to one member and one minute window (decision 027):
// - the QR code's token: an HS256 JWT signed with SESSION_SECRET, audience "vip-pass" (so a media
//   token, signed with the same secret, never passes for one), subject the member, claim `win` the
//   window; it expires PASS_TOKEN_GRACE_SECONDS after its window ends;
// - the typed code's time code: HMAC-SHA256(SESSION_SECRET, "vip-pass-code:<member>:<window>")
//   truncated to six digits, as TOTP does; accepted in its window and PASS_CODE_GRACE_SECONDS after.
// Nothing is stored: a pass rotates by the clock alone.
import { errors, jwtVerify, SignJWT } from "jose";
import {
  PASS_CODE_DIGITS,
  PASS_CODE_EXPIRED_WINDOWS,
  PASS_CODE_GRACE_SECONDS,
  PASS_TOKEN_GRACE_SECONDS,
  PASS_WINDOW_SECONDS,
} from "#contracts/tickets/vip-pass.ts";
import { USER_ID_PATTERN } from "#contracts/ids.ts";
import { timingSafeEqual } from "./crypto";

export const PASS_AUDIENCE = "vip-pass";
const WINDOW_MS = PASS_WINDOW_SECONDS * 1000;
const encoder = new TextEncoder();

/** The minute window `now` falls in (a count of windows since the epoch). */
export const passWindow = (now: number) => Math.floor(now / WINDOW_MS);
/** When a window ends (ms): the page asks for the next pass then. */
export const windowEndsAt = (window: number) => (window + 1) * WINDOW_MS;

/** This window's QR token for the member. */
export async function signPassToken(secret: string, userId: string, now = Date.now()): Promise<string> {
  const window = passWindow(now);
  return new SignJWT({ win: window })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(PASS_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(windowEndsAt(window) / 1000 + PASS_TOKEN_GRACE_SECONDS)
    .sign(encoder.encode(secret));
}

/**
 * What a scanned token says: `valid` (signed by us for a pass, its window now or a few seconds
 * past), `expired` (signed by us for a pass, but rotated away: the member is still known), or
 * `unknown` (forged, altered, another purpose's token, or not a token at all).
 */
export type TokenCheck = { status: "valid" | "expired"; userId: string } | { status: "unknown" };

const passSubject = (payload: { sub?: unknown; aud?: unknown; win?: unknown }) =>
  payload.aud === PASS_AUDIENCE && Number.isSafeInteger(payload.win) && typeof payload.sub === "string" && USER_ID_PATTERN.test(payload.sub)
    ? payload.sub
    : null;

export async function verifyPassToken(secret: string, token: string, now = Date.now()): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { audience: PASS_AUDIENCE, algorithms: ["HS256"], currentDate: new Date(now) });
    const userId = passSubject(payload);
    return userId ? { status: "valid", userId } : { status: "unknown" };
  } catch (error) {
    // jose checks the signature, then the audience, and only then the expiry: an expired error is
    // our own pass token, rotated away.
    if (error instanceof errors.JWTExpired) {
      const userId = passSubject(error.payload);
      if (userId) return { status: "expired", userId };
    }
    return { status: "unknown" };
  }
}

async function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

async function timeCodeWith(key: CryptoKey, userId: string, window: number): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`vip-pass-code:${userId}:${window}`)));
  // RFC 4226's dynamic truncation: 31 bits from an offset the MAC itself picks.
  const offset = mac[mac.length - 1]! & 0x0f;
  const bits = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(bits % 10 ** PASS_CODE_DIGITS).padStart(PASS_CODE_DIGITS, "0");
}

/** The member's time code for the window `now` falls in. */
export async function passTimeCode(secret: string, userId: string, now = Date.now()): Promise<string> {
  return timeCodeWith(await hmacKey(secret), userId, passWindow(now));
}

/** The typed code as shown under the QR code: "1042-583921". */
export const formatPassCode = (passNumber: number, timeCode: string) => `${passNumber}-${timeCode}`;

/**
 * A typed code as a pass number and a time code, or null. Spaces, dashes and dots are ignored, so
 * "1042 583 921" reads like "1042-583921"; the last six digits are the time code.
 */
export function parsePassCode(input: string): { passNumber: number; timeCode: string } | null {
  const digits = input.replace(/[\s.\-–—]/g, "");
  if (!/^\d+$/.test(digits) || digits.length <= PASS_CODE_DIGITS || digits.length > PASS_CODE_DIGITS + 9) return null;
  return { passNumber: Number(digits.slice(0, -PASS_CODE_DIGITS)), timeCode: digits.slice(-PASS_CODE_DIGITS) };
}

const same = (a: string, b: string) => timingSafeEqual(encoder.encode(a), encoder.encode(b));

/**
 * Checks a typed time code against the member's: `valid` for this window's, or the last window's
 * within PASS_CODE_GRACE_SECONDS of its end; `expired` for one of the PASS_CODE_EXPIRED_WINDOWS
 * before; `unknown` otherwise.
 */
export async function checkPassTimeCode(secret: string, userId: string, timeCode: string, now = Date.now()): Promise<"valid" | "expired" | "unknown"> {
  const key = await hmacKey(secret);
  const current = passWindow(now);
  for (let window = current; window >= current - PASS_CODE_EXPIRED_WINDOWS; window--) {
    if (!same(await timeCodeWith(key, userId, window), timeCode)) continue;
    const live = window === current || (window === current - 1 && now < windowEndsAt(window) + PASS_CODE_GRACE_SECONDS * 1000);
    return live ? "valid" : "expired";
  }
  return "unknown";
}
