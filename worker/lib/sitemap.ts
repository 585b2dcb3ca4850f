// /sitemap.xml and /robots.txt as text. Pure: the route passes the addresses and what is known of
// them. Every address is listed with its language alternates (en, pt-BR, x-default), as the pages'
// own hreflang links name them.
import { languageAlternates } from "#contracts/locale.ts";

export type SitemapEntry = {
  /** Address of the page: absolute here (an area's reader gives it site-relative, routes/sitemap.ts makes it absolute). */
  loc: string;
  /** When its content last changed, if known. */
  lastmod?: Date;
  /** Addresses of the pictures it shows (covers, event posters), absolute as its own. */
  images?: string[];
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

function urlElement({ loc, lastmod, images = [] }: SitemapEntry): string {
  const lines = [`<loc>${escapeXml(loc)}</loc>`];
  if (lastmod) lines.push(`<lastmod>${lastmod.toISOString()}</lastmod>`);
  for (const { hreflang, href } of languageAlternates(new URL(loc))) {
    lines.push(`<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`);
  }
  for (const image of new Set(images)) lines.push(`<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`);
  return `<url>${lines.join("")}</url>`;
}

export function sitemapXml(entries: SitemapEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...entries.map(urlElement),
    "</urlset>",
    "",
  ].join("\n");
}

/** Paths no crawler needs: the API, the back office, tools, and a member's own checkout pages. */
const DISALLOWED = ["/api/", "/admin", "/dev/", "/vip-checkout/", "/vip-membership/"];

export const robotsTxt = (origin: string) =>
  ["User-agent: *", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
