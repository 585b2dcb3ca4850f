// Small raster drawing primitives shared by the offline demo images and videos
// (scripts/lib/demo-covers.mjs, demo-broadcast-images.mjs, demo-video.mjs): HSL colours, an RGBA
// frame buffer with span fills and blending, and a tiny built-in 5x7 bitmap font with a neon
// glow. Pure JS, nothing downloaded.

/** [r, g, b] (0-255) for a hue in degrees (any value, wrapped) and saturation, lightness in [0, 1]. */
export function hsl(h, s, l) {
  h = ((h % 360) + 360) % 360;
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** The colour a fraction t of the way from a to b, rounded to integers. */
export const mixColor = (a, b, t) => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t));

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * An RGBA frame: `rgba` holds the bytes (row-major, 4 per pixel, alpha always 255), `u32` the same
 * memory one pixel per element, for fast fills.
 */
export class Raster {
  constructor(width, height) {
    if (!LITTLE_ENDIAN) throw new Error("Raster assumes a little-endian machine");
    this.width = width;
    this.height = height;
    this.rgba = new Uint8ClampedArray(width * height * 4);
    this.u32 = new Uint32Array(this.rgba.buffer);
  }

  /** A colour as one u32 element (opaque). */
  static pack([r, g, b]) {
    return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }

  /** Fills pixels [x0, x1) of row y with a packed colour (clipped). */
  span(y, x0, x1, packed) {
    if (y < 0 || y >= this.height) return;
    x0 = Math.max(0, Math.round(x0));
    x1 = Math.min(this.width, Math.round(x1));
    if (x1 > x0) this.u32.fill(packed, y * this.width + x0, y * this.width + x1);
  }

  /** Fills a rectangle with a packed colour (clipped). */
  rect(x0, y0, x1, y1, packed) {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.height, Math.round(y1)); y++) this.span(y, x0, x1, packed);
  }

  /** Blends colour c over pixel (x, y) with opacity a in [0, 1]. */
  blend(x, y, c, a) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || a <= 0) return;
    const i = (y * this.width + x) * 4;
    const p = this.rgba;
    if (a >= 1) {
      p[i] = c[0];
      p[i + 1] = c[1];
      p[i + 2] = c[2];
      return;
    }
    p[i] += (c[0] - p[i]) * a;
    p[i + 1] += (c[1] - p[i + 1]) * a;
    p[i + 2] += (c[2] - p[i + 2]) * a;
  }

  /** Adds colour c times k to pixel (x, y) (light: clamps at white). */
  add(x, y, c, k) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || k <= 0) return;
    const i = (y * this.width + x) * 4;
    const p = this.rgba;
    p[i] += c[0] * k;
    p[i + 1] += c[1] * k;
    p[i + 2] += c[2] * k;
  }

  /** Blends c over a rectangle with opacity a (clipped). */
  blendRect(x0, y0, x1, y1, c, a) {
    const xa = Math.max(0, Math.round(x0));
    const xb = Math.min(this.width, Math.round(x1));
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.height, Math.round(y1)); y++) for (let x = xa; x < xb; x++) this.blend(x, y, c, a);
  }

  /** A filled circle, edge anti-aliased, blended with opacity a. */
  disc(cx, cy, r, c, a = 1) {
    for (let y = Math.floor(cy - r - 1); y <= Math.ceil(cy + r + 1); y++) {
      for (let x = Math.floor(cx - r - 1); x <= Math.ceil(cx + r + 1); x++) {
        const coverage = Math.min(1, Math.max(0, r + 0.5 - Math.hypot(x + 0.5 - cx, y + 0.5 - cy)));
        if (coverage > 0) this.blend(x, y, c, a * coverage);
      }
    }
  }

  /** A glowing line from (x0, y0) to (x1, y1): additive light, `width` px wide, soft edges. */
  glowLine(x0, y0, x1, y1, c, k, width = 1.5) {
    const length = Math.hypot(x1 - x0, y1 - y0);
    const steps = Math.max(1, Math.ceil(length * 2));
    const r = width / 2 + 1;
    // Accumulate into the covered pixels once each: max coverage along the line.
    const seen = new Map();
    for (let s = 0; s <= steps; s++) {
      const px = x0 + ((x1 - x0) * s) / steps;
      const py = y0 + ((y1 - y0) * s) / steps;
      for (let y = Math.floor(py - r); y <= Math.ceil(py + r); y++) {
        for (let x = Math.floor(px - r); x <= Math.ceil(px + r); x++) {
          const d = Math.hypot(x + 0.5 - px, y + 0.5 - py);
          const coverage = Math.min(1, Math.max(0, width / 2 + 0.5 - d));
          if (coverage <= 0) continue;
          const key = y * this.width + x;
          if ((seen.get(key) ?? 0) < coverage) seen.set(key, coverage);
        }
      }
    }
    for (const [key, coverage] of seen) this.add(key % this.width, Math.floor(key / this.width), c, k * coverage);
  }
}

