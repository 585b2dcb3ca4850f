// PCM blocks to MP3 with lamejs (a pure-JS port of LAME, so it runs in workerd where no native or
// run-time-compiled WebAssembly encoder can): the rate MP3 cannot carry is brought down by an
// integer factor (96 kHz → 48 kHz, averaging each pair: a crude low-pass, enough for a stream),
// samples of any width become 16-bit, a third channel and on are left out.
import { Mp3Encoder } from "@breezystack/lamejs";
import type { PcmFormat } from "../flac/wav";
import { Mp3Error } from "./granules";

/** The rates MPEG-1/2/2.5 layer III can carry. */
const MP3_RATES = [48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000];

/** The streaming copy's bit rate: the site's streaming MP3s' (MPEG-2/2.5 rates take at most 64 kbps here). */
export const STREAM_KBPS = 192;
const LOW_RATE_KBPS = 64;

/** The factor the rate is divided by and the MP3's rate; Mp3Error when no integer factor fits. */
export function mp3RateOf(rate: number): { factor: number; rate: number } {
  for (let factor = 1; factor <= 8; factor++) if (rate % factor === 0 && MP3_RATES.includes(rate / factor)) return { factor, rate: rate / factor };
  throw new Mp3Error(`mp3: no MP3 sample rate for ${rate} Hz`);
}

export class StreamingMp3Encoder {
  readonly #encoder: InstanceType<typeof Mp3Encoder>;
  readonly #stereo: boolean;
  readonly #factor: number;
  readonly #shift: number;
  /** Running sums of the samples being averaged, per channel, and how many are in them. */
  readonly #sums: number[];
  #summed = 0;

  constructor(format: PcmFormat) {
    const { factor, rate } = mp3RateOf(format.sampleRate);
    this.#stereo = format.channels >= 2;
    this.#factor = factor;
    this.#shift = format.bitsPerSample - 16;
    this.#sums = [0, 0];
    this.#encoder = new Mp3Encoder(this.#stereo ? 2 : 1, rate, rate >= 32000 ? STREAM_KBPS : LOW_RATE_KBPS);
  }

  /** MP3 bytes for the first `frames` samples of each channel (possibly none yet: LAME buffers). */
  encode(channels: Int32Array[], frames: number): Uint8Array {
    const out = Math.floor((this.#summed + frames) / this.#factor);
    const left = new Int16Array(out);
    const right = this.#stereo ? new Int16Array(out) : null;
    let at = 0;
    for (let i = 0; i < frames; i++) {
      this.#sums[0]! += channels[0]![i]!;
      if (right) this.#sums[1]! += channels[1]![i]!;
      if (++this.#summed < this.#factor) continue;
      left[at] = this.#to16(this.#sums[0]! / this.#factor);
      if (right) right[at] = this.#to16(this.#sums[1]! / this.#factor);
      at++;
      this.#sums[0] = this.#sums[1] = 0;
      this.#summed = 0;
    }
    const bytes = right ? this.#encoder.encodeBuffer(left, right) : this.#encoder.encodeBuffer(left);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The last frames LAME held. */
  finish(): Uint8Array {
    const bytes = this.#encoder.flush();
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  #to16(v: number): number {
    const s = Math.round(this.#shift >= 0 ? v / 2 ** this.#shift : v * 2 ** -this.#shift);
    return Math.max(-32768, Math.min(32767, s));
  }
}
