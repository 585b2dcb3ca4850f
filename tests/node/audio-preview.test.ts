// Preview renditions: the whole frames (MP3, ADTS AAC) or sample frames (WAV) of a window of the
// track, cut from files built byte by byte (tests/worker/media-fixtures.ts, plus ADTS here), then
// probed again as an upload would be, so the cut says of itself what the cutter reported.
import { describe, expect, it } from "vitest";
import { cutAudioPreview, type AudioPreview } from "../../worker/lib/audio-preview";
import { audioDuration, detectAudioType, id3Length, mpegFrameAt } from "../../worker/lib/audio-probe";
import { probeBytes } from "../../worker/lib/probe-sink";
import { flac, id3Tag, isoMedia, mp3Cbr, mp3Vbr, notMedia, oggOpus, wav, webm } from "../worker/media-fixtures";

// The fixtures' MP3 frames: MPEG-1 Layer III at 48 kHz, 1152 samples, so 24 ms; 384 bytes at 128 kbps.
const MP3_FRAME_SECONDS = 1152 / 48000;
const MP3_FRAME_BYTES = 384;

/** The CBR fixture with each frame's index written into its (otherwise silent) body, so a cut's position can be read off its bytes. */
function numberedMp3(file: Uint8Array, audioStart: number): Uint8Array {
  const view = new DataView(file.buffer, file.byteOffset);
  for (let i = 0; audioStart + (i + 1) * MP3_FRAME_BYTES <= file.length; i++) view.setUint32(audioStart + i * MP3_FRAME_BYTES + 8, i);
  return file;
}
/** The index written into the body of a numbered frame at `at`. */
const frameIndex = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint32(at + 8);

