// The signed link to a member's data export (decision 041): an HS256 JWT with SESSION_SECRET, as
// the media tokens are, of its own audience (a media token never opens an export), bound to the
// member (`sub`) and to one archive (`eid`), so a newer export makes the older links useless, and
// expiring with the archive (24 hours).
import { jwtVerify, SignJWT } from "jose";

const AUDIENCE = "data-export";
const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signExportToken(secret: string, userId: string, exportId: string, expiresAt: Date): Promise<string> {
  return new SignJWT({ eid: exportId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/** The member and archive a valid, unexpired token names; else null. */
export async function verifyExportToken(secret: string, token: string, now = Date.now()): Promise<{ userId: string; exportId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      audience: AUDIENCE,
      algorithms: ["HS256"],
      currentDate: new Date(now),
      requiredClaims: ["exp", "sub"],
    });
    if (typeof payload.sub !== "string" || typeof payload.eid !== "string") return null;
    return { userId: payload.sub, exportId: payload.eid };
  } catch {
    return null;
  }
}
