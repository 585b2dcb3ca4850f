// POST /api/collect and the page-view buffer: what is counted and what is not, what is stored
// (never an IP or a user agent), visitors per day, sessions, and batched writes to D1.
import { env } from "cloudflare:workers";
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { FLUSH_INTERVAL_MS, type AnalyticsBuffer } from "../../worker/durable-objects/AnalyticsBuffer";
import { flushAnalyticsBuffers, analyticsBufferFor } from "../../worker/services/realtime/analytics-buffer";
import { PageViewBuffer, type IncomingView } from "../../worker/services/analytics/buffer";
import { visitorKeys } from "../../worker/services/analytics/visitor";
import { COLLECT_PER_IP_PER_MINUTE, SESSION_GAP_MS } from "../../worker/contracts/collect";
import { DAY_MS } from "../../worker/lib/time";
import { createUser, db, ORIGIN, useFreshClientIp } from "./helpers";
import { countingD1 } from "./d1-count";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

type Row = { at: number; path: string; referrer_host: string | null; visitor_id: string; session_id: string; device: string; signed_in: number };

type CollectOptions = { ua?: string | null; ip?: string; headers?: Record<string, string>; cookie?: string; contentType?: string | null };

/** A beacon as the SPA sends it; resolves once the Worker's after-answer work is done. */
async function collect(body: unknown, { ua = CHROME, ip, headers = {}, cookie, contentType = "application/json" }: CollectOptions = {}) {
  const h = new Headers({ origin: ORIGIN, "sec-fetch-site": "same-origin", ...headers });
  if (ua !== null) h.set("user-agent", ua);
  if (contentType !== null) h.set("content-type", contentType);
  if (ip) h.set("cf-connecting-ip", ip);
  if (cookie) h.set("cookie", cookie);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}/api/collect`, { method: "POST", headers: h, body: typeof body === "string" ? body : JSON.stringify(body) }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** The buffer object's alarm delay (one shard here), for tests that must not race its clock. */
/**
 * The buffer's flush interval from now on. An alarm an earlier test armed is taken back too: the
 * object keeps an earlier alarm rather than a later one, so it would flush on the old interval.
 */
async function setFlushInterval(ms: number) {
  await runInDurableObject(analyticsBufferFor(env, "0".repeat(16)), async (instance: AnalyticsBuffer, state) => {
    instance.flushIntervalMs = ms;
    await state.storage.deleteAlarm();
    (instance as unknown as { alarmAt: number | null }).alarmAt = null;
  });
}

async function storedViews(): Promise<Row[]> {
  await flushAnalyticsBuffers(env);
  const { results } = await env.DB.prepare("SELECT * FROM page_views ORDER BY at, id").all<Row>();
  return results;
}

const view = (over: Partial<IncomingView> = {}): IncomingView => ({
  at: Date.UTC(2031, 0, 10, 12),
  path: "/",
  referrerHost: null,
  visitorId: "v".repeat(32),
  ipKey: "1".repeat(16),
  device: "desktop",
  signedIn: false,
  ...over,
});

const limits = { perIpPerMinute: COLLECT_PER_IP_PER_MINUTE, maxPending: 10_000 };

beforeEach(async () => {
  await flushAnalyticsBuffers(env);
  await env.DB.exec("DELETE FROM page_views");
});

describe("POST /api/collect: what is counted", () => {
  it("answers 204 and stores one view: path, device, referrer host, visitor and session", async () => {
    const res = await collect({ path: "/music", referrer: "https://www.Google.com/search?q=freestyle", width: 1280 });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const rows = await storedViews();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path: "/music", referrer_host: "google.com", device: "desktop", signed_in: 0 });
    expect(rows[0]!.visitor_id).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]!.session_id).toMatch(/^[\w-]{16}$/);
    expect(Math.abs(rows[0]!.at - Date.now())).toBeLessThan(60_000);
  });

  it("takes the text/plain body sendBeacon sends", async () => {
    expect((await collect({ path: "/radio", width: 390 }, { contentType: "text/plain;charset=UTF-8" })).status).toBe(204);
    expect((await storedViews()).map((r) => r.path)).toEqual(["/radio"]);
  });

  it.each([
    ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    ["bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"],
    ["a crawler", "Mozilla/5.0 (compatible; SomeCrawler/1.0)"],
    ["a spider", "Baiduspider+(+http://www.baidu.com/search/spider.htm)"],
    ["Yahoo Slurp", "Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)"],
    ["headless Chrome", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36"],
    [
      "Lighthouse",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 Chrome-Lighthouse",
    ],
    ["PhantomJS", "Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1"],
    ["Facebook's link preview", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"],
    ["curl", "curl/8.5.0"],
    ["wget", "Wget/1.21.4"],
    ["python-requests", "python-requests/2.32.3"],
    ["an empty user agent", ""],
  ])("does not count %s", async (_name, ua) => {
    expect((await collect({ path: "/", width: 1280 }, { ua })).status).toBe(204);
    expect(await storedViews()).toHaveLength(0);
  });

  it("does not count a request without a user agent", async () => {
    expect((await collect({ path: "/", width: 1280 }, { ua: null })).status).toBe(204);
    expect(await storedViews()).toHaveLength(0);
  });

  it("counts a Cubot phone (not a robot for containing 'bot')", async () => {
    await collect(
      { path: "/", width: 400 },
      { ua: "Mozilla/5.0 (Linux; Android 10; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36" },
    );
    expect(await storedViews()).toHaveLength(1);
  });

  it("honours Global Privacy Control (Sec-GPC: 1)", async () => {
    expect((await collect({ path: "/", width: 1280 }, { headers: { "sec-gpc": "1" } })).status).toBe(204);
    expect(await storedViews()).toHaveLength(0);
  });

  it.each(["/admin", "/admin/analytics", "/api/config", "/API/x", "/admin?tab=1"])("does not count the private path %s", async (path) => {
    expect((await collect({ path, width: 1280 })).status).toBe(204);
    expect(await storedViews()).toHaveLength(0);
  });

  // The path is free text in the beacon: only the site's own pages (COUNTED_PAGES) are stored, the
  // rest answered 204 like any view not counted, so spam or markup never reaches Top Pages.
  it.each([
    ["spam", "/buy-cheap-followers-now"],
    ["HTML", "/<script>alert(1)</script>"],
    ["HTML in an id", "/music/catalog/<b>x</b>"],
    ["bidi controls", "/music/catalog/\u202Egpj.exe"],
    ["NUL", "/music\u0000"],
    ["CRLF", "/music\r\nSet-Cookie: x=1"],
    ["a lone surrogate", "/music/catalog/\uD800"],
    ["the replacement character invalid UTF-8 decodes to", "/music/catalog/\uFFFD"],
    ["percent-escapes", "/music/catalog/%3Cb%3E"],
    ["an unknown page", "/events/secret"],
    ["a bad id", "/social/post/not-a-uuid"],
    ["an id of 101 characters", `/music/catalog/${"a".repeat(101)}`],
    ["an empty segment", "/music//catalog"],
    ["a local-only page", "/dev/mailbox"],
  ])("does not store %s in a path", async (_, path) => {
    expect((await collect({ path, width: 1280 })).status).toBe(204);
    expect(await storedViews()).toHaveLength(0);
  });

  it("does not store a path sent as invalid UTF-8", async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"path":"/music/'), 0xff, 0xfe, ...new TextEncoder().encode('","width":1280}')]);
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${ORIGIN}/api/collect`, {
        method: "POST",
        headers: { origin: ORIGIN, "sec-fetch-site": "same-origin", "user-agent": CHROME, "content-type": "application/json" },
        body: bytes,
      }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(204);
    expect(await storedViews()).toHaveLength(0);
  });

  it("stores every kind of page of the site with its ids", async () => {
    const uuid = "0f8fad5b-d9cb-469f-a165-70867728950e";
    const paths = [
      "/music/catalog/city-lights-calling",
      "/music/track/city-lights-calling-1",
      "/embed/album/city-lights-calling",
      "/embed/track/city-lights-calling-1",
      `/parties/${uuid}`,
      `/social/post/${uuid}`,
      `/social/profile/${uuid}`,
      "/vip-membership/manage",
      "/auth/reset-password",
    ];
    for (const path of paths) expect((await collect({ path, width: 1280 })).status).toBe(204);
    expect((await storedViews()).map((r) => r.path)).toEqual(paths);
  });

  it("keeps the path without query string, fragment or trailing slash", async () => {
    await collect({ path: "/music/catalog/?sort=new#top", width: 1280 });
    await collect({ path: "/", width: 1280 });
    expect((await storedViews()).map((r) => r.path)).toEqual(["/music/catalog", "/"]);
  });

  it.each([
    [375, "mobile"],
    [767, "mobile"],
    [768, "desktop"],
    [2560, "desktop"],
  ])("a %ipx wide screen is %s", async (width, device) => {
    await collect({ path: "/", width }, { ua: IPHONE });
    expect((await storedViews())[0]?.device).toBe(device);
  });

  it("flags views of a signed-in member", async () => {
    const member = await createUser("user");
    await collect({ path: "/social", width: 1280 }, { cookie: member.cookie });
    await collect({ path: "/social", width: 1280 }, { cookie: "__Host-sid=not-a-session" });
    expect((await storedViews()).map((r) => r.signed_in)).toEqual([1, 0]);
  });

  it.each([
    ["instagram.com", "instagram.com"],
    ["https://L.Instagram.com/?u=x", "l.instagram.com"],
    ["https://www.facebook.com/", "facebook.com"],
    ["news.example.org:8443", "news.example.org"],
    ["", null],
    ["   ", null],
    [undefined, null],
    ["fans.test", null],
    ["https://fans.test/music", null],
    ["https://www.fans.test/", null],
    ["not a host at all", null],
  ])("referrer %j is stored as %j", async (referrer, host) => {
    await collect({ path: "/", width: 1280, ...(referrer === undefined ? {} : { referrer }) });
    expect((await storedViews())[0]?.referrer_host).toBe(host);
  });

  it.each([
    ["not JSON", "{path:"],
    ["no width", { path: "/" }],
    ["a path not starting with /", { path: "music", width: 100 }],
    ["a negative width", { path: "/", width: -1 }],
    ["a fractional width", { path: "/", width: 10.5 }],
    ["an unknown field", { path: "/", width: 100, ip: "1.2.3.4" }],
    ["a referrer of 256 characters", { path: "/", width: 100, referrer: "a".repeat(256) }],
    ["an array", [1, 2]],
  ])("answers 400 invalid_input to %s", async (_name, body) => {
    const res = await collect(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_input");
    expect(await storedViews()).toHaveLength(0);
  });

  it("answers 400 to a form content type", async () => {
    const res = await collect("path=/", { contentType: "application/x-www-form-urlencoded" });
    expect(res.status).toBe(400);
  });

  it("refuses a cross-site beacon (the API's same-origin rule)", async () => {
    const res = await collect({ path: "/", width: 100 }, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(await storedViews()).toHaveLength(0);
  });
});

