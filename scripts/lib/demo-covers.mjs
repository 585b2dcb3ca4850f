// Offline demo album covers: a 400x400 PNG per album in an 80s synthwave style (banded sky,
// striped sun or another emblem, mountains, a neon perspective grid), with the palette and the
// layout derived from a hash of the album id. Flat colour bands instead of smooth gradients keep
// each file small (zlib compresses long runs well). No text, nothing downloaded.
import { fnv1a, prng } from "../catalog/hash.mjs";
import { hsl, mixColor } from "./demo-draw.mjs";
import { encodePng } from "./png.mjs";

export const COVER_SIZE = 400;
/** Seeds every cover's random design; bump to re-roll them all. (The demo media cache follows code changes by itself.) */
export const DEMO_COVER_VERSION = 1;

/** A colour from a banded gradient: t in [0, 1] snapped to `bands` flat steps. */
const banded = (a, b, t, bands) => mixColor(a, b, Math.min(1, Math.max(0, Math.floor(t * bands) / (bands - 1))));

/** The cover's design: palette and layout, from the album id. */
export function designCover(album) {
  const rand = prng(fnv1a(`cover:${DEMO_COVER_VERSION}:${album.id}`));
  const between = (low, high) => low + rand() * (high - low);
  const hue = between(0, 360);
  const hueShift = between(30, 110) * (rand() < 0.5 ? -1 : 1);
  const size = COVER_SIZE;
  const emblems = ["sun", "sun", "sun", "rings", "prism", "moon"];
  return {
    skyTop: hsl(hue + 240, between(0.5, 0.8), between(0.06, 0.14)),
    skyBottom: hsl(hue + hueShift, between(0.7, 0.95), between(0.35, 0.5)),
    skyBands: 8 + Math.floor(rand() * 10),
    sunTop: hsl(hue + hueShift + between(20, 60), 0.95, between(0.6, 0.7)),
    sunBottom: hsl(hue + hueShift - between(10, 40), 0.9, between(0.45, 0.55)),
    sunBands: 5 + Math.floor(rand() * 6),
    grid: hsl(hue + hueShift + 180 + between(-40, 40), 0.95, 0.6),
    floor: hsl(hue + 250, 0.6, between(0.04, 0.1)),
    mountain: hsl(hue + 260, between(0.3, 0.6), between(0.12, 0.22)),
    horizon: Math.round(size * between(0.52, 0.66)),
    sunX: Math.round(size * between(0.3, 0.7)),
    sunR: Math.round(size * between(0.18, 0.3)),
    sunLift: between(0.15, 0.7),
    stripes: 4 + Math.floor(rand() * 5),
    emblem: emblems[Math.floor(rand() * emblems.length)],
    mountains: rand() < 0.65,
    mountainPeaks: Array.from({ length: 7 }, () => between(0.02, 0.16)),
    gridSpacing: between(28, 60),
    gridDensity: between(5, 9),
    stars: Array.from({ length: 20 + Math.floor(rand() * 40) }, () => [Math.floor(rand() * size), Math.floor(rand() * size * 0.5), rand() < 0.2 ? 2 : 1]),
    frame: rand() < 0.35 ? hsl(hue + hueShift, 0.9, 0.55) : null,
  };
}

/**
 * Renders an album's cover: a 400x400 RGBA PNG.
 * @param {{ id: string }} album
 * @returns {Uint8Array}
 */
