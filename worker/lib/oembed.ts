// oEmbed (https://oembed.com) for the site's album and track pages: which page an address is,
// and the JSON answer that puts the embeddable player in another site's page. Pure.
import { EMBED_SIZES, embedIframeHtml, type EmbedKind } from "#contracts/embed.ts";
import { SLUG_PATTERN } from "#contracts/music/music.ts";

/** The embeddable item an address of this site names (its page, or its embed), or null. */
export function embeddableOf(address: string, origin: string): { kind: EmbedKind; id: string } | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const match = /^\/(?:music\/(track|catalog)|embed\/(track|album))\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  const id = match[3]!;
  if (!SLUG_PATTERN.test(id)) return null;
  const kind: EmbedKind = match[1] === "track" || match[2] === "track" ? "track" : "album";
  return { kind, id };
}

export type OembedItem = { kind: EmbedKind; id: string; title: string; thumbnail: { url: string; width: number; height: number } | null };

export type OembedResponse = {
  version: "1.0";
  type: "rich";
  provider_name: string;
  provider_url: string;
  title: string;
  author_name: string;
  author_url: string;
  html: string;
  width: number;
  height: number;
  cache_age: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
};

/** A consumer's maxwidth / maxheight: the frame shrinks to fit them, never below a usable size. */
export type OembedBounds = { maxwidth?: number; maxheight?: number };
const MIN_WIDTH = 240;

export function oembedResponse(item: OembedItem, origin: string, brand: string, artist: string, bounds: OembedBounds): OembedResponse {
  const size = EMBED_SIZES[item.kind];
  const width = Math.max(MIN_WIDTH, Math.min(size.width, bounds.maxwidth ?? size.width));
  const height = Math.min(size.height, bounds.maxheight ?? size.height);
  const html = embedIframeHtml(origin, item.kind, item.id, item.title).replace(
    `width="${size.width}" height="${size.height}"`,
    `width="${width}" height="${height}"`,
  );
  return {
    version: "1.0",
    type: "rich",
    provider_name: brand,
    provider_url: `${origin}/`,
    title: item.title,
    author_name: artist,
    author_url: `${origin}/music`,
    html,
    width,
    height,
    cache_age: 3600,
    ...(item.thumbnail && {
      thumbnail_url: new URL(item.thumbnail.url, origin).href,
      thumbnail_width: item.thumbnail.width,
      thumbnail_height: item.thumbnail.height,
    }),
  };
}
