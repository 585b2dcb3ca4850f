// MP3 from PCM with lamejs, a chunk at a time: the caller hands blocks of samples and gets MP3
// bytes back, so neither the PCM nor the MP3 needs to be whole in one buffer. Runs in the Web
// Worker (mp3.worker.ts) and in the node tests alike.
import { Mp3Encoder } from "@breezystack/lamejs";
import { STREAMING_KBPS } from "./mp3Rates";

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

export class ChunkedMp3Encoder {
  readonly #encoder: InstanceType<typeof Mp3Encoder>;
  readonly #channels: number;

  constructor(channels: number, sampleRate: number, kbps = STREAMING_KBPS) {
    this.#channels = Math.min(2, Math.max(1, channels));
    this.#encoder = new Mp3Encoder(this.#channels, sampleRate, kbps);
  }

  /** One block of samples per channel (the first two channels; mono when there is one). */
  encode(left: Float32Array, right?: Float32Array): Uint8Array {
    const l = toInt16(left);
    const out = this.#channels === 2 ? this.#encoder.encodeBuffer(l, toInt16(right ?? left)) : this.#encoder.encodeBuffer(l);
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }

  finish(): Uint8Array {
    const out = this.#encoder.flush();
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }
}
