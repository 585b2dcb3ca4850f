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

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

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
