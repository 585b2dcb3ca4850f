// The animated synthwave scene behind the offline demo videos, channel thumbnails and station
// images (scripts/lib/demo-video.mjs, demo-broadcast-images.mjs): a gradient sky
// with stars, a sun (striped, ringed or a crescent) with a halo and pulsing rings, a spectrum of
// LED bars on the horizon, mountains, a neon perspective grid floor scrolling towards the viewer,
// floating outlined shapes, and a title with a neon glow (plus an optional LIVE badge).
//
// Colours come from a `look` ({ hue, accent } in degrees); the layout (sun position, emblem,
// mountains, shapes...) from a hash of a seed string, so every channel looks different. Motion is
// a function of the loop phase p in [0, 1) with whole numbers of cycles per loop, so the last
// frame flows into the first. Audio levels (0..1 per band) drive the pulses; without audio a
// synthetic beat does.
//
// It is drawn to be cheap for a simple H.264 encoder (see demo-video.mjs): large areas (sky,
// halo, floor, title glow) keep their brightness and only small things pulse, the grid is dim
// and scrolls slowly, with no moving detail where its lines crowd together, the rings are faint. (Each of these cut the bitrate noticeably; together they keep a 40 s video under 3 MB.)
import { fnv1a, prng } from "../catalog/hash.mjs";
import { drawText, hsl, mixColor, Raster, textMask, textWidth } from "./demo-draw.mjs";

/** Seeds every scene's random layout; bump to re-roll them all. (The demo media cache follows code changes by itself.) */
export const DEMO_SCENE_VERSION = 1;
/** Spectrum bands the scene shows (and the audio analysis computes). */
export const SCENE_BANDS = 12;

const TAU = Math.PI * 2;
const fract = (x) => x - Math.floor(x);
const clamp01 = (x) => (x < 0 ? 0 : x > 1 ? 1 : x);
const smoothstep = (a, b, x) => {
  const t = clamp01((x - a) / (b - a));
  return t * t * (3 - 2 * t);
};
/** A hue a fraction t of the way from a to b, the short way round. */
const mixHue = (a, b, t) => a + (((((b - a) % 360) + 540) % 360) - 180) * t;
const WHITE = [255, 255, 255];

export const EMBLEMS = ["sun", "rings", "moon"];

/**
 * The scene's colours and layout (resolution independent: fractions of the frame).
 * @param {{ hue: number, accent: number }} look
 * @param {string} seed
 * @param {number} [variant]  picks the emblem (EMBLEMS[variant % 3]), so that neighbours in a
 *   list (channels, stations) differ; random from the seed when omitted
 */
export function designScene(look, seed, variant) {
  const rand = prng(fnv1a(`scene:${DEMO_SCENE_VERSION}:${seed}`));
  const between = (low, high) => low + rand() * (high - low);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const { hue, accent } = look;
  const shapes = ["triangle", "diamond", "square", "hexagon"];
  const firstShape = Math.floor(rand() * shapes.length);
  const design = {
    skyTop: hsl(250, 0.6, 0.05),
    skyMid: hsl(mixHue(250, hue, 0.6), 0.7, 0.2),
    skyHorizon: hsl(hue, 0.9, 0.5),
    sunTop: hsl(hue + 45, 1, 0.7),
    sunBottom: hsl(hue - 15, 1, 0.56),
    accent: hsl(accent, 0.95, 0.6),
    accentLight: hsl(accent, 1, 0.78),
    floor: hsl(mixHue(250, hue, 0.2), 0.6, 0.05),
    mountain: hsl(mixHue(250, hue, 0.3), 0.45, 0.11),
    panel: hsl(250, 0.5, 0.04),
    horizon: between(0.58, 0.64),
    sunX: between(0.36, 0.64),
    sunR: between(0.2, 0.25),
    sunLift: between(0.25, 0.5),
    stripes: 4 + Math.floor(rand() * 4),
    emblem: pick(EMBLEMS),
    mountains: rand() < 0.75,
    ridge: Array.from({ length: 4 }, (_, i) => ({ k: [2, 3, 5, 8][i], a: between(0.4, 1) / (i + 1), phase: between(0, TAU) })),
    ridgeHeight: between(0.08, 0.14),
    gridColumns: 10 + Math.floor(rand() * 6),
    gridDepth: between(5, 8),
    rings: 2 + Math.floor(rand() * 2),
    stars: Array.from({ length: 70 }, () => ({ x: rand(), y: rand(), big: rand() < 0.15, phase: rand(), rate: 1 + Math.floor(rand() * 3) })),
    shapes: Array.from({ length: 2 }, (_, i) => ({
      kind: shapes[(firstShape + i * (1 + Math.floor(rand() * 3))) % shapes.length], // two different kinds
      fx: 1 + Math.floor(rand() * 2),
      fy: 1 + Math.floor(rand() * 3),
      phaseX: between(0, TAU),
      phaseY: between(0, TAU),
      spin: rand() < 0.5 ? -1 : 1,
      size: between(0.035, 0.06),
      hue: rand() < 0.5 ? accent : hue + 40,
    })),
  };
  if (variant !== undefined) design.emblem = EMBLEMS[Math.abs(Math.trunc(variant)) % EMBLEMS.length];
  return design;
}

