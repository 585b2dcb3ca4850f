// The demo store's merch and gift pictures (scripts/lib/demo-store.mjs), drawn so the shop looks
// like one: the tour shirt (front and back), the vinyl bundle (the sleeve with the pink record
// half out, and the record itself) and a gift card per VIP length. 400x400 PNGs in the site's
// synthwave colours on a plain studio backdrop, shapes edge-smoothed by 4x4 supersampling, text in
// demo-draw.mjs's bitmap font. Downloads keep the album-cover style (demo-covers.mjs).
import { drawText, hsl, mixColor, Raster, textMask, textWidth } from "./demo-draw.mjs";
import { encodePngRgba } from "./png.mjs";

export const PRODUCT_PICTURE_SIZE = 400;
const S = PRODUCT_PICTURE_SIZE;

const PINK = hsl(325, 1, 0.62);
const CYAN = hsl(183, 0.85, 0.56);
const PURPLE = hsl(262, 0.85, 0.55);
const GOLD = hsl(42, 1, 0.62);
const INK = hsl(250, 0.45, 0.1);
const WHITE = [255, 255, 255];

/** A studio backdrop: a soft vertical gradient and a floor shadow under the object. */
function backdrop(top, bottom) {
  const r = new Raster(S, S);
  for (let y = 0; y < S; y++) r.rect(0, y, S, y + 1, Raster.pack(mixColor(top, bottom, y / (S - 1))));
  return r;
}

/**
 * Paints the pixels `inside` covers within the box, blended by coverage: a pixel whose four
 * corners agree is all in or all out; only edge pixels take k x k samples. `thin` shapes (narrower
 * than a pixel, which corners can miss) are sampled everywhere.
 */
function fill(r, inside, color, [x0, y0, x1, y1] = [0, 0, S, S], opacity = 1, k = 4, thin = false) {
  const left = Math.max(0, Math.floor(x0));
  const right = Math.min(S, Math.ceil(x1));
  let above = null;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(S, Math.ceil(y1)); y++) {
    // Corner flags of this row's top and bottom edges, the top reused from the row above.
    const top = above ?? Array.from({ length: right - left + 1 }, (_, i) => inside(left + i, y));
    const bottom = Array.from({ length: right - left + 1 }, (_, i) => inside(left + i, y + 1));
    for (let x = left; x < right; x++) {
      const i = x - left;
      const corners = Number(top[i]) + Number(top[i + 1]) + Number(bottom[i]) + Number(bottom[i + 1]);
      if (!thin && corners === 0) continue;
      if (!thin && corners === 4) {
        r.blend(x, y, color, opacity);
        continue;
      }
      let n = 0;
      for (let sy = 0; sy < k; sy++) for (let sx = 0; sx < k; sx++) if (inside(x + (sx + 0.5) / k, y + (sy + 0.5) / k)) n++;
      if (n > 0) r.blend(x, y, color, (n / (k * k)) * opacity);
    }
    above = bottom;
  }
}

/** Even-odd point-in-polygon. */
const inPolygon = (points) => (x, y) => {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const inCircle = (cx, cy, radius) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius;
const inRoundRect = (x0, y0, x1, y1, radius) => (x, y) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + radius), x1 - radius);
  const cy = Math.min(Math.max(y, y0 + radius), y1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius;
};
const boxOf = (points) => [
  Math.min(...points.map((p) => p[0])),
  Math.min(...points.map((p) => p[1])),
  Math.max(...points.map((p) => p[0])) + 1,
  Math.max(...points.map((p) => p[1])) + 1,
];

/** A soft oval shadow on the floor. */
function floorShadow(r, cx, cy, rx, ry) {
  for (let y = Math.floor(cy - ry); y <= cy + ry; y++) {
    for (let x = Math.floor(cx - rx); x <= cx + rx; x++) {
      const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      if (d < 1) r.blend(x, y, [0, 0, 0], 0.28 * (1 - d));
    }
  }
}

/** A line of text centred on x = S/2 (or at `x`), its top at y. */
function text(r, words, scale, y, color, glow, { x = null, strength = 0.6 } = {}) {
  const left = x ?? (S - textWidth(words.toUpperCase(), scale)) / 2;
  drawText(r, textMask(words, scale, Math.max(1, scale)), left, y, color, glow, strength);
}

/** A striped synthwave sun (the site's emblem) as a print. */
function sunPrint(r, cx, cy, radius) {
  for (let band = 0; band < 6; band++) {
    const t = band / 5;
    const top = cy - radius + (2 * radius * band) / 6;
    const bottom = top + (2 * radius) / 6 - (band > 2 ? (band - 2) * 1.6 : 0);
    fill(r, (x, y) => y >= top && y < bottom && inCircle(cx, cy, radius)(x, y), mixColor(GOLD, PINK, t), [cx - radius, top, cx + radius + 1, bottom + 1]);
  }
}

