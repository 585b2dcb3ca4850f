// Reads near every fan (decision 050): every request reads through one D1 session whose trips are
// counted (primary or replica, by the Sessions API's routing), signed-in requests start at the
// primary so a revocation counts at once, a visitor's own writes travel as a bookmark, and public
// answers come from the edge cache, keyed by the content version, never holding a personal answer.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE } from "../../worker/middleware/d1-session";
import { edgeCacheKey } from "../../worker/middleware/edge-cache";
import { isReadOnly } from "../../worker/db/d1-session";
import { readContentVersion } from "../../worker/db/content-version";
import { cookieFrom, createUser, db, fetchApp, ORIGIN } from "./helpers";

type Send = Parameters<typeof fetchApp>[1] & { edgeCache?: "on" | "off" };
const send = (path: string, { edgeCache = "off", ...options }: Send = {}) => fetchApp(path, options, { EDGE_CACHE: edgeCache });

/** The request's D1 trips, from the header the Worker adds outside production. */
function tripsOf(res: Response) {
  const header = res.headers.get("x-d1-trips") ?? "";
  const match = /^primary=(\d+), replica=(\d+), start=(\S+)$/.exec(header);
  if (!match) throw new Error(`no trips header: "${header}"`);
  return { primary: Number(match[1]), replica: Number(match[2]), start: match[3] };
}

const PUBLIC_READS = [
  "/api/config",
  "/api/music/albums",
  "/api/music/albums/moonlight-boulevard",
  "/api/music/tracks",
  "/api/events",
  "/api/radio/stations",
  "/api/tv/channels",
  "/sitemap.xml",
  "/events.ics",
];

describe("D1 trips per request", () => {
  it.each(PUBLIC_READS)("a visitor's %s makes no trip to the primary", async (path) => {
    const res = await send(path);
    expect(res.status).toBe(200);
    const trips = tripsOf(res);
    expect(trips).toMatchObject({ primary: 0, start: "first-unconstrained" });
  });

  it("a signed-in feed page makes one trip to the primary (the session check), the rest to a replica", async () => {
    const member = await createUser("user");
    await send("/api/posts", { cookie: member.cookie }); // warms the settings memo, as a busy isolate has
    const res = await send("/api/posts", { cookie: member.cookie });
    expect(res.status).toBe(200);
    const trips = tripsOf(res);
    expect(trips).toMatchObject({ primary: 1, start: "first-primary" });
    expect(trips.replica).toBeGreaterThan(0);
  });

  it("counts writes and what follows them in the same session at the primary", () => {
    expect(isReadOnly("select * from users")).toBe(true);
    expect(isReadOnly("  WITH x AS (SELECT 1) SELECT * FROM x")).toBe(true);
    expect(isReadOnly("with x as (select 1) insert into t select * from x")).toBe(false);
    expect(isReadOnly("insert into t values (1) returning id")).toBe(false);
    expect(isReadOnly("update sessions set last_seen_at = 1")).toBe(false);
  });
});

describe("read-your-writes for visitors: the bookmark", () => {
  const contact = () => ({
    name: "Ana Souza",
    email: `ana.${crypto.randomUUID().slice(0, 8)}@example.com`,
    subject: "Booking",
    message: "Is there a show in São Paulo?",
  });

  it("a request that wrote hands back its bookmark; the next request starts from it", async () => {
    const wrote = await send("/api/contact", { method: "POST", json: contact() });
    expect(wrote.status).toBe(200);
    const bookmark = cookieFrom(wrote, BOOKMARK_COOKIE);
    expect(bookmark).toMatch(new RegExp(`^${BOOKMARK_COOKIE}=[0-9a-f]{8}(-[0-9a-f]+)+$`));
    const setCookie = wrote.headers.getSetCookie().find((line) => line.startsWith(BOOKMARK_COOKIE))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/Max-Age=300/i);

    const next = await send("/api/music/albums", { cookie: bookmark! });
    expect(tripsOf(next)).toMatchObject({ primary: 0, start: "bookmark" });
  });

  it("a read-only request sets no bookmark, and a malformed one is ignored", async () => {
    const read = await send("/api/music/albums");
    expect(cookieFrom(read, BOOKMARK_COOKIE)).toBeNull();
    const odd = await send("/api/music/albums", { cookie: `${BOOKMARK_COOKIE}=x;y'"<>` });
    expect(odd.status).toBe(200);
    expect(tripsOf(odd).start).toBe("first-unconstrained");
  });

  it("a signed-in request starts at the primary even with a bookmark", async () => {
    const member = await createUser("user");
    const res = await send("/api/auth/me", { cookie: `${member.cookie}; ${BOOKMARK_COOKIE}=00000001-00000002-00000003` });
    expect(tripsOf(res).start).toBe("first-primary");
  });
});

