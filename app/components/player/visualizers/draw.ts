// Pure canvas drawings for the players' visualizer, one per style. Each call paints one whole
// frame (background included) in CSS pixels; the caller scales the context for devicePixelRatio.
// They read the analyser's byte arrays and never allocate per frame apart from a gradient when the
// size or theme changes (cached per context), so a 60 fps loop stays cheap.
import type { ThemePalette, VisualizerStyle } from "./themes";

/** The analyser the players' output makes (fft size 2048, smoothing 0.8, docs/features.md#music): its array sizes. */
export { ANALYSER_FFT_SIZE } from "../../../lib/audio/output";
/** The circular style draws exactly this many rays. */
export const CIRCULAR_RAYS = 180;
/** The particle style animates exactly this many particles. */
export const PARTICLE_COUNT = 50;

export type CanvasSize = { width: number; height: number };

/** The analyser's arrays: getByteFrequencyData (0-255 per bin) and getByteTimeDomainData (128 = silence). */
export type VisualizerData = { frequency: Uint8Array; timeDomain: Uint8Array };

/** Particle positions (0-1 of the canvas), velocities (canvas fractions per second) and base radii (px). */
export type ParticleState = {
  count: number;
  x: Float32Array;
  y: Float32Array;
  vx: Float32Array;
  vy: Float32Array;
  size: Float32Array;
};

type Ctx = CanvasRenderingContext2D;
const TAU = Math.PI * 2;

// ---------- Gradients, cached per context ----------

type GradientKind = "background" | "bars" | "rays" | "wave";
type GradientSlot = { kind: GradientKind; theme: ThemePalette; width: number; height: number; gradient: CanvasGradient };
const gradientSlots = new WeakMap<object, GradientSlot[]>();
const MAX_SLOTS = 8;

function makeGradient(ctx: Ctx, kind: GradientKind, theme: ThemePalette, width: number, height: number): CanvasGradient {
  switch (kind) {
    case "background": {
      const g = ctx.createLinearGradient(0, 0, 0, height);
      g.addColorStop(0, theme.background[0]);
      g.addColorStop(0.6, theme.background[1]);
      g.addColorStop(1, theme.background[2]);
      return g;
    }
    case "bars": {
      const g = ctx.createLinearGradient(0, height, 0, height * 0.1);
      g.addColorStop(0, theme.secondary);
      g.addColorStop(0.55, theme.primary);
      g.addColorStop(1, theme.accent);
      return g;
    }
    case "rays": {
      const min = Math.min(width, height);
      const g = ctx.createRadialGradient(width / 2, height / 2, min * 0.18, width / 2, height / 2, min * 0.5);
      g.addColorStop(0, theme.primary);
      g.addColorStop(0.6, theme.secondary);
      g.addColorStop(1, theme.accent);
      return g;
    }
    case "wave": {
      const g = ctx.createLinearGradient(0, 0, width, 0);
      g.addColorStop(0, theme.secondary);
      g.addColorStop(0.5, theme.primary);
      g.addColorStop(1, theme.secondary);
      return g;
    }
  }
}

function gradient(ctx: Ctx, kind: GradientKind, theme: ThemePalette, width: number, height: number): CanvasGradient {
  let slots = gradientSlots.get(ctx);
  if (!slots) {
    slots = [];
    gradientSlots.set(ctx, slots);
  }
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    if (s.kind === kind && s.theme === theme && s.width === width && s.height === height) return s.gradient;
  }
  const created = makeGradient(ctx, kind, theme, width, height);
  if (slots.length >= MAX_SLOTS) slots.shift();
  slots.push({ kind, theme, width, height, gradient: created });
  return created;
}

// ---------- Shared helpers ----------

/** Paints the theme's background gradient over the whole canvas. */
export function drawBackground(ctx: Ctx, size: CanvasSize, theme: ThemePalette): void {
  ctx.globalAlpha = 1;
  ctx.shadowBlur = 0;
  ctx.fillStyle = gradient(ctx, "background", theme, size.width, size.height);
  ctx.fillRect(0, 0, size.width, size.height);
}

/** Mean level of the lowest bins (about 20-260 Hz at 44.1 kHz with fft 2048), 0-1. */
export function bassEnergy(frequency: Uint8Array): number {
  const end = Math.min(frequency.length, 13);
  if (end <= 1) return frequency.length === 1 ? (frequency[0] ?? 0) / 255 : 0;
  let sum = 0;
  for (let i = 1; i < end; i++) sum += frequency[i] ?? 0;
  return sum / ((end - 1) * 255);
}