/**
 * Levels for a frame without audio: a 120 bpm-ish synthetic beat (a whole number of beats per
 * loop) and slowly wandering bands.
 */
export function syntheticLevels(p, loopSeconds, seed = "") {
  const beats = Math.max(1, Math.round(loopSeconds * 2));
  const beat = fract(p * beats);
  const kick = Math.exp(-beat * 6);
  const rand = prng(fnv1a(`levels:${seed}`));
  const bands = Array.from({ length: SCENE_BANDS }, (_, k) => {
    const wander = 0.5 + 0.5 * Math.sin(TAU * (p * (1 + Math.floor(rand() * 3)) + rand()));
    const pulse = k < 3 ? kick : k > 8 ? Math.exp(-fract(p * beats * 2) * 8) : 0.5 * kick;
    return clamp01(0.15 + 0.35 * wander + 0.5 * pulse - k * 0.02);
  });
  return { bass: 0.3 + 0.7 * kick, mid: 0.4 + 0.3 * Math.sin(TAU * p * 3), high: bands[10], bands };
}

/**
 * A renderer for one scene at one size: precomputes what does not move, then `draw(p, levels)`
 * paints a frame into `raster` (RGBA).
 * @param {object} options
 * @param {{ hue: number, accent: number }} options.look
 * @param {string} options.seed
 * @param {number} [options.variant]     see designScene
 * @param {number} options.width
 * @param {number} options.height
 * @param {number} [options.loopSeconds]  the loop's length: sets the whole-cycle motion rates
 * @param {string | null} [options.title]
 * @param {string | null} [options.subtitle]
 * @param {boolean} [options.live]        draws a LIVE badge
 * @param {"video" | "logo"} [options.layout]  video: lower-third title; logo: big centred title
 */
