// Audio type detection by magic bytes and playing time read from the file, for catalog uploads.
// The name and the declared Content-Type are the client's, so neither is trusted. Durations come
// from what each format records: MP3 Xing/Info or VBRI headers (else frame math from the bitrate),
// the M4A movie header, FLAC STREAMINFO, the WAV byte rate, an Ogg stream's last granule position.
// When a file does not say, the duration is null and the stored one stays.
import { moovDuration, mp4Brand } from "./mp4";
import type { Probe } from "./probe-sink";

export type AudioFormat = "mp3" | "aac" | "m4a" | "ogg" | "flac" | "wav";
export type AudioKind = { format: AudioFormat; mime: string; ext: AudioFormat };

const KINDS: Record<AudioFormat, AudioKind> = {
  mp3: { format: "mp3", mime: "audio/mpeg", ext: "mp3" },
  aac: { format: "aac", mime: "audio/aac", ext: "aac" },
  m4a: { format: "m4a", mime: "audio/mp4", ext: "m4a" },
  ogg: { format: "ogg", mime: "audio/ogg", ext: "ogg" },
  flac: { format: "flac", mime: "audio/flac", ext: "flac" },
  wav: { format: "wav", mime: "audio/wav", ext: "wav" },
};

/** The Content-Type of an audio object by its key's extension (keys end in the kind's ext); MP3 otherwise. */
export function audioMimeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return ext in KINDS ? KINDS[ext as AudioFormat].mime : KINDS.mp3.mime;
}

/**
 * The preview format of audio stored under `key` (an R2 key or an https URL), by its extension:
 * MP3, ADTS AAC and WAV can be cut into a preview (lib/audio-preview.ts); others cannot.
 */
export function previewFormatOf(key: string | null): "mp3" | "aac" | "wav" | null {
  if (!key) return null;
  const path = key.startsWith("https://") ? new URL(key).pathname : key;
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return ext === "mp3" || ext === "aac" || ext === "wav" ? ext : null;
}

/** Bytes detection looks at, unless an ID3v2 tag asks for more (audioSniffLength). */
export const AUDIO_SNIFF_BYTES = 64 * 1024;
/** Past an ID3v2 tag, room to find the first frame (encoders may pad). */
const AFTER_TAG_BYTES = 4096;
/** A tag larger than this (embedded artwork beyond reason) is not waited for. */
export const MAX_ID3_TAG_BYTES = 16 * 1024 * 1024;

const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32le = (b: Uint8Array, at: number) => (u16le(b, at) + b[at + 2]! * 0x10000 + b[at + 3]! * 0x1000000) >>> 0;
const u32be = (b: Uint8Array, at: number) => (b[at]! * 0x1000000 + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!)) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) => (at + length <= b.length ? String.fromCharCode(...b.subarray(at, at + length)) : "");

/** Length of an ID3v2 tag at `at` (header and footer included), or 0 when there is none. */
export function id3Length(b: Uint8Array, at = 0): number {
  if (ascii(b, at, 3) !== "ID3" || b.length < at + 10) return 0;
  const sizeBytes = b.subarray(at + 6, at + 10);
  if (sizeBytes.some((x) => x & 0x80)) return 0; // not a syncsafe integer: not a tag
  const size = (sizeBytes[0]! << 21) | (sizeBytes[1]! << 14) | (sizeBytes[2]! << 7) | sizeBytes[3]!;
  return 10 + size + (b[at + 5]! & 0x10 ? 10 : 0);
}

/** How many leading bytes detection needs: past an ID3v2 tag to the frame that follows it. */
export function audioSniffLength(head: Uint8Array): number {
  const tag = id3Length(head);
  return tag > 0 ? Math.min(tag, MAX_ID3_TAG_BYTES) + AFTER_TAG_BYTES : AUDIO_SNIFF_BYTES;
}

// MPEG audio frame headers (Layer III only: "MP3").
const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

type MpegFrame = { version: number; kbps: number; sampleRate: number; samples: number; length: number; mono: boolean; crc: boolean };

