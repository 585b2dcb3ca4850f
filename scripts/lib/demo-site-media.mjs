// Offline demo pictures and video for the landing page (docs/features.md#landing-page): four hero backdrops
// (stage lights, a city skyline at night, crowd silhouettes, a neon sunset), the events banner (a
// concert poster) and a promo video with its poster, all in the site's synthwave colours. Drawn
// in JS (scripts/lib/demo-draw.mjs, demo-scene.mjs), the pictures encoded as JPEG (jpeg.mjs,
// quality 70: they must be light on a phone), each in two widths for a srcset (the small one is
// the large one halved, so both show the same picture), and for phones a portrait cut of the
// large one (what a phone's tall hero shows of it, at under half the bytes); the video is
// demo-video.mjs's synthwave scene with a catalog track's demo music. No text in the hero
// pictures (the page writes its own, translated, over them); nothing downloaded; the same input
// gives the same bytes.
//
// Pictures are lit in floating point (light adds up, silhouettes cover it), then clipped softly.
import { prng, fnv1a } from "../catalog/hash.mjs";
import { drawText, hsl, mixColor, Raster, textMask, textWidth } from "./demo-draw.mjs";
import { createScene, syntheticLevels } from "./demo-scene.mjs";
import { cropRgba, encodeJpeg, halveRgba, JPEG_QUALITY } from "./jpeg.mjs";

export const HERO_WIDTH = 1280;
export const HERO_HEIGHT = 720;
/** The srcset widths of every hero picture: the 640 one is the 1280 one halved. */
export const HERO_WIDTHS = [1280, 640];
/**
 * The phones' hero picture: a 9:16 cut, full height, of the 1280x720 one, where the page's
 * `object-position: 65% center` shows it on a tall screen (the same pixels a phone showed of the
 * wide picture, without downloading the rest).
 */
export const HERO_PORTRAIT = { width: 404, height: HERO_HEIGHT, x: Math.round((HERO_WIDTH - 404) * 0.65), y: 0 };
export const BANNER_WIDTH = 1600;
export const BANNER_HEIGHT = 600;
export const BANNER_WIDTHS = [1600, 800];
/** The artist's demo portrait (the biography's picture until an admin uploads one), 4:5. */
export const PORTRAIT_WIDTH = 480;
export const PORTRAIT_HEIGHT = 600;
/** R2 key of the demo portrait: worker/contracts/admin-settings.ts DEFAULT_ARTIST_PORTRAIT_KEY. */
export const PORTRAIT_KEY = "site/artist-portrait.jpg";

/** The four hero backdrops, in rotation order. */
export const SITE_HEROES = [
  { id: "hero-1", picture: "stage" },
  { id: "hero-2", picture: "skyline" },
  { id: "hero-3", picture: "crowd" },
  { id: "hero-4", picture: "sunset" },
];

/**
 * The promo video: 24 s of the synthwave scene at 640x360 with a catalog track's demo music (its
 * own colours and layout, unlike any TV channel's), and its poster, a still of the same scene.
 */
export const PROMO = {
  trackId: "spring-love",
  durationSeconds: 24,
  width: 640,
  height: 360,
  look: { hue: 300, accent: 178 },
  seed: "site:promo",
  variant: 1,
  title: "Freestyle Forever",
  subtitle: "Official Fan Community",
};

/** R2 key of a hero picture at one width: site/hero-1-1280.jpg. */
export const heroKey = (id, width) => `site/${id}-${width}.jpg`;
/** R2 key of a hero's portrait cut for phones: site/hero-1-portrait.jpg. */
export const heroPortraitKey = (id) => `site/${id}-portrait.jpg`;
/** R2 key of the events banner: site/events-banner.jpg (1600 wide) and site/events-banner-800.jpg. */
export const bannerKey = (width) => (width === BANNER_WIDTH ? "site/events-banner.jpg" : `site/events-banner-${width}.jpg`);
export const PROMO_VIDEO_KEY = "site/promo.mp4";
export const PROMO_POSTER_KEY = "site/promo-poster.jpg";

/**
 * Every site file: its R2 key, its kind ("site-image": a JPEG, "site-video": the MP4) and what
 * the renderer needs (plain data).
 * @returns {{ id: string, kind: "site-image" | "site-video", key: string, input: Record<string, unknown> }[]}
 */
