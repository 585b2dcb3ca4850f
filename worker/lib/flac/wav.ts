// WAV (RIFF, integer PCM) as FLAC's other side: the fmt chunk's facts and where the samples are,
// a header for a known length, and little-endian interleaved samples to and from one Int32Array
// per channel (8-bit WAV is unsigned, wider is signed).
import { OutOfData } from "./bits";
import { FlacError } from "./decode";

export type PcmFormat = { sampleRate: number; channels: number; bitsPerSample: number };

const ascii = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * The fmt chunk's facts and the data chunk's place: OutOfData when the chunks before the samples
 * run past the bytes at hand, FlacError for a WAV that is not integer PCM.
 */
export function readWavHeader(bytes: Uint8Array): { format: PcmFormat; dataOffset: number; dataLength: number } {
  if (bytes.length < 12) throw new OutOfData();
  if (ascii(bytes, 0) !== "RIFF" || ascii(bytes, 8) !== "WAVE") throw new FlacError("wav: no RIFF/WAVE header");
  let at = 12;
  let format: PcmFormat | null = null;
  for (;;) {
    if (bytes.length < at + 8) throw new OutOfData();
    const id = ascii(bytes, at);
    const size = u32(bytes, at + 4);
    if (id === "fmt ") {
      if (bytes.length < at + 8 + 16) throw new OutOfData();
      const tag = u16(bytes, at + 8);
      const channels = u16(bytes, at + 10);
      const sampleRate = u32(bytes, at + 12);
      const bitsPerSample = u16(bytes, at + 22);
      const subFormat = tag === WAVE_FORMAT_EXTENSIBLE && size >= 40 && bytes.length >= at + 8 + 26 ? u16(bytes, at + 8 + 24) : tag;
      if (subFormat !== WAVE_FORMAT_PCM) throw new FlacError("wav: not integer PCM");
      if (channels < 1 || channels > 8 || bitsPerSample < 8 || bitsPerSample > 24 || bitsPerSample % 8 !== 0 || sampleRate < 1 || sampleRate >= 2 ** 20)
        throw new FlacError("wav: a layout FLAC derivation does not take");
      format = { sampleRate, channels, bitsPerSample };
    } else if (id === "data") {
      if (!format) throw new FlacError("wav: data before fmt");
      return { format, dataOffset: at + 8, dataLength: size };
    }
    at += 8 + size + (size & 1);
  }
}

/** A 44-byte canonical header for `dataLength` bytes of samples. */
export function wavHeader(format: PcmFormat, dataLength: number): Uint8Array {
  const out = new Uint8Array(44);
  const view = new DataView(out.buffer);
  const blockAlign = (format.channels * format.bitsPerSample) / 8;
  out.set([0x52, 0x49, 0x46, 0x46], 0);
  view.setUint32(4, 36 + dataLength + (dataLength & 1), true);
  out.set([0x57, 0x41, 0x56, 0x45, 0x66, 0x6d, 0x74, 0x20], 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, WAVE_FORMAT_PCM, true);
  view.setUint16(22, format.channels, true);
  view.setUint32(24, format.sampleRate, true);
  view.setUint32(28, format.sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, format.bitsPerSample, true);
  out.set([0x64, 0x61, 0x74, 0x61], 36);
  view.setUint32(40, dataLength, true);
  return out;
}

/** Interleaved little-endian samples (whole sample frames) into one array per channel. */
export function pcmToChannels(bytes: Uint8Array, format: PcmFormat): Int32Array[] {
  const width = format.bitsPerSample / 8;
  const frames = Math.floor(bytes.length / (width * format.channels));
  const out = Array.from({ length: format.channels }, () => new Int32Array(frames));
  let at = 0;
  for (let i = 0; i < frames; i++) {
    for (let ch = 0; ch < format.channels; ch++) {
      let v: number;
      if (width === 1) v = bytes[at]! - 128;
      else if (width === 2) v = ((bytes[at]! | (bytes[at + 1]! << 8)) << 16) >> 16;
      else v = ((bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)) << 8) >> 8;
      out[ch]![i] = v;
      at += width;
    }
  }
  return out;
}

/** One array per channel back into interleaved little-endian samples. */
export function channelsToPcm(channels: Int32Array[], frames: number, bitsPerSample: number): Uint8Array {
  const width = bitsPerSample / 8;
  const out = new Uint8Array(frames * channels.length * width);
  let at = 0;
  for (let i = 0; i < frames; i++) {
    for (const samples of channels) {
      const v = samples[i]!;
      if (width === 1) out[at] = v + 128;
      else {
        out[at] = v & 0xff;
        out[at + 1] = (v >> 8) & 0xff;
        if (width === 3) out[at + 2] = (v >> 16) & 0xff;
      }
      at += width;
    }
  }
  return out;
}
