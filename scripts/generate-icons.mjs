#!/usr/bin/env node
// Draws the installed app's icons (public/icons/*.png) and public/favicon.ico from the favicon's design: the "F" of
// public/favicon.svg, in its pink-to-cyan gradient, on the site's dark background. Pure JS (a
// polygon rasterizer with 4x4 supersampling, PNG by scripts/lib/png.mjs): no native image library.
// The PNGs are committed; run this again only when the design changes:
//   node scripts/generate-icons.mjs
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { encodePngRgba } from "./lib/png.mjs";

/** The favicon's "F" (path "M9 23V9h11v3h-7.5v3H19v3h-6.5v5z" in a 32x32 box). */
const LETTER = [
  [9, 23],
  [9, 9],
  [20, 9],
  [20, 12],
  [12.5, 12],
  [12.5, 15],
  [19, 15],
  [19, 18],
  [12.5, 18],
  [12.5, 23],
];
const BACKGROUND = [0x14, 0x06, 0x1f];
const PINK = [0xff, 0x2f, 0xb3];
const CYAN = [0x27, 0xe1, 0xff];
const WHITE = [0xff, 0xff, 0xff];
const SAMPLES = 4;

/** Even-odd point-in-polygon test. */
function inside(polygon, x, y) {
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/** Inside a square of side `size` with corners rounded by `radius`. */
function inRoundedSquare(size, radius, x, y) {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * An RGBA image. The letter box (the favicon's 32 units) is scaled by `scale` and centred;
 * `corner` rounds the background (0: full bleed, for maskable icons); `mono` draws a white letter
 * on a transparent background (a notification badge: the system keeps only its alpha).
 */
function draw(size, { scale, corner, mono = false }) {
  const unit = (size * scale) / 32;
  // The letter's box (9..20 x 9..23) centred on the image.
  const offsetX = size / 2 - 14.5 * unit;
  const offsetY = size / 2 - 16 * unit;
  const letter = LETTER.map(([x, y]) => [offsetX + x * unit, offsetY + y * unit]);
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = px + (sx + 0.5) / SAMPLES;
          const y = py + (sy + 0.5) / SAMPLES;
          if (!mono && (corner === 0 || inRoundedSquare(size, corner, x, y))) bg++;
          if (inside(letter, x, y)) fg++;
        }
      }
      const total = SAMPLES * SAMPLES;
      // The favicon's gradient runs across the letter's box, from its top left to its bottom right.
      const t = Math.min(Math.max((px - letter[1][0] + (py - letter[1][1])) / (unit * 25), 0), 1);
      const ink = mono ? WHITE : PINK.map((c, i) => Math.round(c + (CYAN[i] - c) * t));
      const fgShare = fg / total;
      const alpha = mono ? fgShare : Math.max(bg / total, fgShare);
      const at = (py * size + px) * 4;
      for (let i = 0; i < 3; i++) {
        const base = mono ? 0 : BACKGROUND[i];
        pixels[at + i] = Math.round(base + (ink[i] - base) * fgShare);
      }
      pixels[at + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}

// Regular icons: the favicon as it is (rounded corners, the letter at the favicon's size).
// Maskable: full-bleed background, the letter inside the central circle of 40% radius that every
// mask keeps (the "safe zone"): its box's half-diagonal is 9.2 of 32 units, so at scale 1 it
// reaches 9.2 / 32 = 29% of the side from the centre.
const ICONS = [
  { file: "icon-192.png", size: 192, scale: 1, corner: 48 },
  { file: "icon-512.png", size: 512, scale: 1, corner: 128 },
  { file: "icon-maskable-512.png", size: 512, scale: 1, corner: 0 },
  { file: "apple-touch-icon.png", size: 180, scale: 1, corner: 0 }, // iOS rounds it itself
  { file: "badge-96.png", size: 96, scale: 1, corner: 0, mono: true },
];

const OUT_DIR = path.join(import.meta.dirname, "..", "public", "icons");
await mkdir(OUT_DIR, { recursive: true });
for (const icon of ICONS) {
  const png = encodePngRgba(icon.size, icon.size, draw(icon.size, icon));
  await writeFile(path.join(OUT_DIR, icon.file), png);
  console.log(`${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
}

/**
 * An ICO file holding PNG images (every browser since IE 9 reads PNG entries): a 6-byte header,
 * a 16-byte directory entry per image, then the images.
 */
function encodeIco(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry); // 0 stands for 256
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

// /favicon.ico, which browsers, crawlers and link checkers ask for whatever the page links: the
// favicon's sizes for tabs and bookmarks, corners rounded as the SVG's (8 of 32 units).
const FAVICON_SIZES = [16, 32, 48];
const favicon = encodeIco(FAVICON_SIZES.map((size) => ({ size, png: encodePngRgba(size, size, draw(size, { scale: 1, corner: size / 4 })) })));
await writeFile(path.join(OUT_DIR, "..", "favicon.ico"), favicon);
console.log(`favicon.ico: ${FAVICON_SIZES.join(", ")} px, ${favicon.length} bytes`);