export function siteMediaItems({ quality = JPEG_QUALITY } = {}) {
  const items = [];
  for (const hero of SITE_HEROES) {
    for (const width of HERO_WIDTHS) {
      const input = { picture: hero.picture, seed: hero.id, width: HERO_WIDTH, height: HERO_HEIGHT, halve: width !== HERO_WIDTH, quality };
      items.push({ id: `site-image:${hero.id}-${width}`, kind: "site-image", key: heroKey(hero.id, width), input });
    }
    const portrait = { picture: hero.picture, seed: hero.id, width: HERO_WIDTH, height: HERO_HEIGHT, crop: HERO_PORTRAIT, quality };
    items.push({ id: `site-image:${hero.id}-portrait`, kind: "site-image", key: heroPortraitKey(hero.id), input: portrait });
  }
  for (const width of BANNER_WIDTHS) {
    const input = { picture: "banner", seed: "events-banner", width: BANNER_WIDTH, height: BANNER_HEIGHT, halve: width !== BANNER_WIDTH, quality };
    items.push({ id: `site-image:events-banner-${width}`, kind: "site-image", key: bannerKey(width), input });
  }
  items.push({
    id: "site-image:artist-portrait",
    kind: "site-image",
    key: PORTRAIT_KEY,
    input: { picture: "portrait", seed: "artist-portrait", width: PORTRAIT_WIDTH, height: PORTRAIT_HEIGHT, halve: false, quality },
  });
  items.push({
    id: "site-image:promo-poster",
    kind: "site-image",
    key: PROMO_POSTER_KEY,
    input: { picture: "promo-poster", seed: PROMO.seed, width: PROMO.width, height: PROMO.height, halve: false, quality, promo: PROMO },
  });
  items.push({ id: "site-video:promo", kind: "site-video", key: PROMO_VIDEO_KEY, input: { promo: PROMO } });
  return items;
}

// ---------------------------------------------------------------------------------------------
// A light buffer: RGB floats (0..255 and beyond), light added, shapes laid over

const clamp01 = (x) => (x < 0 ? 0 : x > 1 ? 1 : x);

