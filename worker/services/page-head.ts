// The extra <head> content of server-rendered pages, as the areas declare it (`pageHead` in
// worker/contracts/areas/): one renderer per kind. Each piece is a bonus: a renderer that fails
// costs the page that piece only, never the page.
import type { Context } from "hono";
import type { HonoEnv } from "../types";
import type { Locale } from "../contracts/locale";
import type { SsrRouteId } from "../contracts/ssr";
import { PAGE_HEAD_EXTRAS, type HeadExtra } from "../contracts/areas";
import { oembedDiscoveryTag } from "../lib/page-head";
import { musicPageHead } from "./artist";
import { upcomingEventsJsonLd } from "./events";
import { productPageHead } from "./store-page-head";

type PageInput = { url: URL; title: string; locale: Locale };
type Renderer = { render: (c: Context<HonoEnv>, page: PageInput) => Promise<string | null> | string; leftOut: string };

const RENDERERS: Record<HeadExtra, Renderer> = {
  "oembed-discovery": { render: (_c, { url, title }) => oembedDiscoveryTag(url, title), leftOut: "oEmbed discovery link left out" },
  "album-markup": { render: (c, { url, locale }) => musicPageHead(c.env, c.var.db, "album", url, locale), leftOut: "music page markup left out" },
  "track-markup": { render: (c, { url, locale }) => musicPageHead(c.env, c.var.db, "track", url, locale), leftOut: "music page markup left out" },
  "upcoming-events": { render: (c, { locale }) => upcomingEventsJsonLd(c, locale), leftOut: "events JSON-LD left out" },
  "product-markup": { render: (c, { url, locale }) => productPageHead(c.env, c.var.db, url, locale), leftOut: "product markup left out" },
};

/** The page's declared extras, rendered side by side, in their declared order. */
export async function pageHeadExtras(c: Context<HonoEnv>, route: SsrRouteId, title: string, locale: Locale): Promise<string> {
  const page = { url: new URL(c.req.url), title, locale };
  const pieces = await Promise.all(
    (PAGE_HEAD_EXTRAS[route] ?? []).map(async (extra) => {
      const { render, leftOut } = RENDERERS[extra];
      try {
        return (await render(c, page)) ?? "";
      } catch (error) {
        console.error(leftOut, error);
        return "";
      }
    }),
  );
  return pieces.join("");
}
