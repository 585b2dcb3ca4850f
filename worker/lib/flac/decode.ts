// A FLAC decoder (the format's specification, RFC 9639): the stream's STREAMINFO, then one frame
// at a time into one Int32Array of samples per channel. Every subframe kind (constant, verbatim,
// fixed predictors 0-4, LPC up to order 32, wasted bits) and both Rice codings with escapes.
import { BitReader, OutOfData } from "./bits";
import { crc16, crc8 } from "./crc";

export type StreamInfo = {
  minBlockSize: number;
  maxBlockSize: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Samples per channel in the whole stream; 0 when the encoder did not know. */
  totalSamples: number;
};

export class FlacError extends Error {}

const ascii = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** An ID3v2 tag some tools put before "fLaC": its whole length, or 0. */
function id3Length(b: Uint8Array): number {
  if (b.length < 10 || b[0] !== 0x49 || b[1] !== 0x44 || b[2] !== 0x33) return 0;
  const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
  return 10 + size + (b[5]! & 0x10 ? 10 : 0);
}

/**
 * The stream's facts and where its first frame starts; OutOfData when the metadata blocks run past
 * the bytes at hand (a picture block can be large), FlacError when this is no FLAC stream.
 */
export function readStreamHeader(bytes: Uint8Array): { info: StreamInfo; audioOffset: number } {
  let at = id3Length(bytes);
  if (bytes.length < at + 8) throw new OutOfData();
  if (ascii(bytes, at) !== "fLaC") throw new FlacError("flac: no fLaC signature");
  at += 4;
  let info: StreamInfo | null = null;
  for (;;) {
    if (bytes.length < at + 4) throw new OutOfData();
    const last = (bytes[at]! & 0x80) !== 0;
    const type = bytes[at]! & 0x7f;
    const length = (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (type === 0) {
      if (length < 34) throw new FlacError("flac: short STREAMINFO");
      if (bytes.length < at + 4 + 34) throw new OutOfData();
      const r = new BitReader(bytes, at + 4);
      const minBlockSize = r.readUint(16);
      const maxBlockSize = r.readUint(16);
      r.readUint(24);
      r.readUint(24);
      const sampleRate = r.readUint(20);
      const channels = r.readUint(3) + 1;
      const bitsPerSample = r.readUint(5) + 1;
      const totalSamples = r.readUint(36);
      info = { minBlockSize, maxBlockSize, sampleRate, channels, bitsPerSample, totalSamples };
    }
    at += 4 + length;
    if (last) break;
  }
  if (!info) throw new FlacError("flac: no STREAMINFO");
  if (bytes.length < at) throw new OutOfData();
  return { info, audioOffset: at };
}

const BLOCK_SIZES = [0, 192, 576, 1152, 2304, 4608, -1, -2, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768];
const SAMPLE_SIZES = [0, 8, 12, -1, 16, 20, 24, 32];

export type Frame = { blockSize: number; channels: Int32Array[]; next: number };

/** The frame starting at `offset`: its samples per channel and where the next frame starts. */
export function decodeFrame(bytes: Uint8Array, offset: number, info: StreamInfo): Frame {
  const r = new BitReader(bytes, offset);
  if (r.readUint(15) !== 0x7ffc) throw new FlacError(`flac: no frame sync at ${offset}`);
  r.readUint(1); // blocking strategy: the coded number below is read and not needed
  const blockCode = r.readUint(4);
  const rateCode = r.readUint(4);
  const assignment = r.readUint(4);
  const sizeCode = r.readUint(3);
  r.readUint(1);
  // The frame or sample number, UTF-8 style: its leading ones say how many bytes follow.
  const first = r.readUint(8);
  const follow = first < 0x80 ? 0 : first >= 0xfe ? 6 : Math.clz32(~(first << 24)) - 1;
  for (let i = 0; i < follow; i++) r.readUint(8);
  let blockSize = BLOCK_SIZES[blockCode]!;
  if (blockSize === -1) blockSize = r.readUint(8) + 1;
  else if (blockSize === -2) blockSize = r.readUint(16) + 1;
  if (blockSize === 0) throw new FlacError("flac: reserved block size");
  if (rateCode === 12) r.readUint(8);
  else if (rateCode === 13 || rateCode === 14) r.readUint(16);
  else if (rateCode === 15) throw new FlacError("flac: invalid sample rate code");
  const bps = sizeCode === 0 ? info.bitsPerSample : SAMPLE_SIZES[sizeCode]!;
  if (bps < 0) throw new FlacError("flac: reserved sample size");
  if (assignment > 10) throw new FlacError("flac: reserved channel assignment");
  const headerEnd = r.bytePos;
  if (r.readUint(8) !== crc8(bytes, offset, headerEnd)) throw new FlacError(`flac: header CRC mismatch at ${offset}`);

  const count = assignment < 8 ? assignment + 1 : 2;
  const channels: Int32Array[] = [];
  for (let ch = 0; ch < count; ch++) {
    // The side channel of a stereo decorrelation carries one bit more.
    const side = (assignment === 8 && ch === 1) || (assignment === 9 && ch === 0) || (assignment === 10 && ch === 1);
    channels.push(readSubframe(r, blockSize, side ? bps + 1 : bps));
  }
  r.alignToByte();
  const end = r.bytePos;
  if (r.readUint(16) !== crc16(bytes, offset, end)) throw new FlacError(`flac: frame CRC mismatch at ${offset}`);
  undoStereo(assignment, channels, blockSize);
  return { blockSize, channels, next: end + 2 };
}

function undoStereo(assignment: number, ch: Int32Array[], n: number) {
  if (assignment < 8) return;
  const [a, b] = ch as [Int32Array, Int32Array];
  if (assignment === 8) for (let i = 0; i < n; i++) b[i] = a[i]! - b[i]!; // left, side
  else if (assignment === 9) for (let i = 0; i < n; i++) a[i] = a[i]! + b[i]!; // side, right
  else
    for (let i = 0; i < n; i++) {
      // mid, side: the side's low bit is the mid's lost one
      const side = b[i]!;
      const mid = a[i]! * 2 + (side & 1);
      a[i] = (mid + side) >> 1;
      b[i] = (mid - side) >> 1;
    }
}

function readSubframe(r: BitReader, n: number, bps: number): Int32Array {
  if (r.readUint(1) !== 0) throw new FlacError("flac: subframe padding bit set");
  const type = r.readUint(6);
  let wasted = 0;
  if (r.readUint(1) === 1) wasted = r.readUnary() + 1;
  const bits = bps - wasted;
  const out = new Int32Array(n);
  if (type === 0) out.fill(r.readSigned(bits));
  else if (type === 1) for (let i = 0; i < n; i++) out[i] = r.readSigned(bits);
  else if (type >= 8 && type <= 12) {
    const order = type - 8;
    for (let i = 0; i < order; i++) out[i] = r.readSigned(bits);
    readResidual(r, out, order, n);
    restoreFixed(out, order, n);
  } else if (type >= 32) {
    const order = type - 31;
    for (let i = 0; i < order; i++) out[i] = r.readSigned(bits);
    const precision = r.readUint(4) + 1;
    if (precision === 16) throw new FlacError("flac: invalid LPC precision");
    const shift = r.readSigned(5);
    if (shift < 0) throw new FlacError("flac: negative LPC shift");
    const coefs: number[] = [];
    for (let i = 0; i < order; i++) coefs.push(r.readSigned(precision));
    readResidual(r, out, order, n);
    restoreLpc(out, coefs, shift, n);
  } else throw new FlacError(`flac: reserved subframe type ${type}`);
  if (wasted > 0) for (let i = 0; i < n; i++) out[i] = out[i]! * 2 ** wasted;
  return out;
}

function readResidual(r: BitReader, out: Int32Array, order: number, n: number) {
  const method = r.readUint(2);
  if (method > 1) throw new FlacError("flac: reserved residual coding");
  const paramBits = method === 0 ? 4 : 5;
  const escape = method === 0 ? 15 : 31;
  const partitionOrder = r.readUint(4);
  const partitions = 1 << partitionOrder;
  const per = n >> partitionOrder;
  if (per << partitionOrder !== n || per < order) throw new FlacError("flac: bad partition order");
  let i = order;
  for (let p = 0; p < partitions; p++) {
    const end = (p + 1) * per;
    const param = r.readUint(paramBits);
    if (param === escape) {
      const raw = r.readUint(5);
      for (; i < end; i++) out[i] = r.readSigned(raw);
      continue;
    }
    const scale = 2 ** param;
    for (; i < end; i++) {
      const u = r.readUnary() * scale + r.readUint(param);
      out[i] = u % 2 === 0 ? u / 2 : -(u + 1) / 2;
    }
  }
}

function restoreFixed(s: Int32Array, order: number, n: number) {
  switch (order) {
    case 1:
      for (let i = 1; i < n; i++) s[i] = s[i]! + s[i - 1]!;
      break;
    case 2:
      for (let i = 2; i < n; i++) s[i] = s[i]! + 2 * s[i - 1]! - s[i - 2]!;
      break;
    case 3:
      for (let i = 3; i < n; i++) s[i] = s[i]! + 3 * s[i - 1]! - 3 * s[i - 2]! + s[i - 3]!;
      break;
    case 4:
      for (let i = 4; i < n; i++) s[i] = s[i]! + 4 * s[i - 1]! - 6 * s[i - 2]! + 4 * s[i - 3]! - s[i - 4]!;
      break;
  }
}

function restoreLpc(s: Int32Array, coefs: number[], shift: number, n: number) {
  const order = coefs.length;
  const scale = 2 ** shift;
  for (let i = order; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < order; j++) sum += coefs[j]! * s[i - j - 1]!;
    s[i] = s[i]! + Math.floor(sum / scale);
  }
}
