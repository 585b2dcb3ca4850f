// The files in a bought release's zip carry their tags: the FLAC and the MP3 as stored (the FLAC the
// Worker's job makes from a WAV master, from the catalog; the MP3 the import page makes from a
// master, with the import's own writer), the WAV master tagged on the way from the catalog, its
// samples as uploaded. Each entry is read out of the downloaded zip (fflate's unzip) by
// music-metadata: every field and the cover.
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { parseBuffer } from "music-metadata";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { taggedMp3 } from "../../worker/contracts/id3v24";
import type { RenewLinkResponse } from "../../worker/contracts/store/collection";
import { call, createUser, type TestUser } from "./helpers";
import { D1, grant, MEDIA, seedOrder, seedProduct } from "./download-fixtures";
import { mp3Cbr, wav } from "./media-fixtures";

const ALBUM = "zz-zip-tags";
const TRACK = `${ALBUM}-1`;
const ARTIST = (env as unknown as { CHAT_PERSONA_NAME: string }).CHAT_PERSONA_NAME;
// A 1×1 PNG: the album's cover.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

let buyer: TestUser;
let entitlement: string;

/** A stereo WAV master (with an INFO chunk of its own) whose samples are not silence, so they can be compared. */
function master(): Uint8Array {
  const bytes = wav({ seconds: 0.3, sampleRate: 44_100, channels: 2 });
  const [at, length] = dataChunk(bytes);
  for (let i = 0; i < length; i++) bytes[at + i] = (i * 37 + (i >> 9)) & 255;
  return bytes;
}
const MASTER = master();

/** Where a WAV's samples are: [offset, length] of its data chunk's body. */
function dataChunk(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 12; at + 8 <= bytes.length;) {
    const length = view.getUint32(at + 4, true);
    if (String.fromCharCode(...bytes.subarray(at, at + 4)) === "data") return [at + 8, length];
    at += 8 + length + (length & 1);
  }
  throw new Error("no data chunk");
}

beforeAll(async () => {
  const admin = await createUser("admin");
  buyer = await createUser("user");
  await MEDIA.put(`covers/${ALBUM}.png`, PNG, { httpMetadata: { contentType: "image/png" } });
  // The MP3 the import page makes from this track's master (importMp3Tags' tags) and uploads.
  const mp3 = taggedMp3(new Blob([mp3Cbr({ seconds: 1 }) as Uint8Array<ArrayBuffer>]), {
    title: "Última Dança",
    artist: ARTIST,
    album: "Coração",
    trackNumber: 1,
    trackCount: 1,
    discNumber: 1,
    year: 2023,
    isrc: "BRABC2300007",
    cover: { mime: "image/png", bytes: PNG },
  });
  await MEDIA.put(`audio/${TRACK}.mp3`, await mp3.arrayBuffer(), { httpMetadata: { contentType: "audio/mpeg" } });
  await D1.batch([
    D1.prepare("INSERT INTO albums (id, title, year, type, position, cover_key) VALUES (?1, 'Coração', 2023, 'Single', 9200, ?2)").bind(
      ALBUM,
      `covers/${ALBUM}.png`,
    ),
    D1.prepare(
      "INSERT INTO tracks (id, album_id, title, number, duration_seconds, audio_key, audio_kbps, isrc) VALUES (?1, ?2, 'Última Dança', 1, 1, ?3, 128, 'BRABC2300007')",
    ).bind(TRACK, ALBUM, `audio/${TRACK}.mp3`),
  ]);
  // A WAV master: the Worker's job makes the FLAC sold beside it.
  const put = await call(`/api/admin/catalog/tracks/${TRACK}/master`, {
    method: "PUT",
    body: MASTER,
    cookie: admin.cookie,
  });
  expect(put.status).toBe(200);
  await vi.waitFor(
    async () => {
      const row = await D1.prepare("SELECT derived_state FROM tracks WHERE id = ?1").bind(TRACK).first<{ derived_state: string }>();
      if (row?.derived_state !== "done") throw new Error("the FLAC is still being made");
    },
    { timeout: 20_000, interval: 50 },
  );
  const product = await seedProduct(ALBUM);
  const order = await seedOrder({ userId: buyer.id, email: buyer.email, lines: [{ productId: product, title: "Coração" }] });
  entitlement = await grant(order, { albumId: ALBUM }, buyer.id);
}, 30_000);

async function zipEntry(format: "mp3" | "flac" | "wav"): Promise<Uint8Array> {
  const res = await call("/api/store/collection/links", { method: "POST", json: { entitlementId: entitlement, format }, cookie: buyer.cookie });
  expect(res.status).toBe(200);
  const { link } = await res.json<RenewLinkResponse>();
  const zip = await call(link.url);
  expect(zip.status).toBe(200);
  const bytes = new Uint8Array(await zip.arrayBuffer());
  // The length the collection announced, computed without reading the files (a WAV's tags counted in).
  expect(bytes.length).toBe(link.bytes);
  const files = unzipSync(bytes);
  return files[`01 - Última Dança.${format}`]!;
}

const EXPECTED = { title: "Última Dança", artist: ARTIST, album: "Coração", disk: { no: 1, of: null }, year: 2023, isrc: ["BRABC2300007"] };

describe("a release's zip", { timeout: 30_000 }, () => {
  it("holds the MP3 with its ID3v2.4 tag and cover", async () => {
    const { common, format } = await parseBuffer(await zipEntry("mp3"), { mimeType: "audio/mpeg" });
    expect(format.tagTypes).toContain("ID3v2.4");
    expect(common).toMatchObject({ ...EXPECTED, track: { no: 1, of: 1 } });
    expect(common.picture?.[0]?.format).toBe("image/png");
    expect(Array.from(common.picture![0]!.data)).toEqual(Array.from(PNG));
  });

  it("holds the FLAC made from the WAV master with its Vorbis comments and cover", async () => {
    const { common, format } = await parseBuffer(await zipEntry("flac"), { mimeType: "audio/flac" });
    expect(format.tagTypes).toContain("vorbis");
    expect(common).toMatchObject({ ...EXPECTED, track: { no: 1, of: null } });
    expect(common.picture?.[0]?.format).toBe("image/png");
    expect(Array.from(common.picture![0]!.data)).toEqual(Array.from(PNG));
  });

  it("holds the WAV master with the catalog's ID3v2.4 and INFO tags and cover, its samples as uploaded", async () => {
    const entry = await zipEntry("wav");
    const { common, format, native } = await parseBuffer(entry, { mimeType: "audio/wav" });
    expect(format.tagTypes).toEqual(expect.arrayContaining(["ID3v2.4", "exif"]));
    expect(common).toMatchObject({ ...EXPECTED, track: { no: 1, of: 1 } });
    expect(common.picture?.[0]?.format).toBe("image/png");
    expect(Array.from(common.picture![0]!.data)).toEqual(Array.from(PNG));
    // INFO for the players that read only that (music-metadata reads its bytes as Latin-1: ours are UTF-8).
    const info = Object.fromEntries(native.exif!.map((t) => [t.id, new TextDecoder().decode(Uint8Array.from(String(t.value), (c) => c.charCodeAt(0)))]));
    expect(info).toEqual({ INAM: "Última Dança", IART: ARTIST, IPRD: "Coração", ITRK: "1/1", ICRD: "2023" });
    const [at, length] = dataChunk(entry);
    const [storedAt, storedLength] = dataChunk(MASTER);
    expect(length).toBe(storedLength);
    expect(Array.from(entry.subarray(at, at + length)).every((b, i) => b === MASTER[storedAt + i])).toBe(true);
  });
});
