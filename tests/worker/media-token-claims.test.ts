// A media token must carry an expiry: one correctly signed without `exp` would open its object
// forever, so the verifier refuses it (worker/lib/media-token.ts) even though the server never
// issues such a token.
import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { signMediaToken, verifyMediaToken, type MediaKind } from "../../worker/lib/media-token";
import { call, createUser, errorOf, type TestUser } from "./helpers";

const media = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const SESSION_SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;
const TRACK = "city-lights-calling-1";
const TRACK_KEY = "audio/city-lights-calling-1.mp3";

let vip: TestUser;
beforeAll(async () => {
  vip = await createUser("vip");
  await media.put(TRACK_KEY, new Uint8Array(100), { httpMetadata: { contentType: "audio/mpeg" } });
});

/** What signMediaToken signs, minus the expiry. */
const withoutExp = (kind: MediaKind, id: string, sub = vip.id) =>
  new SignJWT({ trk: id })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(sub)
    .setAudience(`media:${kind}`)
    .setIssuedAt()
    .sign(new TextEncoder().encode(SESSION_SECRET));
const trackUrl = (token: string) => `/media/tracks/${TRACK}?token=${encodeURIComponent(token)}`;

describe("media tokens need an expiry", () => {
  it("plays with the token the server issues, and refuses the same token signed without exp", async () => {
    const { token } = await signMediaToken(SESSION_SECRET, vip.id, "track", TRACK);
    const played = await call(trackUrl(token));
    expect(played.status).toBe(200);
    // Read to the end: the body streams from R2, and one left open would still be streaming when
    // the next file's reset() stops R2 (workerd logs a trace).
    expect((await played.arrayBuffer()).byteLength).toBe(100);

    const res = await call(trackUrl(await withoutExp("track", TRACK)));
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "media_token_invalid", message: "This media link has expired or is not yours" });
  });

  it("refuses a token without exp for every kind, and one without a subject", async () => {
    for (const kind of ["track", "video", "station", "preview"] as const) {
      expect(await verifyMediaToken(SESSION_SECRET, await withoutExp(kind, "x-1"), kind, "x-1")).toBeNull();
      const { token } = await signMediaToken(SESSION_SECRET, vip.id, kind, "x-1");
      expect(await verifyMediaToken(SESSION_SECRET, token, kind, "x-1")).toBe(vip.id);
    }
    const noSub = await new SignJWT({ trk: "x-1" })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("media:track")
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(SESSION_SECRET));
    expect(await verifyMediaToken(SESSION_SECRET, noSub, "track", "x-1")).toBeNull();
  });
});
