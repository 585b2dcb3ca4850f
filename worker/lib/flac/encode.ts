// A FLAC encoder kept small: each channel coded with the best of the fixed predictors (orders 0-4)
// or as a constant, residuals in Rice partitions whose parameters are estimated from their mean;
// verbatim when that would be larger. A stereo frame is coded as left/right, left/side, side/right
// or mid/side, whichever pair is estimated smallest, as the reference encoder chooses per frame. The header names every frame's facts in
// STREAMINFO, so a stream can be written front to back with its length known from the source.
import { BitWriter } from "./bits";
import { crc16, crc8 } from "./crc";
import type { StreamInfo } from "./decode";

/** Samples per channel in every frame but the last. */
export const ENCODE_BLOCK_SIZE = 4096;
const MIN_BLOCK_SIZE = 16;

/** What a player shows for the file: Vorbis comments, and the front cover as a PICTURE block. */
export type FlacTags = {
  title: string;
  artist: string;
  album: string;
  trackNumber: number;
  discNumber: number;
  year: number;
  isrc?: string | null;
  cover?: { mime: string; bytes: Uint8Array } | null;
};

const VENDOR = "fan-site flac";
/** A metadata block's length field is 24 bits: a cover past it is left out rather than made invalid. */
const MAX_BLOCK = 2 ** 24 - 1;

