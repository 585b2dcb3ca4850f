// GET /api/proxy-audio: VIP-only, and an SSRF risk. Every refused address must be refused before
// any request leaves the Worker (globalThis.fetch is spied on), and the allowed case forwards only
// Range/If-Range and passes back only safe headers.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { app } from "../../worker/app";
import { onError, onNotFound } from "../../worker/middleware/errors";
import { proxyAudioRoutes } from "../../worker/routes/proxy-audio";
import {
  checkRemoteAudioUrl,
  fetchRemoteAudio,
  parseAllowedHosts,
  RemoteUrlRefused,
  REMOTE_AUDIO_MAX_BYTES,
  type RemoteUrlRefusalReason,
} from "../../worker/services/media/audio-proxy";
import type { HonoEnv } from "../../worker/types";
import { createUser, errorOf, ORIGIN, type TestUser } from "./helpers";

const HOSTS = "files.example.com, cdn.example.org";
const ALLOWED = parseAllowedHosts(HOSTS);
const TRACK = "https://files.example.com/tracks/one.mp3";
const AUDIO = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));

// The app as deployed, once worker/app.ts mounts the route; until then, the same app with the
// route mounted where app.ts will put it, behind the same middleware and error handler.
const mounted = app.routes.some((r) => r.path.startsWith("/api/proxy-audio"));
const proxyApp = mounted ? app : new Hono<HonoEnv>().onError(onError).notFound(onNotFound).route("/", app).route("/api/proxy-audio", proxyAudioRoutes);

type ProxyOptions = { cookie?: string; headers?: Record<string, string>; vars?: Record<string, string> };

/** GET /api/proxy-audio?url=… as a browser on the site, with AUDIO_PROXY_HOSTS set (test vars have it empty). */
async function proxy(target: string | null, { cookie, headers = {}, vars = { AUDIO_PROXY_HOSTS: HOSTS } }: ProxyOptions = {}) {
  const h = new Headers(headers);
  if (cookie) h.set("cookie", cookie);
  if (!h.has("cf-connecting-ip")) h.set("cf-connecting-ip", "198.18.200.1");
  const query = target === null ? "" : `?url=${encodeURIComponent(target)}`;
  const ctx = createExecutionContext();
  const res = await proxyApp.fetch(new Request(`${ORIGIN}/api/proxy-audio${query}`, { headers: h }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

type Upstream = (url: string, init: RequestInit) => Response | Promise<Response>;

const audio = (init: ResponseInit = {}) =>
  new Response(AUDIO, {
    status: 200,
    ...init,
    headers: { "content-type": "audio/mpeg", "content-length": String(AUDIO.byteLength), ...(init.headers as Record<string, string>) },
  });
const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location } });

let outbound: MockInstance<typeof fetch>;
/** Fakes the remote file host: every outbound fetch goes to `upstream`, and is recorded. */
function fakeHost(upstream: Upstream = () => audio()) {
  outbound.mockImplementation(async (input, init) => upstream(input instanceof Request ? input.url : String(input), init ?? {}));
}
const fetchedUrls = () => outbound.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));
const forwardedHeaders = (call = 0) => [...new Headers(outbound.mock.calls[call]![1]?.headers).entries()];

beforeEach(() => {
  outbound = vi.spyOn(globalThis, "fetch");
  fakeHost();
});
afterEach(() => vi.restoreAllMocks());

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const error = await errorOf(res);
  expect(error.code).toBe(code);
  return error;
}

let vip: TestUser;
beforeEach(async () => {
  vip = await createUser("vip");
});

