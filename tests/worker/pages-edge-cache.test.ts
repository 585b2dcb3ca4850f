// Public pages from the edge cache, rendered in one pass (decision 061): a visitor's page is stored
// under the same key as the public API's answers (content version, language, path, sorted query)
// for as long as the shortest-lived read it was made from, and revalidated by ETag; a signed-in
// request and an embed's request that carries a session cookie are never answered from it nor
// stored in it; a back-office change is seen by the next visitor; a release time ends the entry.
// The page's reads run in its own request: one request log line, its D1 trips its own.
import { env } from "cloudflare:workers";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { edgeCacheKey } from "../../worker/middleware/edge-cache";
import { readContentVersion } from "../../worker/db/content-version";
import { LOCALE_COOKIE } from "../../worker/contracts/locale";
import type { RequestLogLine } from "../../worker/middleware/request-log";
import { createUser, db, fetchApp, ORIGIN } from "./helpers";
import { fakeAssets, rootOf, textOf } from "./pages-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const { assets } = fakeAssets();
/** Each test's own addresses: no other test (or file) has stored an answer under them. */
const own = (path: string) => `${path}${path.includes("?") ? "&" : "?"}run=${crypto.randomUUID().slice(0, 8)}`;

type Send = Parameters<typeof fetchApp>[1] & { vars?: Record<string, string> };

async function send(path: string, { vars = {}, ...options }: Send = {}) {
  const res = await fetchApp(path, options, { ASSETS: assets, EDGE_CACHE: "on", ...vars });
  return { res, body: await res.text(), status: res.status, cache: res.headers.get("x-edge-cache") };
}

function tripsOf(res: Response) {
  const match = /^primary=(\d+), replica=(\d+)/.exec(res.headers.get("x-d1-trips") ?? "");
  if (!match) throw new Error("no trips header");
  return { primary: Number(match[1]), replica: Number(match[2]) };
}

/** The copy the edge cache holds for a visitor's `path` in `language`, read whole; undefined when none. */
async function storedCopy(path: string, language = "en") {
  const stored = await caches.default.match(edgeCacheKey(ORIGIN + path, await readContentVersion(db()), language));
  if (!stored) return undefined;
  return { cacheControl: stored.headers.get("cache-control"), body: await stored.text() };
}

const maxAgeOf = (cacheControl: string | null | undefined) => Number(/max-age=(\d+)/.exec(cacheControl ?? "")?.[1] ?? Number.NaN);

