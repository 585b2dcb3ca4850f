// Gaps a mutation run found: checks that compared exactly could be loosened to a prefix or suffix
// match without a test going red. The CSRF guard (worker/middleware/csrf.ts) must refuse an Origin
// that merely starts with the site's origin (a longer port, a longer host, the site's name as a
// subdomain of another) when no Sec-Fetch-Site header is sent; the audio proxy's allowlist
// (worker/services/media/audio-proxy.ts) must refuse a subdomain of an allowed host.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { call, createUser, db, errorOf, LOCAL_ORIGIN, ORIGIN } from "./helpers";
import { sessions } from "../../worker/db/schema/accounts";
import { checkRemoteAudioUrl, parseAllowedHosts, RemoteUrlRefused } from "../../worker/services/media/audio-proxy";

const sessionsOf = async (userId: string) => (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("CSRF: an Origin that only starts like the site's", () => {
  const host = new URL(ORIGIN).host; // fans.test
  it.each([
    ["the site's name under another domain", ORIGIN, `https://${host}.evil.example`],
    ["a longer host", ORIGIN, `${ORIGIN}.com.evil`],
    ["a longer host without a dot", ORIGIN, `${ORIGIN}ing`],
    ["a port after the site's host", ORIGIN, `${ORIGIN}:8443`],
    ["a longer port", LOCAL_ORIGIN, `${LOCAL_ORIGIN}0`],
  ])("refuses %s (403 csrf, no Sec-Fetch-Site) and changes nothing", async (_label, site, origin) => {
    expect(origin.startsWith(site)).toBe(true);
    const user = await createUser("user");
    const res = await call("/api/auth/logout", { method: "POST", cookie: user.cookie, origin: site, headers: { origin } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("csrf");
    expect(await sessionsOf(user.id)).toBe(1);
  });
});

describe("the audio proxy's allowlist: exact host names only", () => {
  const allowed = parseAllowedHosts("files.example.com, cdn.example.org");
  const reasonOf = (raw: string) => {
    try {
      checkRemoteAudioUrl(raw, allowed);
      return "ok";
    } catch (err) {
      expect(err).toBeInstanceOf(RemoteUrlRefused);
      return (err as RemoteUrlRefused).reason;
    }
  };

  it("allows a listed host and refuses its subdomains and look-alikes (not_allowed)", () => {
    expect(reasonOf("https://files.example.com/a.mp3")).toBe("ok");
    for (const target of [
      "https://sub.files.example.com/a.mp3",
      "https://evil.cdn.example.org/a.mp3",
      "https://a.b.files.example.com/a.mp3",
      "https://evilfiles.example.com/a.mp3",
      "https://example.com/a.mp3",
      "https://files.example.com.evil/a.mp3",
    ])
      expect(reasonOf(target), target).toBe("not_allowed");
  });
});