describe("GET /api/proxy-audio: who may use it", () => {
  it("refuses visitors, members and banned users before any outbound request", async () => {
    await expectError(await proxy(TRACK), 401, "unauthorized");
    const member = await createUser("user");
    const refused = await expectError(await proxy(TRACK, { cookie: member.cookie }), 403, "vip_required");
    expect(refused.message).toBe("VIP Access Required");
    const banned = await createUser("banned");
    await expectError(await proxy(TRACK, { cookie: banned.cookie }), 401, "unauthorized");
    expect(outbound).not.toHaveBeenCalled();
  });

  it("serves VIPs and admins from an allowed host", async () => {
    const admin = await createUser("admin");
    for (const user of [vip, admin]) {
      const res = await proxy(TRACK, { cookie: user.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("audio/mpeg");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO);
    }
    expect(fetchedUrls()).toEqual([TRACK, TRACK]);
  });
});

describe("GET /api/proxy-audio: refused addresses (SSRF)", () => {
  const REFUSED = [
    // other schemes
    "http://files.example.com/tracks/one.mp3",
    "ftp://files.example.com/tracks/one.mp3",
    "file:///etc/passwd",
    "data:audio/mpeg;base64,SUQzBAAAAAAA",
    "javascript:alert(1)",
    "https:files.example.com/tracks/one.mp3",
    // IP literals in every spelling
    "https://127.0.0.1/a.mp3",
    "https://2130706433/a.mp3",
    "https://0x7f000001/a.mp3",
    "https://0177.0.0.1/a.mp3",
    "https://127.1/a.mp3",
    "https://0/a.mp3",
    "https://[::1]/a.mp3",
    "https://[::]/a.mp3",
    "https://[::ffff:127.0.0.1]/a.mp3",
    "https://[::ffff:7f00:1]/a.mp3",
    // private, link-local, shared and metadata ranges
    "https://169.254.169.254/latest/meta-data/",
    "https://10.0.0.1/a.mp3",
    "https://172.16.0.1/a.mp3",
    "https://192.168.1.1/a.mp3",
    "https://100.64.0.1/a.mp3",
    "https://[fc00::1]/a.mp3",
    "https://[fe80::1]/a.mp3",
    // local and internal names
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://localhost/a.mp3",
    "https://files.localhost/a.mp3",
    "https://nas.local/a.mp3",
    "https://127.0.0.1.nip.io/a.mp3",
    // userinfo tricks
    "https://files.example.com@evil.example/a.mp3",
    "https://evil.example#@files.example.com/a.mp3",
    "https://files.example.com:443@127.0.0.1/a.mp3",
    "https://@files.example.com/a.mp3",
    "https://user:pass@files.example.com/a.mp3",
    // ports, trailing dot, look-alikes
    "https://files.example.com:8443/a.mp3",
    "https://files.example.com:80/a.mp3",
    "https://files.example.com./a.mp3",
    "https://FILES.EXAMPLE.CO/a.mp3",
    "https://fіles.example.com/a.mp3", // Cyrillic і: xn--fles-… after parsing
    "https://xn--fles-l9d.example.com/a.mp3",
    "https://files.example.com.evil.example/a.mp3",
    "https://evil.example/?u=https://files.example.com/a.mp3",
    // backslashes, encodings, hidden characters
    "https://files.example.com\\@evil.example/a.mp3",
    "https://evil.example\\files.example.com/a.mp3",
    "https://%66iles.example.com/a.mp3",
    "https://files.example.com%2e/a.mp3",
    "https://files.example.com%2F@evil.example/a.mp3",
    "https://evil.example%23@files.example.com/a.mp3",
    "https://files.exa\tmple.com/a.mp3",
    "https://files.example.com\n/a.mp3",
    " https://files.example.com/a.mp3",
  ];

  it(`refuses ${REFUSED.length} disallowed targets with 400 url_refused and no outbound request`, async () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(25);
    for (const target of REFUSED) {
      const res = await proxy(target, { cookie: vip.cookie });
      expect(res.status, target).toBe(400);
      expect(await errorOf(res), target).toEqual({ code: "url_refused", message: "This audio address is not allowed" });
    }
    expect(outbound).not.toHaveBeenCalled();
  });

  it("refuses every address while AUDIO_PROXY_HOSTS is empty (the default)", async () => {
    await expectError(await proxy(TRACK, { cookie: vip.cookie, vars: {} }), 400, "url_refused");
    await expectError(await proxy(TRACK, { cookie: vip.cookie, vars: { AUDIO_PROXY_HOSTS: " , " } }), 400, "url_refused");
    expect(outbound).not.toHaveBeenCalled();
  });

  it("answers bad input (no url, not a URL, too long) with 400 invalid_input", async () => {
    for (const target of [null, "", "not a url", "/tracks/one.mp3", `${TRACK}?${"a".repeat(2048)}`]) {
      const error = await expectError(await proxy(target, { cookie: vip.cookie }), 400, "invalid_input");
      expect(error, String(target)).toMatchObject({ code: "invalid_input" });
    }
    expect(outbound).not.toHaveBeenCalled();
  });
});