const BAND_CURVE = 3;
const BAND_CURVE_DENOM = Math.expm1(BAND_CURVE);

/**
 * Loudest bin of band `index` of `bands`. Bands are spread on an exponential curve over bins 1 to
 * 75 % of the spectrum (where music lives; bin 0 is DC), so the bass gets several bands of its own.
 */
export function bandLevel(frequency: Uint8Array, index: number, bands: number): number {
  const len = frequency.length;
  if (len === 0 || bands <= 0) return 0;
  if (len < 3) return frequency[len - 1] ?? 0;
  const span = Math.max(1, Math.floor(len * 0.75) - 1);
  const lo = 1 + Math.floor((Math.expm1((BAND_CURVE * index) / bands) / BAND_CURVE_DENOM) * span);
  const hi = Math.max(lo + 1, 1 + Math.floor((Math.expm1((BAND_CURVE * (index + 1)) / bands) / BAND_CURVE_DENOM) * span));
  let peak = 0;
  for (let i = lo; i < hi && i < len; i++) {
    const v = frequency[i] ?? 0;
    if (v > peak) peak = v;
  }
  return peak;
}

/** How many bars fit: one per 10 CSS px, between 16 and 96. */
export function barCount(width: number): number {
  return Math.max(16, Math.min(96, Math.floor(width / 10)));
}

// ---------- Styles ----------

/** Frequency bars from the bottom edge; a bar's height is its band's level (0 → no height). */
export function drawBars(ctx: Ctx, size: CanvasSize, data: VisualizerData, theme: ThemePalette): void {
  const { width, height } = size;
  drawBackground(ctx, size, theme);
  const n = barCount(width);
  const slot = width / n;
  const barWidth = Math.max(1, slot * 0.7);
  const maxHeight = height * 0.85;
  ctx.fillStyle = gradient(ctx, "bars", theme, width, height);
  for (let i = 0; i < n; i++) {
    const h = (bandLevel(data.frequency, i, n) / 255) * maxHeight;
    ctx.fillRect(i * slot + (slot - barWidth) / 2, height - h, barWidth, h);
  }
}

/** Exactly 180 rays around a circle whose core pulses with the bass; left and right mirror each other. */
export function drawCircular(ctx: Ctx, size: CanvasSize, data: VisualizerData, theme: ThemePalette): void {
  const { width, height } = size;
  drawBackground(ctx, size, theme);
  const cx = width / 2;
  const cy = height / 2;
  const min = Math.min(width, height);
  const radius = min * 0.2;
  const bass = bassEnergy(data.frequency);
  const half = CIRCULAR_RAYS / 2;

  ctx.strokeStyle = gradient(ctx, "rays", theme, width, height);
  ctx.lineWidth = Math.max(1.5, ((TAU * radius) / CIRCULAR_RAYS) * 0.55);
  ctx.lineCap = "round";
  ctx.beginPath();
  for (let i = 0; i < CIRCULAR_RAYS; i++) {
    const band = i < half ? i : CIRCULAR_RAYS - 1 - i;
    const level = bandLevel(data.frequency, band, half) / 255;
    const length = radius * 0.06 + level * min * 0.28;
    const angle = (i / CIRCULAR_RAYS) * TAU - Math.PI / 2;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    ctx.moveTo(cx + cos * radius, cy + sin * radius);
    ctx.lineTo(cx + cos * (radius + length), cy + sin * (radius + length));
  }
  ctx.stroke();

  // The core: a ring that swells with the bass.
  ctx.strokeStyle = theme.accent;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(cx, cy, radius * (0.82 + bass * 0.16), 0, TAU);
  ctx.stroke();
  ctx.globalAlpha = 0.18 + bass * 0.4;
  ctx.fillStyle = theme.primary;
  ctx.beginPath();
  ctx.arc(cx, cy, radius * (0.55 + bass * 0.25), 0, TAU);
  ctx.fill();
  ctx.globalAlpha = 1;
}

