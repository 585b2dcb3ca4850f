// The token of a double opt-in (decision 045), shared by the newsletter and "Remind me": the mailed
// link carries a random token and D1 keeps only its SHA-256, so the stored rows confirm nothing by
// themselves. The link opens the SPA's confirmation page, which posts the token back.
import { randomToken, sha256Hex } from "./crypto";

export type OptInToken = {
  /** Stored with the pending request; the confirmation finds the request by it. */
  hash: string;
  /** The confirmation page with the token as `?token=`: what the mail links to. */
  link: string;
};

/** The stored hash of a token (a new one, or one a confirmation link brought back). */
export const optInTokenHash = (token: string): Promise<string> => sha256Hex(token);

/** A new token for a pending request: its hash to store and the link to mail (`confirmPath` on `origin`). */
export async function newOptInToken(origin: string, confirmPath: string): Promise<OptInToken> {
  const token = randomToken(32);
  const link = new URL(confirmPath, origin);
  link.searchParams.set("token", token);
  return { hash: await optInTokenHash(token), link: link.toString() };
}
