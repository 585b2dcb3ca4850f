// Image type detection by magic bytes. A file's name and its declared Content-Type are chosen by
// the client, so neither is trusted: only the leading bytes decide. SVG is never accepted (it
// is a script-capable document, not a bitmap).

export type ImageKind = {
  mime: "image/jpeg" | "image/png" | "image/gif" | "image/webp";
  ext: "jpg" | "png" | "gif" | "webp";
};

const JPEG: ImageKind = { mime: "image/jpeg", ext: "jpg" };
const PNG: ImageKind = { mime: "image/png", ext: "png" };
const GIF: ImageKind = { mime: "image/gif", ext: "gif" };
const WEBP: ImageKind = { mime: "image/webp", ext: "webp" };

export const IMAGE_KINDS: readonly ImageKind[] = [JPEG, PNG, GIF, WEBP];

/** How many leading bytes detectImageType needs. */
export const IMAGE_SNIFF_BYTES = 12;

const ascii = (s: string) => Array.from(s, (ch) => ch.charCodeAt(0));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const GIF87A = ascii("GIF87a");
const GIF89A = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP_TAG = ascii("WEBP");

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/** The image kind the bytes really are, or null for anything that is not JPEG/PNG/GIF/WebP. */
export function detectImageType(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, JPEG_SIGNATURE)) return JPEG;
  if (startsWith(bytes, PNG_SIGNATURE)) return PNG;
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return GIF;
  // RIFF <4-byte size> WEBP
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP_TAG, 8)) return WEBP;
  return null;
}

/** The kind for a stored file extension (used when serving, if metadata is missing). */
export const imageKindForExt = (ext: string) => IMAGE_KINDS.find((k) => k.ext === ext) ?? null;

/** True when `mime` is one of the bitmap types this site ever stores. */
export const isAllowedImageMime = (mime: string | undefined): mime is ImageKind["mime"] => IMAGE_KINDS.some((k) => k.mime === mime);

export type ImageSize = { width: number; height: number };

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => ((u16be(b, at) << 16) >>> 0) + u16be(b, at + 2);

/** JPEG frame headers (SOF0-SOF15) hold the size; C4, C8 and CC are other markers in that range. */
const isJpegFrameMarker = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2; // after SOI
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data or end before any frame header
    if (isJpegFrameMarker(marker)) return i + 8 < b.length ? { height: u16be(b, i + 5), width: u16be(b, i + 7) } : null;
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): ImageSize | null {
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === "VP8X" && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === "VP8 " && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === "VP8L" && b.length >= 25) {
    const [b0, b1, b2, b3] = [b[21]!, b[22]!, b[23]!, b[24]!];
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
  }
  return null;
}

/** The pixel size an image's header claims, or null when the header cannot be read. */
export function readImageSize(bytes: Uint8Array, kind: ImageKind): ImageSize | null {
  switch (kind.ext) {
    case "png":
      return bytes.length >= 24 ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : null;
    case "gif":
      return bytes.length >= 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : null;
    case "webp":
      return webpSize(bytes);
    case "jpg":
      return jpegSize(bytes);
  }
}