/** The time-domain signal as a line across the canvas; silence (all 128) is a flat line. */
export function drawWaveform(ctx: Ctx, size: CanvasSize, data: VisualizerData, theme: ThemePalette): void {
  const { width, height } = size;
  drawBackground(ctx, size, theme);
  const samples = data.timeDomain;
  const mid = height / 2;
  const amplitude = height * 0.42;
  const points = Math.max(2, Math.min(samples.length, Math.ceil(width / 2)));
  const stride = samples.length / points;

  // A faint echo behind the main line.
  for (let pass = 0; pass < 2; pass++) {
    const scale = pass === 0 ? 0.6 : 1;
    ctx.globalAlpha = pass === 0 ? 0.35 : 1;
    ctx.strokeStyle = pass === 0 ? theme.accent : gradient(ctx, "wave", theme, width, height);
    ctx.lineWidth = pass === 0 ? 6 : 2.5;
    ctx.lineJoin = "round";
    ctx.beginPath();
    for (let i = 0; i < points; i++) {
      const v = samples.length === 0 ? 128 : (samples[Math.floor(i * stride)] ?? 128);
      const x = (i / (points - 1)) * width;
      const y = mid + ((v - 128) / 128) * amplitude * scale;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

/** `count` particles at random places, drifting in random directions (`random` returns 0-1). */
export function createParticles(count: number, random: () => number): ParticleState {
  const state: ParticleState = {
    count,
    x: new Float32Array(count),
    y: new Float32Array(count),
    vx: new Float32Array(count),
    vy: new Float32Array(count),
    size: new Float32Array(count),
  };
  for (let i = 0; i < count; i++) {
    state.x[i] = random();
    state.y[i] = random();
    const angle = random() * TAU;
    const speed = 0.02 + random() * 0.05;
    state.vx[i] = Math.cos(angle) * speed;
    state.vy[i] = Math.sin(angle) * speed;
    state.size[i] = 1.5 + random() * 3;
  }
  return state;
}

/** Moves the particles by `dt` seconds: faster with more bass. Positions wrap around the edges. */
export function stepParticles(state: ParticleState, bass: number, dt: number): void {
  const speed = (1 + bass * 6) * dt;
  for (let i = 0; i < state.count; i++) {
    let x = (state.x[i] ?? 0) + (state.vx[i] ?? 0) * speed;
    let y = (state.y[i] ?? 0) + (state.vy[i] ?? 0) * speed;
    x -= Math.floor(x);
    y -= Math.floor(y);
    state.x[i] = x;
    state.y[i] = y;
  }
}

/**
 * Advances the particles by `dt` seconds and draws them; bass energy speeds them up and swells
 * them. A `dt` of 0 draws them where they are (a still frame).
 */
export function drawParticles(ctx: Ctx, size: CanvasSize, data: VisualizerData, theme: ThemePalette, state: ParticleState, dt: number): void {
  const { width, height } = size;
  drawBackground(ctx, size, theme);
  const bass = bassEnergy(data.frequency);
  stepParticles(state, bass, dt);
  const grow = 1 + bass * 2.2;
  // Three colour groups, one path each: far fewer state changes than one fill per particle.
  for (let group = 0; group < 3; group++) {
    ctx.fillStyle = group === 0 ? theme.primary : group === 1 ? theme.secondary : theme.accent;
    ctx.globalAlpha = 0.75 + bass * 0.25;
    ctx.beginPath();
    for (let i = group; i < state.count; i += 3) {
      const px = (state.x[i] ?? 0) * width;
      const py = (state.y[i] ?? 0) * height;
      const r = (state.size[i] ?? 2) * grow;
      ctx.moveTo(px + r, py);
      ctx.arc(px, py, r, 0, TAU);
    }
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

/**
 * Gentle made-up levels for when nothing is playing: the spectrum breathes slowly and the signal
 * is silent (a flat line). `t` in seconds; t = 0 gives a still frame.
 */
export function fillIdleData(data: VisualizerData, t: number): void {
  const freq = data.frequency;
  const n = freq.length;
  for (let i = 0; i < n; i++) {
    const fall = 1 - i / n;
    freq[i] = Math.round(fall * fall * (22 + 18 * (1 + Math.sin(t * 1.4 - i * 0.05))));
  }
  data.timeDomain.fill(128);
}

/** One frame of `style`. */
export function drawVisualizer(
  ctx: Ctx,
  style: VisualizerStyle,
  size: CanvasSize,
  data: VisualizerData,
  theme: ThemePalette,
  particles: ParticleState,
  dt: number,
): void {
  switch (style) {
    case "bars":
      return drawBars(ctx, size, data, theme);
    case "circular":
      return drawCircular(ctx, size, data, theme);
    case "waveform":
      return drawWaveform(ctx, size, data, theme);
    case "particles":
      return drawParticles(ctx, size, data, theme, particles, dt);
  }
}
