// Playback tokens of live shows (decision 113): HS256 with SESSION_SECRET, like media tokens, but
// under their own audience, so a media token never opens a show and a show's token never opens a
// track. Bound to one show (`evt`), one member (`sub`) and what it plays (`mode`, with the show's
// start and end it was issued for); it lives
// LIVE_TOKEN_SECONDS. The local playlist and its segments check it and nothing else: a member who
// loses access keeps the stream only until the token they hold expires.
import { jwtVerify, SignJWT } from "jose";
import { LIVE_TOKEN_SECONDS, type LivePlaybackMode } from "#contracts/live-limits.ts";

const AUDIENCE = "live:playback";
const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * `startedAt` (and for a replay `endedAt`), epoch ms, are what the playlist is computed from: the
 * token carries them, so the playlist and its segments read no database.
 */
export type LiveTokenClaims = { eventId: string; userId: string; mode: LivePlaybackMode; startedAt: number; endedAt: number | null };

export async function signLiveToken(secret: string, claims: LiveTokenClaims, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + LIVE_TOKEN_SECONDS;
  const token = await new SignJWT({ evt: claims.eventId, mode: claims.mode, st: claims.startedAt, en: claims.endedAt })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/** The token's claims if it is valid, unexpired and for this show; else null. */
export async function verifyLiveToken(secret: string, token: string, eventId: string, now = Date.now()): Promise<LiveTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      audience: AUDIENCE,
      algorithms: ["HS256"],
      currentDate: new Date(now),
      requiredClaims: ["exp", "sub"],
    });
    if (payload.evt !== eventId || typeof payload.sub !== "string") return null;
    if (payload.mode !== "live" && payload.mode !== "replay") return null;
    if (typeof payload.st !== "number" || (payload.en !== null && typeof payload.en !== "number")) return null;
    if (payload.mode === "replay" && payload.en === null) return null;
    return { eventId, userId: payload.sub, mode: payload.mode, startedAt: payload.st, endedAt: payload.en };
  } catch {
    return null;
  }
}
