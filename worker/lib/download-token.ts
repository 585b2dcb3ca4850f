// The signed link to a bought release's zip (decision 054): an HS256 JWT with SESSION_SECRET, of
// its own audience (a media or export token never opens a download), bound to one entitlement and
// one format (a link for the MP3s does not open the lossless master), and expiring.
import { jwtVerify, SignJWT } from "jose";
import { DOWNLOAD_FORMATS, type DownloadFormat } from "#contracts/store/model.ts";

const AUDIENCE = "store-download";
const keyOf = (secret: string) => new TextEncoder().encode(secret);
const isFormat = (value: unknown): value is DownloadFormat => DOWNLOAD_FORMATS.some((f) => f === value);

export type DownloadGrant = { entitlementId: string; format: DownloadFormat };

export async function signDownloadToken(secret: string, grant: DownloadGrant, expiresAt: Date): Promise<string> {
  return new SignJWT({ fmt: grant.format })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(grant.entitlementId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/** "expired" for a genuine link past its time (the page offers a new one); null for anything else. */
export async function verifyDownloadToken(secret: string, token: string, now = Date.now()): Promise<DownloadGrant | "expired" | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      audience: AUDIENCE,
      algorithms: ["HS256"],
      currentDate: new Date(now),
      requiredClaims: ["exp", "sub"],
    });
    if (typeof payload.sub !== "string" || !isFormat(payload.fmt)) return null;
    return { entitlementId: payload.sub, format: payload.fmt };
  } catch (err) {
    return err instanceof Error && "code" in err && err.code === "ERR_JWT_EXPIRED" ? "expired" : null;
  }
}

/** The address of a download: /api/store/downloads/<token>. */
export const downloadPath = (token: string) => `/api/store/downloads/${token}`;