/** "fLaC", STREAMINFO (frame sizes and MD5 left unknown, as the format allows), then the tags if any. */
export function encodeStreamHeader(info: Omit<StreamInfo, "minBlockSize" | "maxBlockSize">, tags?: FlacTags): Uint8Array {
  const blocks = tags ? tagBlocks(tags) : [];
  const w = new BitWriter(64);
  for (const c of "fLaC") w.writeUint(c.charCodeAt(0), 8);
  w.writeUint(blocks.length === 0 ? 0x80 : 0, 8); // type 0, last if no tags follow
  w.writeUint(34, 24);
  // Block sizes under 16 are only allowed for the last frame: a shorter stream still names 16.
  const block = info.totalSamples > 0 && info.totalSamples < ENCODE_BLOCK_SIZE ? Math.max(MIN_BLOCK_SIZE, info.totalSamples) : ENCODE_BLOCK_SIZE;
  w.writeUint(block, 16);
  w.writeUint(block, 16);
  w.writeUint(0, 24);
  w.writeUint(0, 24);
  w.writeUint(info.sampleRate, 20);
  w.writeUint(info.channels - 1, 3);
  w.writeUint(info.bitsPerSample - 1, 5);
  w.writeUint(info.totalSamples, 36);
  for (let i = 0; i < 16; i++) w.writeUint(0, 8);
  const head = w.view();
  const parts = [head, ...blocks.map((body, i) => withBlockHeader(body.type, body.bytes, i === blocks.length - 1))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function withBlockHeader(type: number, body: Uint8Array, last: boolean): Uint8Array {
  const out = new Uint8Array(4 + body.length);
  out[0] = (last ? 0x80 : 0) | type;
  out[1] = body.length >>> 16;
  out[2] = (body.length >>> 8) & 0xff;
  out[3] = body.length & 0xff;
  out.set(body, 4);
  return out;
}

const VORBIS_COMMENT = 4;
const PICTURE = 6;
const FRONT_COVER = 3;

function tagBlocks(tags: FlacTags): { type: number; bytes: Uint8Array }[] {
  const text = new TextEncoder();
  const fields = [
    `TITLE=${tags.title}`,
    `ARTIST=${tags.artist}`,
    `ALBUM=${tags.album}`,
    `TRACKNUMBER=${tags.trackNumber}`,
    `DISCNUMBER=${tags.discNumber}`,
    `DATE=${tags.year}`,
    ...(tags.isrc ? [`ISRC=${tags.isrc}`] : []),
  ].map((field) => text.encode(field));
  const vendor = text.encode(VENDOR);
  const comments = new Uint8Array(8 + vendor.length + fields.reduce((n, f) => n + 4 + f.length, 0));
  const view = new DataView(comments.buffer);
  view.setUint32(0, vendor.length, true); // Vorbis comment lengths are little-endian
  comments.set(vendor, 4);
  let at = 4 + vendor.length;
  view.setUint32(at, fields.length, true);
  at += 4;
  for (const field of fields) {
    view.setUint32(at, field.length, true);
    comments.set(field, at + 4);
    at += 4 + field.length;
  }
  const blocks = [{ type: VORBIS_COMMENT, bytes: comments }];
  const cover = tags.cover;
  if (cover && cover.bytes.length + 32 + cover.mime.length <= MAX_BLOCK) {
    const mime = text.encode(cover.mime);
    const picture = new Uint8Array(32 + mime.length + cover.bytes.length);
    const p = new DataView(picture.buffer);
    p.setUint32(0, FRONT_COVER);
    p.setUint32(4, mime.length);
    picture.set(mime, 8);
    let i = 8 + mime.length;
    // Description empty; width, height, depth and palette 0: "not known", which readers accept.
    for (const value of [0, 0, 0, 0, 0]) {
      p.setUint32(i, value);
      i += 4;
    }
    p.setUint32(i, cover.bytes.length);
    picture.set(cover.bytes, i + 4);
    blocks.push({ type: PICTURE, bytes: picture });
  }
  return blocks;
}

const SIZE_CODES: Record<number, number> = { 8: 1, 12: 2, 16: 4, 20: 5, 24: 6, 32: 7 };

/** One frame of `blockSize` samples per channel; `frameNumber` counts frames from 0. */
export function encodeFrame(frameNumber: number, channels: Int32Array[], blockSize: number, bitsPerSample: number): Uint8Array {
  const w = new BitWriter(blockSize * channels.length * 4 + 64);
  w.writeUint(0xfff8, 16); // sync, fixed block size strategy
  const sizeCode = blockSize === ENCODE_BLOCK_SIZE ? 12 : blockSize <= 256 ? 6 : 7;
  w.writeUint(sizeCode, 4);
  w.writeUint(0, 4); // sample rate: STREAMINFO's
  const coded = codeChannels(channels, blockSize, bitsPerSample);
  w.writeUint(coded.assignment, 4);
  w.writeUint(SIZE_CODES[bitsPerSample] ?? 0, 3);
  w.writeUint(0, 1);
  writeCodedNumber(w, frameNumber);
  if (sizeCode === 6) w.writeUint(blockSize - 1, 8);
  else if (sizeCode === 7) w.writeUint(blockSize - 1, 16);
  w.writeUint(crc8(w.view()), 8);
  for (const plan of coded.subframes) writeSubframe(w, plan);
  w.alignToByte();
  w.writeUint(crc16(w.view()), 16);
  return w.view().slice();
}

/** The frame number in FLAC's UTF-8-like coding. */
function writeCodedNumber(w: BitWriter, n: number) {
  if (n < 0x80) return w.writeUint(n, 8);
  let follow = 1;
  while (n >= 2 ** (5 * follow + 6)) follow++;
  const lead = (0xff << (7 - follow)) & 0xff;
  w.writeUint(lead | Math.floor(n / 2 ** (6 * follow)), 8);
  for (let i = follow - 1; i >= 0; i--) w.writeUint(0x80 | (Math.floor(n / 2 ** (6 * i)) & 0x3f), 8);
}

/** Residuals of fixed predictor `order` (the samples before `order` are the warm-up). */
function fixedResidual(s: Int32Array, order: number, n: number, out: Int32Array) {
  switch (order) {
    case 0:
      for (let i = 0; i < n; i++) out[i] = s[i]!;
      break;
    case 1:
      for (let i = 1; i < n; i++) out[i] = s[i]! - s[i - 1]!;
      break;
    case 2:
      for (let i = 2; i < n; i++) out[i] = s[i]! - 2 * s[i - 1]! + s[i - 2]!;
      break;
    case 3:
      for (let i = 3; i < n; i++) out[i] = s[i]! - 3 * s[i - 1]! + 3 * s[i - 2]! - s[i - 3]!;
      break;
    default:
      for (let i = 4; i < n; i++) out[i] = s[i]! - 4 * s[i - 1]! + 6 * s[i - 2]! - 4 * s[i - 3]! + s[i - 4]!;
  }
}

/**
 * The fixed predictor order whose residuals are smallest, in one pass over the block (the
 * reference encoder's estimate: each order's residual is the difference of the one below it).
 */
function bestFixedOrder(s: Int32Array, n: number): { order: number; error: number } {
  if (n < 5) return { order: 0, error: s.subarray(0, n).reduce((sum, v) => sum + Math.abs(v), 0) };
  let e0 = 0;
  let e1 = 0;
  let e2 = 0;
  let e3 = 0;
  let e4 = 0;
  let l1 = s[3]! - s[2]!;
  let l2 = l1 - (s[2]! - s[1]!);
  let l3 = l2 - (s[2]! - s[1]! - (s[1]! - s[0]!));
  for (let i = 4; i < n; i++) {
    const r0 = s[i]!;
    const r1 = r0 - s[i - 1]!;
    const r2 = r1 - l1;
    const r3 = r2 - l2;
    const r4 = r3 - l3;
    e0 += r0 < 0 ? -r0 : r0;
    e1 += r1 < 0 ? -r1 : r1;
    e2 += r2 < 0 ? -r2 : r2;
    e3 += r3 < 0 ? -r3 : r3;
    e4 += r4 < 0 ? -r4 : r4;
    l1 = r1;
    l2 = r2;
    l3 = r3;
  }
  const sums = [e0, e1, e2, e3, e4];
  let order = 0;
  for (let k = 1; k < 5; k++) if (sums[k]! < sums[order]!) order = k;
  return { order, error: sums[order]! };
}

const zigzag = (v: number) => (v >= 0 ? v * 2 : -v * 2 - 1);
const MAX_PARAM = 30;
const MAX_PARTITION_ORDER = 6;

type RicePlan = { order: number; params: number[]; bits: number };

/** The Rice parameter for a partition whose zigzagged residuals sum to `sum` over `count` samples, and its cost. */
function riceParam(sum: number, count: number): { param: number; bits: number } {
  if (count === 0) return { param: 0, bits: 5 };
  const mean = sum / count;
  const param = mean < 1 ? 0 : Math.min(MAX_PARAM - 1, Math.floor(Math.log2(mean)));
  // The quotients' unary bits are about sum / 2^param; each sample adds its stop bit and `param` bits.
  return { param, bits: 5 + count * (param + 1) + Math.floor(sum / 2 ** param) };
}

/**
 * The partition order (and each partition's parameter) with the fewest estimated bits: the sums of
 * the finest partitions are taken once and added pairwise for each coarser order.
 */
function planRice(res: Int32Array, order: number, n: number): RicePlan {
  let top = 0;
  while (top < MAX_PARTITION_ORDER && (n >> (top + 1)) << (top + 1) === n && n >> (top + 1) > order) top++;
  const per = n >> top;
  let sums: number[] = [];
  let counts: number[] = [];
  for (let k = 0, i = order; k < 1 << top; k++) {
    let sum = 0;
    const start = i;
    for (const end = (k + 1) * per; i < end; i++) sum += zigzag(res[i]!);
    sums.push(sum);
    counts.push(i - start);
  }
  let best: RicePlan | null = null;
  for (let p = top; p >= 0; p--) {
    if (p < top) {
      sums = sums.flatMap((sum, k) => (k % 2 === 0 ? [sum + sums[k + 1]!] : []));
      counts = counts.flatMap((count, k) => (k % 2 === 0 ? [count + counts[k + 1]!] : []));
    }
    const params: number[] = [];
    let bits = 0;
    for (let k = 0; k < sums.length; k++) {
      const chosen = riceParam(sums[k]!, counts[k]!);
      params.push(chosen.param);
      bits += chosen.bits;
    }
    if (!best || bits < best.bits) best = { order: p, params, bits };
  }
  return best!;
}

type SubframePlan =
  | { kind: "constant"; s: Int32Array; bps: number }
  | { kind: "verbatim"; s: Int32Array; n: number; bps: number }
  | { kind: "fixed"; s: Int32Array; n: number; bps: number; order: number; res: Int32Array; rice: RicePlan };

/** How one channel's block is best coded at `bps` bits a sample. */
function planSubframe(s: Int32Array, n: number, bps: number, order = bestFixedOrder(s, n).order): SubframePlan {
  let constant = true;
  for (let i = 1; i < n && constant; i++) constant = s[i] === s[0];
  if (constant) return { kind: "constant", s, bps };
  const res = new Int32Array(n);
  fixedResidual(s, order, n, res);
  const rice = planRice(res, order, n);
  if (order * bps + 6 + rice.bits >= n * bps) return { kind: "verbatim", s, n, bps };
  return { kind: "fixed", s, n, bps, order, res, rice };
}

/** FLAC's channel assignment codes for a stereo pair coded with its side channel. */
const LEFT_SIDE = 8;
const SIDE_RIGHT = 9;
const MID_SIDE = 10;

/**
 * The frame's channel assignment and its subframes: channels coded independently, except a stereo
 * pair, where the side channel (left - right, one bit wider) and the mid ((left + right) >> 1) are
 * made too and the pairing the format has whose residuals are smallest is kept. The four channels
 * are compared by their best fixed predictor's error alone, the estimate the reference encoder
 * uses, so only the two kept are planned in full.
 */
function codeChannels(channels: Int32Array[], n: number, bps: number): { assignment: number; subframes: SubframePlan[] } {
  if (channels.length !== 2) return { assignment: channels.length - 1, subframes: channels.map((s) => planSubframe(s, n, bps)) };
  const [l, r] = channels as [Int32Array, Int32Array];
  const side = new Int32Array(n);
  const mid = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    side[i] = l[i]! - r[i]!;
    mid[i] = (l[i]! + r[i]!) >> 1;
  }
  const channel = (samples: Int32Array, width: number) => ({ samples, width, ...bestFixedOrder(samples, n) });
  const [left, right, sideChannel, midChannel] = [channel(l, bps), channel(r, bps), channel(side, bps + 1), channel(mid, bps)];
  const pairings = [
    { assignment: 1, pair: [left, right] },
    { assignment: LEFT_SIDE, pair: [left, sideChannel] },
    { assignment: SIDE_RIGHT, pair: [sideChannel, right] },
    { assignment: MID_SIDE, pair: [midChannel, sideChannel] },
  ];
  const error = (p: (typeof pairings)[number]) => p.pair[0]!.error + p.pair[1]!.error;
  const best = pairings.reduce((kept, p) => (error(p) < error(kept) ? p : kept));
  return { assignment: best.assignment, subframes: best.pair.map((c) => planSubframe(c.samples, n, c.width, c.order)) };
}

function writeSubframe(w: BitWriter, plan: SubframePlan) {
  const { s, bps } = plan;
  if (plan.kind === "constant") {
    w.writeUint(0, 8); // padding, type 000000, no wasted bits
    w.writeSigned(s[0]!, bps);
    return;
  }
  if (plan.kind === "verbatim") {
    w.writeUint(0b00000010, 8); // verbatim
    for (let i = 0; i < plan.n; i++) w.writeSigned(s[i]!, bps);
    return;
  }
  const { n, order, res, rice } = plan;
  w.writeUint((8 + order) << 1, 8); // padding, type 001xxx (fixed, this order), no wasted bits
  for (let i = 0; i < order; i++) w.writeSigned(s[i]!, bps);
  w.writeUint(1, 2); // 5-bit Rice parameters
  w.writeUint(rice.order, 4);
  const per = n >> rice.order;
  let i = order;
  for (let k = 0; k < rice.params.length; k++) {
    const param = rice.params[k]!;
    w.writeUint(param, 5);
    const scale = 2 ** param;
    for (const end = (k + 1) * per; i < end; i++) {
      const u = zigzag(res[i]!);
      const q = Math.floor(u / scale);
      w.writeUnary(q);
      if (param > 0) w.writeUint(u - q * scale, param);
    }
  }
}