const VISITOR_PAGE_CACHE = "public, max-age=0, must-revalidate";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a visitor's page from the edge cache", () => {
  it.each(["/", "/events", "/music/catalog/freestyle-nights", "/music/track/spring-love", "/embed/track/spring-love", "/music", "/virtual-meet", "/perks"])(
    "%s: rendered once, then served from the cache with no render and no D1 trip",
    async (base) => {
      const path = own(base);
      const miss = await send(path);
      expect(miss.status).toBe(200);
      expect(miss.cache).toBe("miss");
      // The page's own reads are counted in its own request's session: replica reads, no primary.
      expect(tripsOf(miss.res).primary).toBe(0);
      expect(tripsOf(miss.res).replica).toBeGreaterThan(0);

      const hit = await send(path);
      expect(hit.cache).toBe("hit");
      expect(hit.body).toBe(miss.body);
      expect(tripsOf(hit.res)).toEqual({ primary: 0, replica: 0 });
      for (const { res } of [miss, hit]) {
        // The browser asks again every time: its copy never outlives a sign-in (Vary: Cookie too).
        expect(res.headers.get("cache-control")).toBe(VISITOR_PAGE_CACHE);
        expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
        expect(res.headers.get("etag")).toMatch(/^W\/"[0-9a-f]{32}"$/);
        expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(res.headers.get("x-browser-cache-control")).toBeNull();
      }
      expect(hit.res.headers.get("etag")).toBe(miss.res.headers.get("etag"));
      // The edge keeps it by a Cache-Control of its own, at most as long as the API's answers.
      const stored = await storedCopy(path);
      expect(maxAgeOf(stored?.cacheControl)).toBeGreaterThan(0);
      expect(maxAgeOf(stored?.cacheControl)).toBeLessThanOrEqual(60);
    },
  );

  it("answers 304 to a browser that holds the page, from the cache", async () => {
    const path = own("/music/catalog/freestyle-nights");
    const first = await send(path);
    const etag = first.res.headers.get("etag")!;
    const again = await send(path, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.cache).toBe("hit");
    expect(again.body).toBe("");
    expect(again.res.headers.get("cache-control")).toBe(VISITOR_PAGE_CACHE);
    expect(tripsOf(again.res)).toEqual({ primary: 0, replica: 0 });
  });

  it("serves a link shared with campaign tags or a click id from the page's entry; other parameters keep theirs", async () => {
    const path = own("/");
    const first = await send(path);
    expect(first.cache).toBe("miss");
    for (const tagged of [
      `${path}&utm_source=newsletter&utm_medium=email`,
      `${path}&fbclid=IwAR0${crypto.randomUUID()}`,
      `${path}&gclid=Cj0${crypto.randomUUID()}&mc_eid=1`,
    ]) {
      const clicked = await send(tagged);
      expect(clicked.cache).toBe("hit");
      expect(clicked.body).toBe(first.body);
      expect(tripsOf(clicked.res)).toEqual({ primary: 0, replica: 0 });
    }
    // A parameter a route may read is part of the address: its own render, its own entry.
    const other = await send(`${path}&utm=1&page=2`);
    expect(other.cache).toBe("miss");
    expect((await storedCopy(`${path}&page=2&utm=1`))?.body).toBe(other.body);
  });

  it("keeps each language apart, chosen by Accept-Language or by the language cookie", async () => {
    const path = own("/events");
    const english = await send(path);
    const portuguese = await send(path, { headers: { "accept-language": "pt-BR,pt;q=0.9" } });
    expect(portuguese.cache).toBe("miss");
    expect(portuguese.res.headers.get("content-language")).toBe("pt-BR");
    expect(portuguese.body).toContain('lang="pt-BR"');
    expect(portuguese.body).not.toBe(english.body);

    const byCookie = await send(path, { cookie: `${LOCALE_COOKIE}=pt-BR` });
    expect(byCookie.cache).toBe("hit");
    expect(byCookie.body).toBe(portuguese.body);
    const englishAgain = await send(path, { headers: { "accept-language": "pt-BR" }, cookie: `${LOCALE_COOKIE}=en` });
    expect(englishAgain.cache).toBe("hit");
    expect(englishAgain.res.headers.get("content-language")).toBe("en");
    expect(englishAgain.body).toBe(english.body);
  });

  it("never serves or stores a signed-in member's page", async () => {
    const member = await createUser("vip");
    const path = own("/");
    const signedIn = await send(path, { cookie: member.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.cache).toBeNull();
    expect(signedIn.res.headers.get("cache-control")).toBe("private, no-cache");
    expect(await storedCopy(path)).toBeUndefined();

    // A visitor's page is stored; the member still gets their own, rendered for them.
    expect((await send(path)).cache).toBe("miss");
    const again = await send(path, { cookie: member.cookie });
    expect(again.cache).toBeNull();
    expect(again.res.headers.get("cache-control")).toBe("private, no-cache");
    expect(again.body).toContain(member.username);
  });

  it("never serves or stores an embed's page for a request that carries a session cookie", async () => {
    const member = await createUser("user");
    const path = own("/embed/album/freestyle-nights");
    const withCookie = await send(path, { cookie: member.cookie });
    expect(withCookie.status).toBe(200);
    expect(withCookie.cache).toBeNull();
    expect(await storedCopy(path)).toBeUndefined();

    // Without a cookie it is stored (the control), and still not served to the cookie's bearer.
    expect((await send(path)).cache).toBe("miss");
    expect((await send(path)).cache).toBe("hit");
    const again = await send(path, { cookie: member.cookie });
    expect(again.cache).toBeNull();
    expect(again.status).toBe(200);
  });

  it("keeps no page made from a read that may not be shared (search answers are private)", async () => {
    const path = own("/search?q=love");
    const first = await send(path);
    expect(first.status).toBe(200);
    expect(first.cache).toBeNull();
    expect(await storedCopy(path)).toBeUndefined();
    expect((await send(path)).cache).toBeNull();
  });

  it("shows a change made in the back office to the next visitor at once", async () => {
    const admin = await createUser("admin");
    const path = own("/music/catalog/moonlight-boulevard");
    await send(path);
    const hit = await send(path);
    expect(hit.cache).toBe("hit");
    expect(textOf(rootOf(hit.body))).toContain("Moonlight Boulevard");

    const changed = await send("/api/admin/catalog/albums/moonlight-boulevard", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { title: "Moonlight Boulevard (Live)" },
    });
    expect(changed.status).toBe(200);
    try {
      const after = await send(path);
      expect(after.cache).toBe("miss");
      expect(textOf(rootOf(after.body))).toContain("Moonlight Boulevard (Live)");
    } finally {
      await send("/api/admin/catalog/albums/moonlight-boulevard", { method: "PATCH", cookie: admin.cookie, json: { title: "Moonlight Boulevard" } });
    }
  });

  it("counts a page once in the request log, its reads inside it", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await send(own("/music/catalog/freestyle-nights"), { vars: { REQUEST_LOG: "on" } });
    const lines = log.mock.calls
      .map(([first]) => String(first))
      .filter((text) => text.startsWith('{"t":"request"'))
      .map((text) => JSON.parse(text) as RequestLogLine);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ route: "(page or not found)", status: 200, cache: "miss", role: "visitor" });
    expect(lines[0]!.d1?.replica).toBeGreaterThan(0);
  });
});