// ---- the tour shirt -------------------------------------------------------------------------------

const SHIRT = [
  [128, 78],
  [170, 66],
  [230, 66],
  [272, 78],
  [340, 122],
  [312, 176],
  [280, 160],
  [282, 334],
  [118, 334],
  [120, 160],
  [88, 176],
  [60, 122],
];

function shirt(side) {
  const r = backdrop(hsl(230, 0.25, 0.9), hsl(230, 0.2, 0.74));
  floorShadow(r, 200, 344, 120, 12);
  const body = inPolygon(SHIRT);
  fill(r, body, INK, boxOf(SHIRT));
  // Seams and folds: a darker hem and cuffs, a lighter fold down the middle.
  fill(r, (x, y) => y > 324 && body(x, y), hsl(250, 0.4, 0.06), [118, 320, 283, 335]);
  fill(r, (x, y) => (x < 122 || x > 278) && y > 140 && body(x, y), hsl(250, 0.35, 0.16), [60, 120, 341, 180], 0.7);
  fill(r, (x, y) => Math.abs(x - 200 - (y - 200) * 0.04) < 5 && body(x, y), WHITE, [180, 70, 225, 335], 0.05);
  // The collar: the neck opening, a ribbed band round it.
  const neck = side === "front" ? (x, y) => ((x - 200) / 34) ** 2 + ((y - 62) / 30) ** 2 <= 1 : (x, y) => ((x - 200) / 34) ** 2 + ((y - 62) / 12) ** 2 <= 1;
  fill(r, (x, y) => ((x - 200) / 40) ** 2 + ((y - 62) / (side === "front" ? 36 : 17)) ** 2 <= 1 && !neck(x, y) && body(x, y + 6), PINK, [158, 40, 242, 102]);
  fill(r, neck, mixColor(hsl(230, 0.25, 0.9), hsl(230, 0.2, 0.74), 0.1), [160, 30, 240, 100]);
  if (side === "front") {
    sunPrint(r, 200, 170, 46);
    text(r, "FREESTYLE", 4, 226, WHITE, PINK);
    text(r, "LOVERS", 4, 260, WHITE, CYAN);
  } else {
    text(r, "TOUR 2026", 4, 118, GOLD, PINK);
    ["MIAMI", "SAO PAULO", "NEW YORK", "LISBON", "MEXICO CITY"].forEach((city, i) => text(r, city, 2, 170 + i * 26, WHITE, CYAN, { strength: 0.4 }));
  }
  return r;
}

// ---- the vinyl bundle -----------------------------------------------------------------------------

/** A pink splatter record: grooves, a lighter shine, splatter flecks, the label and the hole. */
function record(r, cx, cy, radius) {
  const disc = inCircle(cx, cy, radius);
  fill(r, disc, hsl(328, 0.85, 0.55), [cx - radius, cy - radius, cx + radius + 1, cy + radius + 1]);
  // Grooves: every 6 px from the label out, one pass over the disc.
  const grooves = (x, y) => {
    const d = Math.hypot(x - cx, y - cy);
    return d > radius * 0.4 && d < radius - 4 && Math.abs(((d - radius * 0.4 + 3) % 6) - 3) < 0.8;
  };
  fill(r, grooves, hsl(328, 0.8, 0.42), [cx - radius, cy - radius, cx + radius + 1, cy + radius + 1], 0.6, 2, true);
  // Splatter: flecks placed by a fixed pattern, so every render is the same.
  for (let i = 0; i < 46; i++) {
    const angle = i * 2.399;
    const dist = radius * (0.45 + 0.5 * ((i * 0.618) % 1));
    const fx = cx + Math.cos(angle) * dist;
    const fy = cy + Math.sin(angle) * dist;
    fill(r, inCircle(fx, fy, 1.5 + (i % 4)), i % 3 === 0 ? WHITE : hsl(300, 0.9, 0.8), [fx - 7, fy - 7, fx + 8, fy + 8], 0.85);
  }
  fill(r, (x, y) => (x - cx) * 0.7 + (y - cy) < -radius * 0.55 && disc(x, y), WHITE, [cx - radius, cy - radius, cx + radius + 1, cy + 1], 0.12);
  fill(r, inCircle(cx, cy, radius * 0.3), INK, [cx - radius * 0.3, cy - radius * 0.3, cx + radius * 0.3 + 1, cy + radius * 0.3 + 1]);
  sunPrint(r, cx, cy - radius * 0.06, radius * 0.17);
  fill(r, inCircle(cx, cy, 4), hsl(230, 0.25, 0.86), [cx - 5, cy - 5, cx + 6, cy + 6]);
}

