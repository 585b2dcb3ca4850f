// Site pictures the SPA shows and the Worker names in the HTML (preload hints). No zod here: the
// landing chunk imports it.

/**
 * The landing hero's four backdrops, R2 `site/hero-<n>-{640,1280}.jpg`, 16:9. The demo ones (stage
 * lights, a city skyline at night, crowd silhouettes, a neon sunset) are generated offline by
 * scripts/lib/demo-site-media.mjs.
 */
export const HERO_IMAGES = [1, 2, 3, 4].map((n) => ({
  src: `/media/site/hero-${n}-1280.jpg`,
  srcSet: `/media/site/hero-${n}-640.jpg 640w, /media/site/hero-${n}-1280.jpg 1280w`,
}));
/** The hero pictures fill the viewport's width. */
export const HERO_IMAGE_SIZES = "100vw";