describe("a page's entry ends at the next release time", () => {
  const ALBUM = "zz-page-cache-early";
  const T0 = Date.now();
  const RELEASE_IN_S = 20;

  beforeAll(async () => {
    const admin = await createUser("admin");
    await D1.batch([
      D1.prepare("INSERT INTO albums (id, title, year, type, position) VALUES (?1, 'Almost Out', 2026, 'Album', 960)").bind(ALBUM),
      D1.prepare("INSERT INTO tracks (id, album_id, title, number, duration_seconds) VALUES (?1, ?2, 'Soon Now', 1, 120)").bind(`${ALBUM}-1`, ALBUM),
    ]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    const times = { earlyAccessAt: new Date(T0 - 3_600_000).toISOString(), releaseAt: new Date(T0 + RELEASE_IN_S * 1000).toISOString() };
    expect((await send(`/api/admin/catalog/albums/${ALBUM}`, { method: "PATCH", cookie: admin.cookie, json: times })).status).toBe(200);
  });

  afterAll(async () => {
    vi.useRealTimers();
    await D1.batch([D1.prepare("DELETE FROM tracks WHERE album_id = ?").bind(ALBUM), D1.prepare("DELETE FROM albums WHERE id = ?").bind(ALBUM)]);
  });

  it("a track in early access is kept only until its public release", async () => {
    vi.setSystemTime(T0);
    const path = own(`/music/track/${ALBUM}-1`);
    const early = await send(path);
    expect(early.status).toBe(200);
    expect(early.cache).toBe("miss");
    expect(textOf(rootOf(early.body))).toContain("Soon Now");
    expect(maxAgeOf((await storedCopy(path))?.cacheControl)).toBe(RELEASE_IN_S);
    expect((await send(path)).cache).toBe("hit");

    vi.setSystemTime(T0 + (RELEASE_IN_S + 1) * 1000);
    const released = own(`/music/track/${ALBUM}-1`);
    expect((await send(released)).cache).toBe("miss");
    expect(maxAgeOf((await storedCopy(released))?.cacheControl)).toBe(60);
  });

  it("an album in early access is kept only until its public release", async () => {
    vi.setSystemTime(T0);
    const path = own(`/music/catalog/${ALBUM}`);
    const early = await send(path);
    expect(early.status).toBe(200);
    expect(early.cache).toBe("miss");
    expect(maxAgeOf((await storedCopy(path))?.cacheControl)).toBe(RELEASE_IN_S);

    // Later on the clock, the same page keeps only the seconds left; a released album its minute.
    vi.setSystemTime(T0 + (RELEASE_IN_S - 5) * 1000);
    const later = own(`/music/catalog/${ALBUM}`);
    await send(later);
    expect(maxAgeOf((await storedCopy(later))?.cacheControl)).toBeLessThanOrEqual(5);
    vi.setSystemTime(T0 + (RELEASE_IN_S + 1) * 1000);
    const released = own(`/music/catalog/${ALBUM}`);
    expect((await send(released)).cache).toBe("miss");
    expect(maxAgeOf((await storedCopy(released))?.cacheControl)).toBe(60);
  });
});
