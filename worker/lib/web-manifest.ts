// The web app manifest (decision 042): what a browser needs to install the site as an app. Its
// names and shortcuts are in the visitor's language; the brand is the site's configuration.
import type { Locale } from "#contracts/locale.ts";

/** The shell's theme-color (index.html) and the favicon's background. */
export const THEME_COLOR = "#14061f";
/** The page's and the header's background (app/styles.css --bg): the splash screen matches the page. */
export const BACKGROUND_COLOR = "#0d0418";

const TEXT: Record<Locale, { description: string; music: string; radio: string; feed: string }> = {
  en: { description: "The official fan community: music, radio, TV, events and VIP membership.", music: "Music", radio: "Radio", feed: "Feed" },
  "pt-BR": { description: "A comunidade oficial de fãs: música, rádio, TV, eventos e assinatura VIP.", music: "Música", radio: "Rádio", feed: "Feed" },
};

/** A home screen shows about 12 characters: a longer brand goes by its first word. */
export const shortName = (brand: string) => (brand.length <= 12 ? brand : (brand.split(/\s+/)[0] ?? brand).slice(0, 12));

export function webManifest(brand: string, locale: Locale) {
  const text = TEXT[locale];
  const shortcutIcon = [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }];
  return {
    id: "/",
    name: brand,
    short_name: shortName(brand),
    description: text.description,
    lang: locale,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    // The app's own pages: /music (the music hub), /radio, and the feed at /social.
    shortcuts: [
      { name: text.music, url: "/music", icons: shortcutIcon },
      { name: text.radio, url: "/radio", icons: shortcutIcon },
      { name: text.feed, url: "/social", icons: shortcutIcon },
    ],
  };
}