class Light {
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.rgb = new Float32Array(width * height * 3);
  }

  /** Every row one colour, from a list of [position 0..1, colour] stops over `from`..`to` rows. */
  verticalGradient(stops, from = 0, to = this.height) {
    for (let y = Math.max(0, Math.floor(from)); y < Math.min(this.height, Math.ceil(to)); y++) {
      const t = (y + 0.5 - from) / (to - from);
      let i = 0;
      while (i < stops.length - 2 && t > stops[i + 1][0]) i++;
      const [t0, c0] = stops[i];
      const [t1, c1] = stops[i + 1];
      const c = mixColor(c0, c1, clamp01((t - t0) / (t1 - t0 || 1)));
      for (let x = 0; x < this.width; x++) this.rgb.set(c, (y * this.width + x) * 3);
    }
  }

  /** A soft elliptical glow (Gaussian), added. */
  glow(cx, cy, rx, ry, color, k) {
    const x0 = Math.max(0, Math.floor(cx - 3 * rx));
    const x1 = Math.min(this.width, Math.ceil(cx + 3 * rx));
    const y0 = Math.max(0, Math.floor(cy - 3 * ry));
    const y1 = Math.min(this.height, Math.ceil(cy + 3 * ry));
    for (let y = y0; y < y1; y++) {
      const dy = (y + 0.5 - cy) / ry;
      for (let x = x0; x < x1; x++) {
        const dx = (x + 0.5 - cx) / rx;
        const w = Math.exp(-2 * (dx * dx + dy * dy)) * k;
        if (w < 0.002) continue;
        const i = (y * this.width + x) * 3;
        this.rgb[i] += color[0] * w;
        this.rgb[i + 1] += color[1] * w;
        this.rgb[i + 2] += color[2] * w;
      }
    }
  }

  /**
   * A light beam through haze from (fx, fy) towards `angle` (radians, 0 = straight down, positive
   * to the right), `spread` its half-angle, fading over `length` pixels and stopping at `stopY`.
   */
  beam(fx, fy, angle, spread, length, color, k, stopY = this.height) {
    const dx = Math.sin(angle);
    const dy = Math.cos(angle);
    const tan = Math.tan(spread);
    for (let y = 0; y < Math.min(this.height, Math.ceil(stopY)); y++) {
      for (let x = 0; x < this.width; x++) {
        const vx = x + 0.5 - fx;
        const vy = y + 0.5 - fy;
        const along = vx * dx + vy * dy;
        if (along <= 0 || along > length * 1.5) continue;
        const across = Math.abs(vx * dy - vy * dx) / (along * tan + 2);
        if (across > 2.2) continue;
        const fade = Math.exp(-along / length) * (0.35 + 0.65 * Math.exp(-((across / 0.6) ** 2)));
        const w = Math.exp(-(across * across) * 1.2) * fade * k;
        const i = (y * this.width + x) * 3;
        this.rgb[i] += color[0] * w;
        this.rgb[i + 1] += color[1] * w;
        this.rgb[i + 2] += color[2] * w;
      }
    }
  }

  /** Adds colour times k to one pixel. */
  add(x, y, color, k) {
    x = Math.round(x);
    y = Math.round(y);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.rgb[i] += color[0] * k;
    this.rgb[i + 1] += color[1] * k;
    this.rgb[i + 2] += color[2] * k;
  }

  /** Lays `color` over the pixels a mask covers (opacity times the mask's coverage). */
  cover(mask, color, opacity = 1) {
    for (let p = 0; p < mask.data.length; p++) {
      const a = mask.data[p] * opacity;
      if (a <= 0) continue;
      const i = p * 3;
      this.rgb[i] += (color[0] - this.rgb[i]) * a;
      this.rgb[i + 1] += (color[1] - this.rgb[i + 1]) * a;
      this.rgb[i + 2] += (color[2] - this.rgb[i + 2]) * a;
    }
  }

  /** Light on the upper edges of a mask's shapes (a rim lit from behind), `depth` pixels deep. */
  rim(mask, color, k, depth) {
    const { width, data } = mask;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < width; x++) {
        const here = data[y * width + x];
        if (here <= 0) continue;
        const above = y >= depth ? data[(y - depth) * width + x] : 0;
        const edge = here - above;
        if (edge <= 0) continue;
        const i = (y * width + x) * 3;
        this.rgb[i] += color[0] * edge * k;
        this.rgb[i + 1] += color[1] * edge * k;
        this.rgb[i + 2] += color[2] * edge * k;
      }
    }
  }

  /** Rows from `top` down show what is above them mirrored (a glossy floor, water), `k` as bright. */
  reflect(top, k, ripple = 0, seed = 0) {
    const { width } = this;
    for (let y = Math.ceil(top); y < this.height; y++) {
      const source = Math.floor(2 * top - y);
      if (source < 0) break;
      const depth = (y - top) / (this.height - top);
      const shift = ripple ? Math.round(ripple * (0.3 + depth) * Math.sin(y * 0.35 + seed) * Math.sin(y * 0.061 + seed * 2)) : 0;
      const fade = k * (1 - 0.6 * depth);
      for (let x = 0; x < width; x++) {
        const sx = Math.min(width - 1, Math.max(0, x + shift));
        const i = (y * width + x) * 3;
        const j = (source * width + sx) * 3;
        this.rgb[i] += this.rgb[j] * fade;
        this.rgb[i + 1] += this.rgb[j + 1] * fade;
        this.rgb[i + 2] += this.rgb[j + 2] * fade;
      }
    }
  }

  /** Clips highlights softly (bright light turns white-ish instead of banding) into a Raster. */
  toRaster() {
    const raster = new Raster(this.width, this.height);
    const out = raster.rgba;
    const knee = 200;
    const soft = (v) => (v <= knee ? v : knee + 55 * (1 - Math.exp(-(v - knee) / 55)));
    for (let p = 0, n = this.width * this.height; p < n; p++) {
      const r = this.rgb[p * 3];
      const g = this.rgb[p * 3 + 1];
      const b = this.rgb[p * 3 + 2];
      // Light brighter than a channel can show spills into the others (towards white).
      const spill = Math.max(0, Math.max(r, g, b) - 255) * 0.25;
      out[p * 4] = soft(Math.max(0, r) + spill);
      out[p * 4 + 1] = soft(Math.max(0, g) + spill);
      out[p * 4 + 2] = soft(Math.max(0, b) + spill);
      out[p * 4 + 3] = 255;
    }
    return raster;
  }
}

/** Coverage 0..1 per pixel, the union (max) of anti-aliased shapes. */
class Mask {
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.data = new Float32Array(width * height);
  }

  /** Covers pixels in the box where `distance(x, y)` (signed, pixels, < 0 inside) says so. */
  shape(x0, y0, x1, y1, distance) {
    for (let y = Math.max(0, Math.floor(y0 - 1)); y < Math.min(this.height, Math.ceil(y1 + 1)); y++) {
      for (let x = Math.max(0, Math.floor(x0 - 1)); x < Math.min(this.width, Math.ceil(x1 + 1)); x++) {
        const c = clamp01(0.5 - distance(x + 0.5, y + 0.5));
        const i = y * this.width + x;
        if (c > this.data[i]) this.data[i] = c;
      }
    }
  }

  circle(cx, cy, r) {
    this.shape(cx - r, cy - r, cx + r, cy + r, (x, y) => Math.hypot(x - cx, y - cy) - r);
  }

  ellipse(cx, cy, rx, ry) {
    const r = Math.min(rx, ry);
    this.shape(cx - rx, cy - ry, cx + rx, cy + ry, (x, y) => (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * r);
  }

  /** A thick line with round ends (an arm, a leg, a mic stand). */
  capsule(ax, ay, bx, by, r) {
    const lx = bx - ax;
    const ly = by - ay;
    const l2 = lx * lx + ly * ly || 1;
    this.shape(Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r, Math.max(ay, by) + r, (x, y) => {
      const t = clamp01(((x - ax) * lx + (y - ay) * ly) / l2);
      return Math.hypot(x - ax - t * lx, y - ay - t * ly) - r;
    });
  }

  rect(x0, y0, x1, y1) {
    this.shape(x0, y0, x1, y1, (x, y) => Math.max(x0 - x, x - x1, y0 - y, y - y1));
  }
}