function vinyl(side) {
  const r = backdrop(hsl(200, 0.3, 0.9), hsl(200, 0.22, 0.72));
  if (side === "record") {
    floorShadow(r, 200, 352, 150, 14);
    record(r, 200, 200, 150);
    return r;
  }
  floorShadow(r, 210, 346, 170, 12);
  record(r, 250, 196, 124);
  // The sleeve: a square in the album's night sky, a sun over a grid, the title.
  const [x0, y0, x1, y1] = [60, 72, 308, 320];
  const sleeve = inPolygon([
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ]);
  for (let y = y0; y < y1; y++) {
    const t = (y - y0) / (y1 - y0);
    fill(r, sleeve, t < 0.62 ? mixColor(hsl(260, 0.7, 0.12), hsl(320, 0.85, 0.4), Math.floor(t * 10) / 6) : hsl(255, 0.6, 0.08), [x0, y, x1, y + 1]);
  }
  sunPrint(r, 184, 196, 52);
  for (let i = 0; i <= 8; i++) {
    const x = x0 + ((x1 - x0) * i) / 8;
    r.glowLine(184 + (x - 184) * 0.2, 226, x, y1 - 1, CYAN, 0.35, 1);
  }
  for (let y = 232; y < y1; y += (y - 220) * 0.35 + 4) r.glowLine(x0, y, x1 - 1, y, CYAN, 0.35, 1);
  text(r, "FREESTYLE", 3, 92, WHITE, PINK, { x: 80 });
  text(r, "NIGHTS", 3, 118, WHITE, CYAN, { x: 80 });
  // A sticker: the bundle's promise.
  fill(r, inCircle(270, 112, 30), GOLD, [238, 80, 302, 144]);
  text(r, "LP+", 2, 100, INK, GOLD, { x: 252, strength: 0 });
  text(r, "MP3", 2, 118, INK, GOLD, { x: 252, strength: 0 });
  return r;
}

// ---- the gift cards -------------------------------------------------------------------------------

/** `tierId`: the gift's tier (null: VIP), named on the card in its own colour. */
function giftCard(months, tierId) {
  const r = backdrop(hsl(280, 0.3, 0.9), hsl(280, 0.22, 0.74));
  floorShadow(r, 200, 318, 170, 12);
  const [x0, y0, x1, y1] = [40, 92, 360, 300];
  const card = inRoundRect(x0, y0, x1, y1, 18);
  const hue = tierId ? 160 : ({ 1: 200, 3: 262, 6: 325, 12: 42 }[months] ?? 262);
  for (let y = y0; y < y1; y++) fill(r, card, mixColor(hsl(hue, 0.8, 0.3), hsl(hue + 60, 0.9, 0.5), (y - y0) / (y1 - y0)), [x0, y, x1 + 1, y + 1]);
  // A ribbon across the card and its bow, as on a wrapped present.
  fill(r, (x, y) => Math.abs(x - 326) < 9 && card(x, y), GOLD, [316, y0, 336, y1]);
  fill(r, inCircle(312, 116, 13), GOLD, [298, 102, 326, 130]);
  fill(r, inCircle(340, 116, 13), GOLD, [326, 102, 354, 130]);
  fill(r, (x, y) => y > y1 - 34 && card(x, y), INK, [x0, y1 - 34, x1 + 1, y1 + 1], 0.35);
  if (tierId) text(r, `GIFT ${tierId.replaceAll("-", " ")}`.toUpperCase(), 3, 150, WHITE, PINK, { x: 66 });
  else text(r, "GIFT VIP", 5, 146, WHITE, PINK, { x: 66 });
  text(r, months === 1 ? "1 MONTH" : `${months} MONTHS`, 3, 202, GOLD, PURPLE, { x: 68 });
  text(r, "FREESTYLE LOVERS", 2, y1 - 24, WHITE, CYAN, { x: 66, strength: 0.3 });
  return r;
}

/** The drawing for a demo product's place, or null when it keeps the cover-style picture (downloads). */
export function productPictureRaster(product, index) {
  if (product.slug === "tour-shirt-2026") return shirt(index === 0 ? "front" : "back");
  if (product.slug === "freestyle-nights-vinyl") return vinyl(index === 0 ? "sleeve" : "record");
  if (product.kind === "gift_vip") return giftCard(product.giftMonths ?? 1, product.giftTierId ?? null);
  return null;
}

/** The same as a PNG. */
export function renderProductPicturePng(product, index) {
  const raster = productPictureRaster(product, index);
  return raster ? encodePngRgba(S, S, raster.rgba) : null;
}
