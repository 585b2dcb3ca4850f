// /api/store/downloads/:token: a bought release as one zip for whoever holds its signed link, no
// cookie needed and none that helps: every track, the cover and the credits with their exact bytes;
// an exact Content-Length before the first byte; Range answered with that very slice (206), HEAD
// with the length alone; a link for one format never opens another; a revoked or unknown
// entitlement is 404, a link past its time 410, the day's limit 429; a browser that opened a dead
// link is sent to its collection. Expectations from raw SQL and fflate's own unzip.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { call, createUser, EDGE_LIMIT_TEST_TIMEOUT_MS, errorOf, inOneEdgeLimitWindow, ORIGIN, type TestUser } from "./helpers";
import { D1, grant, linkFor, MEDIA, putReleaseMedia, revoke, seedOrder, type ReleaseMedia, type SeededOrder } from "./download-fixtures";
import { createDoorStaff } from "./check-in-fixtures";
import { STORE_LIMITS } from "../../worker/contracts/store/model";
import { EDGE_RATE_LIMITS } from "../../worker/contracts/limits";

const ALBUM = "radio-heartline";
const SINGLE_TRACK = "city-lights-calling-2";

let buyer: TestUser;
let order: SeededOrder;
let albumEntitlement: string;
let media: { mp3: ReleaseMedia; wav: ReleaseMedia | null };