describe("GET /api/proxy-audio: the allowed case", () => {
  it("forwards only Range and If-Range, and passes back 206 with only safe headers", async () => {
    fakeHost(
      () =>
        new Response(AUDIO.slice(0, 10), {
          status: 206,
          headers: {
            "content-type": "audio/mpeg; charset=binary",
            "content-length": "10",
            "content-range": "bytes 0-9/100",
            "accept-ranges": "bytes",
            etag: '"v1"',
            "last-modified": "Wed, 01 Jan 2025 00:00:00 GMT",
            "set-cookie": "tracker=1; Path=/",
            "access-control-allow-origin": "*",
            "content-security-policy": "default-src *",
            "x-upstream-secret": "internal",
            "cache-control": "public, max-age=31536000",
          },
        }),
    );
    const res = await proxy(TRACK, {
      cookie: vip.cookie,
      headers: {
        range: "bytes=0-9",
        "if-range": '"v1"',
        authorization: "Bearer secret",
        "user-agent": "Browser/1",
        "x-forwarded-for": "10.0.0.1",
        referer: `${ORIGIN}/music`,
      },
    });
    expect(res.status).toBe(206);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO.slice(0, 10));

    expect(fetchedUrls()).toEqual([TRACK]);
    expect(forwardedHeaders()).toEqual([
      ["if-range", '"v1"'],
      ["range", "bytes=0-9"],
    ]);
    expect(outbound.mock.calls[0]![1]).toMatchObject({ method: "GET", redirect: "manual" });

    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("content-range")).toBe("bytes 0-9/100");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toBe('"v1"');
    expect(res.headers.get("last-modified")).toBe("Wed, 01 Jan 2025 00:00:00 GMT");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, max-age=300");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get("x-upstream-secret")).toBeNull();
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("forwards no header at all without Range, and drops a malformed Range", async () => {
    await proxy(TRACK, { cookie: vip.cookie, headers: { "if-range": '"v1"' } });
    await proxy(TRACK, { cookie: vip.cookie, headers: { range: "items=0-9" } });
    expect(forwardedHeaders(0)).toEqual([]);
    expect(forwardedHeaders(1)).toEqual([]);
  });

  it("takes an allowed host written in capitals or with the default port", async () => {
    expect((await proxy("https://FILES.Example.com/tracks/one.mp3", { cookie: vip.cookie })).status).toBe(200);
    expect((await proxy("https://files.example.com:443/tracks/one.mp3", { cookie: vip.cookie })).status).toBe(200);
    expect(fetchedUrls()).toEqual([TRACK, TRACK]);
  });

  it("passes 416 through, without a body", async () => {
    fakeHost(() => new Response("<html>no</html>", { status: 416, headers: { "content-type": "text/html", "content-range": "bytes */100" } }));
    const res = await proxy(TRACK, { cookie: vip.cookie, headers: { range: "bytes=500-" } });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe("bytes */100");
    expect(res.headers.get("content-type")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe("");
  });
});

describe("GET /api/proxy-audio: redirects", () => {
  it("follows a redirect to an allowed host, absolute or relative, re-sending only Range", async () => {
    fakeHost((url) => {
      if (url === TRACK) return redirect("https://cdn.example.org/store/one.mp3", 301);
      if (url === "https://cdn.example.org/store/one.mp3") return redirect("../v2/one.mp3", 307);
      return audio();
    });
    const res = await proxy(TRACK, { cookie: vip.cookie, headers: { range: "bytes=0-" } });
    expect(res.status).toBe(200);
    expect(fetchedUrls()).toEqual([TRACK, "https://cdn.example.org/store/one.mp3", "https://cdn.example.org/v2/one.mp3"]);
    for (let i = 0; i < 3; i++) expect(forwardedHeaders(i)).toEqual([["range", "bytes=0-"]]);
  });

  it("refuses a redirect to a refused address with 502 upstream_failed, without fetching it", async () => {
    for (const location of [
      "http://169.254.169.254/latest/meta-data/",
      "https://127.0.0.1/a.mp3",
      "https://evil.example/a.mp3",
      "//[::1]/a.mp3",
      "https://files.example.com:8443/a.mp3",
      "https://a@files.example.com/a.mp3",
    ]) {
      outbound.mockClear();
      fakeHost((url) => (url === TRACK ? redirect(location) : audio()));
      const error = await expectError(await proxy(TRACK, { cookie: vip.cookie }), 502, "upstream_failed");
      expect(error.message, location).toBe("The audio host redirected to an address that is not allowed");
      expect(fetchedUrls(), location).toEqual([TRACK]);
    }
  });

  it("follows at most 3 redirects", async () => {
    const hop = (n: number) => `https://files.example.com/hop/${n}`;
    fakeHost((url) => redirect(hop(Number(url.split("/").pop()) + 1 || 1)));
    const error = await expectError(await proxy(hop(0), { cookie: vip.cookie }), 502, "upstream_failed");
    expect(error.message).toBe("The audio host redirected too many times");
    expect(fetchedUrls()).toEqual([hop(0), hop(1), hop(2), hop(3)]);

    outbound.mockClear();
    fakeHost((url) => (url === hop(3) ? audio() : redirect(hop(Number(url.split("/").pop()) + 1))));
    expect((await proxy(hop(0), { cookie: vip.cookie })).status).toBe(200);
    expect(fetchedUrls()).toEqual([hop(0), hop(1), hop(2), hop(3)]);
  });

  it("refuses a redirect without a Location", async () => {
    fakeHost(() => new Response(null, { status: 302 }));
    const error = await expectError(await proxy(TRACK, { cookie: vip.cookie }), 502, "upstream_failed");
    expect(error.message).toBe("The audio host sent a bad redirect");
  });
});

describe("GET /api/proxy-audio: what the remote host answers", () => {
  it("refuses anything but audio/*", async () => {
    for (const type of ["text/html; charset=utf-8", "application/octet-stream", "image/svg+xml", "video/mp4", "audio", ""]) {
      fakeHost(() => audio({ headers: { "content-type": type } }));
      const error = await expectError(await proxy(TRACK, { cookie: vip.cookie }), 502, "upstream_failed");
      expect(error.message, type).toBe("The remote file is not audio");
    }
  });

  it("refuses a Content-Length over the 50 MB cap", async () => {
    fakeHost(() => audio({ headers: { "content-length": String(REMOTE_AUDIO_MAX_BYTES + 1) } }));
    const error = await expectError(await proxy(TRACK, { cookie: vip.cookie }), 502, "upstream_failed");
    expect(error.message).toBe("The remote file is too large");
  });

  it("turns upstream errors and network failures into 502 upstream_failed", async () => {
    for (const status of [400, 403, 404, 500, 503, 204]) {
      fakeHost(() => new Response(status === 204 ? null : "nope", { status, headers: { "content-type": "audio/mpeg" } }));
      const error = await expectError(await proxy(TRACK, { cookie: vip.cookie }), 502, "upstream_failed");
      expect(error.message).toBe(`The audio host answered ${status}`);
    }
    fakeHost(() => {
      throw new TypeError("Network connection lost.");
    });
    const error = await expectError(await proxy(TRACK, { cookie: vip.cookie }), 502, "upstream_failed");
    expect(error.message).toBe("The audio host could not be reached");
  });
});

describe("fetchRemoteAudio", () => {
  const track = new URL(TRACK);

  it("refuses a disallowed first address itself, without fetching (for callers that did not check)", async () => {
    const fake = vi.fn<typeof fetch>();
    await expect(fetchRemoteAudio(new URL("https://127.0.0.1/a.mp3"), { allowed: ALLOWED, fetch: fake })).rejects.toMatchObject({
      status: 400,
      code: "url_refused",
      reason: "ip_literal",
    });
    expect(fake).not.toHaveBeenCalled();
  });

  it("cuts a body that grows past the cap, even without a Content-Length", async () => {
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (++chunks > 5) controller.close();
        else controller.enqueue(new Uint8Array(8)); // 40 bytes in all
      },
    });
    const fake = vi.fn<typeof fetch>(async () => new Response(body, { headers: { "content-type": "audio/ogg" } }));
    const res = await fetchRemoteAudio(track, { allowed: ALLOWED, fetch: fake, maxBytes: 20 });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow("larger than the cap");
  });

  it("streams a body up to the cap untouched", async () => {
    const fake = vi.fn<typeof fetch>(async () => new Response(AUDIO, { headers: { "content-type": "audio/ogg" } }));
    const res = await fetchRemoteAudio(track, { allowed: ALLOWED, fetch: fake, maxBytes: AUDIO.byteLength });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO);
  });

  it("gives up on a host that does not answer in time", async () => {
    const fake = vi.fn<typeof fetch>(
      (_input, init) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason as Error))),
    );
    await expect(fetchRemoteAudio(track, { allowed: ALLOWED, fetch: fake, timeoutMs: 20 })).rejects.toMatchObject({
      status: 502,
      code: "upstream_failed",
      message: "The audio host took too long to answer",
    });
  });

  it("cuts a body that takes longer than the body time cap", async () => {
    const body = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new Uint8Array(4)) }); // then never ends
    const fake = vi.fn<typeof fetch>(async () => new Response(body, { headers: { "content-type": "audio/mpeg" } }));
    const res = await fetchRemoteAudio(track, { allowed: ALLOWED, fetch: fake, bodyTimeoutMs: 20 });
    await expect(res.arrayBuffer()).rejects.toThrow("took too long");
  });
});