const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Byte-for-byte equality, compared natively (vitest's element-wise toEqual takes seconds on 500 KB). */
function expectBytes(actual: Uint8Array, expected: Uint8Array) {
  expect(actual.length).toBe(expected.length);
  expect(Buffer.compare(actual, expected)).toBe(0);
}

/** Playing time as the catalog's probe reads it from the bytes (what a player is told). */
function probedSeconds(bytes: Uint8Array): number | null {
  const kind = detectAudioType(bytes);
  return kind && audioDuration(kind, probeBytes(bytes));
}

function cut(file: Uint8Array, start: number, length = 30): AudioPreview {
  const preview = cutAudioPreview(file, start, length);
  if (!preview) throw new Error("no preview");
  return preview;
}

const ADTS_RATE_INDEX: Record<number, number> = { 48000: 3, 44100: 4, 32000: 5, 22050: 7 };

/** Frame i's length in the ADTS fixture: varied, so the cutter must walk by each header's length field. */
const adtsFrameLength = (i: number) => 120 + (i % 7) * 13;

/** ADTS AAC-LC stereo, 1024 samples a frame, zero payloads, optionally after an ID3v2 tag. */
function adts({ seconds, sampleRate = 44100, id3 = 0 }: { seconds: number; sampleRate?: number; id3?: number }): Uint8Array {
  const frames = Math.round((seconds * sampleRate) / 1024);
  const parts = Array.from({ length: frames }, (_, i) => {
    const length = adtsFrameLength(i);
    const frame = new Uint8Array(length);
    // sync, MPEG-4, layer 00, no CRC; LC profile, rate index, channel config 2; length; buffer fullness 0x7FF; one raw data block.
    frame.set([0xff, 0xf1, (1 << 6) | (ADTS_RATE_INDEX[sampleRate]! << 2), (2 << 6) | (length >> 11), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc]);
    return frame;
  });
  return concatBytes(id3 ? id3Tag(id3) : new Uint8Array(0), ...parts);
}

/** Byte offset of ADTS frame `i` in a fixture without ID3 tag. */
const adtsOffset = (i: number) => Array.from({ length: i }, (_, k) => adtsFrameLength(k)).reduce((n, l) => n + l, 0);

/** A WAV fixture whose sample frames (4 bytes each: 16-bit stereo) hold their own index, so a cut's position can be read off its bytes. */
function indexedWav(seconds: number, sampleRate: number): Uint8Array {
  const file = wav({ seconds, sampleRate, channels: 2, bits: 16 });
  const frames = Math.round(seconds * sampleRate);
  const data = new DataView(file.buffer, file.length - frames * 4); // the fixture's data chunk comes last
  for (let i = 0; i < frames; i++) data.setUint32(i * 4, i, true);
  return file;
}

/** A RIFF file of the given chunks, each padded to an even size. */
function riff(...chunks: [id: string, body: Uint8Array][]): Uint8Array {
  const parts = chunks.map(([id, body]) => {
    const chunk = new Uint8Array(8 + body.length + (body.length & 1));
    chunk.set(Array.from(id, (c) => c.charCodeAt(0)));
    new DataView(chunk.buffer).setUint32(4, body.length, true);
    chunk.set(body, 8);
    return chunk;
  });
  const body = concatBytes(Uint8Array.from([0x57, 0x41, 0x56, 0x45]), ...parts); // "WAVE"
  const head = new Uint8Array(8);
  head.set([0x52, 0x49, 0x46, 0x46]); // "RIFF"
  new DataView(head.buffer).setUint32(4, body.length, true);
  return concatBytes(head, body);
}

function fmtChunk({ tag = 1, channels, sampleRate, bits }: { tag?: number; channels: number; sampleRate: number; bits: number }): Uint8Array {
  const body = new Uint8Array(16);
  const v = new DataView(body.buffer);
  const blockAlign = (channels * bits) / 8;
  v.setUint16(0, tag, true);
  v.setUint16(2, channels, true);
  v.setUint32(4, sampleRate, true);
  v.setUint32(8, sampleRate * blockAlign, true);
  v.setUint16(12, blockAlign, true);
  v.setUint16(14, bits, true);
  return body;
}

describe("cutAudioPreview: MP3", () => {
  // 5000 frames of 24 ms: exactly 120 s, after a 3000-byte ID3v2 tag and before an ID3v1 tag.
  const tagged = numberedMp3(mp3Cbr({ seconds: 120, id3: 3000, id3v1: true }), 3000);
  const audioStart = 3000;

  it("cuts whole frames from the requested time, without the ID3 tags", () => {
    const preview = cut(tagged, 10);
    expect(preview).toMatchObject({ format: "mp3", mime: "audio/mpeg" });
    // Frames start every 24 ms: the first at or after 10 s is frame 417 (10.008 s); 1250 frames start before 40 s.
    expect(preview.startSeconds).toBe(10.008);
    expect(preview.durationSeconds).toBe(30);
    expect(preview.startSeconds - 10).toBeLessThan(MP3_FRAME_SECONDS);
    expect(preview.bytes.length).toBe(1250 * MP3_FRAME_BYTES);
    expectBytes(preview.bytes, tagged.subarray(audioStart + 417 * MP3_FRAME_BYTES, audioStart + 1667 * MP3_FRAME_BYTES));
    expect(mpegFrameAt(preview.bytes, 0)).not.toBeNull();
    expect(frameIndex(preview.bytes, 0)).toBe(417);
    expect(frameIndex(preview.bytes, preview.bytes.length - MP3_FRAME_BYTES)).toBe(1666);
    expect(id3Length(preview.bytes)).toBe(0);
    expect(ascii(preview.bytes, preview.bytes.length - 128, 3)).not.toBe("TAG");
  });

  it("is probed again as lasting what the cut reports", () => {
    const preview = cut(tagged, 10);
    expect(probedSeconds(preview.bytes)).toBeCloseTo(preview.durationSeconds, 6);
  });

  it("holds only the preview's bytes: its buffer is not the whole file's", () => {
    const preview = cut(tagged, 10);
    expect(preview.bytes.buffer.byteLength).toBe(preview.bytes.byteLength);
  });

  it.each(["Xing", "VBRI"] as const)("drops a %s header frame, which would give players the whole track's length", (header) => {
    // A 128 kbps header frame (384 bytes), then 2500 frames cycling through 96, 192 and 320 kbps (288, 576, 960 bytes).
    const file = mp3Vbr({ seconds: 60, header });
    const preview = cut(file, 0);
    expect(preview.startSeconds).toBe(0);
    expect(preview.durationSeconds).toBe(30);
    expect(mpegFrameAt(preview.bytes, 0)?.kbps).toBe(96);
    // 1250 frames: 416 whole cycles of 1824 bytes, then a 96 and a 192 kbps frame.
    expectBytes(preview.bytes, file.subarray(384, 384 + 416 * 1824 + 288 + 576));
    expect(ascii(preview.bytes, 36, 4)).not.toBe(header);
  });

  it("moves a start near the end back so the window ends at the track's end", () => {
    const preview = cut(tagged, 110);
    expect(preview.startSeconds).toBe(90);
    expect(preview.durationSeconds).toBe(30);
    expectBytes(preview.bytes, tagged.subarray(tagged.length - 128 - 1250 * MP3_FRAME_BYTES, tagged.length - 128));
  });

  it("does the same for a start beyond the end", () => {
    for (const start of [120, 1000, 1e12]) expect(cut(tagged, start)).toMatchObject({ startSeconds: 90, durationSeconds: 30 });
  });

  it("gives at most half of a short track (whole frames starting in the first half)", () => {
    // 1667 frames (40.008 s): the window is 20.004 s, and frames 0..833 start in it.
    const preview = cut(mp3Cbr({ seconds: 40 }), 0);
    expect(preview.startSeconds).toBe(0);
    expect(preview.durationSeconds).toBe(20.016);
    expect(Math.abs(preview.durationSeconds - 20)).toBeLessThan(MP3_FRAME_SECONDS);
  });

  it.each([
    ["negative", -5],
    ["NaN", Number.NaN],
    ["infinite", Number.POSITIVE_INFINITY],
  ])("starts at 0 for a %s start", (_, start) => {
    const preview = cut(tagged, start);
    expect(preview).toMatchObject({ startSeconds: 0, durationSeconds: 30 });
    expectBytes(preview.bytes, tagged.subarray(audioStart, audioStart + 1250 * MP3_FRAME_BYTES));
  });

  it("ignores trailing junk and stops at a frame broken mid-file", () => {
    const plain = numberedMp3(mp3Cbr({ seconds: 120 }), 0);
    const junked = cut(concatBytes(plain, notMedia(1000)), 10);
    expect(junked).toMatchObject({ startSeconds: 10.008, durationSeconds: 30 });
    expectBytes(junked.bytes, cut(plain, 10).bytes);

    // Frame 2500's header wiped: the stream ends at 60 s, so a 30 s window starts at 30 s at the latest.
    const broken = plain.slice();
    broken.fill(0, 2500 * MP3_FRAME_BYTES, 2500 * MP3_FRAME_BYTES + 4);
    const preview = cut(broken, 50);
    expect(preview).toMatchObject({ startSeconds: 30, durationSeconds: 30 });
    expectBytes(preview.bytes, plain.subarray(1250 * MP3_FRAME_BYTES, 2500 * MP3_FRAME_BYTES));
  });

  it("answers null when no whole frame lies in the window", () => {
    expect(cutAudioPreview(tagged, 10, 0)).toBeNull();
    expect(cutAudioPreview(tagged, 10, Number.NaN)).toBeNull();
    // One frame header and half its body: detected as MP3, but no whole frame.
    expect(cutAudioPreview(mp3Cbr({ seconds: 1 }).subarray(0, 200), 0, 30)).toBeNull();
  });
});

describe("cutAudioPreview: ADTS AAC", () => {
  // 5168 frames of 1024 samples at 44.1 kHz (120.0007 s), of varied lengths.
  const plain = adts({ seconds: 120 });

  it("cuts whole frames by their headers' lengths, without the ID3 tag", () => {
    const tagged = concatBytes(id3Tag(2000), plain);
    const preview = cut(tagged, 10);
    expect(preview).toMatchObject({ format: "aac", mime: "audio/aac" });
    // Frame i starts at i x 1024 / 44100 s: frames 431 (10.0078 s) to 1722 start in [10, 40).
    expect(preview.startSeconds).toBeCloseTo((431 * 1024) / 44100, 6);
    expect(preview.durationSeconds).toBeCloseTo((1292 * 1024) / 44100, 6);
    expectBytes(preview.bytes, plain.subarray(adtsOffset(431), adtsOffset(1723)));
    expect(id3Length(preview.bytes)).toBe(0);
    expect(probedSeconds(preview.bytes)).toBeCloseTo(preview.durationSeconds, 6);
  });

  it("clamps the window into the track like MP3", () => {
    const total = (5168 * 1024) / 44100;
    const preview = cut(plain, 500);
    expect(preview.startSeconds + preview.durationSeconds).toBeCloseTo(total, 5);
    expectBytes(preview.bytes, plain.subarray(plain.length - preview.bytes.length));
    // total - 30 s is 3876.008 frames in: frame 3877 is the first to start in the window.
    expect(preview.startSeconds).toBeCloseTo((3877 * 1024) / 44100, 6);
  });
});

describe("cutAudioPreview: WAV", () => {
  it("writes a canonical 44-byte header over the samples of the window, cut on sample frames", () => {
    const file = indexedWav(120, 22050);
    const preview = cut(file, 10);
    expect(preview).toMatchObject({ format: "wav", mime: "audio/wav", startSeconds: 10, durationSeconds: 30 });
    const b = preview.bytes;
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const dataLength = 30 * 22050 * 4;
    expect(b.length).toBe(44 + dataLength);
    expect(ascii(b, 0, 4)).toBe("RIFF");
    expect(v.getUint32(4, true)).toBe(36 + dataLength);
    expect(ascii(b, 8, 8)).toBe("WAVEfmt ");
    expect(v.getUint32(16, true)).toBe(16);
    expect(v.getUint16(20, true)).toBe(1); // PCM
    expect(v.getUint16(22, true)).toBe(2); // channels
    expect(v.getUint32(24, true)).toBe(22050);
    expect(v.getUint32(28, true)).toBe(88200); // byte rate
    expect(v.getUint16(32, true)).toBe(4); // block align
    expect(v.getUint16(34, true)).toBe(16);
    expect(ascii(b, 36, 4)).toBe("data");
    expect(v.getUint32(40, true)).toBe(dataLength);
    expect(dataLength % 4).toBe(0);
    expect(dataLength).toBe(preview.durationSeconds * 88200);
    // The samples are the file's from 10 s on: sample frame 220500 first, 881999 last.
    expect(v.getUint32(44, true)).toBe(220_500);
    expect(v.getUint32(b.length - 4, true)).toBe(220_500 + 30 * 22050 - 1);
    expect(probedSeconds(b)).toBe(30);
  });

  it("gives exactly half of a 40-second track, and ends the window at the track's end", () => {
    expect(cut(wav({ seconds: 40 }), 0)).toMatchObject({ startSeconds: 0, durationSeconds: 20 });
    expect(cut(wav({ seconds: 40 }), 35)).toMatchObject({ startSeconds: 20, durationSeconds: 20 });
    const preview = cut(indexedWav(100, 8000), 99, 30);
    expect(preview).toMatchObject({ startSeconds: 70, durationSeconds: 30 });
    expect(new DataView(preview.bytes.buffer).getUint32(preview.bytes.length - 4, true)).toBe(100 * 8000 - 1);
  });

  it("starts on a sample frame boundary for any start time", () => {
    const preview = cut(indexedWav(60, 8000), 10.00001);
    // 10.00001 s is 80000.08 samples in: the cut starts at sample frame 80001.
    expect(preview.startSeconds).toBe(10.000125);
    expect(new DataView(preview.bytes.buffer).getUint32(44, true)).toBe(80_001);
    expect((preview.bytes.length - 44) % 4).toBe(0);
  });

  it("finds fmt and data in any order, past odd-sized padded chunks, and pads odd sample data", () => {
    // 8-bit mono at 8001 Hz: 30 s is 240030 bytes; a 60 s track has 480060. Data comes first, fmt last.
    const samples = Uint8Array.from({ length: 60 * 8001 }, (_, i) => i % 251);
    const file = riff(["data", samples], ["LIST", Uint8Array.from([1, 2, 3, 4, 5])], ["fmt ", fmtChunk({ channels: 1, sampleRate: 8001, bits: 8 })]);
    const preview = cut(file, 0.5);
    const v = new DataView(preview.bytes.buffer);
    // 0.5 s is 4000.5 samples in: sample 4001 first; 30 s of 8001 Hz is 240030 samples.
    expect(preview.startSeconds).toBeCloseTo(4001 / 8001, 6);
    expect(preview.durationSeconds).toBe(30);
    expect(v.getUint32(40, true)).toBe(240_030);
    expectBytes(preview.bytes.subarray(44), samples.subarray(4001, 4001 + 240_030));
    expect(probedSeconds(preview.bytes)).toBeCloseTo(30, 6);

    const odd = riff(["fmt ", fmtChunk({ channels: 1, sampleRate: 8000, bits: 8 })], ["data", new Uint8Array(8001)]);
    const short = cut(odd, 0, 0.5);
    expect(short.durationSeconds).toBe(0.5);
    expect(new DataView(short.bytes.buffer).getUint32(40, true)).toBe(4000);
    // 4000 is even: no pad. One sample more must be padded.
    const padded = cut(odd, 0, 4001 / 8000);
    expect(new DataView(padded.bytes.buffer).getUint32(40, true)).toBe(4001);
    expect(padded.bytes.length).toBe(44 + 4002);
    expect(new DataView(padded.bytes.buffer).getUint32(4, true)).toBe(36 + 4002);
  });

  it("refuses a WAV that is not PCM (IEEE float) or has no data chunk", () => {
    const float = riff(["fmt ", fmtChunk({ tag: 3, channels: 1, sampleRate: 8000, bits: 32 })], ["data", new Uint8Array(8000 * 4 * 10)]);
    expect(cutAudioPreview(float, 0, 30)).toBeNull();
    expect(cutAudioPreview(riff(["fmt ", fmtChunk({ channels: 1, sampleRate: 8000, bits: 8 })]), 0, 30)).toBeNull();
  });
});

describe("cutAudioPreview: formats it cannot cut", () => {
  it.each([
    ["M4A", isoMedia({ seconds: 120 })],
    ["Ogg Opus", oggOpus({ seconds: 120 })],
    ["FLAC", flac({ seconds: 120 })],
    ["WebM", webm({ seconds: 120 })],
    ["text", notMedia()],
    ["an ID3 tag over text", concatBytes(id3Tag(500), notMedia())],
    ["nothing", new Uint8Array(0)],
  ])("answers null for %s", (_, file) => {
    expect(cutAudioPreview(file, 10, 30)).toBeNull();
  });
});