describe("privacy: no IP and no user agent stored", () => {
  it("no table holds the client's IP or user agent after a view is counted", async () => {
    const ip = "203.0.113.77";
    const ua = `${IPHONE} UniqueMarker/42.1`;
    const member = await createUser("user");
    await collect({ path: "/events", referrer: "google.com", width: 390 }, { ip, ua, cookie: member.cookie });
    expect(await storedViews()).toHaveLength(1);
    const { results: tables } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<{ name: string }>();
    expect(tables.length).toBeGreaterThan(10);
    const needles = [ip, ua, "UniqueMarker", "iPhone"];
    for (const { name } of tables) {
      const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
      for (const row of results) {
        for (const value of Object.values(row)) {
          if (typeof value !== "string") continue;
          for (const needle of needles) expect(value.includes(needle), `${name} holds ${needle}`).toBe(false);
        }
      }
    }
  });
});

describe("visitors and sessions", () => {
  it("the same IP and user agent are one visitor; another user agent or IP is another", async () => {
    const ip = useFreshClientIp();
    await collect({ path: "/", width: 1280 }, { ip });
    await collect({ path: "/music", width: 1280 }, { ip });
    await collect({ path: "/", width: 390 }, { ip, ua: IPHONE });
    await collect({ path: "/", width: 1280 }, { ip: useFreshClientIp() });
    const rows = await storedViews();
    expect(rows).toHaveLength(4);
    expect(rows[0]!.visitor_id).toBe(rows[1]!.visitor_id);
    expect(rows[0]!.session_id).toBe(rows[1]!.session_id);
    expect(new Set(rows.map((r) => r.visitor_id)).size).toBe(3);
  });

  it("a new UTC day gives the same IP and user agent another visitor id, and yesterday's salt is gone", async () => {
    const day1 = Date.UTC(2031, 2, 1, 23, 50);
    const sameDay = Date.UTC(2031, 2, 1, 8, 0);
    const day2 = Date.UTC(2031, 2, 2, 0, 10);
    const a = await visitorKeys(db(), "198.51.100.9", CHROME, day1);
    const b = await visitorKeys(db(), "198.51.100.9", CHROME, sameDay);
    expect(b).toEqual(a);
    expect(await visitorKeys(db(), "198.51.100.10", CHROME, day1)).not.toEqual(a);
    const c = await visitorKeys(db(), "198.51.100.9", CHROME, day2);
    expect(c.visitorId).not.toBe(a.visitorId);
    expect(c.ipKey).not.toBe(a.ipKey);
    const { results } = await env.DB.prepare("SELECT day FROM analytics_salts WHERE day <= '2031-03-02' ORDER BY day").all<{ day: string }>();
    expect(results.map((r) => r.day)).toEqual(["2031-03-02"]);
  });

  it("continues a session within 30 minutes of the visitor's previous view and starts a new one after", async () => {
    const buffer = new PageViewBuffer(env.DB, limits);
    const t0 = Date.UTC(2031, 0, 10, 12);
    const visitorId = "a".repeat(32);
    for (const at of [t0, t0 + 10 * 60_000, t0 + 10 * 60_000 + SESSION_GAP_MS, t0 + 10 * 60_000 + SESSION_GAP_MS + 1 + SESSION_GAP_MS])
      buffer.add(view({ at, visitorId }));
    buffer.add(view({ at: t0 + 60_000, visitorId: "b".repeat(32) }));
    expect(await buffer.flush()).toBe(5);
    const { results } = await env.DB.prepare("SELECT visitor_id, session_id FROM page_views ORDER BY at").all<Row>();
    const a = results.filter((r) => r.visitor_id === visitorId).map((r) => r.session_id);
    // 10 min apart: same; exactly 30 min apart: same; 30 min + 1 ms apart: new.
    expect(a[0]).toBe(a[1]);
    expect(a[2]).toBe(a[1]);
    expect(a[3]).not.toBe(a[2]);
    const b = results.find((r) => r.visitor_id === "b".repeat(32))!.session_id;
    expect(new Set([...a, b]).size).toBe(3);
  });

  it("a buffer that has not seen the visitor (a restarted object) continues the session stored in D1", async () => {
    const t0 = Date.UTC(2031, 0, 11, 9);
    const first = new PageViewBuffer(env.DB, limits);
    first.add(view({ at: t0, visitorId: "c".repeat(32) }));
    await first.flush();
    const restarted = new PageViewBuffer(env.DB, limits);
    restarted.add(view({ at: t0 + 20 * 60_000, visitorId: "c".repeat(32) }));
    restarted.add(view({ at: t0 + 20 * 60_000 + SESSION_GAP_MS + 60_000, visitorId: "c".repeat(32) }));
    await restarted.flush();
    const { results } = await env.DB.prepare("SELECT session_id FROM page_views ORDER BY at").all<Row>();
    expect(results[1]!.session_id).toBe(results[0]!.session_id);
    expect(results[2]!.session_id).not.toBe(results[1]!.session_id);
  });

  it("through the Worker: two views a minute apart share a session", async () => {
    await collect({ path: "/", width: 1280 });
    await collect({ path: "/tv", width: 1280 });
    const rows = await storedViews();
    expect(rows[1]!.session_id).toBe(rows[0]!.session_id);
  });
});

