// The FLAC codec (worker/lib/flac) against the reference tools nobody here wrote: every shape of
// master the site takes (8/16/24-bit, mono/stereo/5.1, 44.1/48/96 kHz, a master shorter than the
// format's smallest block and one of several frames) is encoded by our codec, passed by `flac -t`
// and decoded by `flac -d` to exactly its samples; what `flac` writes at -0, -5 and -8 decodes in our
// codec to exactly its samples; and a stereo pair is coded with its side channel (decision 144).
// Signals are short: the suite has a time budget. `flac` comes from Debian's flac package (.ci/run).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { flacToWav, wavToFlac } from "../../worker/lib/flac/convert";
import { channelsToPcm, pcmToChannels, readWavHeader, wavHeader, type PcmFormat } from "../../worker/lib/flac/wav";

const dir = mkdtempSync(path.join(tmpdir(), "flac-reference-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Music-like test channels: a chord per channel, a little noise, at `bits` bits (deterministic). */
function signal(format: PcmFormat, frames: number, sameChannels = false): Int32Array[] {
  const peak = 2 ** (format.bitsPerSample - 1) - 1;
  return Array.from({ length: format.channels }, (_, ch) => {
    const voice = sameChannels ? 0 : ch;
    let seed = 12345 + voice;
    const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32 - 0.5) * 0.02;
    const out = new Int32Array(frames);
    for (let i = 0; i < frames; i++) {
      const t = i / format.sampleRate;
      const v = 0.4 * Math.sin(2 * Math.PI * (220 + 55 * voice) * t) + 0.2 * Math.sin(2 * Math.PI * (330 + 20 * voice) * t + voice);
      out[i] = Math.round(peak * Math.max(-1, Math.min(1, v + noise())));
    }
    return out;
  });
}

function wavFile(format: PcmFormat, channels: Int32Array[]): Uint8Array {
  const pcm = channelsToPcm(channels, channels[0]!.length, format.bitsPerSample);
  const header = wavHeader(format, pcm.length);
  const out = new Uint8Array(header.length + pcm.length + (pcm.length & 1));
  out.set(header);
  out.set(pcm, header.length);
  return out;
}

function wavChannels(bytes: Uint8Array): Int32Array[] {
  const { format, dataOffset, dataLength } = readWavHeader(bytes);
  return pcmToChannels(bytes.subarray(dataOffset, dataOffset + dataLength), format);
}

async function run(convert: typeof wavToFlac, input: Uint8Array): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  await convert(
    (async function* () {
      for (let at = 0; at < input.length; at += 65_536) yield input.subarray(at, at + 65_536);
    })(),
    async (b) => void parts.push(b.slice()),
  );
  return Uint8Array.from(parts.flatMap((p) => Array.from(p)));
}

/** Where two channel sets first differ ("" when nowhere): a failure names one place. */
function difference(a: Int32Array[], b: Int32Array[]): string {
  if (a.length !== b.length) return `${a.length} channels, not ${b.length}`;
  for (let ch = 0; ch < a.length; ch++) {
    if (a[ch]!.length !== b[ch]!.length) return `channel ${ch}: ${a[ch]!.length} samples, not ${b[ch]!.length}`;
    for (let i = 0; i < a[ch]!.length; i++) if (a[ch]![i] !== b[ch]![i]) return `channel ${ch}, sample ${i}: ${a[ch]![i]} ≠ ${b[ch]![i]}`;
  }
  return "";
}

