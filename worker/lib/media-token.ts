// Signed, short-lived media URLs. The <audio> element gets a URL it can fetch (Range requests
// included) without cookies; the token inside is bound to one member and one track, and expires,
// so a copied URL stops working and cannot fetch another track. HS256 with SESSION_SECRET.
import { jwtVerify, SignJWT } from "jose";
import { MEDIA_TOKEN_TTL_SECONDS } from "../contracts/music";

const AUDIENCE = "media:track";
const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signTrackToken(secret: string, userId: string, trackId: string, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + MEDIA_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ trk: trackId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/** The member a token was issued to, if it is valid, unexpired and for this very track; else null. */
export async function verifyTrackToken(secret: string, token: string, trackId: string, now = Date.now()): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { audience: AUDIENCE, algorithms: ["HS256"], currentDate: new Date(now) });
    if (payload.trk !== trackId || typeof payload.sub !== "string") return null;
    return payload.sub;
  } catch {
    return null;
  }
}
