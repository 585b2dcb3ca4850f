// A track's preview rendition: the whole frames of an MP3 or ADTS AAC file (the sample frames of a
// PCM WAV) that start inside a window of the track, copied into a file of their own, so a preview
// URL can never hand out more of the track than the window. Pure byte work for workerd: the file is
// read in place (subarray) and the output allocated once.
import { detectAudioType, id3Length, mpegFrameAt } from "./audio-probe";

export type PreviewFormat = "mp3" | "aac" | "wav";
export type AudioPreview = { bytes: Uint8Array; format: PreviewFormat; mime: string; startSeconds: number; durationSeconds: number };

const MIME: Record<PreviewFormat, string> = { mp3: "audio/mpeg", aac: "audio/aac", wav: "audio/wav" };

/** A compressed frame: its size in bytes (header included) and its playing time. */
type Frame = { length: number; sampleRate: number; seconds: number };
type FrameAt = (b: Uint8Array, at: number) => Frame | null;
type Cut = { bytes: Uint8Array; startSeconds: number; durationSeconds: number };

/** Frame start times are sums of floats: this slack keeps a frame that starts right on a window edge on the right side of it. */
const SLACK_SECONDS = 1e-6;
/** Past an ID3v2 tag, room to find the first frame (encoders may pad), as audio-probe looks. */
const AFTER_TAG_BYTES = 4096;

const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32le = (b: Uint8Array, at: number) => (u16le(b, at) | (u16le(b, at + 2) << 16)) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) => (at + length <= b.length ? String.fromCharCode(...b.subarray(at, at + length)) : "");
/** Sums of frame times print as 29.999999999999996: a microsecond is far below one sample. */
const micro = (seconds: number) => Math.round(seconds * 1e6) / 1e6;
const positiveOrZero = (x: number) => (Number.isFinite(x) && x > 0 ? x : 0);

/** null when the file is not a format we can cut or has no whole frame in the window. */
export function cutAudioPreview(file: Uint8Array, startSeconds: number, lengthSeconds: number): AudioPreview | null {
  const format = detectAudioType(file)?.format;
  if (format !== "mp3" && format !== "aac" && format !== "wav") return null;
  const cut = format === "wav" ? cutWav(file, startSeconds, lengthSeconds) : cutFrames(file, format, startSeconds, lengthSeconds);
  return cut && { ...cut, format, mime: MIME[format] };
}

/** The window of a track lasting `total` seconds: at most half of it, and ending by its end. */
function windowOf(total: number, startSeconds: number, lengthSeconds: number) {
  const length = Math.min(positiveOrZero(lengthSeconds), total / 2);
  const start = Math.min(positiveOrZero(startSeconds), total - length);
  return { start, end: start + length };
}

const mp3FrameAt: FrameAt = (b, at) => {
  const frame = mpegFrameAt(b, at);
  return frame && { length: frame.length, sampleRate: frame.sampleRate, seconds: frame.samples / frame.sampleRate };
};

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** An ADTS header: 12-bit sync and layer 00, a 13-bit frame length, 1024 samples per raw data block (usually one). */
const adtsFrameAt: FrameAt = (b, at) => {
  if (at + 7 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xf6) !== 0xf0) return null;
  const sampleRate = ADTS_RATES[(b[at + 2]! >> 2) & 0x0f];
  const length = ((b[at + 3]! & 0x03) << 11) | (b[at + 4]! << 3) | (b[at + 5]! >> 5);
  if (!sampleRate || length < 7) return null;
  return { length, sampleRate, seconds: (1024 * ((b[at + 6]! & 0x03) + 1)) / sampleRate };
};

/** Where the frames start: after an ID3v2 tag and any padding, at a frame its successor confirms. */
function firstFrameOffset(b: Uint8Array, frameAt: FrameAt): number | null {
  const tag = id3Length(b);
  const last = tag === 0 ? 0 : Math.min(b.length, tag + AFTER_TAG_BYTES) - 1;
  for (let at = tag; at <= last; at++) {
    const frame = frameAt(b, at);
    if (frame && (at + frame.length >= b.length || frameAt(b, at + frame.length))) return at;
  }
  return null;
}

/**
 * A Xing/Info or VBRI header in the first MP3 frame: it gives the frame count of the whole file, so
 * a cut carrying it would tell players the track's duration, not the preview's.
 */
function isVbrHeaderFrame(b: Uint8Array, at: number): boolean {
  const frame = mpegFrameAt(b, at)!;
  // Xing/Info sits after the side information (and the CRC, when there is one); VBRI at a fixed 32 bytes.
  const sideInfo = frame.version === 3 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const xing = ascii(b, at + 4 + (frame.crc ? 2 : 0) + sideInfo, 4);
  return xing === "Xing" || xing === "Info" || ascii(b, at + 4 + 32, 4) === "VBRI";
}

