// Video type detection by magic bytes (MP4, WebM) and the playing time the file records: the MP4
// movie header (moov/mvhd) or the WebM segment's Info (Duration x TimecodeScale).
import { moovDuration, mp4Brand } from "./mp4";
import type { Probe } from "./probe-sink";

export type VideoFormat = "mp4" | "webm";
export type VideoKind = { format: VideoFormat; mime: string; ext: VideoFormat };

const MP4: VideoKind = { format: "mp4", mime: "video/mp4", ext: "mp4" };
const WEBM: VideoKind = { format: "webm", mime: "video/webm", ext: "webm" };

export const VIDEO_SNIFF_BYTES = 64 * 1024;

/** Audio-only MP4 brands: an .m4a is not a video. */
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P "]);

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const ID_DOCTYPE = 0x4282;
const ID_SEGMENT = 0x18538067;
const ID_INFO = 0x1549a966;
const ID_TIMECODE_SCALE = 0x2ad7b1;
const ID_DURATION = 0x4489;

type Vint = { value: number; length: number };

/** An EBML variable-size integer at `at`; `keepMarker` for element ids (which keep theirs). */
function vintAt(b: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // leading zeros within the byte, plus one
  if (length > 8 || at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + b[at + i]!;
  // A size of all ones means "unknown" (a live recording's segment).
  const unknown = !keepMarker && value === 2 ** (7 * length) - 1;
  return { value: unknown ? Number.POSITIVE_INFINITY : value, length };
}

type Element = { id: number; data: number; size: number };

function elementAt(b: Uint8Array, at: number): Element | null {
  const id = vintAt(b, at, true);
  if (!id) return null;
  const size = vintAt(b, at + id.length, false);
  if (!size) return null;
  return { id: id.value, data: at + id.length + size.length, size: size.value };
}

/** The elements directly inside [start, end). */
function* children(b: Uint8Array, start: number, end: number): Generator<Element> {
  for (let at = start; at < Math.min(end, b.length);) {
    const el = elementAt(b, at);
    if (!el) return;
    yield el;
    if (!Number.isFinite(el.size)) return;
    at = el.data + el.size;
  }
}

function readUint(b: Uint8Array, at: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + b[at + i]!;
  return value;
}

function isWebm(head: Uint8Array): boolean {
  if (!EBML_MAGIC.every((x, i) => head[i] === x)) return false;
  const header = elementAt(head, 0);
  if (!header) return false;
  for (const el of children(head, header.data, header.data + header.size)) {
    if (el.id === ID_DOCTYPE) return String.fromCharCode(...head.subarray(el.data, el.data + el.size)) === "webm";
  }
  return false;
}

export function detectVideoType(head: Uint8Array): VideoKind | null {
  const brand = mp4Brand(head);
  if (brand) return AUDIO_BRANDS.has(brand) ? null : MP4;
  return isWebm(head) ? WEBM : null;
}

function webmDuration(head: Uint8Array): number | null {
  const header = elementAt(head, 0);
  if (!header) return null;
  const segment = elementAt(head, header.data + header.size);
  if (!segment || segment.id !== ID_SEGMENT) return null;
  for (const el of children(head, segment.data, segment.data + segment.size)) {
    if (el.id !== ID_INFO) continue;
    let scale = 1_000_000; // nanoseconds per tick, the default
    let ticks: number | null = null;
    for (const item of children(head, el.data, el.data + el.size)) {
      if (item.data + item.size > head.length) break;
      const view = new DataView(head.buffer, head.byteOffset + item.data, item.size);
      if (item.id === ID_TIMECODE_SCALE) scale = readUint(head, item.data, item.size);
      if (item.id === ID_DURATION && item.size === 8) ticks = view.getFloat64(0);
      if (item.id === ID_DURATION && item.size === 4) ticks = view.getFloat32(0);
    }
    return ticks === null ? null : (ticks * scale) / 1e9;
  }
  return null;
}

/** Seconds as the file records them, or null when it does not say. */
export function videoDuration(kind: VideoKind, probe: Probe): number | null {
  const seconds = kind.format === "mp4" ? (probe.moov ? moovDuration(probe.moov) : null) : webmDuration(probe.head);
  return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