export function mpegFrameAt(b: Uint8Array, at: number): MpegFrame | null {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1]! >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5, 1 reserved
  const layer = (b[at + 1]! >> 1) & 3; // 1 = Layer III
  const bitrateIndex = b[at + 2]! >> 4;
  const rateIndex = (b[at + 2]! >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const kbps = (version === 3 ? MPEG1_L3_KBPS : MPEG2_L3_KBPS)[bitrateIndex]!;
  const sampleRate = MPEG_RATES[version]![rateIndex]!;
  const samples = version === 3 ? 1152 : 576;
  const padding = (b[at + 2]! >> 1) & 1;
  const length = Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding;
  return { version, kbps, sampleRate, samples, length, mono: b[at + 3]! >> 6 === 3, crc: (b[at + 1]! & 1) === 0 };
}

/** A frame header whose successor (when within the bytes at hand) is a frame header too. */
function confirmedMpegFrame(b: Uint8Array, at: number): MpegFrame | null {
  const frame = mpegFrameAt(b, at);
  if (!frame) return null;
  const next = at + frame.length;
  if (next + 4 <= b.length && !mpegFrameAt(b, next)) return null;
  return frame;
}

// ADTS (raw AAC) frame headers: a 12-bit sync, layer 00.
const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
type AdtsFrame = { sampleRate: number; length: number };

function adtsFrameAt(b: Uint8Array, at: number): AdtsFrame | null {
  if (at + 7 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xf6) !== 0xf0) return null;
  const sampleRate = ADTS_RATES[(b[at + 2]! >> 2) & 0x0f];
  const length = ((b[at + 3]! & 0x03) << 11) | (b[at + 4]! << 3) | (b[at + 5]! >> 5);
  if (!sampleRate || length < 7) return null;
  return { sampleRate, length };
}

function confirmedAdtsFrame(b: Uint8Array, at: number): AdtsFrame | null {
  const frame = adtsFrameAt(b, at);
  if (!frame) return null;
  const next = at + frame.length;
  if (next + 7 <= b.length && !adtsFrameAt(b, next)) return null;
  return frame;
}

/** Where the audio frames start: after an ID3v2 tag and any padding encoders put after it. */
function firstFrameOffset(b: Uint8Array, confirm: (b: Uint8Array, at: number) => unknown): number | null {
  const tag = id3Length(b);
  if (tag === 0) return confirm(b, 0) ? 0 : null;
  const end = Math.min(b.length, tag + AFTER_TAG_BYTES);
  for (let at = tag; at < end; at++) if (confirm(b, at)) return at;
  return null;
}

function oggCodecOf(b: Uint8Array): "opus" | "vorbis" | "flac" | null {
  if (ascii(b, 0, 4) !== "OggS" || b[4] !== 0 || b.length < 28) return null;
  const packet = 27 + b[26]!;
  if (ascii(b, packet, 8) === "OpusHead") return "opus";
  if (b[packet] === 1 && ascii(b, packet + 1, 6) === "vorbis") return "vorbis";
  if (b[packet] === 0x7f && ascii(b, packet + 1, 4) === "FLAC") return "flac";
  return null;
}

const isWav = (b: Uint8Array) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WAVE";
const flacOffset = (b: Uint8Array) => {
  const at = id3Length(b);
  return ascii(b, at, 4) === "fLaC" ? at : null;
};

/** The audio kind the bytes really are, or null for anything else (video, images, text...). */
export function detectAudioType(head: Uint8Array): AudioKind | null {
  if (isWav(head)) return KINDS.wav;
  if (oggCodecOf(head)) return KINDS.ogg;
  if (flacOffset(head) !== null) return KINDS.flac;
  if (mp4Brand(head)) return KINDS.m4a;
  if (firstFrameOffset(head, confirmedMpegFrame) !== null) return KINDS.mp3;
  if (firstFrameOffset(head, confirmedAdtsFrame) !== null) return KINDS.aac;
  return null;
}

