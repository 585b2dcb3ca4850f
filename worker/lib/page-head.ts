// The <head> of a server-rendered page: its title and description, the link-preview tags (Open
// Graph, Twitter), the canonical address and the language alternates. Pure: the page route
// passes what the page said of itself (contracts/ssr.ts PageHead) and the request's address.
import { LANG_PARAM, languageAlternates, type Locale } from "#contracts/locale.ts";
import type { PageHead } from "#contracts/ssr.ts";

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The site's picture for pages without one of their own: the first hero backdrop, 16:9. */
export const SITE_SHARE_IMAGE = { url: "/media/site/hero-1-1280.jpg", width: 1280, height: 720 } as const;

const OG_LOCALES: Record<Locale, string> = { en: "en_US", "pt-BR": "pt_BR" };

export type HeadInput = {
  head: PageHead;
  /** The address asked for: its path and query make the page's canonical address. */
  url: URL;
  locale: Locale;
  brand: string;
};

/**
 * The canonical address: the page's own, without its tracking or state parameters, keeping ?lang=
 * when it names a language (each language's page is its own canonical, listed as an alternate).
 */
export function canonicalUrl(url: URL): string {
  const canonical = new URL(url.pathname, url.origin);
  const lang = url.searchParams.get(LANG_PARAM);
  if (lang) canonical.searchParams.set(LANG_PARAM, lang);
  return canonical.href;
}

/** The tags for the end of the <head> (the title and description are set in place by the caller). */
export function pageHeadTags({ head, url, locale, brand }: HeadInput): string {
  const canonical = canonicalUrl(url);
  const image = head.image ?? SITE_SHARE_IMAGE;
  const imageUrl = new URL(image.url, url.origin).href;
  const property = (key: string, value: string) => `<meta property="${key}" content="${escapeHtml(value)}">`;
  const named = (key: string, value: string) => `<meta name="${key}" content="${escapeHtml(value)}">`;
  return [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...languageAlternates(new URL(url.pathname, url.origin)).map(
      ({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`,
    ),
    property("og:type", head.type ?? "website"),
    property("og:site_name", brand),
    property("og:title", head.title),
    property("og:description", head.description),
    property("og:url", canonical),
    property("og:locale", OG_LOCALES[locale]),
    property("og:image", imageUrl),
    ...(image.width && image.height ? [property("og:image:width", String(image.width)), property("og:image:height", String(image.height))] : []),
    // A wide picture as a large card; a cover (square, or of unknown size) beside the text.
    named("twitter:card", image.width && image.height && image.width > image.height ? "summary_large_image" : "summary"),
    named("twitter:title", head.title),
    named("twitter:description", head.description),
    named("twitter:image", imageUrl),
  ].join("");
}

/**
 * JSON for a <script type="application/json"> element: every <, > and & as a \u escape, so no
 * text in the data ("</script>") can end the element; the parsed value is the same.
 */
export const scriptSafeJson = (json: string) => json.replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** An embed's head: kept out of search results (its track or album page is the one to list). */
export const EMBED_HEAD_TAGS = `<meta name="robots" content="noindex">`;

/** The oEmbed discovery link of an album or track page: consumers find the embed through it. */
export function oembedDiscoveryTag(url: URL, title: string): string {
  const endpoint = new URL("/oembed", url.origin);
  endpoint.searchParams.set("url", new URL(url.pathname, url.origin).href);
  return `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(endpoint.href)}" title="${escapeHtml(title)}">`;
}