/** The whole frames from `at` on, while they follow one another at one sample rate; a broken or cut-off frame ends the stream. */
function* framesFrom(b: Uint8Array, at: number, frameAt: FrameAt): Generator<{ at: number; frame: Frame }> {
  const sampleRate = frameAt(b, at)?.sampleRate;
  for (let frame = frameAt(b, at); frame && frame.sampleRate === sampleRate && at + frame.length <= b.length; frame = frameAt(b, at)) {
    yield { at, frame };
    at += frame.length;
  }
}

function cutFrames(file: Uint8Array, format: "mp3" | "aac", startSeconds: number, lengthSeconds: number): Cut | null {
  // An ID3v1 tag is the last 128 bytes; anything else after the frames (APE tags, junk) stops the walk.
  const audio = file.length >= 128 && ascii(file, file.length - 128, 3) === "TAG" ? file.subarray(0, file.length - 128) : file;
  const frameAt = format === "mp3" ? mp3FrameAt : adtsFrameAt;
  let first = firstFrameOffset(audio, frameAt);
  if (first === null) return null;
  if (format === "mp3" && isVbrHeaderFrame(audio, first)) first += mpegFrameAt(audio, first)!.length;

  // Two walks over the headers, none over the audio: the track's length first, then the window's frames.
  let total = 0;
  for (const { frame } of framesFrom(audio, first, frameAt)) total += frame.seconds;
  const window = windowOf(total, startSeconds, lengthSeconds);

  let time = 0;
  let from = -1;
  let to = -1;
  let start = 0;
  for (const { at, frame } of framesFrom(audio, first, frameAt)) {
    if (time >= window.end - SLACK_SECONDS) break;
    if (time >= window.start - SLACK_SECONDS) {
      if (from < 0) [from, start] = [at, time];
      to = at + frame.length;
    }
    time += frame.seconds;
  }
  if (from < 0) return null;
  // slice, not subarray: the preview must not keep (and so never leak) the whole file's buffer.
  return { bytes: audio.slice(from, to), startSeconds: micro(start), durationSeconds: micro(time - start) };
}

type PcmFormat = { channels: number; sampleRate: number; blockAlign: number; bits: number };

/** A fmt chunk's body, when it describes PCM: plain, or WAVE_FORMAT_EXTENSIBLE whose subformat GUID starts with PCM's 1. */
function pcmFormat(b: Uint8Array, at: number, size: number): PcmFormat | null {
  if (size < 16 || at + 16 > b.length) return null;
  const tag = u16le(b, at);
  const pcm = tag === 1 || (tag === 0xfffe && size >= 40 && at + 26 <= b.length && u16le(b, at + 24) === 1);
  const format = { channels: u16le(b, at + 2), sampleRate: u32le(b, at + 4), blockAlign: u16le(b, at + 12), bits: u16le(b, at + 14) };
  return pcm && format.channels > 0 && format.sampleRate > 0 && format.blockAlign > 0 ? format : null;
}

function cutWav(file: Uint8Array, startSeconds: number, lengthSeconds: number): Cut | null {
  let format: PcmFormat | null = null;
  let data: Uint8Array | null = null;
  // Chunks come in any order (LIST, fact, data before fmt...), each padded to an even size.
  for (let at = 12; at + 8 <= file.length && !(format && data);) {
    const id = ascii(file, at, 4);
    const size = u32le(file, at + 4);
    const body = at + 8;
    if (id === "fmt ") format = pcmFormat(file, body, size);
    if (id === "data") {
      // Streaming writers leave the size 0 or 0xFFFFFFFF: then the data runs to the end.
      const toEnd = size === 0 || size > file.length - body;
      data = file.subarray(body, toEnd ? file.length : body + size);
      if (toEnd) break;
    }
    at = body + size + (size & 1);
  }
  if (!format || !data) return null;

  const { channels, sampleRate, blockAlign, bits } = format;
  const total = Math.floor(data.length / blockAlign);
  const window = windowOf(total / sampleRate, startSeconds, lengthSeconds);
  // The first sample frame at or after a time (a product such as 0.1 x 8000 may land a hair above the whole number).
  const sampleAt = (seconds: number) => Math.max(0, Math.ceil(seconds * sampleRate - 1e-3));
  const first = sampleAt(window.start);
  const count = Math.min(sampleAt(window.end), total) - first;
  if (count <= 0) return null;

  const samples = data.subarray(first * blockAlign, (first + count) * blockAlign);
  // A canonical header: RIFF, a 16-byte PCM fmt, data (padded to an even size, as RIFF wants).
  const out = new Uint8Array(44 + samples.length + (samples.length & 1));
  const view = new DataView(out.buffer);
  const text = (at: number, s: string) => [...s].forEach((ch, i) => (out[at + i] = ch.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, out.length - 8, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bits, true);
  text(36, "data");
  view.setUint32(40, samples.length, true);
  out.set(samples, 44);
  return { bytes: out, startSeconds: micro(first / sampleRate), durationSeconds: micro(count / sampleRate) };
}
