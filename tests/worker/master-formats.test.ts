// A master's other lossless format (decision 121). Timeouts of 30 s: the job decodes and encodes
// audio in the test's workerd, on a machine shared with other runs. Storing a master through the back office queues
// a job (the jobs queue, Miniflare's under the tests) that makes the other format beside it: a WAV
// master's FLAC, a FLAC master's WAV, each decoding to exactly the master's samples. A redelivered
// job writes nothing again; a master replaced while its job ran leaves no orphan; a master that
// cannot be decoded is marked failed and sold in its own format only. A release whose tracks all
// have masters is sold in MP3, WAV and FLAC: its buyer gets a link for each (another member 404, a
// visitor 401) and each zip holds that format. The lossless tier streams the FLAC with Range; the
// answers carry the quality facts the player's label shows.
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { call, createUser, errorOf, type TestUser } from "./helpers";
import { grant, seedOrder, seedProduct } from "./download-fixtures";
import { forgetTiers } from "../../worker/db/tiers/tiers";
import { createDb } from "../../worker/db/client";
import { releaseFormats } from "../../worker/db/music/release-formats";
import { flacToWav, wavToFlac } from "../../worker/lib/flac";
import { convertAudio, flac as headerOnlyFlac } from "./media-fixtures";
import type { AppEnv } from "../../worker/env";
import { runScheduled } from "../../worker/services/cron";
import { HOURLY_CRON } from "../../worker/services/areas/area";
import type { LosslessResponse, StreamResponse } from "../../worker/contracts/music/music";
import type { RenewLinkResponse } from "../../worker/contracts/store/collection";
import type { AdminAlbumsResponse, AdminTrackResponse } from "../../worker/contracts/music/admin-catalog";

const D1 = (env as unknown as { DB: D1Database }).DB;
const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA;
const ALBUM = "zz-master-formats";
const TRACKS = [1, 2].map((n) => `${ALBUM}-${n}`);

/** A WAV of a tone with a little noise: `seconds` long, 16 or 24 bits, stereo. */
function toneWav(seconds: number, bits: 16 | 24, rate = 44_100, seed = 1): Uint8Array {
  const frames = Math.round(seconds * rate);
  const width = bits / 8;
  const out = new Uint8Array(44 + frames * 2 * width);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode("RIFF"), 0);
  view.setUint32(4, 36 + frames * 2 * width, true);
  out.set(new TextEncoder().encode("WAVEfmt "), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 2, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2 * width, true);
  view.setUint16(32, 2 * width, true);
  view.setUint16(34, bits, true);
  out.set(new TextEncoder().encode("data"), 36);
  view.setUint32(40, frames * 2 * width, true);
  const max = 2 ** (bits - 1) - 1;
  let state = seed;
  let at = 44;
  for (let i = 0; i < frames; i++) {
    for (let ch = 0; ch < 2; ch++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const v = Math.round((0.5 * Math.sin((2 * Math.PI * (330 + 110 * ch) * i) / rate) + 0.01 * (state / 2 ** 32 - 0.5)) * max);
      out[at] = v & 0xff;
      out[at + 1] = (v >> 8) & 0xff;
      if (width === 3) out[at + 2] = (v >> 16) & 0xff;
      at += width;
    }
  }
  return out;
}

type TrackRow = {
  master_key: string | null;
  master_format: string | null;
  master_sample_rate: number | null;
  master_bit_depth: number | null;
  master_channels: number | null;
  derived_key: string | null;
  derived_format: string | null;
  derived_state: string | null;
};
const rowOf = (id: string) =>
  D1.prepare(
    "SELECT master_key, master_format, master_sample_rate, master_bit_depth, master_channels, derived_key, derived_format, derived_state FROM tracks WHERE id = ?1",
  )
    .bind(id)
    .first<TrackRow>();

/** Waits (polling, no fixed sleep) until the track's job has finished one way or the other. */
async function settled(id: string): Promise<TrackRow> {
  return vi.waitFor(
    async () => {
      const row = (await rowOf(id))!;
      if (row.derived_state === "pending") throw new Error("still pending");
      return row;
    },
    { timeout: 20_000, interval: 50 },
  );
}