// ---------------------------------------------------------------------------------------------
// A 5x7 bitmap font: upper-case letters, digits and common punctuation. Lower case is drawn
// upper case; anything else as a blank.

const GLYPHS = {
  A: ".###.#...##...#######...##...##...#",
  B: "####.#...##...#####.#...##...#####.",
  C: ".###.#...##....#....#....#...#.###.",
  D: "####.#...##...##...##...##...#####.",
  E: "######....#....####.#....#....#####",
  F: "######....#....####.#....#....#....",
  G: ".###.#...##....#.####...##...#.####",
  H: "#...##...##...#######...##...##...#",
  I: ".###...#....#....#....#....#...###.",
  J: "..###...#....#....#....#.#..#..##..",
  K: "#...##..#.#.#..##...#.#..#..#.#...#",
  L: "#....#....#....#....#....#....#####",
  M: "#...###.###.#.##.#.##...##...##...#",
  N: "#...##...###..##.#.##..###...##...#",
  O: ".###.#...##...##...##...##...#.###.",
  P: "####.#...##...#####.#....#....#....",
  Q: ".###.#...##...##...##.#.##..#..##.#",
  R: "####.#...##...#####.#.#..#..#.#...#",
  S: ".#####....#.....###.....#....#####.",
  T: "#####..#....#....#....#....#....#..",
  U: "#...##...##...##...##...##...#.###.",
  V: "#...##...##...##...##...#.#.#...#..",
  W: "#...##...##...##.#.##.#.##.#.#.#.#.",
  X: "#...##...#.#.#...#...#.#.#...##...#",
  Y: "#...##...#.#.#...#....#....#....#..",
  Z: "#####....#...#...#...#...#....#####",
  0: ".###.#...##..###.#.###..##...#.###.",
  1: "..#...##....#....#....#....#...###.",
  2: ".###.#...#....#...#...#...#...#####",
  3: "#####...#...#.....#.....##...#.###.",
  4: "...#...##..#.#.#..#.#####...#....#.",
  5: "######....####.....#....##...#.###.",
  6: "..##..#...#....####.#...##...#.###.",
  7: "#####....#...#...#...#....#....#...",
  8: ".###.#...##...#.###.#...##...#.###.",
  9: ".###.#...##...#.####....#...#..##..",
  " ": "...................................",
  "(": "...#...#...#....#....#.....#.....#.",
  ")": ".#.....#.....#....#....#...#...#...",
  "'": "..#....#...#.......................",
  "-": "...............#####...............",
  ".": "..........................##...##..",
  ",": "....................##....#...#....",
  "!": "..#....#....#....#....#.........#..",
  "?": ".###.#...#....#...#...#.........#..",
  "&": ".##..#..#.#.#...#...#.#.##..#..##.#",
  ":": "......##...##.........##...##......",
  "/": "....#....#...#...#...#...#....#....",
  "+": ".......#....#..#####..#....#.......",
};
export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;
for (const [char, bits] of Object.entries(GLYPHS)) {
  if (bits.length !== GLYPH_WIDTH * GLYPH_HEIGHT) throw new Error(`demo-draw: glyph ${char} has ${bits.length} cells`);
}