// ---------------------------------------------------------------------------------------------
// The pictures

const PINK = hsl(325, 1, 0.62);
const CYAN = hsl(183, 0.85, 0.56);
const PURPLE = hsl(262, 1, 0.7);
const GOLD = hsl(42, 1, 0.68);
const WHITE = [255, 255, 255];

/** A person seen from behind: head, shoulders and, maybe, raised arms (a phone light in a hand). */
function person(mask, x, base, s, rand, lights) {
  const head = 0.034 * s;
  const shoulderY = base - 0.16 * s;
  mask.circle(x, shoulderY - head * 1.55, head);
  mask.capsule(x, shoulderY - head * 0.6, x, shoulderY + head, head * 0.55); // neck
  mask.ellipse(x, shoulderY + 0.13 * s, 0.078 * s, 0.15 * s);
  mask.capsule(x - 0.045 * s, shoulderY + 0.015 * s, x + 0.045 * s, shoulderY + 0.015 * s, 0.02 * s);
  const arms = rand();
  for (const side of arms < 0.22 ? [-1, 1] : arms < 0.45 ? [rand() < 0.5 ? -1 : 1] : []) {
    const sx = x + side * 0.045 * s;
    const hx = sx + side * (0.02 + 0.05 * rand()) * s;
    const hy = shoulderY - (0.15 + 0.08 * rand()) * s;
    const ex = (sx + hx) / 2 + side * 0.02 * s;
    const ey = (shoulderY + hy) / 2;
    mask.capsule(sx, shoulderY + 0.01 * s, ex, ey, 0.014 * s);
    mask.capsule(ex, ey, hx, hy, 0.012 * s);
    mask.circle(hx, hy - 0.004 * s, 0.015 * s);
    if (lights && rand() < 0.35) lights.push([hx, hy - 0.03 * s]);
  }
}

/** Rows of people seen from behind along the bottom (back rows smaller and hazier). */
function drawCrowd(light, W, H, seed, rows) {
  const rand = prng(fnv1a(`crowd:${seed}`));
  const lights = [];
  for (const row of rows) {
    const mask = new Mask(W, H);
    const s = row.scale * H;
    for (let x = -0.03 * s + rand() * 0.05 * s; x < W + 0.05 * s; x += (0.085 + 0.05 * rand()) * s) {
      person(mask, x, row.base * H + rand() * 0.03 * s, s * (0.9 + 0.2 * rand()), rand, row.lights ? lights : null);
    }
    light.cover(mask, row.color);
    light.rim(mask, row.rim, row.rimK, Math.max(2, Math.round(0.006 * H)));
  }
  for (const [x, y] of lights) {
    light.glow(x, y, 0.012 * H, 0.012 * H, mixColor(WHITE, CYAN, 0.4), 0.9);
    light.glow(x, y, 0.004 * H, 0.004 * H, WHITE, 1.5);
  }
}

