// Signed, short-lived media URLs. The <audio>/<video> element gets a URL it can fetch (Range
// requests included) without cookies; the token inside is bound to one member and one object (a
// track, a TV channel's video, a radio station's stream), and expires, so a copied URL stops
// working and cannot fetch anything else. HS256 with SESSION_SECRET.
import { jwtVerify, SignJWT } from "jose";
import { MEDIA_TOKEN_TTL_SECONDS } from "#contracts/music/music.ts";

/**
 * What a token opens; each kind is its own audience, so a track token never opens a video. A
 * preview token is bound to its track but to no member (visitors play previews).
 */
export type MediaKind = "track" | "video" | "station" | "preview" | "master";

/** The subject of preview tokens, which belong to nobody. */
export const ANYONE = "anyone";

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signMediaToken(secret: string, userId: string, kind: MediaKind, id: string, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + MEDIA_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ trk: id })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(`media:${kind}`)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/** The member a token was issued to, if it is valid, unexpired and for this very object; else null. */
export async function verifyMediaToken(secret: string, token: string, kind: MediaKind, id: string, now = Date.now()): Promise<string | null> {
  try {
    // exp is required, not merely checked when present: a token without one would never expire.
    // The server never signs one, so only a leaked secret or a bug could make it; refuse it anyway.
    const { payload } = await jwtVerify(token, keyOf(secret), {
      audience: `media:${kind}`,
      algorithms: ["HS256"],
      currentDate: new Date(now),
      requiredClaims: ["exp", "sub"],
    });
    if (payload.trk !== id || typeof payload.sub !== "string") return null;
    return payload.sub;
  } catch {
    return null;
  }
}

export const signTrackToken = (secret: string, userId: string, trackId: string, now = Date.now()) => signMediaToken(secret, userId, "track", trackId, now);
