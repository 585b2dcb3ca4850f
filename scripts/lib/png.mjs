// A tiny PNG encoder (8-bit RGBA, no interlace) so demo avatars and test uploads are generated
// in code instead of being downloaded or committed as binaries.
import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * Encodes a width x height image; pixel(x, y) returns [r, g, b] or [r, g, b, a] (0-255).
 * Every scanline uses filter 0 (none): simple, and zlib still compresses gradients well.
 */
export function encodePng(width, height, pixel) {
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b, a = 255] = pixel(x, y);
      raw.set([r, g, b, a], y * stride + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA, deflate, adaptive filter, no interlace
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

function hslToRgb(h, s, l) {
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/**
 * A colourful avatar: a diagonal gradient between two hues overlaid with soft concentric
 * rings, different for every seed. No initials or faces, so nothing needs licensing.
 */
export function avatarPng(seed, size = 128) {
  const hueA = (seed * 137.508) % 360; // golden-angle steps give well-separated hues
  const hueB = (hueA + 70 + (seed % 5) * 25) % 360;
  const cx = size * (0.3 + ((seed * 7) % 5) * 0.1);
  const cy = size * (0.3 + ((seed * 3) % 5) * 0.1);
  return encodePng(size, size, (x, y) => {
    const t = (x + y) / (2 * size);
    const ring = 0.5 + 0.5 * Math.sin(Math.hypot(x - cx, y - cy) / (size / 18));
    const hue = hueA + ((hueB - hueA + 360) % 360) * t;
    return hslToRgb(hue % 360, 0.75, 0.42 + 0.18 * ring);
  });
}

/**
 * Encodes an RGBA buffer (width x height x 4 bytes, e.g. a demo-draw Raster's `rgba`) as an RGB
 * PNG (alpha dropped). Each scanline gets the filter (none, sub, up, average, Paeth) whose output
 * has the smallest sum of absolute values, the usual heuristic: smooth gradients and flat areas
 * then compress to a fraction of what filter 0 gives.
 */
export function encodePngRgba(width, height, rgba) {
  const bpp = 3;
  const rowBytes = width * bpp;
  const rgb = Buffer.alloc(rowBytes * height);
  for (let i = 0, j = 0; i < width * height * 4; i += 4, j += 3) {
    rgb[j] = rgba[i];
    rgb[j + 1] = rgba[i + 1];
    rgb[j + 2] = rgba[i + 2];
  }
  const raw = Buffer.alloc((rowBytes + 1) * height);
  const candidate = Buffer.alloc(rowBytes);
  const best = Buffer.alloc(rowBytes);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    let bestSum = Infinity;
    let bestFilter = 0;
    for (let filter = 0; filter < 5; filter++) {
      let sum = 0;
      for (let i = 0; i < rowBytes; i++) {
        const x = rgb[row + i];
        const a = i >= bpp ? rgb[row + i - bpp] : 0;
        const b = y > 0 ? rgb[row - rowBytes + i] : 0;
        const c = i >= bpp && y > 0 ? rgb[row - rowBytes + i - bpp] : 0;
        let predicted = 0;
        if (filter === 1) predicted = a;
        else if (filter === 2) predicted = b;
        else if (filter === 3) predicted = (a + b) >> 1;
        else if (filter === 4) {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        }
        const value = (x - predicted) & 0xff;
        candidate[i] = value;
        sum += value < 128 ? value : 256 - value;
      }
      if (sum < bestSum) {
        bestSum = sum;
        bestFilter = filter;
        candidate.copy(best);
      }
    }
    raw[y * (rowBytes + 1)] = bestFilter;
    best.copy(raw, y * (rowBytes + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filter, no interlace
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}
