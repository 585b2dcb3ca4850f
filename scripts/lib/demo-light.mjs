// A light buffer for the demo pictures (scripts/lib/demo-site-media.mjs): RGB floats (0..255 and
// beyond) where light adds up (gradients, glows, beams through haze, reflections) and silhouettes
// cover it, clipped softly into a Raster at the end; and masks, the anti-aliased shapes laid over.
import { mixColor, Raster } from "./demo-draw.mjs";

const clamp01 = (x) => (x < 0 ? 0 : x > 1 ? 1 : x);

export class Light {
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
export class Mask {
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