const bytesOf = async (key: string) => new Uint8Array(await (await MEDIA.get(key))!.arrayBuffer());

let admin: TestUser;
const putMaster = (trackId: string, bytes: Uint8Array) =>
  call(`/api/admin/catalog/tracks/${trackId}/master`, { method: "PUT", body: bytes, cookie: admin.cookie });

/** Delivers a job message to the Worker's queue handler as the queue would, again. */
async function deliver(body: unknown) {
  const batch = createMessageBatch("freestyle-lovers-campaigns", [{ id: `m-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 2, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env as unknown as AppEnv, ctx);
  return getQueueResult(batch, ctx);
}

beforeAll(async () => {
  admin = await createUser("admin");
  await D1.batch([
    D1.prepare("INSERT INTO albums (id, title, year, type, position) VALUES (?1, 'Master Formats', 2024, 'Album', 9100)").bind(ALBUM),
    ...TRACKS.map((id, i) =>
      D1.prepare("INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key, audio_kbps) VALUES (?1, ?2, ?3, ?4, 1, ?5, 320)").bind(
        id,
        ALBUM,
        `Take ${i + 1}`,
        i + 1,
        `audio/${id}.mp3`,
      ),
    ),
  ]);
  for (const id of TRACKS) await MEDIA.put(`audio/${id}.mp3`, new Uint8Array([0xff, 0xfb, 0x90, 0x64, 1, 2, 3]));
});

describe("deriving the other format", { timeout: 30_000 }, () => {
  const wav24 = toneWav(0.5, 24, 96_000, 7);

  it("a WAV master gets a FLAC beside it with exactly its samples, and its facts are read at upload", async () => {
    const res = await putMaster(TRACKS[0]!, wav24);
    expect(res.status).toBe(200);
    const row = await settled(TRACKS[0]!);
    expect(row).toMatchObject({
      master_format: "wav",
      master_sample_rate: 96_000,
      master_bit_depth: 24,
      master_channels: 2,
      derived_state: "done",
      derived_format: "flac",
    });
    expect(row.derived_key).toBe(row.master_key!.replace(/\.wav$/, ".flac"));
    const flac = await bytesOf(row.derived_key!);
    expect(new TextDecoder().decode(flac.subarray(0, 4))).toBe("fLaC");
    expect(flac.length).toBeLessThan(wav24.length);
    expect((await MEDIA.head(row.derived_key!))!.httpMetadata?.contentType).toBe("audio/flac");
    expect(await convertAudio(flacToWav, flac)).toEqual(wav24);
  });

  it("the FLAC made from a WAV master carries the catalog's tags and the album's cover, read by music-metadata", async () => {
    // A 1×1 PNG as the album's cover, and the track's ISRC.
    const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="), (c) =>
      c.charCodeAt(0),
    );
    await MEDIA.put(`covers/${ALBUM}.png`, png, { httpMetadata: { contentType: "image/png" } });
    await D1.batch([
      D1.prepare("UPDATE albums SET cover_key = ?2 WHERE id = ?1").bind(ALBUM, `covers/${ALBUM}.png`),
      D1.prepare("UPDATE tracks SET isrc = 'BRABC2400002', title = 'Coração' WHERE id = ?1").bind(TRACKS[1]),
    ]);
    expect((await putMaster(TRACKS[1]!, toneWav(0.2, 16))).status).toBe(200);
    const row = await settled(TRACKS[1]!);
    expect(row.derived_state).toBe("done");
    const { parseBuffer } = await import("music-metadata");
    const { common } = await parseBuffer(await bytesOf(row.derived_key!), { mimeType: "audio/flac" });
    expect({
      title: common.title,
      artist: common.artist,
      album: common.album,
      track: common.track,
      disk: common.disk,
      year: common.year,
      isrc: common.isrc,
    }).toEqual({
      title: "Coração",
      artist: (env as unknown as { CHAT_PERSONA_NAME: string }).CHAT_PERSONA_NAME,
      album: "Master Formats",
      track: { no: 2, of: null },
      disk: { no: 1, of: null },
      year: 2024,
      isrc: ["BRABC2400002"],
    });
    expect(common.picture?.[0]?.format).toBe("image/png");
    expect(Array.from(common.picture![0]!.data)).toEqual(Array.from(png));
    // The album as the later cases expect it: no cover, the track its own title (its master is replaced later).
    await D1.batch([
      D1.prepare("UPDATE albums SET cover_key = NULL WHERE id = ?1").bind(ALBUM),
      D1.prepare("UPDATE tracks SET isrc = NULL, title = 'Take 2' WHERE id = ?1").bind(TRACKS[1]),
    ]);
  });

  it("a redelivered job writes nothing again", async () => {
    const before = (await rowOf(TRACKS[0]!))!;
    const object = (await MEDIA.head(before.derived_key!))!;
    const result = await deliver({ type: "master_formats", trackId: TRACKS[0], masterKey: before.master_key });
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
    const after = (await MEDIA.head(before.derived_key!))!;
    expect(after.version).toBe(object.version);
    expect(after.uploaded.getTime()).toBe(object.uploaded.getTime());
    expect(await rowOf(TRACKS[0]!)).toEqual(before);
  });

  it("two deliveries of a pending job record it once, and the object is the same", async () => {
    const row = (await rowOf(TRACKS[0]!))!;
    await D1.prepare("UPDATE tracks SET derived_state = 'pending', derived_key = NULL, derived_format = NULL WHERE id = ?1").bind(TRACKS[0]).run();
    const message = { type: "master_formats", trackId: TRACKS[0], masterKey: row.master_key };
    await Promise.all([deliver(message), deliver(message)]);
    expect(await rowOf(TRACKS[0]!)).toEqual(row);
    expect(await convertAudio(flacToWav, await bytesOf(row.derived_key!))).toEqual(wav24);
  });

  it("a FLAC master gets a WAV beside it with exactly its samples", async () => {
    const wav16 = toneWav(0.4, 16, 44_100, 3);
    const res = await putMaster(TRACKS[1]!, await convertAudio(wavToFlac, wav16));
    expect(res.status).toBe(200);
    const row = await settled(TRACKS[1]!);
    expect(row).toMatchObject({
      master_format: "flac",
      master_sample_rate: 44_100,
      master_bit_depth: 16,
      master_channels: 2,
      derived_state: "done",
      derived_format: "wav",
    });
    expect(row.derived_key).toBe(row.master_key!.replace(/\.flac$/, ".wav"));
    expect(await bytesOf(row.derived_key!)).toEqual(wav16);
  });

  it("a replaced master takes its derived file with it; a job for the old master does nothing", async () => {
    const old = (await rowOf(TRACKS[1]!))!;
    const res = await putMaster(TRACKS[1]!, toneWav(0.3, 16, 48_000, 5));
    expect(res.status).toBe(200);
    expect(await MEDIA.head(old.master_key!)).toBeNull();
    expect(await MEDIA.head(old.derived_key!)).toBeNull();
    const row = await settled(TRACKS[1]!);
    expect(row).toMatchObject({ master_format: "wav", master_sample_rate: 48_000, derived_format: "flac", derived_state: "done" });
    await deliver({ type: "master_formats", trackId: TRACKS[1], masterKey: old.master_key });
    expect(await MEDIA.head(old.derived_key!)).toBeNull();
    expect(await rowOf(TRACKS[1]!)).toEqual(row);
  });

  it("a master it cannot decode is marked failed, once, and sold in its own format only", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const id = `${ALBUM}-broken`;
    await D1.prepare("INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key) VALUES (?1, ?2, 'Broken', 9, 1, ?3)")
      .bind(id, ALBUM, `audio/${id}.mp3`)
      .run();
    // STREAMINFO and then zeros: a header the upload takes, frames no decoder can read.
    expect((await putMaster(id, headerOnlyFlac({ seconds: 1 }))).status).toBe(200);
    const row = await settled(id);
    expect(row).toMatchObject({ master_format: "flac", derived_state: "failed", derived_key: null, derived_format: null });
    expect(await MEDIA.head(row.master_key!.replace(/\.flac$/, ".wav"))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(await releaseFormats(createDb(D1), { trackId: id })).toEqual(["mp3", "flac"]);
    await D1.prepare("DELETE FROM tracks WHERE id = ?1").bind(id).run();
    warn.mockRestore();
  });

  it("removing a master removes its derived file and the formats", async () => {
    const id = TRACKS[1]!;
    const row = (await rowOf(id))!;
    const res = await call(`/api/admin/catalog/tracks/${id}/master`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await MEDIA.head(row.derived_key!)).toBeNull();
    expect(await rowOf(id)).toMatchObject({ master_key: null, derived_key: null, derived_format: null, derived_state: null, master_sample_rate: null });
    expect(await releaseFormats(createDb(D1), { albumId: ALBUM })).toEqual(["mp3"]);
    expect((await putMaster(id, toneWav(0.3, 16, 44_100, 9))).status).toBe(200);
    await settled(id);
  });

  it("the back office's track answer says how the other format stands: being made, made, not made, no master", async () => {
    const id = TRACKS[1]!;
    const trackOf = async (cookie = admin.cookie) => {
      const res = await call("/api/admin/catalog/albums", { cookie });
      expect(res.status).toBe(200);
      const { albums } = (await res.json()) as AdminAlbumsResponse;
      return albums.find((a) => a.id === ALBUM)!.tracks.find((t) => t.id === id)!;
    };
    const put = await putMaster(id, toneWav(0.3, 16, 44_100, 11));
    expect(put.status).toBe(200);
    expect(((await put.json()) as AdminTrackResponse).track).toMatchObject({ master: "wav", derivedFormat: "flac", derivedState: "pending" });
    await settled(id);
    expect(await trackOf()).toMatchObject({ master: "wav", derivedFormat: "flac", derivedState: "done" });
    await D1.prepare("UPDATE tracks SET derived_state = 'failed', derived_key = NULL, derived_format = NULL WHERE id = ?1").bind(id).run();
    expect(await trackOf()).toMatchObject({ master: "wav", derivedFormat: "flac", derivedState: "failed" });
    const removed = await call(`/api/admin/catalog/tracks/${id}/master`, { method: "DELETE", cookie: admin.cookie });
    expect(((await removed.json()) as AdminTrackResponse).track).toMatchObject({ master: null, derivedFormat: null, derivedState: null });
    expect(await trackOf()).toMatchObject({ master: null, derivedFormat: null, derivedState: null });
    const member = await createUser("user");
    expect((await call("/api/admin/catalog/albums", { cookie: member.cookie })).status).toBe(403);
    // The tests below sell this release in every format: the track gets its master back.
    expect((await putMaster(id, toneWav(0.3, 16, 44_100, 9))).status).toBe(200);
    await settled(id);
  });
});

describe("the hourly catch-up", { timeout: 30_000 }, () => {
  it("queues the jobs of masters still pending (stored before migration 0086, or a lost message), and they run once", async () => {
    const before = (await rowOf(TRACKS[0]!))!;
    // As migration 0086 leaves a master stored before it: pending, nothing derived, no message queued.
    await D1.prepare("UPDATE tracks SET derived_state = 'pending', derived_key = NULL, derived_format = NULL WHERE id = ?1").bind(TRACKS[0]).run();
    await MEDIA.delete(before.derived_key!);
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await runScheduled({ cron: HOURLY_CRON, scheduledTime: Date.now() }, env as unknown as AppEnv);
    expect(log).toHaveBeenCalledWith("master formats: queued 1 masters still waiting for their other format");
    log.mockRestore();
    expect(await settled(TRACKS[0]!)).toEqual(before);
    expect((await MEDIA.head(before.derived_key!))?.size).toBeGreaterThan(0);
  });
});

describe("a release whose tracks all have masters", { timeout: 30_000 }, () => {
  let buyer: TestUser;
  let other: TestUser;
  let entitlement: string;
  beforeAll(async () => {
    buyer = await createUser("user");
    other = await createUser("user");
    const product = await seedProduct(ALBUM);
    const order = await seedOrder({ userId: buyer.id, email: buyer.email, lines: [{ productId: product, title: "Master Formats" }] });
    entitlement = await grant(order, { albumId: ALBUM }, buyer.id);
  });

  const linkFor = (format: string, cookie?: string) =>
    call("/api/store/collection/links", { method: "POST", json: { entitlementId: entitlement, format }, cookie });

  it("is sold in MP3, WAV and FLAC", async () => {
    for (const id of TRACKS) expect((await rowOf(id))!.derived_state).toBe("done");
    expect(await releaseFormats(createDb(D1), { albumId: ALBUM })).toEqual(["mp3", "wav", "flac"]);
  });

  it("its buyer downloads each format, each zip holding that format's files", async () => {
    const signatures = { mp3: [0xff, 0xfb], wav: [0x52, 0x49, 0x46, 0x46], flac: [0x66, 0x4c, 0x61, 0x43] };
    for (const format of ["mp3", "wav", "flac"] as const) {
      const res = await linkFor(format, buyer.cookie);
      expect(res.status).toBe(200);
      const { link } = await res.json<RenewLinkResponse>();
      expect(link.format).toBe(format);
      const zip = await call(link.url);
      expect(zip.status).toBe(200);
      const bytes = new Uint8Array(await zip.arrayBuffer());
      const expected = await Promise.all(
        TRACKS.map(async (id) => {
          const row = (await rowOf(id))!;
          const key = format === "mp3" ? `audio/${id}.mp3` : row.master_format === format ? row.master_key! : row.derived_key!;
          return bytesOf(key);
        }),
      );
      // A WAV goes in with the catalog's tags put in after its fmt chunk (the first): what follows is as stored.
      const afterFmt = (file: Uint8Array) => file.subarray(20 + new DataView(file.buffer, file.byteOffset).getUint32(16, true));
      for (const file of expected) expect(indexOf(bytes, format === "wav" ? afterFmt(file) : file)).toBeGreaterThan(0);
      expect(indexOf(bytes, Uint8Array.from(signatures[format]))).toBeGreaterThan(0);
    }
  });

  it("another member's request for the buyer's entitlement is 404, a visitor's 401, an unknown format 400", async () => {
    for (const format of ["mp3", "wav", "flac"]) {
      const res = await linkFor(format, other.cookie);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("download_not_found");
      const visitor = await linkFor(format);
      expect(visitor.status).toBe(401);
    }
    const bad = await linkFor("ogg", buyer.cookie);
    expect(bad.status).toBe(400);
  });
});

/** Where `needle` starts in `haystack`, or -1. */
function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

describe("the lossless stream and the quality it names", () => {
  let inner: TestUser;
  let vip: TestUser;
  beforeAll(async () => {
    await D1.prepare(
      "INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, badge_color, monthly_usd_cents, lossless) VALUES ('inner-circle', 2, 'Inner Circle', 'Círculo Íntimo', '#4c1d95', 2499, 1)",
    ).run();
    forgetTiers();
    inner = await createUser("vip", { tierId: "inner-circle" });
    vip = await createUser("vip");
  });

  it("the lossless tier gets the FLAC made from a WAV master, with its facts, and Range answers 206", async () => {
    const row = (await rowOf(TRACKS[0]!))!;
    const res = await call(`/api/music/tracks/${TRACKS[0]}/lossless`, { method: "POST", json: {}, cookie: inner.cookie });
    expect(res.status).toBe(200);
    const body = await res.json<LosslessResponse>();
    expect(body.format).toBe("flac");
    expect(body.quality).toEqual({ format: "flac", kbps: null, sampleRate: 96_000, bitDepth: 24 });
    const flac = await bytesOf(row.derived_key!);
    const part = await call(body.url, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${flac.length}`);
    expect(part.headers.get("content-type")).toBe("audio/flac");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(flac.subarray(0, 100));
    const tail = await call(body.url, { headers: { range: `bytes=${flac.length - 10}-` } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(flac.subarray(flac.length - 10));
  });

  it("the full stream names the MP3 and its bitrate; a tier without lossless is refused the FLAC", async () => {
    const stream = await call(`/api/music/tracks/${TRACKS[0]}/stream`, { method: "POST", json: {}, cookie: vip.cookie });
    expect(stream.status).toBe(200);
    expect(await stream.json<StreamResponse>()).toMatchObject({ lossless: false, quality: { format: "mp3", kbps: 320, sampleRate: null, bitDepth: null } });
    const refused = await call(`/api/music/tracks/${TRACKS[0]}/lossless`, { method: "POST", json: {}, cookie: vip.cookie });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("tier_required");
  });
});
