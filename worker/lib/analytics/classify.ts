// What POST /api/collect keeps of a page view and what it leaves out: robots, private pages, the
// referrer beyond its host. Pure functions of the request's own fields.
import { MOBILE_MAX_WIDTH_PX } from "#contracts/admin/analytics.ts";
import { COUNTED_PAGES, PAGE_ID_PARAMS } from "#contracts/areas/index.ts";

/**
 * User agents of crawlers, link previewers, monitors, scripted clients and headless or automated
 * browsers: they are not visitors. "bot" alone would also match the Cubot phone brand.
 */
const ROBOT_USER_AGENT =
  /(?<!cu)bot\b|bot[/;_-]|crawl|spider|slurp|archiver|headless|lighthouse|pagespeed|gtmetrix|phantomjs|puppeteer|playwright|selenium|webdriver|electron\/|facebookexternalhit|facebookcatalog|embedly|bingpreview|preview|whatsapp|mediapartners|adsbot|google-inspectiontool|feedfetcher|validator|monitor|uptime|pingdom|statuscake|curl\/|wget\/|httpie|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|apache-httpclient|axios\/|node-fetch|undici|got \(|libwww|scrapy|ahrefs|semrush|bytespider|petalbot|gptbot|ccbot|claude|anthropic|perplexity|^mozilla\/5\.0$/i;

/** True for a missing user agent or one of a robot or an automated browser. */
export function isRobot(userAgent: string | undefined): boolean {
  const ua = userAgent?.trim();
  return !ua || ROBOT_USER_AGENT.test(ua);
}

/** Global Privacy Control: the visitor asked not to be tracked, so the view is not counted. */
export const refusesTracking = (secGpc: string | undefined) => secGpc?.trim() === "1";

/** Back-office and API paths are not site pages. */
const PRIVATE_PATH = /^\/(?:admin|api)(?:[/?#]|$)/i;

/**
 * The site's public pages (the areas' `pages`, checked against app/routeTree.gen.ts by
 * tests/node/analytics-pages.test.ts), each segment literal or an id its area's `pageIdParams`
 * accepts. The path is free text in the beacon, so anything else (spam, HTML, control or bidi
 * characters, percent-escapes, invalid UTF-8 read as U+FFFD, a page that does not exist) would
 * otherwise be stored and listed in Top Pages as it came. Local-only pages (/dev/mailbox,
 * /vip-checkout/test) are not site pages either.
 */
const SHAPES = COUNTED_PAGES.map((page) => page.split("/").slice(1));

function isKnownPage(path: string): boolean {
  const segments = path.split("/").slice(1);
  return SHAPES.some((shape) => shape.length === segments.length && shape.every((part, i) => PAGE_ID_PARAMS[part]?.(segments[i]!) ?? part === segments[i]));
}

/**
 * The path as stored (no query string or fragment, no trailing slash but for "/"), or null for a
 * path that is not counted: a private one, or one that is not a page of the site (isKnownPage).
 */
export function countedPath(path: string): string | null {
  if (PRIVATE_PATH.test(path)) return null;
  const bare = path.replace(/[?#].*$/, "");
  const trimmed = (bare.length > 1 ? bare.replace(/\/+$/, "") : bare) || "/";
  return isKnownPage(trimmed) ? trimmed : null;
}

/**
 * Only the host of the referrer, lower-cased and without a leading "www.", so one site is one
 * row. Accepts a host or a whole URL. Empty, unreadable or this site's own host: null (direct).
 */
export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  const raw = referrer?.trim();
  if (!raw) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`).hostname;
  } catch {
    return null;
  }
  const bare = (h: string) =>
    h
      .toLowerCase()
      .replace(/^www\./, "")
      .replace(/\.$/, "");
  host = bare(host);
  if (!host || host === bare(ownHost)) return null;
  return host;
}

export const deviceOf = (width: number): "mobile" | "desktop" => (width < MOBILE_MAX_WIDTH_PX ? "mobile" : "desktop");