/** Stage lights on a truss over a glossy stage, and the artist's silhouette at the microphone. */
function drawStage(light, W, H, { seed, stageY, trussFrom, performerX, palette, wall }) {
  const rand = prng(fnv1a(`stage:${seed}`));
  const stage = stageY * H;
  light.verticalGradient(
    [
      [0, hsl(262, 0.7, 0.03)],
      [0.55, hsl(272, 0.65, 0.1)],
      [1, hsl(292, 0.75, 0.2)],
    ],
    0,
    stage,
  );
  light.verticalGradient(
    [
      [0, hsl(280, 0.6, 0.08)],
      [1, hsl(262, 0.6, 0.02)],
    ],
    stage,
    H,
  );
  // The back wall's glow behind the performer.
  light.glow(performerX * W, stage - 0.12 * H, 0.32 * W, 0.26 * H, wall, 0.55);
  light.glow(performerX * W, stage - 0.05 * H, 0.12 * W, 0.1 * H, mixColor(wall, WHITE, 0.4), 0.35);
  // The truss: a dark bar with fixtures; each fixture throws a beam through the haze.
  const trussY = 0.085 * H;
  const fixtures = [];
  const count = 8;
  for (let i = 0; i < count; i++) {
    const x = W * (trussFrom + ((1 - trussFrom) * (i + 0.5)) / count);
    const towards = performerX * W + (rand() - 0.5) * 0.5 * W;
    const angle = Math.atan2(towards - x, stage - trussY) + (rand() - 0.5) * 0.25;
    fixtures.push({ x, angle, color: palette[i % palette.length], spread: 0.05 + 0.03 * rand() });
  }
  for (const f of fixtures) {
    light.beam(f.x, trussY, f.angle, f.spread, 0.55 * H, f.color, 0.42, stage + 1);
    // where the beam meets the stage
    const hitX = f.x + Math.tan(f.angle) * (stage - trussY);
    light.glow(hitX, stage + 0.012 * H, 0.06 * W, 0.014 * H, f.color, 0.5);
  }
  const truss = new Mask(W, H);
  truss.rect(trussFrom * W - 0.02 * W, trussY - 0.018 * H, W + 2, trussY - 0.004 * H);
  for (const f of fixtures) truss.rect(f.x - 0.012 * H, trussY - 0.01 * H, f.x + 0.012 * H, trussY + 0.008 * H);
  light.cover(truss, hsl(262, 0.3, 0.07));
  for (const f of fixtures) {
    light.glow(f.x, trussY + 0.006 * H, 0.012 * H, 0.008 * H, mixColor(f.color, WHITE, 0.5), 1.4);
    light.glow(f.x, trussY + 0.006 * H, 0.03 * H, 0.022 * H, f.color, 0.5);
  }
  // The artist at the microphone: standing, one arm raised to the crowd.
  const figure = new Mask(W, H);
  const px = performerX * W;
  const u = H * 0.5; // the figure is half the frame tall
  const feet = stage + 0.004 * H;
  const shoulder = feet - 0.72 * u;
  figure.circle(px, feet - 0.87 * u, 0.055 * u);
  figure.capsule(px, feet - 0.82 * u, px, shoulder, 0.028 * u); // neck
  figure.capsule(px - 0.07 * u, shoulder + 0.01 * u, px + 0.07 * u, shoulder + 0.01 * u, 0.035 * u);
  figure.ellipse(px, feet - 0.6 * u, 0.085 * u, 0.14 * u);
  figure.ellipse(px, feet - 0.46 * u, 0.075 * u, 0.07 * u);
  figure.capsule(px - 0.04 * u, feet - 0.45 * u, px - 0.085 * u, feet - 0.015 * u, 0.036 * u);
  figure.capsule(px + 0.04 * u, feet - 0.45 * u, px + 0.07 * u, feet - 0.015 * u, 0.036 * u);
  figure.ellipse(px - 0.095 * u, feet - 0.012 * u, 0.045 * u, 0.016 * u);
  figure.ellipse(px + 0.085 * u, feet - 0.012 * u, 0.045 * u, 0.016 * u);
  // one arm raised to the crowd...
  figure.capsule(px - 0.085 * u, shoulder + 0.01 * u, px - 0.17 * u, shoulder - 0.13 * u, 0.026 * u);
  figure.capsule(px - 0.17 * u, shoulder - 0.13 * u, px - 0.19 * u, shoulder - 0.27 * u, 0.022 * u);
  figure.circle(px - 0.19 * u, shoulder - 0.29 * u, 0.03 * u);
  // ...the other holding the microphone to the mouth
  figure.capsule(px + 0.085 * u, shoulder + 0.01 * u, px + 0.12 * u, shoulder + 0.13 * u, 0.026 * u);
  figure.capsule(px + 0.12 * u, shoulder + 0.13 * u, px + 0.07 * u, feet - 0.84 * u, 0.022 * u);
  // the microphone stand
  figure.capsule(px + 0.16 * u, feet, px + 0.16 * u, feet - 0.62 * u, 0.008 * u);
  figure.capsule(px + 0.16 * u, feet - 0.62 * u, px + 0.08 * u, feet - 0.84 * u, 0.007 * u);
  figure.capsule(px + 0.11 * u, feet, px + 0.21 * u, feet, 0.01 * u);
  light.cover(figure, hsl(265, 0.6, 0.03));
  light.rim(figure, mixColor(wall, WHITE, 0.3), 0.9, Math.max(1, Math.round(0.004 * H)));
  // The stage's front edge: a neon strip; the stage floor mirrors what is above it.
  light.reflect(stage, 0.32);
  for (let y = Math.round(stage - 0.004 * H); y <= Math.round(stage + 0.004 * H); y++) {
    const k = 1 - Math.abs(y - stage) / (0.006 * H);
    for (let x = 0; x < W; x++) light.add(x, y, CYAN, 0.9 * k);
  }
  light.glow(W / 2, stage, W * 0.7, 0.02 * H, CYAN, 0.35);
}

function drawStagePicture(W, H, seed) {
  const light = new Light(W, H);
  drawStage(light, W, H, { seed, stageY: 0.74, trussFrom: 0.22, performerX: 0.66, palette: [PINK, CYAN, PURPLE, GOLD], wall: hsl(318, 0.9, 0.45) });
  return light.toRaster();
}

