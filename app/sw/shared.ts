// Names the service worker (app/sw/service-worker.ts), the page that registers it
// (app/lib/serviceWorker.ts) and the build (scripts/lib/service-worker.mjs) agree on, and the
// pure rules the worker applies to pages (decision 058), kept here so they are tested outside a
// browser.
import { APP_MODULES_ID, SSR_STATE_ID } from "#contracts/ssr.ts";
import { SSR_ROUTES, type SsrRouteId } from "#contracts/areas/index.ts";

/** The worker's address: at the root, so its scope is the whole site. */
export const SERVICE_WORKER_URL = "/sw.js";
/** The offline page (public/offline.html, served at /offline by Workers Static Assets). */
export const OFFLINE_PAGE = "/offline";
/** The message the page sends the waiting worker when the member chooses "Reload". */
export const SKIP_WAITING = "SKIP_WAITING";
/** The message the worker sends open pages when a push arrives. */
export const NOTIFICATION_MESSAGE = "notification";
export const ICON_192 = "/icons/icon-192.png";
/** Monochrome: the system draws only its alpha. */
export const BADGE_ICON = "/icons/badge-96.png";

/** The cache of public pages' last copies, shown when the network is gone. */
export const PAGES_CACHE = "pages";
/**
 * Caches that could hold something of the person signed in: the page copies (visitors' pages
 * only, but a sign-out leaves none behind either way). Deleted on every change of user.
 */
export const RUNTIME_CACHES_CLEARED_ON_SIGN_OUT = [PAGES_CACHE] as const;
/** How many page copies are kept, and for how long: a week's visits, not an archive. */
export const PAGE_COPIES = { maxEntries: 40, maxAgeSeconds: 7 * 24 * 3600 } as const;
/** A member's visit refreshes the visitor's copy of the page only when it is older than this. */
export const MEMBER_COPY_REFRESH_SECONDS = 10 * 60;
/** Stored with a copy: when the network answered it (ISO 8601). */
export const COPIED_AT_HEADER = "X-Offline-Copy";
/** The meta element the worker adds to a copy it serves offline; the app shows the banner from it. */
export const OFFLINE_COPY_META = "offline-copy";

/**
 * Server-rendered pages that are never kept: the sign-in and sign-up forms (of no use without the
 * network, and the first step of an account) and the embeds (another site's page frames them).
 */
const NEVER_KEPT: ReadonlySet<SsrRouteId> = new Set([
  "/social/login",
  "/social/signup",
  "/signup-options",
  "/vip-signup",
  "/embed/track/$trackId",
  "/embed/album/$albumId",
]);

/** A route id as an address pattern: `$name` is one segment; a trailing slash is the same page. */
function routePattern(routeId: string): RegExp {
  const segments = routeId.replace(/\/$/, "").split("/").slice(1);
  const body = segments.map((segment) => (segment.startsWith("$") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&"))).join("/");
  return new RegExp(`^/${body}${body ? "/?" : ""}$`);
}

const KEPT_PAGES = (Object.keys(SSR_ROUTES) as SsrRouteId[]).filter((id) => !NEVER_KEPT.has(id)).map(routePattern);

/**
 * Whether the page at `pathname` may be kept for offline reading: one of the public pages the
 * Worker renders with their data (SSR_ROUTES, worker/contracts/areas/), but for the sign-in forms and embeds.
 * Everything else (account, back office, checkout, chat, tickets, a member's pages) never is.
 */
export const isKeptPageAddress = (pathname: string): boolean => KEPT_PAGES.some((pattern) => pattern.test(pathname));

/** A `Cache-Control` that lets anyone keep the answer: `public`, and not `private` or `no-store`. */
export function isPublicAnswer(cacheControl: string | null): boolean {
  if (!cacheControl) return false;
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split("=")[0]);
  return directives.includes("public") && !directives.includes("private") && !directives.includes("no-store");
}

/** What the worker knows of a page's answer. */
export type PageAnswer = {
  pathname: string;
  status: number;
  /** The browser followed a redirect: the body is another address's page. */
  redirected: boolean;
  cacheControl: string | null;
  contentType: string | null;
  /** The HTML. */
  body: string;
};

/**
 * Whether a page's answer may be stored as its offline copy: a kept address, a whole 200 HTML page
 * the Worker marked `public` (a visitor's page; a signed-in member's is `private, no-cache` and
 * holds their session's data), carrying the data it was rendered from (so the app hydrates it
 * without the network).
 */
export const mayKeepPage = (answer: PageAnswer): boolean => mayKeepPageByHeaders(answer) && answer.body.includes(`id="${SSR_STATE_ID}"`);

/** `mayKeepPage` before the body is read: most pages are refused without reading theirs. */
export function mayKeepPageByHeaders(answer: Omit<PageAnswer, "body">): boolean {
  return (
    isKeptPageAddress(answer.pathname) &&
    answer.status === 200 &&
    !answer.redirected &&
    isPublicAnswer(answer.cacheControl) &&
    (answer.contentType ?? "").toLowerCase().startsWith("text/html")
  );
}

/**
 * A signed-in member's page at an address that is kept: the worker then keeps the visitor's copy
 * of that page instead (fetched without cookies), never the member's own.
 */
export const isMembersPublicPage = (answer: Omit<PageAnswer, "body">): boolean =>
  isKeptPageAddress(answer.pathname) && answer.status === 200 && !answer.redirected && /\bprivate\b/i.test(answer.cacheControl ?? "");

/** Whether a copy taken at `copiedAt` (ISO 8601, or null: none) is younger than a member's refresh. */
export function isRecentCopy(copiedAt: string | null, now: number): boolean {
  const taken = copiedAt ? Date.parse(copiedAt) : Number.NaN;
  return Number.isFinite(taken) && taken <= now && now - taken < MEMBER_COPY_REFRESH_SECONDS * 1000;
}

/** A build file's address: hashed, under /assets/ (the Worker's pages name them so). */
const isBuildFile = (path: unknown): path is string => typeof path === "string" && /^\/assets\/[^?#]+$/.test(path);

/**
 * The build files a server-rendered page runs on: the modules it lists for the app to start
 * (worker/routes/pages.ts) and its stylesheets. A copy of the page is of use offline only with them
 * (without its route's chunk the app stops on the router's error).
 */
export function pageBuildFiles(html: string): string[] {
  const files = new Set<string>();
  const island = new RegExp(`<script type="application/json" id="${APP_MODULES_ID}">([^<]*)</script>`).exec(html);
  if (island) {
    try {
      const modules: unknown = JSON.parse(island[1]!);
      if (Array.isArray(modules)) for (const path of modules) if (isBuildFile(path)) files.add(path);
    } catch {
      // Not a list the Worker wrote: no modules named.
    }
  }
  for (const link of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel="stylesheet"/i.test(link[0])) continue;
    const href = /\bhref="([^"]*)"/i.exec(link[0])?.[1];
    if (isBuildFile(href)) files.add(href);
  }
  return [...files];
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The copy's HTML with the time it was taken, for the app's "Offline copy from …" banner. */
export function markOfflineCopy(html: string, copiedAt: string): string {
  const meta = `<meta name="${OFFLINE_COPY_META}" content="${escapeAttribute(copiedAt)}">`;
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  return head ? html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length) : meta + html;
}