describe("rate limit and buffering", () => {
  it(`keeps at most ${COLLECT_PER_IP_PER_MINUTE} views a minute from one IP, and the next minute takes more`, async () => {
    const t0 = Date.UTC(2031, 0, 12, 10, 0, 5);
    const stub = analyticsBufferFor(env, "f".repeat(16));
    const outcomes: string[] = [];
    for (let i = 0; i < COLLECT_PER_IP_PER_MINUTE + 5; i++)
      outcomes.push(await stub.record(view({ at: t0 + i * 100, ipKey: "f".repeat(16), visitorId: `${i}`.padStart(32, "0") })));
    expect(outcomes.filter((o) => o === "buffered")).toHaveLength(COLLECT_PER_IP_PER_MINUTE);
    expect(outcomes.slice(-5)).toEqual(Array(5).fill("rate_limited"));
    // Another IP is not held back, nor is this one a minute later.
    expect(await stub.record(view({ at: t0 + 30_000, ipKey: "e".repeat(16) }))).toBe("buffered");
    expect(await stub.record(view({ at: t0 + 60_000, ipKey: "f".repeat(16) }))).toBe("buffered");
    expect(await storedViews()).toHaveLength(COLLECT_PER_IP_PER_MINUTE + 2);
  });

  it("answers 204 to a client over the limit", async () => {
    const ip = useFreshClientIp();
    const statuses = new Set<number>();
    for (let i = 0; i < COLLECT_PER_IP_PER_MINUTE + 3; i++) statuses.add((await collect({ path: "/", width: 1280 }, { ip })).status);
    expect([...statuses]).toEqual([204]);
    const stored = (await storedViews()).length;
    // Two minute windows at most: the limit per window holds whatever the clock did meanwhile.
    expect(stored).toBeGreaterThanOrEqual(COLLECT_PER_IP_PER_MINUTE);
    expect(stored).toBeLessThanOrEqual(COLLECT_PER_IP_PER_MINUTE + 3);
  });

  it("holds views until a flush, which writes 300 views in one INSERT (plus one session lookup)", async () => {
    const { db: counted, count } = countingD1(env.DB);
    const buffer = new PageViewBuffer(counted, limits);
    const t0 = Date.UTC(2031, 0, 13, 10);
    for (let i = 0; i < 300; i++)
      buffer.add(view({ at: t0 + i * 1000, visitorId: `${i % 100}`.padStart(32, "0"), ipKey: `${i % 100}`.padStart(16, "0"), path: `/p${i % 7}` }));
    expect(count()).toBe(0);
    expect(await buffer.flush()).toBe(300);
    expect(count()).toBe(2);
    // Visitors now known in memory: the next flush is the INSERT alone.
    for (let i = 0; i < 300; i++)
      buffer.add(view({ at: t0 + 400_000 + i * 1000, visitorId: `${i % 100}`.padStart(32, "0"), ipKey: `${i % 100}`.padStart(16, "0") }));
    await buffer.flush();
    expect(count()).toBe(3);
    const { results } = await env.DB.prepare("SELECT count(*) AS n, count(DISTINCT session_id) AS sessions FROM page_views").all<{
      n: number;
      sessions: number;
    }>();
    expect(results[0]).toEqual({ n: 600, sessions: 100 });
  });

  it("the object buffers views from the Worker until its flush", async () => {
    // No alarm may flush during the test, however slow the machine.
    await setFlushInterval(60 * 60 * 1000);
    try {
      for (let i = 0; i < 5; i++) await collect({ path: `/music/catalog/album-${i}`, width: 1280 }, { ip: useFreshClientIp() });
      const before = await env.DB.prepare("SELECT count(*) AS n FROM page_views").first<{ n: number }>();
      expect(before?.n).toBe(0);
      expect(await flushAnalyticsBuffers(env)).toBe(5);
      expect(await storedViews()).toHaveLength(5);
    } finally {
      await setFlushInterval(FLUSH_INTERVAL_MS);
    }
  });

  it("the object flushes by itself when its alarm rings, with no flush asked for", async () => {
    try {
      // An alarm an hour away first: the short one asked for next must bring it forward.
      await setFlushInterval(60 * 60 * 1000);
      await collect({ path: "/virtual-meet", width: 1280 }, { ip: useFreshClientIp() });
      await flushAnalyticsBuffers(env);
      await env.DB.exec("DELETE FROM page_views");
      // A short alarm, so the wait below is about the alarm and not about the machine's load.
      await setFlushInterval(50);
      await collect({ path: "/virtual-meet", width: 1280 });
      const stored = async () => (await env.DB.prepare("SELECT count(*) AS n FROM page_views WHERE path = '/virtual-meet'").first<{ n: number }>())?.n ?? 0;
      await expect.poll(stored, { timeout: 15_000, interval: 50 }).toBe(1);
    } finally {
      await setFlushInterval(FLUSH_INTERVAL_MS);
    }
  }, 20_000);

  it("a failed flush loses nothing: the views stay buffered and the next flush writes them once", async () => {
    let failing = true;
    const flaky = new Proxy(env.DB, {
      get(target, prop, receiver) {
        if (prop === "prepare" && failing)
          return () => ({ bind: () => ({ run: () => Promise.reject(new Error("D1 down")), all: () => Promise.reject(new Error("D1 down")) }) });
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }) as D1Database;
    const buffer = new PageViewBuffer(flaky, limits);
    const t0 = Date.UTC(2031, 0, 14, 10);
    for (let i = 0; i < 5; i++) buffer.add(view({ at: t0 + i * 1000, visitorId: "d".repeat(32) }));
    await expect(buffer.flush()).rejects.toThrow("D1 down");
    expect(buffer.size).toBe(5);
    buffer.add(view({ at: t0 + 10_000, visitorId: "d".repeat(32) }));
    failing = false;
    expect(await buffer.flush()).toBe(6);
    expect(buffer.size).toBe(0);
    const { results } = await env.DB.prepare("SELECT count(*) AS n, count(DISTINCT session_id) AS s FROM page_views").all<{ n: number; s: number }>();
    expect(results[0]).toEqual({ n: 6, s: 1 });
    expect(await buffer.flush()).toBe(0);
  });

  it("a session from yesterday's visitor id does not continue today (ids rotate at UTC midnight)", async () => {
    const ip = "192.0.2.44";
    const late = Date.UTC(2031, 0, 20, 23, 55);
    const early = late + 10 * 60_000;
    const [a, b] = [await visitorKeys(db(), ip, CHROME, late), await visitorKeys(db(), ip, CHROME, early)];
    const buffer = new PageViewBuffer(env.DB, limits);
    buffer.add(view({ at: late, ...a }));
    buffer.add(view({ at: early, ...b }));
    await buffer.flush();
    const { results } = await env.DB.prepare("SELECT visitor_id, session_id FROM page_views ORDER BY at").all<Row>();
    expect(results[0]!.visitor_id).not.toBe(results[1]!.visitor_id);
    expect(results[0]!.session_id).not.toBe(results[1]!.session_id);
    expect(early - late).toBeLessThan(DAY_MS);
  });
});
