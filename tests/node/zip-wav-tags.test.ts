// A stored WAV in a release's zip carries the catalog's tags (worker/lib/wav-tags.ts through
// worker/services/store/release-zip.ts): an "id3 " chunk with an ID3v2.4 tag and a LIST/INFO
// chunk, read back from the unzipped entry by music-metadata and, when the machine has it, by
// ffprobe. The stored file is untouched: the samples come out byte for byte, the RIFF sizes add
// up, the file's own tags are skipped (renamed JUNK), any range of the archive is that slice of
// the whole, and the tagged CRC is kept until the tags change.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseBuffer } from "music-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planZip, wavTagsLength, withChecksums, zipStream, type ReleaseZip, type WavTags, type ZipFile } from "../../worker/services/store/release-zip";
import { memoryChecksums, memorySource } from "./zip-sources";
import { encodePng } from "../../scripts/lib/png.mjs";
import { taggedWav } from "../../scripts/lib/tagged-audio.mjs";

const MODIFIED = new Date(Date.UTC(2024, 0, 1, 12, 0, 0));
const COVER = new Uint8Array(encodePng(5, 3, (x, y) => [40 * x, 60 * y, 200]));
const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);

/** An 8-bit mono WAV of `samples` samples (an odd count: a padded data chunk), with a `fact` chunk before the data. */
function plainWav(samples: number): Uint8Array {
  const fmt = [1, 0, 1, 0, ...[8000, 8000].flatMap((n) => [n & 255, n >> 8, 0, 0]), 1, 0, 8, 0];
  const fact = le32(samples);
  const data = Uint8Array.from({ length: samples }, (_, i) => (i * 37) & 255);
  const chunk = (id: string, body: ArrayLike<number>) => [
    ...new TextEncoder().encode(id),
    ...le32(body.length),
    ...Array.from(body),
    ...(body.length & 1 ? [0] : []),
  ];
  const body = [...new TextEncoder().encode("WAVE"), ...chunk("fmt ", fmt), ...chunk("fact", fact), ...chunk("data", data)];
  return Uint8Array.from([...new TextEncoder().encode("RIFF"), ...le32(body.length), ...body]);
}
const le32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];

/** The chunks of a RIFF/WAVE file: [id, body offset, body length]; throws when they do not end exactly at the RIFF size. */
function chunksOf(wav: Uint8Array): [string, number, number][] {
  expect(ascii(wav, 0)).toBe("RIFF");
  expect(u32(wav, 4)).toBe(wav.length - 8);
  const chunks: [string, number, number][] = [];
  let at = 12;
  while (at < wav.length) {
    const length = u32(wav, at + 4);
    chunks.push([ascii(wav, at), at + 8, length]);
    at += 8 + length + (length & 1);
  }
  expect(at).toBe(wav.length);
  return chunks;
}

const dataOf = (wav: Uint8Array) => {
  const [, at, length] = chunksOf(wav).find(([id]) => id === "data")!;
  return wav.subarray(at, at + length);
};

const objects: Record<string, Uint8Array> = {
  // A master with its own tags after the samples (as taggers write them): the catalog's replace them.
  "masters/one.wav": taggedWav({
    seconds: 0.5,
    sampleRate: 44_100,
    channels: 2,
    tags: { title: "Old title", artist: "Someone else", album: "Old album", year: 1999, track: "7", cover: { mime: "image/jpeg", bytes: new Uint8Array(333) } },
  }),
  "masters/two.wav": plainWav(4_001),
  "covers/album.png": COVER,
};

const TAGS: WavTags = {
  title: "Última Dança",
  artist: "Lola Rivera",
  album: "Coração",
  trackNumber: 1,
  trackCount: 2,
  discNumber: 1,
  year: 2023,
  isrc: "BRABC2300007",
  cover: { key: "covers/album.png", mime: "image/png" },
};
const TWO: WavTags = { ...TAGS, title: "Saudade", trackNumber: 2, isrc: null };

