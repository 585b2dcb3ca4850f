// The FLAC codec the masters' derivation runs (worker/lib/flac, decision 121): the decoder reads
// files the reference encoder made (fixtures/flac/make.mjs: fixed predictors 0-4 and LPC, every
// stereo decorrelation, constant and verbatim subframes, wasted bits, both Rice codings, odd and
// small block sizes, 8/16/24-bit) to exactly the samples of their WAV, and escaped partitions in a
// frame made by hand; the encoder's output decodes to the samples it was given (the reference
// decoder took it too: `flac -t`, by hand); and the conversions stream, refusing what they cannot take.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { flacToWav, wavToFlac } from "../../worker/lib/flac/convert";
import { decodeFrame, FlacError, readStreamHeader } from "../../worker/lib/flac/decode";
import { pcmToChannels, readWavHeader } from "../../worker/lib/flac/wav";
import { crc16, crc8 } from "../../worker/lib/flac/crc";
import { BitWriter } from "../../worker/lib/flac/bits";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "flac");
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(DIR, name)));

/** A file as a stream of chunks of `size` bytes, as R2 hands one over. */
async function* chunks(bytes: Uint8Array, size = 4093) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function collect(run: (write: (b: Uint8Array) => Promise<void>) => Promise<unknown>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  await run(async (b) => void parts.push(b.slice()));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Every channel's samples of a whole FLAC file, decoded frame by frame. */
function decodeAll(bytes: Uint8Array): { channels: number[][]; info: ReturnType<typeof readStreamHeader>["info"] } {
  const { info, audioOffset } = readStreamHeader(bytes);
  const channels: number[][] = Array.from({ length: info.channels }, () => []);
  let at = audioOffset;
  while (at < bytes.length) {
    const frame = decodeFrame(bytes, at, info);
    frame.channels.forEach((samples, ch) => channels[ch]!.push(...samples));
    at = frame.next;
  }
  return { channels, info };
}

/** Where two sample lists first differ (-1: nowhere): a failure names one place, not a diff of thousands. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return -1;
}

function wavSamples(bytes: Uint8Array): number[][] {
  const { format, dataOffset, dataLength } = readWavHeader(bytes);
  return pcmToChannels(bytes.subarray(dataOffset, dataOffset + dataLength), format).map((c) => Array.from(c));
}

describe("checksums", () => {
  it("match the specification's check values", () => {
    const text = new TextEncoder().encode("123456789");
    expect(crc8(text)).toBe(0xf4);
    expect(crc16(text)).toBe(0xfee8);
  });
});

describe("decoding the reference encoder's files", () => {
  const cases = [
    ["s16-fixed.flac", "s16-44k-stereo.wav"],
    ["s16-lpc.flac", "s16-44k-stereo.wav"],
    ["s16-odd-blocks.flac", "s16-44k-stereo.wav"],
    ["s16-exhaustive.flac", "s16-44k-stereo.wav"],
    ["s24-lpc.flac", "s24-96k-stereo.wav"],
    ["s24-small-blocks.flac", "s24-96k-stereo.wav"],
    ["s8-mono.flac", "s8-8k-mono.wav"],
    ["s16-triangle-fixed.flac", "s16-triangle.wav"],
    ["s16-right-side.flac", "s16-right-side.wav"],
  ] as const;
  for (const [flac, wav] of cases) {
    it(`${flac} gives exactly ${wav}'s samples`, () => {
      const { channels, info } = decodeAll(fixture(flac));
      const expected = wavSamples(fixture(wav));
      expect(channels.map((c) => c.length)).toEqual(expected.map((c) => c.length));
      expect(info.totalSamples).toBe(expected[0]!.length);
      for (let ch = 0; ch < expected.length; ch++) expect(firstDifference(channels[ch]!, expected[ch]!), `channel ${ch}`).toBe(-1);
    });
  }

  it("streams FLAC to WAV byte for byte as the source WAV", async () => {
    for (const [flac, wav] of [
      ["s16-lpc.flac", "s16-44k-stereo.wav"],
      ["s24-lpc.flac", "s24-96k-stereo.wav"],
      ["s8-mono.flac", "s8-8k-mono.wav"],
    ] as const) {
      const out = await collect((write) => flacToWav(chunks(fixture(flac)), write));
      expect(out.length).toBe(fixture(wav).length);
      expect(firstDifference(out, fixture(wav))).toBe(-1);
    }
  });

  it("refuses a damaged frame (CRC) and a stream cut short", async () => {
    const bytes = fixture("s16-fixed.flac");
    const { audioOffset } = readStreamHeader(bytes);
    const damaged = bytes.slice();
    damaged[audioOffset + 200] = damaged[audioOffset + 200]! ^ 0x10;
    await expect(collect((write) => flacToWav(chunks(damaged), write))).rejects.toBeInstanceOf(FlacError);
    await expect(collect((write) => flacToWav(chunks(bytes.subarray(0, bytes.length - 100)), write))).rejects.toThrow(/truncated/);
    await expect(collect((write) => flacToWav(chunks(fixture("s16-44k-stereo.wav")), write))).rejects.toThrow(/fLaC/);
  });
});

describe("escaped Rice partitions", () => {
  // The reference encoder writes none by default: a frame made by hand, one fixed order-1 subframe
  // of 8 samples in two partitions, the first Rice-coded (parameter 1), the second escaped (raw
  // 5-bit signed residuals), in both codings (4-bit parameters, escape 15; 5-bit, escape 31).
  for (const method of [0, 1]) {
    it(`are read in the ${method === 0 ? "4" : "5"}-bit coding`, () => {
      const info = { minBlockSize: 8, maxBlockSize: 8, sampleRate: 8000, channels: 1, bitsPerSample: 8, totalSamples: 8 };
      const w = new BitWriter(64);
      w.writeUint(0xfff8, 16);
      w.writeUint(6, 4); // block size: 8 bits follow
      w.writeUint(0, 4);
      w.writeUint(0, 4); // one channel
      w.writeUint(1, 3); // 8 bits a sample
      w.writeUint(0, 1);
      w.writeUint(0, 8); // frame 0
      w.writeUint(7, 8); // 8 samples
      w.writeUint(crc8(w.view()), 8);
      w.writeUint(0, 1);
      w.writeUint(9, 6); // fixed, order 1
      w.writeUint(0, 1);
      w.writeSigned(10, 8); // warm-up
      w.writeUint(method, 2);
      w.writeUint(1, 4); // two partitions of 4
      const param = method === 0 ? 4 : 5;
      w.writeUint(1, param);
      for (const u of [2, 1, 4]) {
        // residuals 1, -1, 2 zigzagged, Rice parameter 1: quotient in unary, then one bit
        w.writeUnary(u >> 1);
        w.writeUint(u & 1, 1);
      }
      w.writeUint(method === 0 ? 15 : 31, param); // escape
      w.writeUint(5, 5);
      for (const r of [-3, 0, 7, -16]) w.writeSigned(r, 5);
      w.alignToByte();
      w.writeUint(crc16(w.view()), 16);
      const frame = decodeFrame(w.view(), 0, info);
      expect(Array.from(frame.channels[0]!)).toEqual([10, 11, 10, 12, 9, 9, 16, 0]);
      expect(frame.next).toBe(w.view().length);
    });
  }
});

describe("encoding", () => {
  for (const wav of ["s16-44k-stereo.wav", "s24-96k-stereo.wav", "s8-8k-mono.wav", "s16-triangle.wav"]) {
    it(`${wav} to FLAC and back gives the same samples, smaller than the WAV`, async () => {
      const source = fixture(wav);
      const flac = await collect((write) => wavToFlac(chunks(source), write));
      expect(flac.length).toBeLessThan(source.length);
      const { channels, info } = decodeAll(flac);
      const expected = wavSamples(source);
      expect(info).toMatchObject({ channels: expected.length, totalSamples: expected[0]!.length });
      for (let ch = 0; ch < expected.length; ch++) expect(firstDifference(channels[ch]!, expected[ch]!), `channel ${ch}`).toBe(-1);
      expect(firstDifference(await collect((write) => flacToWav(chunks(flac), write)), source)).toBe(-1);
    });
  }

  it("refuses a WAV that is not integer PCM, or cut short", async () => {
    const floatWav = fixture("s16-44k-stereo.wav").slice();
    floatWav[20] = 3; // WAVE_FORMAT_IEEE_FLOAT
    await expect(collect((write) => wavToFlac(chunks(floatWav), write))).rejects.toThrow(/integer PCM/);
    const source = fixture("s16-44k-stereo.wav");
    await expect(collect((write) => wavToFlac(chunks(source.subarray(0, 30_000)), write))).rejects.toThrow(/truncated/);
  });
});