describe("security decisions are never read from a stale replica", () => {
  it("a ban, a signed-out session and a VIP that ended count on the very next request", async () => {
    const member = await createUser("vip");
    const me = async (cookie: string) => (await send("/api/auth/me", { cookie })).json<{ user: { isVIP: boolean } | null }>();
    expect((await me(member.cookie)).user?.isVIP).toBe(true);

    await env.DB.prepare("UPDATE users SET is_vip = 0 WHERE id = ?").bind(member.id).run();
    expect((await me(member.cookie)).user?.isVIP).toBe(false);

    const admin = await createUser("admin");
    const banned = await send(`/api/admin/users/${member.id}/ban`, {
      method: "PUT",
      cookie: admin.cookie,
      json: { banned: true, reason: "Spam", until: null },
    });
    expect(banned.status).toBe(200);
    expect((await me(member.cookie)).user).toBeNull();

    const other = await createUser("user");
    expect((await send("/api/auth/logout", { method: "POST", cookie: other.cookie })).status).toBe(204);
    expect((await me(other.cookie)).user).toBeNull();
  });
});

describe("the edge cache", () => {
  const visitor = (path: string, headers: Record<string, string> = {}) => send(path, { headers, edgeCache: "on" });
  // Answers served from the cache are read to the end: their bodies stream from the cache, and one
  // left open would still be streaming when the next file's reset() stops it (workerd logs a trace).

  it("stores a visitor's public answer and serves it again, with ETag, Vary and Cache-Control", async () => {
    const first = await visitor("/api/music/albums");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-edge-cache")).toBe("miss");
    const body = await first.text();
    const second = await visitor("/api/music/albums");
    expect(second.headers.get("x-edge-cache")).toBe("hit");
    expect(await second.text()).toBe(body);
    expect(tripsOf(second).primary).toBe(0);
    for (const res of [first, second]) {
      expect(res.headers.get("etag")).toMatch(/^W\/"[0-9a-f]{32}"$/);
      expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
      expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    }
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));

    const revalidated = await visitor("/api/music/albums", { "if-none-match": first.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("keeps each language apart", async () => {
    const english = await (await visitor("/api/radio/stations")).text();
    const portuguese = await visitor("/api/radio/stations", { "accept-language": "pt-BR" });
    expect(portuguese.headers.get("x-edge-cache")).toBe("miss");
    expect(portuguese.headers.get("content-language")).toBe("pt-BR");
    const inPortuguese = await portuguese.text();
    expect(inPortuguese).not.toBe(english);
    const portugueseHit = await visitor("/api/radio/stations", { "accept-language": "pt-BR" });
    expect(portugueseHit.headers.get("content-language")).toBe("pt-BR");
    expect(await portugueseHit.text()).toBe(inPortuguese);
    const englishHit = await visitor("/api/radio/stations");
    expect(englishHit.headers.get("content-language")).toBe("en");
    expect(await englishHit.text()).toBe(english);
  });

  it("a change in the back office is seen by the next visitor at once", async () => {
    const admin = await createUser("admin");
    const before = await readContentVersion(db());
    await visitor("/api/music/albums/moonlight-boulevard");
    const hit = await visitor("/api/music/albums/moonlight-boulevard");
    expect(hit.headers.get("x-edge-cache")).toBe("hit");
    expect(await hit.text()).toContain("Moonlight Boulevard");

    const changed = await send("/api/admin/catalog/albums/moonlight-boulevard", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { title: "Moonlight Boulevard (Remastered)" },
    });
    expect(changed.status).toBe(200);
    expect(await readContentVersion(db())).not.toBe(before);

    const after = await visitor("/api/music/albums/moonlight-boulevard");
    expect(after.headers.get("x-edge-cache")).toBe("miss");
    expect(await after.text()).toContain("Moonlight Boulevard (Remastered)");
  });

  it("a refused back-office request leaves the version as it was", async () => {
    const admin = await createUser("admin");
    const before = await readContentVersion(db());
    const refused = await send("/api/admin/catalog/albums/moonlight-boulevard", { method: "PATCH", cookie: admin.cookie, json: { year: 1800 } });
    expect(refused.status).toBe(400);
    expect(await readContentVersion(db())).toBe(before);
  });

  it("never stores or serves an answer to a signed-in request", async () => {
    const member = await createUser("vip");
    const signedIn = await send("/api/music/albums", { cookie: member.cookie, edgeCache: "on" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-edge-cache")).toBeNull();
    const key = edgeCacheKey(`${ORIGIN}/api/music/albums`, await readContentVersion(db()), "en");
    expect(await caches.default.match(key)).toBeUndefined();

    // A visitor's answer is stored; the member still gets their own.
    expect((await visitor("/api/music/albums")).headers.get("x-edge-cache")).toBe("miss");
    const stored = await caches.default.match(key);
    expect(stored).toBeDefined();
    expect(await stored!.text()).toContain("albums");
    const again = await send("/api/music/albums", { cookie: member.cookie, edgeCache: "on" });
    expect(again.headers.get("x-edge-cache")).toBeNull();
  });

  it("never stores a personal or uncacheable answer, even for a visitor", async () => {
    for (const path of ["/api/auth/me", "/api/notifications", "/api/admin/overview"]) {
      const res = await visitor(path);
      expect(res.headers.get("x-edge-cache"), path).toBeNull();
      const key = edgeCacheKey(ORIGIN + path, await readContentVersion(db()), "en");
      expect(await caches.default.match(key), path).toBeUndefined();
    }
  });
});
