// MP3 bytes for the demo audio (scripts/lib/demo-audio.mjs): splitting a Layer III stream into
// frames (a validity check too), its playing time, the length of an ID3v2 tag before it, a frame's
// lossless volume change, and joining encoded chunks.

/** Samples per MPEG-2 Layer III frame (one granule). */
export const SAMPLES_PER_FRAME = 576;

export function concatBytes(parts) {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const p of parts) {
    out.set(new Uint8Array(p.buffer, p.byteOffset, p.length), offset);
    offset += p.length;
  }
  return out;
}

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** Length of an ID3v2 tag at `offset` (header included), or 0 when there is none. */
export function id3Length(bytes, offset = 0) {
  if (bytes[offset] !== 0x49 || bytes[offset + 1] !== 0x44 || bytes[offset + 2] !== 0x33) return 0;
  const size = ((bytes[offset + 6] & 0x7f) << 21) | ((bytes[offset + 7] & 0x7f) << 14) | ((bytes[offset + 8] & 0x7f) << 7) | (bytes[offset + 9] & 0x7f);
  return 10 + size + (bytes[offset + 5] & 0x10 ? 10 : 0);
}

/**
 * Splits a Layer III stream into frames (after an optional ID3v2 tag). Throws on anything that
 * is not a valid frame header, so it doubles as a validity check.
 * @returns {{ offset: number, length: number, samples: number, sampleRate: number, kbps: number, mainDataBegin: number }[]}
 */
export function parseMp3Frames(bytes) {
  const frames = [];
  let offset = id3Length(bytes);
  while (offset < bytes.length) {
    if (offset + 4 > bytes.length) throw new Error(`truncated frame header at ${offset}`);
    const b1 = bytes[offset + 1];
    const b2 = bytes[offset + 2];
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at ${offset}`);
    const version = (b1 >> 3) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (b1 >> 1) & 3; // 1 = Layer III
    if (version === 1 || layer !== 1) throw new Error(`not an MPEG Layer III frame at ${offset}`);
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 3;
    if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) throw new Error(`bad frame header at ${offset}`);
    const kbps = (version === 3 ? MPEG1_L3_KBPS : MPEG2_L3_KBPS)[bitrateIndex];
    const sampleRate = SAMPLE_RATES[version][rateIndex];
    const samples = version === 3 ? 1152 : 576;
    const padding = (b2 >> 1) & 1;
    const length = Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
    if (offset + length > bytes.length) throw new Error(`truncated frame at ${offset}`);
    const sideInfo = offset + 4 + (b1 & 1 ? 0 : 2); // protection bit 0 = a CRC follows the header
    const mainDataBegin = version === 3 ? (bytes[sideInfo] << 1) | (bytes[sideInfo + 1] >> 7) : bytes[sideInfo];
    frames.push({ offset, length, samples, sampleRate, kbps, mainDataBegin });
    offset += length;
  }
  return frames;
}

/** Playing time of an MP3 from its frames (seconds). */
export function mp3DurationSeconds(bytes) {
  return parseMp3Frames(bytes).reduce((sum, f) => sum + f.samples / f.sampleRate, 0);
}

/**
 * A copy of an MPEG-2 Layer III mono frame (no CRC) played `steps` x 1.5 dB quieter: its
 * granule's global_gain (side info bits 30..37: main_data_begin 8, private 1, part2_3_length 12,
 * big_values 9) is lowered, the lossless volume change mp3gain makes. Decoders scale every
 * spectral value by 2^((global_gain - 210) / 4).
 */
export function quieterFrame(frame, steps) {
  const copy = frame.slice();
  if ((copy[1] & 0x18) !== 0x10 || (copy[1] & 0x06) !== 0x02 || (copy[1] & 1) !== 1 || copy[3] >> 6 !== 3) {
    throw new Error("quieterFrame expects an MPEG-2 Layer III mono frame without CRC");
  }
  const bit = 4 * 8 + 30;
  const byte = bit >> 3;
  const shift = bit & 7; // global_gain starts `shift` bits into `byte`
  const word = (copy[byte] << 8) | copy[byte + 1];
  const gain = (word >> (8 - shift)) & 0xff;
  const lowered = Math.max(0, gain - steps);
  const next = (word & ~(0xff << (8 - shift))) | (lowered << (8 - shift));
  copy[byte] = next >> 8;
  copy[byte + 1] = next & 0xff;
  return copy;
}
