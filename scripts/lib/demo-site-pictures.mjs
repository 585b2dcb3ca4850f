// The landing page's demo pictures (scripts/lib/demo-site-media.mjs), drawn in the site's synthwave
// colours: the stage, the city skyline, the crowd, the sunset, the events banner, the promo
// video's poster and the artist's portrait. Pictures are lit in floating point (demo-light.mjs).
import { prng, fnv1a } from "../catalog/hash.mjs";
import { drawText, hsl, mixColor, textMask, textWidth } from "./demo-draw.mjs";
import { Light, Mask } from "./demo-light.mjs";
import { createScene, syntheticLevels } from "./demo-scene.mjs";

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

/** Each picture's drawing, by name: the input's size and seed (and the promo, for its poster) to pixels. */
export const PICTURES = {
  portrait: (input) => drawPortrait(input.width, input.height, input.seed),
  stage: (input) => drawStagePicture(input.width, input.height, input.seed),
  skyline: (input) => drawSkyline(input.width, input.height, input.seed),
  crowd: (input) => drawCrowdPicture(input.width, input.height, input.seed),
  sunset: (input) => drawSunset(input.width, input.height, input.seed),
  banner: (input) => drawBanner(input.width, input.height, input.seed),
  "promo-poster": (input) => drawPromoPoster(input.width, input.height, input.promo),
};
