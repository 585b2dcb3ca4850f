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
// The pictures are drawn in demo-site-pictures.mjs (lit in floating point, demo-light.mjs); this
// module names the files, lists them and encodes them.
import { PICTURES } from "./demo-site-pictures.mjs";
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
/** R2 key of the demo portrait: worker/contracts/admin/settings.ts DEFAULT_ARTIST_PORTRAIT_KEY. */
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