const files: ZipFile[] = [
  { name: "01 - Última Dança.wav", key: "masters/one.wav", wavTags: TAGS },
  { name: "02 - Saudade.wav", key: "masters/two.wav", wavTags: TWO },
  { name: "cover.png", key: "covers/album.png" },
];

/** The test's objects, read in chunks of `chunk` bytes. */
const testObjects = (chunk = 3_001) => memorySource(objects, chunk);

const readAll = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

let dir: string;
let zipFile: string;
let zip: ReleaseZip;
let whole: Uint8Array;
const entry = (name: string) => new Uint8Array(execFileSync("unzip", ["-p", zipFile, name], { maxBuffer: 64 * 1024 * 1024 }));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "zip-wav-tags-"));
  const source = testObjects();
  zip = await withChecksums(source, memoryChecksums(), (await planZip(source, files, MODIFIED))!);
  whole = await readAll(zipStream(source, zip));
  zipFile = path.join(dir, "album.zip");
  await writeFile(zipFile, whole);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a WAV in a release's zip", () => {
  it("is planned at its exact length without reading anything, and unzips with every CRC right", async () => {
    const source = testObjects();
    const planned = (await planZip(source, files, MODIFIED))!;
    expect(source.reads).toBe(0);
    expect(planned.layout.size).toBe(whole.length);
    expect(execFileSync("unzip", ["-t", zipFile], { encoding: "utf8" })).toContain("No errors detected");
    // The collection's arithmetic (releaseZipBytes): the stored size plus the tags'.
    expect(entry("01 - Última Dança.wav").length).toBe(objects["masters/one.wav"]!.length + wavTagsLength(TAGS, COVER.length));
    expect(entry("02 - Saudade.wav").length).toBe(objects["masters/two.wav"]!.length + wavTagsLength(TWO, COVER.length));
  });

  it("carries every field and the cover, read by music-metadata from the ID3v2.4 tag", async () => {
    const { common, format, native } = await parseBuffer(entry("01 - Última Dança.wav"), { mimeType: "audio/wav" });
    expect(format.tagTypes).toContain("ID3v2.4");
    expect(common).toMatchObject({
      title: "Última Dança",
      artist: "Lola Rivera",
      album: "Coração",
      track: { no: 1, of: 2 },
      disk: { no: 1, of: null },
      year: 2023,
      isrc: ["BRABC2300007"],
    });
    expect(common.picture).toHaveLength(1);
    expect(common.picture![0]!.format).toBe("image/png");
    expect(common.picture![0]!.type).toBe("Cover (front)");
    expect([...common.picture![0]!.data]).toEqual([...COVER]);
    expect(native["ID3v2.4"]!.map((t) => t.id).sort()).toEqual(["APIC", "TALB", "TDRC", "TIT2", "TPE1", "TPOS", "TRCK", "TSRC"]);
    expect(format.sampleRate).toBe(44_100);
    expect(format.numberOfChannels).toBe(2);
  });

  it("carries the LIST/INFO fields for players that read only those", async () => {
    const { native } = await parseBuffer(entry("02 - Saudade.wav"), { mimeType: "audio/wav" });
    // music-metadata names RIFF INFO "exif", and reads its bytes as Latin-1; ours are UTF-8, as
    // ffmpeg and most taggers write and read them (ffprobe below shows them right).
    const utf8 = (latin1: unknown) => Buffer.from(String(latin1), "latin1").toString("utf8");
    expect(Object.fromEntries(native.exif!.map((t) => [t.id, utf8(t.value)]))).toEqual({
      INAM: "Saudade",
      IART: "Lola Rivera",
      IPRD: "Coração",
      ITRK: "2/2",
      ICRD: "2023",
    });
  });

  it("keeps the samples and every other chunk byte for byte, and the file's own tags are skipped", () => {
    for (const [name, key] of [
      ["01 - Última Dança.wav", "masters/one.wav"],
      ["02 - Saudade.wav", "masters/two.wav"],
    ] as const) {
      const tagged = entry(name);
      const stored = objects[key]!;
      expect(Buffer.from(dataOf(tagged)).equals(Buffer.from(dataOf(stored))), name).toBe(true);
      const ids = chunksOf(tagged).map(([id]) => id);
      // Ours right after fmt, before the samples; the stored ones in their places.
      const storedIds = chunksOf(stored).map(([id]) => (id === "LIST" || id === "id3 " ? "JUNK" : id));
      expect(ids, name).toEqual(["fmt ", "LIST", "id3 ", ...storedIds.slice(1)]);
    }
    expect(chunksOf(entry("02 - Saudade.wav")).map(([id]) => id)).toEqual(["fmt ", "LIST", "id3 ", "fact", "data"]);
  });

  it("serves any range as that slice of the whole", async () => {
    const source = testObjects(997);
    const first = zip.layout.pieces.find((p) => "entry" in p && p.entry === 0)!;
    const tagStart = first.offset + 12 + 8 + 16;
    const ranges = [
      [first.offset, 40],
      [tagStart - 3, 9],
      [tagStart + 50, 300],
      [first.offset + 1_000, 90_000],
      [first.offset + first.length - 5, 200],
      [0, whole.length],
    ] as const;
    for (const [offset, length] of ranges) {
      const part = await readAll(zipStream(source, zip, { offset, length }));
      expect(Buffer.from(part).equals(Buffer.from(whole.subarray(offset, offset + length))), `${offset}+${length}`).toBe(true);
    }
  });

  it("keeps the tagged CRC until the tags change, and the archive's ETag follows the tags", async () => {
    const source = testObjects();
    const store = memoryChecksums();
    await withChecksums(source, store, (await planZip(source, files, MODIFIED))!);
    expect(store.rows.get("masters/one.wav")).toMatchObject({ size: objects["masters/one.wav"]!.length, crc32: zip.files[0]!.crc32 });
    const reads = source.reads;
    await withChecksums(source, store, (await planZip(source, files, MODIFIED))!);
    expect(source.reads).toBe(reads);
    const renamed = files.map((f) => ("wavTags" in f && f.wavTags === TAGS ? { ...f, wavTags: { ...TAGS, title: "Outra Dança" } } : f));
    const replanned = (await planZip(source, renamed, MODIFIED))!;
    expect(replanned.etag).not.toBe(zip.etag);
    const again = await withChecksums(source, store, replanned);
    expect(source.reads).toBeGreaterThan(reads);
    expect(again.files[0]!.crc32).not.toBe(zip.files[0]!.crc32);
    expect(again.files[1]!.crc32).toBe(zip.files[1]!.crc32);
  });

  const ffprobe = spawnSync("ffprobe", ["-version"]).status === 0;
  // ffmpeg takes a file's RIFF INFO over its ID3 text when it has both ("Discarding ID3 tags because
  // more suitable tags were found"): it shows the INFO fields (UTF-8) and the ID3 tag's cover.
  it.skipIf(!ffprobe)("ffprobe reads the INFO fields and the cover", async () => {
    const file = path.join(dir, "one.wav");
    await writeFile(file, entry("01 - Última Dança.wav"));
    const out = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-show_format", "-show_streams", "-of", "json", file], { encoding: "utf8" }));
    expect(out.format.format_name).toBe("wav");
    expect(out.format.tags).toEqual({ title: "Última Dança", artist: "Lola Rivera", album: "Coração", track: "1/2", date: "2023" });
    const audio = out.streams.find((s: { codec_type: string }) => s.codec_type === "audio");
    expect(audio).toMatchObject({ codec_name: "pcm_s16le", sample_rate: "44100", channels: 2 });
    const picture = out.streams.find((s: { codec_type: string }) => s.codec_type === "video");
    expect(picture).toMatchObject({ codec_name: "png", width: 5, height: 3, disposition: { attached_pic: 1 } });
  });
});