export function renderCoverPng(album) {
  const d = designCover(album);
  const size = COVER_SIZE;
  const horizon = d.horizon;
  const sunCy = horizon - d.sunR * d.sunLift;
  const starSet = new Set();
  for (const [x, y, s] of d.stars) for (let dy = 0; dy < s; dy++) for (let dx = 0; dx < s; dx++) starSet.add((y + dy) * size + x + dx);
  // Mountain ridge height (pixels above the horizon) per column: a few linear peaks.
  const ridge = new Float32Array(size);
  if (d.mountains) {
    const peaks = d.mountainPeaks.length;
    for (let x = 0; x < size; x++) {
      const p = (x / size) * (peaks - 1);
      const i = Math.floor(p);
      const a = d.mountainPeaks[i] ?? 0;
      const b = d.mountainPeaks[i + 1] ?? a;
      ridge[x] = (a + (b - a) * (p - i)) * size * (0.6 + 0.4 * Math.abs(Math.sin(x * 0.07)));
    }
  }
  const floorDepth = size - horizon;
  const frameWidth = d.frame ? 10 : 0;

  const emblem = (x, y) => {
    const dx = x - d.sunX;
    const dy = y - sunCy;
    const r = Math.sqrt(dx * dx + dy * dy);
    const t = (y - (sunCy - d.sunR)) / (2 * d.sunR); // 0 at the top of the emblem, 1 at the bottom
    switch (d.emblem) {
      case "rings": {
        if (r > d.sunR) return null;
        const ring = Math.floor((r / d.sunR) * d.sunBands);
        return ring % 2 === 0 ? banded(d.sunTop, d.sunBottom, t, d.sunBands) : null;
      }
      case "prism": {
        // an upward triangle with horizontal bands
        const top = sunCy - d.sunR;
        const bottom = sunCy + d.sunR * 0.8;
        if (y < top || y > bottom) return null;
        const half = ((y - top) / (bottom - top)) * d.sunR * 1.1;
        if (Math.abs(dx) > half) return null;
        return Math.abs(Math.abs(dx) - half) < 3 || y > bottom - 3 ? d.sunTop : banded(d.sunBottom, d.skyTop, t, d.sunBands);
      }
      case "moon": {
        if (r > d.sunR) return null;
        const bite = Math.hypot(dx - d.sunR * 0.45, dy + d.sunR * 0.2);
        return bite < d.sunR * 0.85 ? null : banded(d.sunTop, d.sunBottom, t, d.sunBands);
      }
      default: {
        if (r > d.sunR) return null;
        // the classic striped sun: gaps that grow towards the bottom half
        if (t > 0.5) {
          const s = (t - 0.5) * 2 * d.stripes;
          const gap = 0.15 + 0.5 * ((t - 0.5) * 2);
          if (s - Math.floor(s) < gap) return null;
        }
        return banded(d.sunTop, d.sunBottom, t, d.sunBands);
      }
    }
  };

  return encodePng(size, size, (x, y) => {
    if (frameWidth && (x < frameWidth || y < frameWidth || x >= size - frameWidth || y >= size - frameWidth)) {
      return x < 3 || y < 3 || x >= size - 3 || y >= size - 3 ? d.floor : d.frame;
    }
    if (y < horizon) {
      if (d.mountains && y >= horizon - ridge[x]) return y >= horizon - ridge[x] + 2 ? d.mountain : d.grid;
      const e = emblem(x, y);
      if (e) return e;
      if (starSet.has(y * size + x)) return [255, 255, 255];
      return banded(d.skyTop, d.skyBottom, y / horizon, d.skyBands);
    }
    if (y === horizon) return d.grid;
    // the floor: a perspective grid converging on the vanishing point (d.sunX, horizon)
    const t = (y - horizon) / floorDepth; // 0 at the horizon, 1 at the bottom edge
    const u = (x - d.sunX) / t; // ground coordinate across
    const across = Math.abs(u / d.gridSpacing - Math.round(u / d.gridSpacing)) * d.gridSpacing * t;
    const spacing = (t * t * floorDepth) / d.gridDensity; // pixels between two cross lines here
    if (spacing < 4) {
      // too far away for cross lines: a glow fading from the horizon, in flat bands
      const glow = 1 - Math.sqrt(spacing / 4);
      if (across < 1.1 && glow < 0.5) return d.grid;
      return mixColor(d.floor, d.grid, Math.round(glow * 4) / 5);
    }
    const z = d.gridDensity / t; // depth
    const along = Math.abs(z - Math.round(z)) * spacing;
    return across < 1.1 || along < 1.1 ? d.grid : d.floor;
  });
}
