// The catalog's media probes: type by magic bytes and duration as each format records it, on files
// built byte by byte (tests/worker/media-fixtures.ts) and on real encoder output (the demo media
// generators' MP3 and MP4), fed whole and in awkward chunks as an upload streams them.
import { describe, expect, it } from "vitest";
import { audioDuration, audioSniffLength, detectAudioType, losslessFacts, mp3Kbps, type AudioKind } from "../../worker/lib/audio-probe";
import { detectVideoType, videoDuration } from "../../worker/lib/video-probe";
import { ProbeSink, probeBytes } from "../../worker/lib/probe-sink";
import { flac, id3Tag, isoMedia, mp3Cbr, mp3Vbr, notMedia, oggOpus, wav, webm } from "../worker/media-fixtures";
import { mp3DurationSeconds, renderTrackMp3 } from "../../scripts/lib/demo-audio.mjs";
import { renderDemoVideo } from "../../scripts/lib/demo-video.mjs";
import { GIF_1X1, JPEG_1X1, PNG_1X1 } from "../worker/image-fixtures";

const audioSeconds = (bytes: Uint8Array) => {
  const kind = detectAudioType(bytes.subarray(0, audioSniffLength(bytes)));
  if (!kind) throw new Error("not audio");
  return audioDuration(kind, probeBytes(bytes));
};

/** The probe as an upload sees the file: in chunks of `size` bytes. */
function chunkedProbe(bytes: Uint8Array, size: number) {
  const sink = new ProbeSink();
  for (let at = 0; at < bytes.length; at += size) sink.push(bytes.subarray(at, at + size));
  return sink.result();
}

describe("detectAudioType", () => {
  it.each([
    ["MP3 (frame sync)", mp3Cbr({ seconds: 2 }), "mp3"],
    ["MP3 after an ID3v2 tag", mp3Cbr({ seconds: 2, id3: 3000 }), "mp3"],
    ["MP3 with a Xing header", mp3Vbr({ seconds: 2 }), "mp3"],
    ["M4A", isoMedia({ seconds: 2 }), "m4a"],
    ["Ogg Opus", oggOpus({ seconds: 2 }), "ogg"],
    ["FLAC", flac({ seconds: 2 }), "flac"],
    ["FLAC after an ID3v2 tag", flac({ seconds: 2, id3: 500 }), "flac"],
    ["WAV", wav({ seconds: 1 }), "wav"],
  ])("recognises %s", (_, bytes, format) => {
    expect(detectAudioType(bytes)?.format).toBe(format);
  });

  it.each([
    ["text", notMedia()],
    ["a PNG", PNG_1X1],
    ["a JPEG (0xFF 0xD8 is no MPEG frame sync)", JPEG_1X1],
    ["a GIF", GIF_1X1],
    ["a WebM video", webm({ seconds: 2 })],
    ["an ID3 tag followed by nothing audio", concatBytes(id3Tag(200), notMedia())],
    ["a lone frame-sync byte pair followed by garbage", concatBytes(Uint8Array.from([0xff, 0xfb, 0x94, 0x00]), notMedia(2000))],
    ["an empty file", new Uint8Array(0)],
  ])("refuses %s", (_, bytes) => {
    expect(detectAudioType(bytes)).toBeNull();
  });

  it("asks for the bytes past a large ID3 tag (embedded artwork) before deciding", () => {
    const tagged = mp3Cbr({ seconds: 1, id3: 200_000 });
    expect(audioSniffLength(tagged.subarray(0, 4096))).toBe(200_000 + 4096);
    expect(detectAudioType(tagged.subarray(0, 64 * 1024))).toBeNull();
    expect(detectAudioType(tagged.subarray(0, audioSniffLength(tagged)))?.format).toBe("mp3");
  });
});

describe("audioDuration", () => {
  it("reads a CBR MP3 by frame math (bytes x 8 / bitrate), not counting ID3 tags", () => {
    expect(audioSeconds(mp3Cbr({ seconds: 10 }))).toBeCloseTo(10, 1);
    expect(audioSeconds(mp3Cbr({ seconds: 10, kbps: 320, id3: 5000, id3v1: true }))).toBeCloseTo(10, 1);
  });

  it("reads a VBR MP3's frame count from its Xing or VBRI header", () => {
    expect(audioSeconds(mp3Vbr({ seconds: 30 }))).toBeCloseTo(30, 1);
    expect(audioSeconds(mp3Vbr({ seconds: 30, header: "VBRI" }))).toBeCloseTo(30, 1);
  });

  it("reads an M4A's movie header, before or after the media data, 32- or 64-bit", () => {
    expect(audioSeconds(isoMedia({ seconds: 187.5 }))).toBeCloseTo(187.5, 3);
    expect(audioSeconds(isoMedia({ seconds: 187.5, moovAtEnd: true, mdatBytes: 300_000 }))).toBeCloseTo(187.5, 3);
    expect(audioSeconds(isoMedia({ seconds: 42, version: 1, timescale: 1000 }))).toBeCloseTo(42, 3);
  });

  it("reads FLAC STREAMINFO, WAV's byte rate and an Ogg stream's last granule", () => {
    expect(audioSeconds(flac({ seconds: 245.25 }))).toBeCloseTo(245.25, 3);
    expect(audioSeconds(wav({ seconds: 3.5, sampleRate: 22050, channels: 2 }))).toBeCloseTo(3.5, 3);
    expect(audioSeconds(oggOpus({ seconds: 61.2 }))).toBeCloseTo(61.2, 3);
  });

  it("finds the moov box and the last Ogg page whatever the chunking", () => {
    const m4a = isoMedia({ seconds: 90, moovAtEnd: true, mdatBytes: 1_000_000 });
    const ogg = oggOpus({ seconds: 75, pages: 400 });
    for (const size of [1, 7, 4096, 65_536]) {
      expect(audioDuration(detectAudioType(m4a)!, chunkedProbe(m4a, size))).toBeCloseTo(90, 3);
      if (size > 1) expect(audioDuration(detectAudioType(ogg)!, chunkedProbe(ogg, size))).toBeCloseTo(75, 3);
    }
  });

  it("answers null when the file does not say (an M4A without a movie header, a truncated WAV header)", () => {
    const noMoov = isoMedia({ seconds: 5 }).subarray(0, 40);
    expect(audioDuration(detectAudioType(noMoov)!, probeBytes(noMoov))).toBeNull();
    const shortWav = wav({ seconds: 1 }).subarray(0, 20);
    expect(audioDuration({ format: "wav", mime: "audio/wav", ext: "wav" }, probeBytes(shortWav))).toBeNull();
  });

  it("reads real encoder output: the demo generator's MPEG-2 Layer III MP3 with its ID3 tag", () => {
    const mp3 = renderTrackMp3({ id: "probe-test", durationSeconds: 12 }, { title: "Probe", album: "Probe", trackNumber: 1, discNumber: 1, year: 2024 });
    expect(detectAudioType(mp3.subarray(0, audioSniffLength(mp3)))?.format).toBe("mp3");
    expect(audioSeconds(mp3)).toBeCloseTo(mp3DurationSeconds(mp3), 1);
  });
});