export function createScene({ look, seed, variant, width, height, loopSeconds = 30, title = null, subtitle = null, live = false, layout = "video" }) {
  const d = designScene(look, seed, variant);
  const W = width;
  const H = height;
  const unit = Math.min(W, H) / 360;
  const raster = new Raster(W, H);
  const horizon = Math.round(H * d.horizon);
  const floorDepth = H - horizon;
  const sunX = W * d.sunX;
  const sunR0 = H * d.sunR;
  const sunY = horizon - sunR0 * d.sunLift;
  // Whole numbers of cycles per loop, so the end flows into the start.
  const cycles = (perSecond) => Math.max(1, Math.round(perSecond * loopSeconds));
  const gridCycles = cycles(0.3);
  const stripeCycles = cycles(0.12);
  const ringCycles = cycles(0.3);
  const starCycles = cycles(0.2);
  const shapeCycles = Math.max(1, Math.round(loopSeconds / 15));
  const blinkCycles = cycles(1);

  // The sky: a colour per row.
  const sky = new Float32Array(horizon * 3);
  for (let y = 0; y < horizon; y++) {
    const t = y / Math.max(1, horizon - 1);
    const c = t < 0.6 ? mixColor(d.skyTop, d.skyMid, t / 0.6) : mixColor(d.skyMid, d.skyHorizon, ((t - 0.6) / 0.4) ** 1.4);
    sky.set(c, y * 3);
  }
  const stars = d.stars.map((s) => ({ ...s, x: Math.floor(s.x * W), y: Math.floor(s.y * horizon * 0.8) }));

  // Text: masks rendered once.
  const fit = (text, maxWidth, preferred) => {
    let scale = preferred;
    while (scale > 1 && textWidth(text.toUpperCase(), scale) > maxWidth) scale--;
    return scale;
  };
  let titleMask = null;
  let subtitleMask = null;
  let titleAt = [0, 0];
  let subtitleAt = [0, 0];
  let panel = null;
  if (layout === "logo") {
    if (title) {
      const scale = fit(title, W * 0.88, Math.max(1, Math.round(H / 72)));
      titleMask = textMask(title, scale);
      const w = titleMask.width - 2 * titleMask.pad;
      titleAt = [(W - w) / 2, horizon + floorDepth * 0.28];
    }
    if (subtitle) {
      const scale = fit(subtitle, W * 0.8, Math.max(1, Math.round(H / 150)));
      subtitleMask = textMask(subtitle, scale);
      const w = subtitleMask.width - 2 * subtitleMask.pad;
      const below = titleMask ? titleAt[1] + titleMask.height - 2 * titleMask.pad + scale * 4 : horizon + floorDepth * 0.4;
      subtitleAt = [(W - w) / 2, below];
    }
  } else {
    const left = Math.round(W * 0.05);
    let bottom = H - Math.round(H * 0.07);
    if (subtitle) {
      const scale = fit(subtitle, W * 0.9, Math.max(1, Math.round(H / 180)));
      subtitleMask = textMask(subtitle, scale);
      const h = subtitleMask.height - 2 * subtitleMask.pad;
      subtitleAt = [left, bottom - h];
      bottom -= h + scale * 4;
    }
    if (title) {
      const scale = fit(title, W * 0.9, Math.max(1, Math.round(H / 90)));
      titleMask = textMask(title, scale);
      const h = titleMask.height - 2 * titleMask.pad;
      titleAt = [left, bottom - h];
    }
    if (titleMask || subtitleMask) {
      const right = Math.max(
        titleMask ? titleAt[0] + titleMask.width - 2 * titleMask.pad : 0,
        subtitleMask ? subtitleAt[0] + subtitleMask.width - 2 * subtitleMask.pad : 0,
      );
      const top = (titleMask ? titleAt[1] : subtitleAt[1]) - Math.round(10 * unit);
      panel = { x0: 0, y0: top, x1: right + Math.round(18 * unit), y1: H - Math.round(H * 0.07) + Math.round(10 * unit) };
    }
  }
  const badgeScale = Math.max(1, Math.round(H / 150));
  const badgeMask = live ? textMask("LIVE", badgeScale, 1) : null;

  const horizonColor = d.skyHorizon;
  // The mountains' ridge: height above the horizon per column (a few sines, periodic across the width).
  const ridgeAt = Float32Array.from({ length: W }, (_, x) => {
    let v = 0.5;
    for (const r of d.ridge) v += 0.5 * r.a * Math.sin((TAU * r.k * (x + 0.5)) / W + r.phase);
    return Math.max(0, v) * H * d.ridgeHeight;
  });

  function drawSky() {
    const glowRows = Math.round(H * 0.22);
    const glow = 0.5;
    for (let y = 0; y < horizon; y++) {
      const near = y - (horizon - glowRows);
      const k = near > 0 ? glow * (near / glowRows) ** 2 : 0;
      const r = Math.min(255, sky[y * 3] + horizonColor[0] * k);
      const g = Math.min(255, sky[y * 3 + 1] + horizonColor[1] * k);
      const b = Math.min(255, sky[y * 3 + 2] + horizonColor[2] * k);
      raster.span(y, 0, W, Raster.pack([r | 0, g | 0, b | 0]));
    }
  }

  function drawStars(p) {
    for (const s of stars) {
      const k = 0.35 + 0.65 * (0.5 + 0.5 * Math.sin(TAU * (p * starCycles * s.rate + s.phase)));
      raster.add(s.x, s.y, WHITE, 0.8 * k);
      if (s.big) {
        raster.add(s.x + 1, s.y, WHITE, 0.45 * k);
        raster.add(s.x - 1, s.y, WHITE, 0.45 * k);
        raster.add(s.x, s.y + 1, WHITE, 0.45 * k);
        raster.add(s.x, s.y - 1, WHITE, 0.45 * k);
      }
    }
  }

  /** An anti-aliased ring of light (additive), clipped to the sky. */
  function ring(cx, cy, r, width, color, k) {
    const outer = r + width + 1;
    const inner = Math.max(0, r - width - 1);
    for (let y = Math.max(0, Math.floor(cy - outer)); y < Math.min(horizon, Math.ceil(cy + outer)); y++) {
      const dy = y + 0.5 - cy;
      if (Math.abs(dy) > outer) continue;
      const xo = Math.sqrt(outer * outer - dy * dy);
      const xi = inner > Math.abs(dy) ? Math.sqrt(inner * inner - dy * dy) : 0;
      for (const [a, b] of [
        [cx - xo, cx - xi],
        [cx + xi, cx + xo],
      ]) {
        for (let x = Math.max(0, Math.floor(a)); x < Math.min(W, Math.ceil(b)); x++) {
          const dist = Math.abs(Math.hypot(x + 0.5 - cx, dy) - r);
          const c = 1 - dist / width;
          if (c > 0) raster.add(x, y, color, k * c);
        }
      }
    }
  }

  function drawRings(p, levels, sunR) {
    for (let i = 0; i < d.rings; i++) {
      const f = fract(p * ringCycles + i / d.rings);
      const r = sunR * 1.08 + f * sunR * 2.4;
      const k = (1 - f) ** 1.6 * (0.3 + 0.7 * levels.bass) * 0.6;
      ring(sunX, sunY, r, 1.6 * unit, d.accent, k);
    }
  }

  function drawBars(levels) {
    const n = levels.bands.length;
    const bars = 2 * n;
    const slot = W / bars;
    const barW = Math.max(1, Math.round(slot * 0.62));
    const segments = 8;
    const segment = (H * 0.3) / segments; // LED-style segments: heights move in whole steps
    const gap = Math.max(1, Math.round(segment * 0.3));
    const lit = d.accent;
    const peak = d.accentLight;
    for (let i = 0; i < bars; i++) {
      // Mirrored: the bass at both edges, the treble in the middle (behind the sun).
      const band = i < n ? i : bars - 1 - i;
      const count = Math.max(1, Math.round(segments * levels.bands[band]));
      const x0 = Math.round(i * slot + (slot - barW) / 2);
      for (let s = 0; s < count; s++) {
        const y1 = Math.round(horizon - s * segment);
        const y0 = Math.round(horizon - (s + 1) * segment) + gap;
        const top = s === count - 1;
        raster.blendRect(x0, y0, x0 + barW, y1, top ? peak : lit, top ? 0.75 : 0.4);
      }
    }
  }

  // The sun's halo: pixel indices and weights, computed once (the sun's size hardly changes).
  const halo = (() => {
    const reach = sunR0 * 2.1;
    const indices = [];
    const weights = [];
    for (let y = Math.max(0, Math.floor(sunY - reach)); y < Math.min(horizon, Math.ceil(sunY + reach)); y++) {
      const dy = y + 0.5 - sunY;
      const span = Math.sqrt(Math.max(0, reach * reach - dy * dy));
      for (let x = Math.max(0, Math.floor(sunX - span)); x < Math.min(W, Math.ceil(sunX + span)); x++) {
        const dist = Math.hypot(x + 0.5 - sunX, dy);
        if (dist < sunR0 * 0.96) continue;
        const f = 1 - (dist - sunR0) / (reach - sunR0);
        if (f <= 0) continue;
        indices.push((y * W + x) * 4);
        weights.push(Math.min(1, f) ** 2);
      }
    }
    return { indices: Int32Array.from(indices), weights: Float32Array.from(weights) };
  })();

  function drawHalo() {
    const k = 0.45;
    const [r, g, b] = d.sunBottom.map((v) => v * k);
    const px = raster.rgba;
    const { indices, weights } = halo;
    for (let j = 0; j < indices.length; j++) {
      const i = indices[j];
      const w = weights[j];
      px[i] += r * w;
      px[i + 1] += g * w;
      px[i + 2] += b * w;
    }
  }

  function drawSun(p, sunR) {
    const scroll = fract(p * stripeCycles);
    const top = sunY - sunR;
    for (let y = Math.max(0, Math.floor(top)); y < Math.min(horizon, Math.ceil(sunY + sunR)); y++) {
      const dy = y + 0.5 - sunY;
      if (Math.abs(dy) >= sunR) continue;
      const t = (y + 0.5 - top) / (2 * sunR); // 0 at the top, 1 at the bottom
      const color = mixColor(d.sunTop, d.sunBottom, t);
      const half = Math.sqrt(sunR * sunR - dy * dy);
      if (d.emblem === "sun") {
        if (t > 0.45) {
          const s = ((t - 0.45) / 0.55) * d.stripes;
          const gap = 0.1 + 0.5 * ((t - 0.45) / 0.55);
          if (fract(s - scroll) < gap) continue;
        }
        raster.span(y, sunX - half + 1, sunX + half - 1, Raster.pack(color));
        // soft edges
        const edge = fract(sunX - half);
        raster.blend(Math.floor(sunX - half), y, color, 1 - edge);
        raster.blend(Math.floor(sunX + half), y, color, fract(sunX + half));
        continue;
      }
      for (let x = Math.max(0, Math.floor(sunX - half)); x < Math.min(W, Math.ceil(sunX + half)); x++) {
        const dx = x + 0.5 - sunX;
        const r = Math.hypot(dx, dy);
        const coverage = clamp01(sunR - r + 0.5);
        if (coverage <= 0) continue;
        if (d.emblem === "rings") {
          const band = fract((r / sunR) * d.stripes - scroll);
          if (band < 0.38) continue;
        } else {
          // moon: a crescent, its bite drifting a little
          const bite = Math.hypot(dx - sunR * (0.42 + 0.08 * Math.sin(TAU * scroll)), dy + sunR * 0.22);
          if (bite < sunR * 0.84) continue;
        }
        raster.blend(x, y, color, coverage);
      }
    }
  }

  function drawMountains() {
    if (!d.mountains) return;
    const edge = mixColor(d.accent, WHITE, 0.2);
    const packed = Raster.pack(d.mountain);
    for (let x = 0; x < W; x++) {
      const top = horizon - ridgeAt[x];
      const y0 = Math.ceil(top);
      for (let y = y0; y < horizon; y++) raster.u32[y * W + x] = packed;
      raster.blend(x, y0 - 1, d.mountain, y0 - top);
      raster.add(x, y0 - 1, edge, 0.55);
      raster.add(x, y0, edge, 0.3);
    }
  }

  function drawFloor(p, levels) {
    const scroll = fract(p * gridCycles);
    const bright = 0.5;
    const columnSpacing = W / d.gridColumns; // at the bottom edge
    const fogColor = horizonColor;
    for (let y = horizon; y < H; y++) {
      const t = (y + 0.5 - horizon) / floorDepth; // 0 at the horizon, 1 at the bottom
      const pixelsPerUnit = (t * t * floorDepth) / d.gridDepth;
      const z = d.gridDepth / t;
      const dz = Math.abs(fract(z + scroll + 0.5) - 0.5);
      const halfWidth = 0.45 + 0.9 * t;
      const lineI = clamp01(1 - (dz * pixelsPerUnit) / halfWidth);
      const averageI = Math.min(1, (1.4 * halfWidth) / Math.max(pixelsPerUnit, 1e-6));
      const near = smoothstep(4, 10, pixelsPerUnit);
      const intensity = averageI + (lineI - averageI) * near;
      const fog = 0.7 * Math.exp(-t * 12);
      const base = mixColor(mixColor(d.floor, d.accent, intensity * bright), fogColor, fog);
      raster.span(y, 0, W, Raster.pack(base));
      // the lines running towards the vanishing point
      const spacing = columnSpacing * t;
      if (spacing < 2.5) continue;
      const lineW = 0.8 + 1.2 * t;
      const k = (1 - fog) * smoothstep(2.5, 6, spacing);
      const first = Math.ceil((0 - sunX) / spacing);
      const last = Math.floor((W - sunX) / spacing);
      for (let c = first; c <= last; c++) {
        const cx = sunX + c * spacing;
        for (let x = Math.floor(cx - lineW / 2); x <= Math.floor(cx + lineW / 2); x++) {
          const coverage = Math.min(x + 1, cx + lineW / 2) - Math.max(x, cx - lineW / 2);
          if (coverage > 0) raster.blend(x, y, d.accent, coverage * k * (0.6 + 0.4 * bright));
        }
      }
    }
    // The horizon line, and its glow on both sides.
    const glowRows = Math.max(2, Math.round(3 * unit));
    for (let dy = -glowRows; dy <= glowRows; dy++) {
      const k = (1 - Math.abs(dy) / (glowRows + 1)) * (0.35 + 0.3 * levels.bass * (dy === 0 ? 0 : 1));
      for (let x = 0; x < W; x++) raster.add(x, horizon + dy, d.accentLight, dy === 0 ? 0.9 : k * 0.5);
    }
  }

  function drawShapes(p, levels) {
    for (const s of d.shapes) {
      const cx = W * (0.12 + 0.76 * (0.5 + 0.5 * Math.sin(TAU * p * shapeCycles * s.fx + s.phaseX)));
      const cy = horizon * (0.12 + 0.55 * (0.5 + 0.5 * Math.sin(TAU * p * shapeCycles * s.fy + s.phaseY)));
      const r = H * s.size * (1 + 0.3 * levels.mid);
      const angle = TAU * p * shapeCycles * s.spin;
      const sides = { triangle: 3, diamond: 4, square: 4, hexagon: 6 }[s.kind];
      const offset = s.kind === "square" ? Math.PI / 4 : -Math.PI / 2;
      const color = hsl(s.hue, 1, 0.65);
      for (let i = 0; i < sides; i++) {
        const a0 = angle + offset + (TAU * i) / sides;
        const a1 = angle + offset + (TAU * (i + 1)) / sides;
        raster.glowLine(cx + r * Math.cos(a0), cy + r * Math.sin(a0), cx + r * Math.cos(a1), cy + r * Math.sin(a1), color, 0.75, 1.4 * unit);
      }
    }
  }

  function drawOverlay(p) {
    if (panel) {
      raster.blendRect(panel.x0, panel.y0, panel.x1, panel.y1, d.panel, 0.55);
      for (let x = panel.x0; x < panel.x1; x++) raster.add(x, panel.y0, d.accent, 0.8);
    }
    const titleColor = mixColor(WHITE, d.accentLight, 0.2);
    if (titleMask) drawText(raster, titleMask, titleAt[0], titleAt[1], titleColor, d.accent, 0.75);
    if (subtitleMask) drawText(raster, subtitleMask, subtitleAt[0], subtitleAt[1], d.accentLight, d.accent, 0.35);
    if (badgeMask) {
      const pad = Math.round(5 * unit);
      const dot = Math.round(4 * unit);
      const textW = badgeMask.width - 2 * badgeMask.pad;
      const textH = badgeMask.height - 2 * badgeMask.pad;
      const x0 = Math.round(W * 0.04);
      const y0 = Math.round(H * 0.05);
      const x1 = x0 + pad * 3 + dot * 2 + textW;
      const y1 = y0 + textH + pad * 2;
      const red = hsl(355, 0.85, 0.5);
      raster.rect(x0 + 1, y0, x1 - 1, y1, Raster.pack(red));
      raster.rect(x0, y0 + 1, x1, y1 - 1, Raster.pack(red));
      const blink = 0.5 + 0.5 * Math.cos(TAU * fract(p * blinkCycles));
      raster.disc(x0 + pad + dot, (y0 + y1) / 2, dot, WHITE, 0.3 + 0.7 * blink);
      drawText(raster, badgeMask, x0 + pad * 2 + dot * 2, y0 + pad, WHITE, red, 0);
    }
  }

  return {
    raster,
    design: d,
    /** Paints the frame at loop phase p (0..1) with audio levels (see syntheticLevels). */
    draw(p, levels) {
      const sunR = sunR0 * (1 + 0.035 * levels.bass);
      drawSky();
      drawStars(p);
      drawRings(p, levels, sunR);
      drawBars(levels);
      drawHalo();
      drawSun(p, sunR);
      drawShapes(p, levels);
      drawMountains();
      drawFloor(p, levels);
      drawOverlay(p);
      return raster;
    },
  };
}