/** A city at night: a moon, stars, two layers of towers with lit windows and neon roofs, water. */
function drawSkyline(W, H, seed) {
  const rand = prng(fnv1a(`skyline:${seed}`));
  const light = new Light(W, H);
  const horizon = 0.7 * H;
  light.verticalGradient(
    [
      [0, hsl(250, 0.65, 0.045)],
      [0.5, hsl(270, 0.6, 0.13)],
      [0.85, hsl(310, 0.75, 0.3)],
      [1, hsl(330, 0.9, 0.46)],
    ],
    0,
    horizon,
  );
  light.verticalGradient(
    [
      [0, hsl(300, 0.6, 0.12)],
      [1, hsl(255, 0.6, 0.03)],
    ],
    horizon,
    H,
  );
  for (let i = 0; i < Math.round(W / 9); i++) {
    const x = rand() * W;
    const y = rand() * rand() * horizon * 0.75;
    const k = 0.25 + 0.6 * rand();
    light.add(x, y, WHITE, k);
    if (rand() < 0.12) light.glow(x, y, 0.004 * H, 0.004 * H, WHITE, 0.6);
  }
  // The moon, low and large, with a halo.
  const mx = 0.74 * W;
  const my = 0.24 * H;
  const mr = 0.075 * H;
  light.glow(mx, my, mr * 3, mr * 3, hsl(320, 0.9, 0.55), 0.35);
  const moon = new Mask(W, H);
  moon.circle(mx, my, mr);
  light.cover(moon, hsl(330, 0.8, 0.88));
  const bite = new Mask(W, H);
  bite.circle(mx - mr * 0.45, my - mr * 0.2, mr * 0.82);
  for (let p = 0; p < bite.data.length; p++) bite.data[p] *= moon.data[p];
  light.cover(bite, hsl(280, 0.6, 0.22), 0.85);
  light.glow(W * 0.55, horizon, W * 0.7, 0.12 * H, PINK, 0.35);
  // Far towers: hazy, no detail.
  const far = new Mask(W, H);
  for (let x = -10; x < W;) {
    const w = (0.025 + 0.04 * rand()) * W;
    const top = horizon - (0.1 + 0.2 * rand()) * H;
    far.rect(x, top, x + w, horizon + 1);
    if (rand() < 0.3) far.rect(x + w / 2 - 1, top - 0.05 * H, x + w / 2 + 1, top);
    x += w + rand() * 0.01 * W;
  }
  light.cover(far, hsl(275, 0.5, 0.17));
  // Near towers: dark, windows lit here and there, some with a neon roof line.
  const near = new Mask(W, H);
  const towers = [];
  for (let x = -20; x < W;) {
    const w = (0.035 + 0.055 * rand()) * W;
    // Taller towers towards the right, where the page's text is not.
    const lift = 0.12 + 0.22 * rand() * (0.45 + 0.55 * (x / W));
    const top = horizon - lift * H;
    near.rect(x, top, x + w, horizon + 1);
    towers.push({ x0: x, x1: x + w, top, neon: rand() < 0.4 ? (rand() < 0.5 ? PINK : CYAN) : null, seed: rand() });
    if (rand() < 0.25) near.rect(x + w * 0.3, top - 0.04 * H, x + w * 0.7, top);
    x += w + (rand() < 0.6 ? 0 : (0.006 + 0.01 * rand()) * W);
  }
  light.cover(near, hsl(258, 0.55, 0.055));
  for (const t of towers) {
    const r = prng(fnv1a(`windows:${t.seed}`));
    const cell = 0.016 * H;
    for (let y = t.top + cell; y < horizon - cell; y += cell * 1.6) {
      for (let x = t.x0 + cell * 0.6; x < t.x1 - cell; x += cell * 1.3) {
        if (r() > 0.16) continue;
        const color = r() < 0.6 ? GOLD : r() < 0.5 ? CYAN : PINK;
        const k = 0.35 + 0.4 * r();
        for (let yy = Math.round(y); yy < Math.round(y + cell * 0.8); yy++)
          for (let xx = Math.round(x); xx < Math.round(x + cell * 0.6); xx++) light.add(xx, yy, color, k);
      }
    }
    if (t.neon) {
      for (let x = Math.max(0, Math.round(t.x0)); x < Math.min(W, Math.round(t.x1)); x++) {
        light.add(x, t.top, t.neon, 0.9);
        light.add(x, t.top + 1, t.neon, 0.5);
      }
      light.glow((t.x0 + t.x1) / 2, t.top, (t.x1 - t.x0) * 0.6, 0.012 * H, t.neon, 0.35);
    }
  }
  light.reflect(horizon, 0.3, 0.004 * H, 1.7);
  for (let x = 0; x < W; x++) light.add(x, horizon, PINK, 0.5);
  return light.toRaster();
}