/** Playing time in seconds as the file records it, or null when it cannot be read. */
export function audioDuration(kind: AudioKind, probe: Probe): number | null {
  const seconds = (() => {
    switch (kind.format) {
      case "mp3":
        return mp3Duration(probe);
      case "aac":
        return adtsDuration(probe);
      case "m4a":
        return probe.moov ? moovDuration(probe.moov) : null;
      case "flac":
        return flacDuration(probe.head);
      case "wav":
        return wavDuration(probe);
      case "ogg":
        return oggDuration(probe);
    }
  })();
  return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

function mp3Duration({ head, tail, size }: Probe): number | null {
  const at = firstFrameOffset(head, confirmedMpegFrame);
  if (at === null) return null;
  const frame = mpegFrameAt(head, at)!;
  // A VBR header sits in the first frame, after its side information.
  const sideInfo = frame.version === 3 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  for (const xing of [at + 4 + sideInfo, at + 6 + sideInfo]) {
    const tag = ascii(head, xing, 4);
    if ((tag === "Xing" || tag === "Info") && u32be(head, xing + 4) & 1) {
      const frames = u32be(head, xing + 8);
      return frames > 0 ? (frames * frame.samples) / frame.sampleRate : null;
    }
  }
  const vbri = at + 4 + 32;
  if (ascii(head, vbri, 4) === "VBRI") {
    const frames = u32be(head, vbri + 14);
    return frames > 0 ? (frames * frame.samples) / frame.sampleRate : null;
  }
  // Constant bitrate: the audio bytes over the byte rate, less an ID3v1 tag at the end.
  const id3v1 = tail.length >= 128 && ascii(tail, tail.length - 128, 3) === "TAG" ? 128 : 0;
  const bytes = size - at - id3v1;
  return bytes > 0 ? (bytes * 8) / (frame.kbps * 1000) : null;
}

/** ADTS has no header for the whole stream: the frames at hand give the average frame length. */
function adtsDuration({ head, size }: Probe): number | null {
  const start = firstFrameOffset(head, confirmedAdtsFrame);
  if (start === null) return null;
  let at = start;
  let frames = 0;
  let sampleRate = 0;
  for (let frame = adtsFrameAt(head, at); frame && at + frame.length <= head.length; frame = adtsFrameAt(head, at)) {
    sampleRate = frame.sampleRate;
    frames++;
    at += frame.length;
  }
  if (frames === 0) return null;
  const averageLength = (at - start) / frames;
  return (((size - start) / averageLength) * 1024) / sampleRate;
}

/** STREAMINFO: 20-bit sample rate and 36-bit total sample count, after four 16/24-bit sizes. */
function streamInfoDuration(b: Uint8Array, data: number): number | null {
  if (data + 18 > b.length) return null;
  const sampleRate = (b[data + 10]! << 12) | (b[data + 11]! << 4) | (b[data + 12]! >> 4);
  const total = (b[data + 13]! & 0x0f) * 2 ** 32 + u32be(b, data + 14);
  return sampleRate > 0 && total > 0 ? total / sampleRate : null;
}

function flacDuration(head: Uint8Array): number | null {
  const at = flacOffset(head);
  // The first metadata block is STREAMINFO (type 0) by the format's rule.
  if (at === null || (head[at + 4]! & 0x7f) !== 0) return null;
  return streamInfoDuration(head, at + 8);
}

function wavDuration({ head, size }: Probe): number | null {
  let byteRate = 0;
  for (let at = 12; at + 8 <= head.length;) {
    const id = ascii(head, at, 4);
    const length = u32le(head, at + 4);
    if (id === "fmt " && at + 16 <= head.length) byteRate = u32le(head, at + 16);
    if (id === "data") {
      if (byteRate === 0) return null;
      const available = size - (at + 8);
      // Streaming writers leave the size 0 or 0xFFFFFFFF: then the data runs to the end.
      const data = length === 0 || length === 0xffffffff || length > available ? available : length;
      return data / byteRate;
    }
    at += 8 + length + (length & 1);
  }
  return null;
}

/** Samples per second of an Ogg stream's granule positions, and the samples to skip (Opus pre-skip). */
function oggClock(head: Uint8Array): { rate: number; preSkip: number } | null {
  const packet = 27 + head[26]!;
  switch (oggCodecOf(head)) {
    case "opus":
      return { rate: 48000, preSkip: u16le(head, packet + 10) };
    case "vorbis":
      return { rate: u32le(head, packet + 12), preSkip: 0 };
    case "flac": {
      // 0x7F "FLAC" major minor, header count (2), "fLaC", a block header, then STREAMINFO.
      const info = packet + 17;
      if (info + 13 > head.length) return null;
      return { rate: (head[info + 10]! << 12) | (head[info + 11]! << 4) | (head[info + 12]! >> 4), preSkip: 0 };
    }
    default:
      return null;
  }
}

/** The granule position of the stream's last page: where its last sample ends. */
function oggDuration({ head, tail }: Probe): number | null {
  const clock = oggClock(head);
  if (!clock || clock.rate === 0) return null;
  const serial = u32le(head, 14);
  for (let at = tail.length - 27; at >= 0; at--) {
    if (tail[at] !== 0x4f || ascii(tail, at, 4) !== "OggS" || tail[at + 4] !== 0 || u32le(tail, at + 14) !== serial) continue;
    const low = u32le(tail, at + 6);
    const high = u32le(tail, at + 10);
    if (low === 0xffffffff && high === 0xffffffff) continue; // no packet ends on this page
    const granule = high * 2 ** 32 + low;
    return (granule - clock.preSkip) / clock.rate;
  }
  return null;
}

/** What the player's quality label says of a lossless master (decision 121). */
export type PcmFacts = { sampleRate: number; bitDepth: number; channels: number };

/** A FLAC master's STREAMINFO or a WAV master's fmt chunk, or null when the head does not hold it. */
export function losslessFacts(kind: AudioKind, head: Uint8Array): PcmFacts | null {
  if (kind.format === "flac") {
    const at = flacOffset(head);
    if (at === null || (head[at + 4]! & 0x7f) !== 0 || at + 8 + 18 > head.length) return null;
    const b = at + 8;
    const sampleRate = (head[b + 10]! << 12) | (head[b + 11]! << 4) | (head[b + 12]! >> 4);
    const channels = ((head[b + 12]! >> 1) & 0x07) + 1;
    const bitDepth = (((head[b + 12]! & 1) << 4) | (head[b + 13]! >> 4)) + 1;
    return sampleRate > 0 ? { sampleRate, bitDepth, channels } : null;
  }
  if (kind.format !== "wav") return null;
  for (let at = 12; at + 8 <= head.length;) {
    const length = u32le(head, at + 4);
    if (ascii(head, at, 4) === "fmt " && at + 24 <= head.length) {
      const channels = head[at + 10]! | (head[at + 11]! << 8);
      const sampleRate = u32le(head, at + 12);
      const bitDepth = head[at + 22]! | (head[at + 23]! << 8);
      return sampleRate > 0 && channels > 0 && bitDepth > 0 ? { sampleRate, bitDepth, channels } : null;
    }
    at += 8 + length + (length & 1);
  }
  return null;
}

/** An MP3's bitrate in kbps: its frames' for constant bitrate, the audio bytes over the playing time for VBR; null otherwise. */
export function mp3Kbps(kind: AudioKind, probe: Probe): number | null {
  if (kind.format !== "mp3") return null;
  const at = firstFrameOffset(probe.head, confirmedMpegFrame);
  const seconds = audioDuration(kind, probe);
  if (at === null || seconds === null) return null;
  const frame = mpegFrameAt(probe.head, at)!;
  const averaged = Math.round(((probe.size - at) * 8) / seconds / 1000);
  // Within a few percent of the first frame's rate: a constant bitrate, named as encoders name it.
  return Math.abs(averaged - frame.kbps) <= frame.kbps * 0.05 ? frame.kbps : averaged;
}
