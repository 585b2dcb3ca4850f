// JPEG for the offline demo pictures that must be light (the landing page's hero images, the
// events banner, the promo video's poster): jpeg-js, a pure-JS baseline encoder from npm (no
// native code, nothing downloaded), plus a 2x box downscale so one drawing gives both widths of
// a srcset. The same pixels and quality give the same bytes.
import jpeg from "jpeg-js";

/** The quality the site's pictures use: smooth synthwave gradients hold up well at 70. */
export const JPEG_QUALITY = 70;

/**
 * Encodes an RGBA buffer (width x height x 4 bytes, alpha ignored) as a baseline JPEG.
 * @param {number} width
 * @param {number} height
 * @param {ArrayLike<number>} rgba
 * @param {number} [quality]  1..100
 * @returns {Uint8Array}
 */
export function encodeJpeg(width, height, rgba, quality = JPEG_QUALITY) {
  if (rgba.length !== width * height * 4) throw new Error(`encodeJpeg: ${rgba.length} bytes for ${width}x${height} RGBA`);
  const { data } = jpeg.encode({ width, height, data: rgba }, quality);
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/**
 * Halves an RGBA image in both directions, each output pixel the mean of a 2x2 block (width and
 * height must be even): the small srcset variant of the same picture, anti-aliased for free.
 * @returns {Uint8ClampedArray}
 */
export function halveRgba(width, height, rgba) {
  if (width % 2 || height % 2) throw new Error("halveRgba: width and height must be even");
  const w = width / 2;
  const h = height / 2;
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (2 * y * width + 2 * x) * 4;
      const j = i + width * 4;
      const o = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) out[o + c] = (rgba[i + c] + rgba[i + 4 + c] + rgba[j + c] + rgba[j + 4 + c] + 2) >> 2;
      out[o + 3] = 255;
    }
  }
  return out;
}

/**
 * The `width` x `height` rectangle of an RGBA image whose top left corner is (x, y).
 * @returns {Uint8ClampedArray}
 */
export function cropRgba(width, height, rgba, { x, y, width: w, height: h }) {
  if (x < 0 || y < 0 || w <= 0 || h <= 0 || x + w > width || y + h > height) throw new Error("cropRgba: the rectangle must lie inside the image");
  const out = new Uint8ClampedArray(w * h * 4);
  for (let row = 0; row < h; row++) out.set(rgba.subarray(((y + row) * width + x) * 4, ((y + row) * width + x + w) * 4), row * w * 4);
  return out;
}

/**
 * Width and height from a JPEG's start-of-frame marker (SOF0..SOF15 but DHT/JPG/DAC), or null.
 * @param {Uint8Array} bytes
 */
export function jpegSize(bytes) {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  for (let i = 2; i + 9 < bytes.length;) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[i + 5] << 8) | bytes[i + 6], width: (bytes[i + 7] << 8) | bytes[i + 8] };
    }
    i += 2 + length;
  }
  return null;
}