/** A crowd seen from behind, facing a blazing stage, beams fanning up into the haze. */
function drawCrowdPicture(W, H, seed) {
  const rand = prng(fnv1a(`crowd-picture:${seed}`));
  const light = new Light(W, H);
  const stage = 0.56 * H;
  light.verticalGradient(
    [
      [0, hsl(258, 0.7, 0.03)],
      [0.6, hsl(275, 0.7, 0.12)],
      [0.85, hsl(305, 0.8, 0.3)],
      [1, hsl(325, 0.9, 0.42)],
    ],
    0,
    stage,
  );
  light.verticalGradient(
    [
      [0, hsl(300, 0.7, 0.25)],
      [1, hsl(262, 0.7, 0.05)],
    ],
    stage,
    H,
  );
  const cx = 0.6 * W;
  light.glow(cx, stage, 0.45 * W, 0.22 * H, PINK, 0.55);
  light.glow(cx, stage, 0.2 * W, 0.06 * H, mixColor(PINK, WHITE, 0.6), 0.7);
  // Beams from the stage up into the haze.
  const palette = [CYAN, PINK, PURPLE, CYAN, GOLD, PINK, CYAN];
  palette.forEach((color, i) => {
    const x = cx + (i - (palette.length - 1) / 2) * 0.085 * W;
    const angle = Math.PI + (i - (palette.length - 1) / 2) * 0.16 + (rand() - 0.5) * 0.1;
    light.beam(x, stage, angle, 0.045, 0.5 * H, color, 0.38);
  });
  // Bokeh: a few soft out-of-focus lights.
  for (let i = 0; i < 14; i++) {
    const r = (0.01 + 0.02 * rand()) * H;
    light.glow(rand() * W, rand() * stage * 0.9, r, r, [CYAN, PINK, GOLD, PURPLE][i % 4], 0.25 + 0.25 * rand());
  }
  drawCrowd(light, W, H, seed, [
    { base: 0.8, scale: 0.5, color: hsl(285, 0.55, 0.16), rim: PINK, rimK: 0.4, lights: true },
    { base: 0.93, scale: 0.75, color: hsl(272, 0.6, 0.07), rim: PINK, rimK: 0.7, lights: true },
    { base: 1.1, scale: 1.15, color: hsl(262, 0.7, 0.025), rim: mixColor(PINK, WHITE, 0.3), rimK: 0.9, lights: false },
  ]);
  return light.toRaster();
}

/** The synthwave sunset of the demo videos (demo-scene.mjs): sun, mountains, neon grid. */
function drawSunset(W, H, seed) {
  const scene = createScene({ look: { hue: 328, accent: 186 }, seed: `site:${seed}`, variant: 0, width: W, height: H, loopSeconds: 30, layout: "video" });
  const p = 0.1;
  return scene.draw(p, syntheticLevels(p, 30, seed));
}

/** The events banner: a concert poster, stage and crowd, "LIVE ON TOUR" in neon. */
function drawBanner(W, H, seed) {
  const light = new Light(W, H);
  drawStage(light, W, H, { seed, stageY: 0.7, trussFrom: 0.42, performerX: 0.72, palette: [CYAN, PURPLE, PINK, GOLD], wall: hsl(285, 0.9, 0.45) });
  drawCrowd(light, W, H, seed, [{ base: 1.08, scale: 0.62, color: hsl(262, 0.7, 0.025), rim: mixColor(PURPLE, WHITE, 0.2), rimK: 0.9, lights: true }]);
  const raster = light.toRaster();
  const scale = Math.max(2, Math.round(H / 48));
  const title = textMask("LIVE ON TOUR", scale);
  const subtitle = textMask("FREESTYLE FOREVER", Math.max(1, Math.round(scale / 2)));
  const left = Math.round(W * 0.06);
  const top = Math.round(H * 0.3);
  drawText(raster, title, left, top, mixColor(WHITE, PINK, 0.25), PINK, 0.9);
  drawText(raster, subtitle, left + Math.round(scale / 2), top + title.height - 2 * title.pad + scale * 3, mixColor(WHITE, CYAN, 0.3), CYAN, 0.6);
  if (textWidth("LIVE ON TOUR", scale) > W * 0.6) throw new Error("demo banner: the title does not fit");
  return raster;
}

/** The promo video's poster: its scene (same seed, layout and title) on a beat. */
function drawPromoPoster(W, H, promo) {
  const scene = createScene({
    look: promo.look,
    seed: promo.seed,
    variant: promo.variant,
    width: W,
    height: H,
    loopSeconds: promo.durationSeconds,
    title: promo.title,
    subtitle: promo.subtitle,
    layout: "video",
  });
  const p = 0.25;
  return scene.draw(p, syntheticLevels(p, promo.durationSeconds, promo.seed));
}

