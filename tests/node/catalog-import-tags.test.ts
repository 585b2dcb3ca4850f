// The folder import's tag reading (decision 120) on files generated with known tags: a FLAC with
// Vorbis comments and a PICTURE block, an MP3 behind an ID3v2.4 tag, a WAV with LIST/INFO and an
// id3 chunk; Portuguese accents and synced lyrics included. And the browser's MP3 encoder: its
// output is MPEG audio of the right length.
import { parseBlob } from "music-metadata";
import { describe, expect, it } from "vitest";
import { ChunkedMp3Encoder } from "../../app/features/admin/catalog-import/mp3Encode";
import { FRAME_SAMPLES, mp3SampleRate } from "../../app/features/admin/catalog-import/mp3Rates";
import { readTags } from "../../app/features/admin/catalog-import/readTags";
import { sniffKind } from "../../app/features/admin/catalog-import/sniff";
import { encodePng } from "../../scripts/lib/png.mjs";
import { lrcOf, taggedFlac, taggedMp3, taggedWav, testPcm } from "../../scripts/lib/tagged-audio.mjs";

const cover = { mime: "image/png", bytes: new Uint8Array(encodePng(4, 4, () => [10, 120, 200])) };
const synced = [
  { ms: 0, text: "Canção do Mar" },
  { ms: 2500, text: "Você me leva" },
];
const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe("tag reading", () => {
  it("reads a FLAC's Vorbis comments, its picture and LRC lyrics", async () => {
    const flac = taggedFlac({
      seconds: 2,
      tags: {
        TITLE: "Canção do Mar",
        ALBUM: "Você",
        TRACKNUMBER: "2",
        DISCNUMBER: "1",
        DATE: "2024",
        ISRC: "BR-ABC-24-00001",
        COMPOSER: "João Gilberto",
        LYRICIST: "Zé Ramalho",
        PRODUCER: "Ana",
        LYRICS: lrcOf(synced),
      },
      cover,
    });
    expect(sniffKind(flac.subarray(0, 16), "x.bin")).toBe("flac");
    const tags = await readTags(blob(flac));
    expect(tags).toMatchObject({
      title: "Canção do Mar",
      album: "Você",
      track: 2,
      disc: 1,
      year: 2024,
      isrc: "BRABC2400001",
      durationSeconds: 2,
      sampleRate: 44100,
    });
    expect(tags.credits).toEqual([
      { role: "composer", name: "João Gilberto" },
      { role: "lyricist", name: "Zé Ramalho" },
      { role: "producer", name: "Ana" },
    ]);
    // A Vorbis LYRICS comment names no language: the import gives it the album's.
    expect(tags.lyrics).toEqual({ synced: true, text: "[00:00.00]Canção do Mar\n[00:02.50]Você me leva" });
    expect(tags.cover?.mime).toBe("image/png");
    expect(tags.cover?.bytes).toEqual(cover.bytes);
  });

  it("reads an MP3's ID3v2.4 frames: numbers of a set, ISRC, SYLT before USLT, the involved people, the picture", async () => {
    const mp3 = taggedMp3({
      seconds: 1,
      tags: {
        title: "Você",
        album: "Canção do Mar",
        artist: "Ana",
        track: "3/12",
        disc: "2/2",
        year: 2023,
        isrc: "BRABC2300003",
        producer: "Zé",
        composer: "João",
        lyrics: "Você me leva",
        synced,
        cover,
      },
    });
    expect(sniffKind(mp3.subarray(0, 16), "x.flac")).toBe("mp3");
    const tags = await readTags(blob(mp3));
    expect(tags).toMatchObject({ title: "Você", album: "Canção do Mar", artist: "Ana", track: 3, disc: 2, year: 2023, isrc: "BRABC2300003" });
    expect(tags.credits).toEqual([
      { role: "composer", name: "João" },
      { role: "producer", name: "Zé" },
    ]);
    expect(tags.lyrics).toEqual({ language: "pt-BR", synced: true, text: "[00:00.00]Canção do Mar\n[00:02.50]Você me leva" });
    expect(tags.cover?.bytes).toEqual(cover.bytes);
  });

  it("reads an MP3's unsynced lyrics when there are no timed ones", async () => {
    const tags = await readTags(blob(taggedMp3({ seconds: 0.5, tags: { title: "Mar", lyrics: "Ó mar\nque leva" } })));
    expect(tags.lyrics).toEqual({ language: "pt-BR", synced: false, text: "Ó mar\nque leva" });
    expect(tags.cover).toBeUndefined();
  });

  it("reads a WAV's id3 chunk with accents and its length from the header", async () => {
    const wav = taggedWav({ seconds: 1.5, tags: { title: "Você", album: "Canção do Mar", track: "1", isrc: "BRABC2400009", synced } });
    expect(sniffKind(wav.subarray(0, 16), "x.mp3")).toBe("wav");
    const tags = await readTags(blob(wav));
    expect(tags).toMatchObject({ title: "Você", album: "Canção do Mar", track: 1, isrc: "BRABC2400009", durationSeconds: 1.5 });
    expect(tags.lyrics?.synced).toBe(true);
  });

  it("reads a WAV's LIST/INFO as UTF-8 when ffmpeg wrote it so, and as Latin-1 when it is Latin-1", async () => {
    const tags = { title: "Coração", album: "Última Dança", artist: "Zé", track: "3" };
    const utf8 = await readTags(blob(taggedWav({ seconds: 0.2, tags, id3: false })));
    expect(utf8).toMatchObject({ title: "Coração", album: "Última Dança", artist: "Zé", track: 3 });
    const latin1 = await readTags(blob(taggedWav({ seconds: 0.2, tags, id3: false, infoEncoding: "latin1" })));
    expect(latin1).toMatchObject({ title: "Coração", album: "Última Dança", artist: "Zé", track: 3 });
  });

  it("refuses by content: a PNG named .mp3, a zip named .flac, text named .wav", () => {
    expect(sniffKind(cover.bytes.subarray(0, 16), "song.mp3")).toBe("png");
    expect(sniffKind(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), "song.flac")).toBe("zip");
    expect(sniffKind(new TextEncoder().encode("[00:01.00]hi"), "song.wav")).toBe("unsupported");
    expect(sniffKind(new TextEncoder().encode("[00:01.00]hi"), "song.lrc")).toBe("lyrics");
    expect(sniffKind(new Uint8Array([0, 1, 2, 3]), "song.txt")).toBe("unsupported");
  });
});