function flacTool(args: string[]): { status: number | null; output: string } {
  const result = spawnSync("flac", args, { encoding: "utf8" });
  if (result.error) throw new Error(`the reference \`flac\` tool is needed (Debian package flac): ${result.error.message}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const shapes: { name: string; format: PcmFormat; frames: number }[] = [
  { name: "16-bit stereo 44.1 kHz", format: { sampleRate: 44_100, channels: 2, bitsPerSample: 16 }, frames: 9000 },
  { name: "16-bit mono 48 kHz", format: { sampleRate: 48_000, channels: 1, bitsPerSample: 16 }, frames: 5000 },
  { name: "24-bit stereo 96 kHz, several frames", format: { sampleRate: 96_000, channels: 2, bitsPerSample: 24 }, frames: 3 * 4096 + 123 },
  { name: "24-bit 5.1 48 kHz", format: { sampleRate: 48_000, channels: 6, bitsPerSample: 24 }, frames: 4100 },
  { name: "8-bit mono 44.1 kHz", format: { sampleRate: 44_100, channels: 1, bitsPerSample: 8 }, frames: 3000 },
  { name: "16-bit stereo, 10 samples", format: { sampleRate: 44_100, channels: 2, bitsPerSample: 16 }, frames: 10 },
  { name: "24-bit mono, one sample", format: { sampleRate: 96_000, channels: 1, bitsPerSample: 24 }, frames: 1 },
];

describe("our FLAC in the reference decoder", () => {
  for (const { name, format, frames } of shapes) {
    it(`${name}: flac -t passes it and flac -d gives exactly its samples`, async () => {
      const channels = signal(format, frames);
      const file = path.join(dir, `ours-${name.replace(/\W+/g, "-")}.flac`);
      writeFileSync(file, await run(wavToFlac, wavFile(format, channels)));
      const test = flacTool(["-t", file]);
      expect(test.status).toBe(0);
      // Its one remark is the MD5 our encoder leaves unknown, as the format allows (decision 121).
      const report = test.output.replace(/ WARNING, cannot check MD5 signature since it was unset in the STREAMINFO\s+/, " ");
      expect(report).toMatch(/\.flac: ok\b/);
      expect(report).not.toMatch(/WARNING|ERROR/);
      const decoded = `${file}.wav`;
      expect(flacTool(["-d", "--silent", "--force", "-o", decoded, file]).status).toBe(0);
      expect(difference(wavChannels(new Uint8Array(readFileSync(decoded))), channels)).toBe("");
    });
  }

  it("a master under 16 samples names a legal block size, and ffmpeg reads it", async () => {
    const format = { sampleRate: 44_100, channels: 2, bitsPerSample: 16 };
    const flac = await run(wavToFlac, wavFile(format, signal(format, 10)));
    const view = new DataView(flac.buffer);
    expect([view.getUint16(8), view.getUint16(10)]).toEqual([16, 16]); // STREAMINFO's min and max block size
    const file = path.join(dir, "tiny.flac");
    writeFileSync(file, flac);
    const pcm = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-f", "s16le", "-"]);
    expect(pcm.length).toBe(10 * 2 * 2);
  });
});

describe("the reference encoder's FLAC in our codec", () => {
  const format = { sampleRate: 48_000, channels: 2, bitsPerSample: 24 };
  const channels = signal(format, 6000);
  const source = path.join(dir, "reference-source.wav");
  writeFileSync(source, wavFile(format, channels));
  for (const level of ["-0", "-5", "-8"]) {
    it(`flac ${level}: exactly the samples it was given`, async () => {
      const file = path.join(dir, `reference${level}.flac`);
      expect(flacTool(["--silent", "--force", level, "-o", file, source]).status).toBe(0);
      const wav = await run(flacToWav, new Uint8Array(readFileSync(file)));
      expect(difference(wavChannels(wav), channels)).toBe("");
    });
  }
});

describe("stereo decorrelation", () => {
  const encodedSize = async (format: PcmFormat, channels: Int32Array[]) => (await run(wavToFlac, wavFile(format, channels))).length;

  it("two identical channels cost about one: the side channel is silence", async () => {
    const stereo = { sampleRate: 44_100, channels: 2, bitsPerSample: 16 };
    const both = signal(stereo, 8192, true);
    const one = await encodedSize({ ...stereo, channels: 1 }, [both[0]!]);
    expect(await encodedSize(stereo, both)).toBeLessThan(one * 1.05);
  });

  it("a centred mix with a little width is smaller than its channels coded apart", async () => {
    const format = { sampleRate: 44_100, channels: 2, bitsPerSample: 16 };
    const [centre] = signal({ ...format, channels: 1 }, 8192);
    const [width] = signal({ ...format, channels: 1, bitsPerSample: 8 }, 8192);
    const left = centre!.map((v, i) => v + width![i]!);
    const right = centre!.map((v, i) => v - width![i]!);
    const apart = (await encodedSize({ ...format, channels: 1 }, [left])) + (await encodedSize({ ...format, channels: 1 }, [right]));
    expect(await encodedSize(format, [left, right])).toBeLessThan(apart * 0.8);
  });
});

describe("tags", () => {
  // A 1×1 PNG: readers take the cover's bytes as they are.
  const png = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64"));
  const tags = {
    title: "Coração",
    artist: "Lua Nova",
    album: "Última Dança",
    trackNumber: 3,
    discNumber: 1,
    year: 2024,
    isrc: "BRABC2400003",
    cover: { mime: "image/png", bytes: png },
  };

  it("a FLAC's Vorbis comments and front cover are read by metaflac and music-metadata", async () => {
    const format = { sampleRate: 44_100, channels: 2, bitsPerSample: 16 };
    const channels = signal(format, 2000);
    const file = path.join(dir, "tagged.flac");
    writeFileSync(file, await run((source, write) => wavToFlac(source, write, tags), wavFile(format, channels)));
    expect(flacTool(["-t", file]).status).toBe(0);
    const comments = execFileSync("metaflac", ["--export-tags-to=-", file], { encoding: "utf8" }).trim().split("\n");
    expect(comments).toEqual(["TITLE=Coração", "ARTIST=Lua Nova", "ALBUM=Última Dança", "TRACKNUMBER=3", "DISCNUMBER=1", "DATE=2024", "ISRC=BRABC2400003"]);
    const picture = execFileSync("metaflac", ["--list", "--block-type=PICTURE", file], { encoding: "utf8" });
    expect(picture).toMatch(/type: 3 \(Cover \(front\)\)/);
    expect(picture).toMatch(/MIME type: image\/png/);
    expect(picture).toMatch(new RegExp(`data length: ${png.length}\\b`));
    const { parseFile } = await import("music-metadata");
    const { common, format: read } = await parseFile(file);
    expect({
      title: common.title,
      artist: common.artist,
      album: common.album,
      track: common.track,
      disk: common.disk,
      year: common.year,
      isrc: common.isrc,
    }).toEqual({
      title: "Coração",
      artist: "Lua Nova",
      album: "Última Dança",
      track: { no: 3, of: null },
      disk: { no: 1, of: null },
      year: 2024,
      isrc: ["BRABC2400003"],
    });
    expect(common.picture?.[0]?.format).toBe("image/png");
    expect(Array.from(common.picture![0]!.data)).toEqual(Array.from(png));
    expect(read).toMatchObject({ container: "FLAC", numberOfChannels: 2, sampleRate: 44_100, bitsPerSample: 16 });
    // The tags change no sample.
    const decoded = `${file}.wav`;
    expect(flacTool(["-d", "--silent", "--force", "-o", decoded, file]).status).toBe(0);
    expect(difference(wavChannels(new Uint8Array(readFileSync(decoded))), channels)).toBe("");
  });
});
