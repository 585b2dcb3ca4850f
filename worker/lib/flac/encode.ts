// A FLAC encoder kept small: each channel coded on its own with the best of the fixed predictors
// (orders 0-4) or as a constant, residuals in Rice partitions whose parameters are estimated from
// their mean; verbatim when that would be larger. The header names every frame's facts in
// STREAMINFO, so a stream can be written front to back with its length known from the source.
import { BitWriter } from "./bits";
import { crc16, crc8 } from "./crc";
import type { StreamInfo } from "./decode";

/** Samples per channel in every frame but the last. */
export const ENCODE_BLOCK_SIZE = 4096;

/** "fLaC" and the one metadata block, STREAMINFO (frame sizes and MD5 left unknown, as the format allows). */
export function encodeStreamHeader(info: Omit<StreamInfo, "minBlockSize" | "maxBlockSize">): Uint8Array {
  const w = new BitWriter(64);
  for (const c of "fLaC") w.writeUint(c.charCodeAt(0), 8);
  w.writeUint(0x80, 8); // last metadata block, type 0
  w.writeUint(34, 24);
  const block = info.totalSamples > 0 && info.totalSamples < ENCODE_BLOCK_SIZE ? info.totalSamples : ENCODE_BLOCK_SIZE;
  w.writeUint(block, 16);
  w.writeUint(block, 16);
  w.writeUint(0, 24);
  w.writeUint(0, 24);
  w.writeUint(info.sampleRate, 20);
  w.writeUint(info.channels - 1, 3);
  w.writeUint(info.bitsPerSample - 1, 5);
  w.writeUint(info.totalSamples, 36);
  for (let i = 0; i < 16; i++) w.writeUint(0, 8);
  return w.view().slice();
}

const SIZE_CODES: Record<number, number> = { 8: 1, 12: 2, 16: 4, 20: 5, 24: 6, 32: 7 };

/** One frame of `blockSize` samples per channel; `frameNumber` counts frames from 0. */
export function encodeFrame(frameNumber: number, channels: Int32Array[], blockSize: number, bitsPerSample: number): Uint8Array {
  const w = new BitWriter(blockSize * channels.length * 4 + 64);
  w.writeUint(0xfff8, 16); // sync, fixed block size strategy
  const sizeCode = blockSize === ENCODE_BLOCK_SIZE ? 12 : blockSize <= 256 ? 6 : 7;
  w.writeUint(sizeCode, 4);
  w.writeUint(0, 4); // sample rate: STREAMINFO's
  w.writeUint(channels.length - 1, 4);
  w.writeUint(SIZE_CODES[bitsPerSample] ?? 0, 3);
  w.writeUint(0, 1);
  writeCodedNumber(w, frameNumber);
  if (sizeCode === 6) w.writeUint(blockSize - 1, 8);
  else if (sizeCode === 7) w.writeUint(blockSize - 1, 16);
  w.writeUint(crc8(w.view()), 8);
  for (const samples of channels) writeSubframe(w, samples, blockSize, bitsPerSample);
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
function fixedResidual(s: Int32Array, order: number, n: number, out: Float64Array) {
  for (let i = order; i < n; i++) {
    switch (order) {
      case 0:
        out[i] = s[i]!;
        break;
      case 1:
        out[i] = s[i]! - s[i - 1]!;
        break;
      case 2:
        out[i] = s[i]! - 2 * s[i - 1]! + s[i - 2]!;
        break;
      case 3:
        out[i] = s[i]! - 3 * s[i - 1]! + 3 * s[i - 2]! - s[i - 3]!;
        break;
      default:
        out[i] = s[i]! - 4 * s[i - 1]! + 6 * s[i - 2]! - 4 * s[i - 3]! + s[i - 4]!;
    }
  }
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

/** The partition order (and each partition's parameter) with the fewest estimated bits. */
function planRice(res: Float64Array, order: number, n: number): RicePlan {
  let best: RicePlan | null = null;
  for (let p = 0; p <= MAX_PARTITION_ORDER; p++) {
    const parts = 1 << p;
    const per = n >> p;
    if (per << p !== n || per <= order) break;
    const params: number[] = [];
    let bits = 0;
    let i = order;
    for (let k = 0; k < parts; k++) {
      const end = (k + 1) * per;
      let sum = 0;
      const start = i;
      for (; i < end; i++) sum += zigzag(res[i]!);
      const chosen = riceParam(sum, end - start);
      params.push(chosen.param);
      bits += chosen.bits;
    }
    if (!best || bits < best.bits) best = { order: p, params, bits };
  }
  return best!;
}

function writeSubframe(w: BitWriter, s: Int32Array, n: number, bps: number) {
  let constant = true;
  for (let i = 1; i < n && constant; i++) constant = s[i] === s[0];
  if (constant) {
    w.writeUint(0, 8); // padding, type 000000, no wasted bits
    w.writeSigned(s[0]!, bps);
    return;
  }
  const res = new Float64Array(n);
  let best: { order: number; plan: RicePlan; res: Float64Array } | null = null;
  for (let order = 0; order <= 4 && order < n; order++) {
    const attempt = order === 0 ? res : new Float64Array(n);
    fixedResidual(s, order, n, attempt);
    const plan = planRice(attempt, order, n);
    const bits = plan.bits + order * bps;
    if (!best || bits < best.plan.bits + best.order * bps) best = { order, plan, res: attempt };
  }
  if (!best || best.plan.bits + best.order * bps >= n * bps) {
    w.writeUint(0b00000010, 8); // verbatim
    for (let i = 0; i < n; i++) w.writeSigned(s[i]!, bps);
    return;
  }
  const { order, plan } = best;
  w.writeUint(0, 1);
  w.writeUint(8 + order, 6);
  w.writeUint(0, 1);
  for (let i = 0; i < order; i++) w.writeSigned(s[i]!, bps);
  w.writeUint(1, 2); // 5-bit Rice parameters
  w.writeUint(plan.order, 4);
  const per = n >> plan.order;
  let i = order;
  for (let k = 0; k < plan.params.length; k++) {
    const param = plan.params[k]!;
    w.writeUint(param, 5);
    const scale = 2 ** param;
    for (const end = (k + 1) * per; i < end; i++) {
      const u = zigzag(best.res[i]!);
      const q = Math.floor(u / scale);
      w.writeUnary(q);
      if (param > 0) w.writeUint(u - q * scale, param);
    }
  }
}