describe("video probes", () => {
  it("recognise MP4 and WebM, and refuse audio-only M4A, audio and pictures", () => {
    expect(detectVideoType(isoMedia({ seconds: 1, brand: "isom" }))?.format).toBe("mp4");
    expect(detectVideoType(webm({ seconds: 1 }))?.format).toBe("webm");
    for (const bytes of [isoMedia({ seconds: 1 }), mp3Cbr({ seconds: 1 }), PNG_1X1, notMedia()]) expect(detectVideoType(bytes)).toBeNull();
  });

  it("read an MP4's movie header and a WebM's Info duration", () => {
    const mp4 = isoMedia({ seconds: 33.3, brand: "mp42", moovAtEnd: true, timescale: 90_000, mdatBytes: 200_000 });
    expect(videoDuration(detectVideoType(mp4)!, chunkedProbe(mp4, 1000))).toBeCloseTo(33.3, 3);
    expect(videoDuration(detectVideoType(webm({ seconds: 12.5 }))!, probeBytes(webm({ seconds: 12.5 })))).toBeCloseTo(12.5, 3);
  });

  it("read real encoder output: a demo video's MP4 (H.264 + MP3)", async () => {
    const mp4 = await renderDemoVideo({ look: { hue: 280, accent: 190 }, durationSeconds: 2, width: 96, height: 54, seed: "probe", title: null });
    expect(detectVideoType(mp4)?.format).toBe("mp4");
    expect(videoDuration(detectVideoType(mp4)!, chunkedProbe(mp4, 999))).toBeCloseTo(2, 1);
  }, 60_000);
});

function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const KIND_OF: Record<"mp3" | "wav" | "flac", AudioKind> = {
  mp3: { format: "mp3", mime: "audio/mpeg", ext: "mp3" },
  wav: { format: "wav", mime: "audio/wav", ext: "wav" },
  flac: { format: "flac", mime: "audio/flac", ext: "flac" },
};

describe("what the player's quality label names (decision 121)", () => {
  it("an MP3's bitrate: its frames' at a constant rate, tags aside; the average of a VBR one; nothing for another kind", () => {
    const mp3 = KIND_OF.mp3;
    expect(mp3Kbps(mp3, probeBytes(mp3Cbr({ seconds: 3, kbps: 320 })))).toBe(320);
    expect(mp3Kbps(mp3, probeBytes(mp3Cbr({ seconds: 3, kbps: 128, id3: 200_000 })))).toBe(128);
    // Frames of 96, 192 and 320 kbps in turn: about their mean.
    const vbr = mp3Kbps(mp3, probeBytes(mp3Vbr({ seconds: 6 })))!;
    expect(vbr).toBeGreaterThan(190);
    expect(vbr).toBeLessThan(215);
    expect(mp3Kbps(KIND_OF.wav, probeBytes(wav({ seconds: 1 })))).toBeNull();
  });

  it("a master's sample rate, bit depth and channels from STREAMINFO or the fmt chunk", () => {
    expect(losslessFacts(KIND_OF.wav, wav({ seconds: 1, sampleRate: 96_000, channels: 2, bits: 24 }))).toEqual({
      sampleRate: 96_000,
      bitDepth: 24,
      channels: 2,
    });
    expect(losslessFacts(KIND_OF.flac, flac({ seconds: 1, sampleRate: 48_000 }))).toEqual({ sampleRate: 48_000, bitDepth: 16, channels: 2 });
    expect(losslessFacts(KIND_OF.flac, flac({ seconds: 1, id3: 500 }))).toEqual({ sampleRate: 44_100, bitDepth: 16, channels: 2 });
    expect(losslessFacts(KIND_OF.mp3, mp3Cbr({ seconds: 1 }))).toBeNull();
    expect(losslessFacts(KIND_OF.wav, notMedia())).toBeNull();
  });
});