beforeAll(async () => {
  buyer = await createUser("user");
  order = await seedOrder({ userId: buyer.id, email: buyer.email, lines: [] });
  albumEntitlement = await grant(order, { albumId: ALBUM }, buyer.id);
  media = await putReleaseMedia(ALBUM, { masters: true });
  await putReleaseMedia("city-lights-calling");
});

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const download = (path: string, headers: Record<string, string> = {}, method = "GET", cookie?: string) => call(path, { method, headers, cookie });
const counted = async (entitlementId: string) =>
  (await D1.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM download_counts WHERE entitlement_id = ?1").bind(entitlementId).first<{ n: number }>())!.n;
/** The day's files' worth served so far (each start counted as a whole file, as a full GET is). */
const setServed = (entitlementId: string, day: string, served: number) =>
  D1.prepare("INSERT INTO download_counts (entitlement_id, day, count, served) VALUES (?1, ?2, ?3, ?3) ON CONFLICT DO UPDATE SET count = ?3, served = ?3")
    .bind(entitlementId, day, served)
    .run();
const servedOf = async (entitlementId: string) =>
  (await D1.prepare("SELECT COALESCE(SUM(served), 0) AS n FROM download_counts WHERE entitlement_id = ?1").bind(entitlementId).first<{ n: number }>())!.n;
const today = () => new Date().toISOString().slice(0, 10);

/** A browser opening the link from a mail: the Worker's own answer, its redirect not followed. */
async function navigate(path: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(ORIGIN + path, { headers: { "sec-fetch-mode": "navigate", "cf-connecting-ip": "198.51.100.7" } }), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function expectRefused(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

/** A fresh entitlement to the album, so each test counts its own downloads. */
async function freshAlbumLink(format: "mp3" | "wav" = "mp3") {
  const entitlementId = await grant(order, { albumId: ALBUM }, buyer.id);
  return { entitlementId, path: await linkFor(entitlementId, format) };
}

describe("the zip", () => {
  let whole: Uint8Array;
  let res: Response;

  beforeAll(async () => {
    res = await download(await linkFor(albumEntitlement, "mp3"));
    whole = await bytesOf(res);
  });

  it("is an attachment with an exact length, a strong ETag and ranges offered", () => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(Number(res.headers.get("content-length"))).toBe(whole.length);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename=".+ - Radio Heartline \(MP3\)\.zip"; filename\*=UTF-8''.+%20-%20Radio%20Heartline%20%28MP3%29\.zip$/,
    );
  });

  it("holds every track, numbered, the cover and the credits, with their bytes", async () => {
    const files = unzipSync(whole);
    const tracks = media.mp3.tracks.map((t) => [`${String(t.number).padStart(2, "0")} - ${t.title}.mp3`, t.bytes] as const);
    expect(Object.keys(files)).toEqual([...tracks.map(([name]) => name), "cover.png", "credits.txt"]);
    for (const [name, bytes] of tracks) expect(files[name]).toEqual(bytes);
    expect(files["cover.png"]).toEqual(media.mp3.cover);
    const credits = new TextDecoder().decode(files["credits.txt"]);
    expect(credits).toContain("Radio Heartline (1987)\r\n");
    for (const track of media.mp3.tracks) expect(credits).toContain(`${track.number}. ${track.title} (`);
    expect(credits).toContain("Thank you for supporting");
    expect(credits).toContain(`Order: #${order.number}`);
  });

  it("answers HEAD with the same length and no body, counting nothing", async () => {
    const { entitlementId, path } = await freshAlbumLink();
    const head = await download(path, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe(whole.length);
    expect(head.headers.get("etag")).toBe(res.headers.get("etag"));
    expect((await bytesOf(head)).length).toBe(0);
    expect(await counted(entitlementId)).toBe(0);
  });

  it("answers a Range with exactly that slice of the whole (206)", async () => {
    const { path } = await freshAlbumLink();
    const size = whole.length;
    for (const [range, start, end] of [
      ["bytes=0-99", 0, 99],
      ["bytes=100-4321", 100, 4321],
      [`bytes=${size - 22}-`, size - 22, size - 1],
      ["bytes=-50", size - 50, size - 1],
      [`bytes=5000-${size + 100}`, 5000, size - 1],
    ] as const) {
      const part = await download(path, { range });
      expect(part.status, range).toBe(206);
      expect(part.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(Number(part.headers.get("content-length")), range).toBe(end - start + 1);
      expect(await bytesOf(part), range).toEqual(whole.slice(start, end + 1));
    }
  });

  it("sends the whole archive again when If-Range names another version, and 416 past the end", async () => {
    const { path } = await freshAlbumLink();
    const stale = await download(path, { range: "bytes=10-20", "if-range": '"another"' });
    expect(stale.status).toBe(200);
    expect((await bytesOf(stale)).length).toBe(whole.length);
    const current = await download(path, { range: "bytes=10-20", "if-range": res.headers.get("etag")! });
    expect(current.status).toBe(206);
    expect(await bytesOf(current)).toEqual(whole.slice(10, 21));
    const beyond = await download(path, { range: `bytes=${whole.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${whole.length}`);
  });

  it("keeps each file's CRC-32 for its ETag after the first download", async () => {
    const rows = await D1.prepare("SELECT key, size FROM media_checksums WHERE key IN (?1, ?2)")
      .bind(media.mp3.tracks[0]!.key, media.mp3.coverKey)
      .all<{ key: string; size: number }>();
    expect(rows.results.map((r) => r.key).sort()).toEqual([media.mp3.tracks[0]!.key, media.mp3.coverKey].sort());
  });

  it("is the same for any cookie, or none: the link is the key", async () => {
    const { path } = await freshAlbumLink();
    const [member, vip, admin, door, banned] = await Promise.all([
      createUser("user"),
      createUser("vip"),
      createUser("admin"),
      createDoorStaff(),
      createUser("banned"),
    ]);
    for (const cookie of [undefined, member.cookie, vip.cookie, admin.cookie, door.cookie, banned.cookie]) {
      const again = await download(path, {}, "GET", cookie);
      expect(again.status).toBe(200);
      expect(await bytesOf(again)).toEqual(whole);
    }
  });
});

describe("formats", () => {
  it("a WAV link gives the masters, in the same layout", async () => {
    const { path } = await freshAlbumLink("wav");
    const res = await download(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("(WAV).zip");
    const files = unzipSync(await bytesOf(res));
    // Each master with the catalog's tags put in after its fmt chunk, every stored byte after them as stored.
    for (const track of media.wav!.tracks) {
      const entry = files[`${String(track.number).padStart(2, "0")} - ${track.title}.wav`]!;
      const added = entry.length - track.bytes.length;
      expect(added).toBeGreaterThan(0);
      expect(new TextDecoder().decode(entry.subarray(36, 40))).toBe("LIST");
      expect(entry.subarray(36 + added)).toEqual(track.bytes.subarray(36));
      expect(new TextDecoder().decode(entry.subarray(36, 36 + added))).toContain(`INAM${String.fromCharCode(track.title.length + 1, 0, 0, 0)}${track.title}\0`);
    }
    expect(Object.keys(files).some((name) => name.endsWith(".mp3"))).toBe(false);
    expect(new TextDecoder().decode(files["credits.txt"])).toContain("Format: WAV (lossless)");
  });

  it("an MP3 link never opens the masters, nor a format the release is not sold in", async () => {
    const { path } = await freshAlbumLink("mp3");
    const files = unzipSync(await bytesOf(await download(path)));
    expect(Object.keys(files).filter((name) => name.endsWith(".wav"))).toEqual([]);
    const flac = await linkFor(albumEntitlement, "flac");
    await expectRefused(await download(flac), 404, "download_not_found");
  });

  it("a release without masters is not sold in WAV: 404", async () => {
    const single = await grant(order, { trackId: SINGLE_TRACK }, buyer.id);
    await expectRefused(await download(await linkFor(single, "wav")), 404, "download_not_found");
    const res = await download(await linkFor(single, "mp3"));
    expect(res.status).toBe(200);
    const names = Object.keys(unzipSync(await bytesOf(res)));
    expect(names).toEqual(["02 - City Lights Calling (Dub Version).mp3", "cover.png", "credits.txt"]);
  });

  it("a file missing from R2 makes the download 503 download_preparing, not a broken zip (store-downloads-preparing.test.ts)", async () => {
    const gone = await grant(order, { albumId: "freestyle-nights" }, buyer.id);
    await expectRefused(await download(await linkFor(gone, "mp3")), 503, "download_preparing");
  });
});

describe("refusals", () => {
  it("a revoked entitlement is 404", async () => {
    const { entitlementId, path } = await freshAlbumLink();
    await revoke(entitlementId);
    await expectRefused(await download(path), 404, "download_not_found");
    expect((await download(path, {}, "HEAD")).status).toBe(404);
  });

  it("an unknown entitlement and a forged or mangled link are 404 (another audience's token: mutation-gaps-store.test.ts)", async () => {
    await expectRefused(await download(await linkFor(crypto.randomUUID(), "mp3")), 404, "download_not_found");
    const path = await linkFor(albumEntitlement, "mp3");
    await expectRefused(await download(`${path.slice(0, -3)}AAA`), 404, "download_not_found");
    await expectRefused(await download("/api/store/downloads/not-a-token"), 404, "download_not_found");
    await expectRefused(await download(`/api/store/downloads/${"a".repeat(3000)}`), 404, "download_not_found");
  });

  it("a genuine link past its time is 410, and nothing is counted", async () => {
    const { entitlementId } = await freshAlbumLink();
    const expired = await linkFor(entitlementId, "mp3", new Date(Date.now() - 1000));
    await expectRefused(await download(expired), 410, "download_link_expired");
    expect(await counted(entitlementId)).toBe(0);
  });

  it("a browser opening a dead link lands on its collection with the reason", async () => {
    const { entitlementId } = await freshAlbumLink();
    const expired = await linkFor(entitlementId, "mp3", new Date(Date.now() - 1000));
    const res = await navigate(expired);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/collection?download=download_link_expired");
    const unknown = await navigate(await linkFor(crypto.randomUUID(), "mp3"));
    expect(unknown.headers.get("location")).toBe("/collection?download=download_not_found");
  });
});

describe("the daily limit", () => {
  const limit = STORE_LIMITS.downloadsPerDay;

  it(`counts each download started, and refuses the ${STORE_LIMITS.downloadsPerDay + 1}th of the day with 429`, async () => {
    const { entitlementId, path } = await freshAlbumLink();
    await setServed(entitlementId, today(), limit - 1);
    const last = await download(path);
    expect(last.status).toBe(200);
    await bytesOf(last);
    expect([await counted(entitlementId), await servedOf(entitlementId)]).toEqual([limit, limit]);
    await expectRefused(await download(path), 429, "download_limit_reached");
    expect((await download(path, {}, "HEAD")).status).toBe(429);
    expect([await counted(entitlementId), await servedOf(entitlementId)]).toEqual([limit, limit]);
    const res = await navigate(path);
    expect(res.headers.get("location")).toBe("/collection?download=download_limit_reached");
  });

  it("lets the last download of the day be resumed: its parts together cost one file", async () => {
    const { entitlementId, path } = await freshAlbumLink();
    const size = Number((await download(path, {}, "HEAD")).headers.get("content-length"));
    await setServed(entitlementId, today(), limit - 1);
    const first = await download(path, { range: "bytes=0-999" });
    expect(first.status).toBe(206);
    await bytesOf(first);
    // A resume, then a download manager's two parts of what is left.
    const middle = Math.floor((size + 1000) / 2);
    for (const range of [`bytes=1000-${middle - 1}`, `bytes=${middle}-`]) {
      const part = await download(path, { range });
      expect(part.status, range).toBe(206);
      await bytesOf(part);
    }
    expect(await counted(entitlementId)).toBe(limit);
    expect(await servedOf(entitlementId)).toBeCloseTo(limit, 9);
    await expectRefused(await download(path, { range: "bytes=1-" }), 429, "download_limit_reached");
  });

  it("counts ranges that leave out the first byte as what they serve: near-full ranges past the limit are 429", async () => {
    const { entitlementId, path } = await freshAlbumLink();
    for (let i = 0; i < limit; i++) {
      const part = await download(path, { range: "bytes=1-" });
      expect(part.status, `range ${i + 1}`).toBe(206);
      await bytesOf(part);
    }
    expect(await counted(entitlementId)).toBe(0);
    await expectRefused(await download(path, { range: "bytes=1-" }), 429, "download_limit_reached");
    await expectRefused(await download(path, { range: "bytes=1000-" }), 429, "download_limit_reached");
    expect(await servedOf(entitlementId)).toBeLessThanOrEqual(limit);
    // What is left of the budget is still there for a short range.
    const tail = await download(path, { range: "bytes=-8" });
    expect(tail.status).toBe(206);
    await bytesOf(tail);
  });

  it("lets racing downloads serve only up to the limit", async () => {
    const { entitlementId, path } = await freshAlbumLink();
    await setServed(entitlementId, today(), limit - 2);
    const answers = await Promise.all(Array.from({ length: 5 }, () => download(path)));
    const statuses = answers.map((r) => r.status).sort();
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect([await counted(entitlementId), await servedOf(entitlementId)]).toEqual([limit, limit]);
  });
});

describe("the per-address limit", () => {
  it(
    "answers 429 rate_limited past its requests a minute from one address",
    async () => {
      await inOneEdgeLimitWindow();
      const ip = "203.0.113.45";
      const { max } = EDGE_RATE_LIMITS.downloadsPerIp;
      for (let i = 0; i < max; i++) expect((await call("/api/store/downloads/not-a-token", { headers: { "cf-connecting-ip": ip } })).status).toBe(404);
      await expectRefused(await call("/api/store/downloads/not-a-token", { headers: { "cf-connecting-ip": ip } }), 429, "rate_limited");
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );
});

describe("R2 objects", () => {
  it("the tests' media is where the catalog says", async () => {
    expect(await MEDIA.head(media.mp3.tracks[0]!.key)).not.toBeNull();
  });
});
