// What a dropped file is, decided by its first bytes (the name only tells lyrics from other text):
// a file named .mp3 that holds a ZIP or a picture is refused, and a FLAC named .bin is taken.

export type AudioKind = "mp3" | "flac" | "wav" | "m4a";
export type ImageKind = "jpeg" | "png" | "webp";
export type FileKind = AudioKind | ImageKind | "lyrics" | "zip" | "unsupported";

/** Enough bytes for every signature below (an MP3's ID3 header, RIFF's form type, MP4's ftyp). */
export const SNIFF_BYTES = 16;

const LOSSLESS: ReadonlySet<FileKind> = new Set(["flac", "wav"]);
export const isLossless = (kind: FileKind) => LOSSLESS.has(kind);
export const isAudio = (kind: FileKind): kind is AudioKind => kind === "mp3" || kind === "flac" || kind === "wav" || kind === "m4a";
export const isImage = (kind: FileKind): kind is ImageKind => kind === "jpeg" || kind === "png" || kind === "webp";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** An MPEG audio frame header: 11 sync bits, layer III, a valid bitrate and sample rate. */
function isMpegFrame(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || (b[1]! & 0xe0) !== 0xe0) return false;
  const layer = (b[1]! >> 1) & 3;
  const bitrate = b[2]! >> 4;
  const rate = (b[2]! >> 2) & 3;
  return layer === 1 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

/** Lyrics are text: a sidecar named .lrc or .txt whose first bytes hold no NUL. */
const LYRICS_NAME = /\.(lrc|txt)$/i;

export function sniffKind(head: Uint8Array, name: string): FileKind {
  if (ascii(head, 0, 4) === "fLaC") return "flac";
  if (ascii(head, 0, 3) === "ID3" || isMpegFrame(head)) return "mp3";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WAVE") return "wav";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "webp";
  if (ascii(head, 4, 8) === "ftyp") return "m4a";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head[0] === 0x89 && ascii(head, 1, 4) === "PNG") return "png";
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) return "zip";
  if (LYRICS_NAME.test(name) && !head.includes(0)) return "lyrics";
  return "unsupported";
}

/** Reads a file's first bytes (a slice: the rest never leaves the disk). */
export async function sniffFile(file: Blob, name: string): Promise<FileKind> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffKind(head, name);
}
