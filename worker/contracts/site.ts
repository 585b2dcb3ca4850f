// Site pictures the SPA shows and the Worker names in the HTML (preload hints). No zod here: the
// landing chunk imports it.

/**
 * The landing hero's four backdrops, R2 `site/hero-<n>-{640,1280}.jpg`, 16:9, and for phones
 * `site/hero-<n>-portrait.jpg`, a 404x720 cut of the wide one: a phone's hero is taller than wide,
 * so it shows only that part of the wide picture, and need not download the rest. The demo ones
 * (stage lights, a city skyline at night, crowd silhouettes, a neon sunset) are generated offline
 * by scripts/lib/demo-site-media.mjs.
 */
export const HERO_IMAGES = [1, 2, 3, 4].map((n) => ({
  src: `/media/site/hero-${n}-1280.jpg`,
  srcSet: `/media/site/hero-${n}-640.jpg 640w, /media/site/hero-${n}-1280.jpg 1280w`,
  // With its width, as the wide ones: HTML requires `sizes` beside a width, and the checker
  // refused the portrait's bare address next to the picture's sized <img>.
  portraitSrcSet: `/media/site/hero-${n}-portrait.jpg 404w`,
}));
/** The hero pictures fill the viewport's width. */
export const HERO_IMAGE_SIZES = "100vw";
/** Screens that get the portrait cut: phones held upright (wider ones would enlarge it too much). */
export const HERO_PORTRAIT_MEDIA = "(max-width: 480px)";

/** The tour poster (R2 site/events-banner.jpg, 1600x600, and an 800 wide cut): the landing's events section and /events's link previews. */
export const EVENTS_BANNER = {
  src: "/media/site/events-banner.jpg",
  srcSet: "/media/site/events-banner-800.jpg 800w, /media/site/events-banner.jpg 1600w",
  width: 1600,
  height: 600,
};

/**
 * The landing's three iconic hits (docs/features.md#landing-page), catalog track ids (scripts/catalog/catalog.mjs
 * ICONIC_TRACK_IDS): GET /api/artist answers their covers.
 */
export const ICONIC_TRACK_IDS = ["spring-love", "moonlight-boulevard-1", "i-wanna-be-the-one"] as const;