/** Width in pixels of `text` at `scale` (glyphs plus one-cell gaps, no trailing gap). */
export const textWidth = (text, scale) => Math.max(0, text.length * (GLYPH_WIDTH + 1) - 1) * scale;

/**
 * The text as a coverage mask with a glow around it: `core` is 1 on the glyphs' pixels, `glow` a
 * soft halo (blurred core, 0..1); both `width` x `height`, the text drawn `pad` pixels in.
 */
export function textMask(text, scale, glowRadius = Math.max(1, Math.round(scale * 1.5))) {
  const upper = text.toUpperCase();
  const pad = glowRadius * 2;
  const width = textWidth(upper, scale) + 2 * pad;
  const height = GLYPH_HEIGHT * scale + 2 * pad;
  const core = new Float32Array(width * height);
  [...upper].forEach((char, index) => {
    const bits = GLYPHS[char] ?? GLYPHS[" "];
    for (let row = 0; row < GLYPH_HEIGHT; row++) {
      for (let col = 0; col < GLYPH_WIDTH; col++) {
        if (bits[row * GLYPH_WIDTH + col] !== "#") continue;
        const x0 = pad + (index * (GLYPH_WIDTH + 1) + col) * scale;
        const y0 = pad + row * scale;
        for (let y = y0; y < y0 + scale; y++) core.fill(1, y * width + x0, y * width + x0 + scale);
      }
    }
  });
  // Glow: two passes of a separable box blur (close to a Gaussian), then boosted.
  let glow = core;
  for (let pass = 0; pass < 2; pass++) glow = boxBlur(glow, width, height, glowRadius);
  let peak = 0;
  for (const v of glow) peak = Math.max(peak, v);
  const boost = peak > 0 ? 1 / peak : 0;
  for (let i = 0; i < glow.length; i++) glow[i] = Math.min(1, glow[i] * boost * 1.2);
  return { width, height, pad, core, glow };
}

function boxBlur(input, width, height, r) {
  const tmp = new Float32Array(input.length);
  const out = new Float32Array(input.length);
  const n = 2 * r + 1;
  for (let y = 0; y < height; y++) {
    let sum = 0;
    for (let x = -r; x <= r; x++) sum += x >= 0 && x < width ? input[y * width + x] : 0;
    for (let x = 0; x < width; x++) {
      tmp[y * width + x] = sum / n;
      const add = x + r + 1;
      const drop = x - r;
      if (add < width) sum += input[y * width + add];
      if (drop >= 0) sum -= input[y * width + drop];
    }
  }
  for (let x = 0; x < width; x++) {
    let sum = 0;
    for (let y = -r; y <= r; y++) sum += y >= 0 && y < height ? tmp[y * width + x] : 0;
    for (let y = 0; y < height; y++) {
      out[y * width + x] = sum / n;
      const add = y + r + 1;
      const drop = y - r;
      if (add < height) sum += tmp[add * width + x];
      if (drop >= 0) sum -= tmp[drop * width + x];
    }
  }
  return out;
}

/**
 * Draws a text mask onto a raster at (x, y) (the text's top-left; the glow extends `pad` beyond):
 * the glow added in `glowColor` times `glowStrength`, the glyphs blended in `color`.
 */
export function drawText(raster, mask, x, y, color, glowColor, glowStrength = 0.8, opacity = 1) {
  const left = Math.round(x) - mask.pad;
  const top = Math.round(y) - mask.pad;
  for (let my = 0; my < mask.height; my++) {
    for (let mx = 0; mx < mask.width; mx++) {
      const i = my * mask.width + mx;
      const g = mask.glow[i];
      if (g > 0.004) raster.add(left + mx, top + my, glowColor, g * glowStrength * opacity);
      if (mask.core[i] > 0) raster.blend(left + mx, top + my, color, mask.core[i] * opacity);
    }
  }
}