describe("checkRemoteAudioUrl", () => {
  const reasonOf = (raw: string, allowed = ALLOWED): RemoteUrlRefusalReason | "ok" => {
    try {
      checkRemoteAudioUrl(raw, allowed);
      return "ok";
    } catch (err) {
      expect(err).toBeInstanceOf(RemoteUrlRefused);
      return (err as RemoteUrlRefused).reason;
    }
  };

  it("gives each refusal its reason", () => {
    expect(reasonOf(TRACK)).toBe("ok");
    expect(reasonOf(`${TRACK}?${"a".repeat(2048)}`)).toBe("too_long");
    expect(reasonOf("https://files.example.com\\@evil.example")).toBe("bad_characters");
    expect(reasonOf("not a url")).toBe("bad_characters");
    expect(reasonOf("nope")).toBe("invalid_url");
    expect(reasonOf("http://files.example.com/")).toBe("not_https");
    expect(reasonOf("https://files.example.com@evil.example/")).toBe("userinfo");
    expect(reasonOf("https://files.example.com:8443/")).toBe("port");
    expect(reasonOf("https://%66iles.example.com/")).toBe("encoded_host");
    expect(reasonOf("https://0x7f000001/")).toBe("ip_literal");
    expect(reasonOf("https://[::ffff:7f00:1]/")).toBe("ip_literal");
    expect(reasonOf("https://files.example.com./")).toBe("trailing_dot");
    expect(reasonOf("https://evil.example/")).toBe("not_allowed");
  });

  it("refuses IP literals and local names even when the allowlist names them", () => {
    const careless = parseAllowedHosts("127.0.0.1 [::1] localhost metadata.google.internal files.local 169.254.169.254");
    for (const host of careless) expect(reasonOf(`https://${host}/a.mp3`, careless), host).not.toBe("ok");
  });

  it("parses the allowlist as exact lowercase host names", () => {
    expect([...parseAllowedHosts(" Files.Example.com,cdn.example.org  media.example.net,,")]).toEqual([
      "files.example.com",
      "cdn.example.org",
      "media.example.net",
    ]);
    expect(parseAllowedHosts(undefined).size).toBe(0);
    expect(parseAllowedHosts("").size).toBe(0);
  });
});