/**
 * The artist's demo portrait: a stylised head-and-shoulders silhouette with big 80s hair, lit from
 * behind in pink and cyan against a studio backdrop. A shape, not a face: nobody's likeness.
 */
function drawPortrait(W, H, seed) {
  const rand = prng(fnv1a(`portrait:${seed}`));
  const light = new Light(W, H);
  light.verticalGradient([
    [0, hsl(270, 0.7, 0.16)],
    [0.6, hsl(300, 0.65, 0.22)],
    [1, hsl(325, 0.8, 0.3)],
  ]);
  light.glow(W * 0.5, H * 0.38, W * 0.42, H * 0.36, PINK, 0.55);
  light.glow(W * 0.15, H * 0.15, W * 0.3, H * 0.25, CYAN, 0.35);
  light.glow(W * 0.88, H * 0.2, W * 0.25, H * 0.22, PURPLE, 0.4);
  for (let i = 0; i < 18; i++) light.glow(rand() * W, rand() * H * 0.7, 3 + rand() * 6, 3 + rand() * 6, [PINK, CYAN, GOLD][i % 3], 0.5);
  const u = Math.min(W, H);
  const cx = W * 0.5;
  const headY = H * 0.4;
  const figure = new Mask(W, H);
  // Hair: overlapping curls round the head, wider than it (the era's volume).
  for (let i = 0; i < 14; i++) {
    const a = Math.PI * (0.95 + (i / 13) * 1.1);
    figure.circle(cx + Math.cos(a) * 0.2 * u, headY - 0.02 * u + Math.sin(a) * 0.2 * u, (0.09 + 0.03 * rand()) * u);
  }
  figure.ellipse(cx, headY, 0.17 * u, 0.21 * u); // head
  figure.capsule(cx, headY + 0.15 * u, cx, headY + 0.3 * u, 0.07 * u); // neck
  figure.ellipse(cx, H + 0.02 * u, 0.48 * u, 0.36 * u); // shoulders
  light.cover(figure, hsl(265, 0.6, 0.06));
  light.rim(figure, mixColor(PINK, WHITE, 0.2), 1.6, 6);
  light.rim(figure, CYAN, 0.6, 2);
  return light.toRaster();
}

const PICTURES = {
  portrait: (input) => drawPortrait(input.width, input.height, input.seed),
  stage: (input) => drawStagePicture(input.width, input.height, input.seed),
  skyline: (input) => drawSkyline(input.width, input.height, input.seed),
  crowd: (input) => drawCrowdPicture(input.width, input.height, input.seed),
  sunset: (input) => drawSunset(input.width, input.height, input.seed),
  banner: (input) => drawBanner(input.width, input.height, input.seed),
  "promo-poster": (input) => drawPromoPoster(input.width, input.height, input.promo),
};
export const PICTURE_NAMES = Object.keys(PICTURES);

/**
 * One site picture as JPEG: drawn at `width` x `height`, then halved when `halve` is set, or cut
 * to the `crop` rectangle.
 * @param {{ picture: string, seed: string, width: number, height: number, halve?: boolean, crop?: typeof HERO_PORTRAIT, quality?: number, promo?: typeof PROMO }} input
 * @returns {Uint8Array}
 */
export function renderSiteImage(input) {
  const draw = PICTURES[input.picture];
  if (!draw) throw new Error(`unknown site picture ${input.picture}`);
  const raster = draw(input);
  const quality = input.quality ?? JPEG_QUALITY;
  if (input.crop) return encodeJpeg(input.crop.width, input.crop.height, cropRgba(raster.width, raster.height, raster.rgba, input.crop), quality);
  if (!input.halve) return encodeJpeg(raster.width, raster.height, raster.rgba, quality);
  return encodeJpeg(raster.width / 2, raster.height / 2, halveRgba(raster.width, raster.height, raster.rgba), quality);
}

/**
 * The promo video: the synthwave scene with the promo's title and its catalog track's demo music.
 * @param {typeof PROMO} promo
 * @param {{ maxBytes?: number }} [options]
 * @returns {Promise<Uint8Array>}
 */
export async function renderPromoVideo(promo, { maxBytes } = {}) {
  const { renderDemoVideo, trackVideoAudio } = await import("./demo-video.mjs");
  return renderDemoVideo({
    look: promo.look,
    seed: promo.seed,
    variant: promo.variant,
    width: promo.width,
    height: promo.height,
    title: promo.title,
    subtitle: promo.subtitle,
    durationSeconds: promo.durationSeconds,
    audio: trackVideoAudio({ id: promo.trackId }, promo.durationSeconds),
    maxBytes,
  });
}

/** For tests: a picture's raw pixels (no JPEG), to compare pictures without codec noise. */
export function drawSitePicture(input) {
  const draw = PICTURES[input.picture];
  if (!draw) throw new Error(`unknown site picture ${input.picture}`);
  return draw(input);
}
