// An MP3's loudness without decoding it: each layer III granule's side information carries the
// quantiser's global_gain, the step its samples are scaled by (2^((gain - 210) / 4)), and how many
// bits its audio took (part2_3_length; none is silence). A louder passage needs a coarser step, so
// 2^(gain / 4) follows the granule's level: an approximation of its peak, good enough to draw a
// waveform, at the cost of walking frame headers. Read as a stream, a chunk at a time.
import { ByteFeed, FILL } from "../flac/convert";

export class Mp3Error extends Error {}

const KBPS = {
  1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
const RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 25: [11025, 12000, 8000] } as const;

type Header = { mpeg1: boolean; rate: number; mono: boolean; crc: boolean; length: number };

/** The layer III frame header at `at`, or null when these bytes are not one. */
function header(b: Uint8Array, at: number): Header | null {
  if (b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1]! >> 3) & 3; // 0: 2.5, 2: 2, 3: 1
  const layer = (b[at + 1]! >> 1) & 3; // 1: layer III
  const rateIndex = (b[at + 2]! >> 2) & 3;
  const bitrateIndex = b[at + 2]! >> 4;
  if (version === 1 || layer !== 1 || rateIndex === 3 || bitrateIndex === 0 || bitrateIndex === 15) return null;
  const mpeg1 = version === 3;
  const rate = RATES[mpeg1 ? 1 : version === 2 ? 2 : 25][rateIndex]!;
  const kbps = KBPS[mpeg1 ? 1 : 2][bitrateIndex]!;
  const padding = (b[at + 2]! >> 1) & 1;
  const length = Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / rate) + padding;
  return { mpeg1, rate, mono: b[at + 3]! >> 6 === 3, crc: (b[at + 1]! & 1) === 0, length };
}

/** Bits `count` wide at bit `bit` of `b` (big-endian), count ≤ 24. */
function bitsAt(b: Uint8Array, bit: number, count: number): number {
  let v = 0;
  for (let i = 0; i < count; i++) {
    const p = bit + i;
    v = (v << 1) | ((b[p >> 3]! >> (7 - (p & 7))) & 1);
  }
  return v;
}

/** Each granule's level (0 for silence) in the frame's side information; none for a Xing/Info frame. */
function granuleLevels(b: Uint8Array, at: number, h: Header): number[] {
  const side = at + 4 + (h.crc ? 2 : 0);
  const channels = h.mono ? 1 : 2;
  const sideBytes = h.mpeg1 ? (h.mono ? 17 : 32) : h.mono ? 9 : 17;
  const tag = String.fromCharCode(b[side + sideBytes]!, b[side + sideBytes + 1]!, b[side + sideBytes + 2]!, b[side + sideBytes + 3]!);
  if (tag === "Xing" || tag === "Info") return [];
  // MPEG-1: main_data_begin (9), private bits (5 or 3), scfsi (4 per channel), then 2 granules of
  // 59 bits per channel. MPEG-2/2.5: main_data_begin (8), private bits (1 or 2), 1 granule of 63.
  let bit = side * 8 + (h.mpeg1 ? 9 + (h.mono ? 5 : 3) + 4 * channels : 8 + (h.mono ? 1 : 2));
  const granuleBits = h.mpeg1 ? 59 : 63;
  const levels: number[] = [];
  for (let g = 0; g < (h.mpeg1 ? 2 : 1); g++) {
    let level = 0;
    for (let ch = 0; ch < channels; ch++) {
      const bits = bitsAt(b, bit, 12);
      const gain = bitsAt(b, bit + 21, 8);
      if (bits > 0) level = Math.max(level, 2 ** (gain / 4));
      bit += granuleBits;
    }
    levels.push(level);
  }
  return levels;
}

/** An ID3v2 tag's whole length at the start, or 0. */
function id3Length(b: Uint8Array): number {
  if (b.length < 10 || b[0] !== 0x49 || b[1] !== 0x44 || b[2] !== 0x33) return 0;
  return 10 + (((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f)) + (b[5]! & 0x10 ? 10 : 0);
}

/** Largest layer III frame (MPEG-1, 320 kbps, 32 kHz, padded) and its side information. */
const MAX_FRAME = 1441 + 64;

/**
 * Calls `level` with each granule's level, in order; the stream's duration in seconds. Bytes that
 * are not a frame are skipped a byte at a time (a tag at the end, junk); Mp3Error when no frame is found.
 */
export async function mp3GranuleLevels(source: AsyncIterable<Uint8Array>, level: (value: number) => void): Promise<number> {
  const feed = new ByteFeed(source);
  await feed.fill(10);
  let skip = id3Length(feed.view());
  while (skip > 0) {
    await feed.fill(Math.min(skip, FILL));
    const take = Math.min(skip, feed.view().length);
    if (take === 0) throw new Mp3Error("mp3: truncated ID3 tag");
    feed.consume(take);
    skip -= take;
  }
  let seconds = 0;
  let frames = 0;
  for (;;) {
    if (feed.view().length < MAX_FRAME * 2) await feed.fill(64 * 1024);
    const b = feed.view();
    if (b.length < 4) break;
    const h = header(b, 0);
    // A frame is trusted when the next one follows it (or the stream ends), which rules out a stray 0xFF.
    if (!h || b.length < h.length || (b.length >= h.length + 4 && !header(b, h.length) && !(frames > 0 && feed.ended))) {
      feed.consume(1);
      continue;
    }
    for (const value of granuleLevels(b, 0, h)) level(value);
    seconds += (h.mpeg1 ? 1152 : 576) / h.rate;
    frames++;
    feed.consume(h.length);
  }
  if (frames === 0) throw new Mp3Error("mp3: no frames");
  return seconds;
}