/** Counts MPEG-1 layer III frames by walking their headers (CBR, no padding games). */
function countFrames(bytes: Uint8Array): { frames: number; sampleRate: number } {
  const RATES = [44100, 48000, 32000];
  const KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  let at = 0;
  let frames = 0;
  let sampleRate = 0;
  while (at + 4 <= bytes.length) {
    expect(bytes[at]).toBe(0xff);
    expect(bytes[at + 1]! & 0xfe).toBe(0xfa); // MPEG-1, layer III
    sampleRate = RATES[(bytes[at + 2]! >> 2) & 3]!;
    const length = Math.floor((144 * KBPS[bytes[at + 2]! >> 4]! * 1000) / sampleRate) + ((bytes[at + 2]! >> 1) & 1);
    at += length;
    frames++;
  }
  expect(at).toBe(bytes.length);
  return { frames, sampleRate };
}

describe("the MP3 encoder", () => {
  it("encodes stereo PCM in blocks into frames that last as long as the PCM", async () => {
    const seconds = 3;
    const pcm = testPcm(seconds, 44100);
    const left = Float32Array.from(pcm, (s) => s / 32768);
    const right = Float32Array.from(left, (s) => -s);
    const encoder = new ChunkedMp3Encoder(2, 44100);
    const parts: Uint8Array[] = [];
    for (let i = 0; i < left.length; i += FRAME_SAMPLES * 10)
      parts.push(encoder.encode(left.subarray(i, i + FRAME_SAMPLES * 10), right.subarray(i, i + FRAME_SAMPLES * 10)).slice());
    parts.push(encoder.finish().slice());
    const mp3 = new Uint8Array(await new Blob(parts as Uint8Array<ArrayBuffer>[]).arrayBuffer());
    const { frames, sampleRate } = countFrames(mp3);
    expect(sampleRate).toBe(44100);
    // The encoder adds at most the few frames of its delay and padding.
    expect(frames).toBeGreaterThanOrEqual(Math.ceil((seconds * 44100) / FRAME_SAMPLES));
    expect(frames).toBeLessThanOrEqual(Math.ceil((seconds * 44100) / FRAME_SAMPLES) + 3);
    const meta = await parseBlob(blob(mp3), { duration: true });
    expect(meta.format.codec).toBe("MPEG 1 Layer 3");
    expect(meta.format.numberOfChannels).toBe(2);
    expect(meta.format.duration).toBeGreaterThan(seconds - 0.05);
    expect(meta.format.duration).toBeLessThan(seconds + 0.1);
  });

  it("decodes a hi-res master at a rate MP3 carries", () => {
    expect(mp3SampleRate(44100)).toBe(44100);
    expect(mp3SampleRate(48000)).toBe(48000);
    expect(mp3SampleRate(96000)).toBe(48000);
    expect(mp3SampleRate(88200)).toBe(44100);
    expect(mp3SampleRate(192000)).toBe(48000);
  });
});
