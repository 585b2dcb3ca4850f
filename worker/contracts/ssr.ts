// What the Worker and the app's server entry (app/ssr/render.tsx) say to each other. The Worker
// imports the entry as "app-ssr" (an alias: vite.config.ts, vitest.config.ts; its types are
// worker/app-ssr.d.ts), so the Worker's type check never reads the app's DOM code.
import type { Locale } from "./locale";

/**
 * The pages the Worker renders to HTML, by the router's route id, with each one's route file
 * (the build lists every one's chunks and styles for the page's <head>, first-load.json). Other
 * app pages (signed-in and back-office ones) are sent as the bare shell and render in the browser.
 */
export const SSR_ROUTES = {
  "/": "app/routes/index.tsx",
  "/events": "app/routes/events.tsx",
  "/music/": "app/routes/music/index.tsx",
  "/music/catalog/": "app/routes/music/catalog/index.tsx",
  "/music/catalog/$id": "app/routes/music/catalog/$id.tsx",
  "/music/track/$trackId": "app/routes/music/track/$trackId.tsx",
  "/vip-signup": "app/routes/vip-signup.tsx",
  "/signup-options": "app/routes/signup-options.tsx",
  "/privacy": "app/routes/privacy.tsx",
  "/terms": "app/routes/terms.tsx",
  "/copyright": "app/routes/copyright.tsx",
  "/radio/": "app/routes/radio/index.tsx",
  "/tv": "app/routes/tv.tsx",
  "/virtual-meet": "app/routes/virtual-meet.tsx",
  "/social/login": "app/routes/social/login.tsx",
  "/social/signup": "app/routes/social/signup.tsx",
  "/social/post/$postId": "app/routes/social/post/$postId.tsx",
  "/store/": "app/routes/store/index.tsx",
  "/store/$product": "app/routes/store/$product.tsx",
  "/perks": "app/routes/perks.tsx",
  "/search": "app/routes/search.tsx",
  "/embed/track/$trackId": "app/routes/embed/track/$trackId.tsx",
  "/embed/album/$albumId": "app/routes/embed/album/$albumId.tsx",
} as const satisfies Record<string, string>;

export type SsrRouteId = keyof typeof SSR_ROUTES;

/** The embeddable players: framed by any site, rendered for nobody in particular (no cookie read). */
export const isEmbedPath = (pathname: string) => pathname.startsWith("/embed/");
export const isSsrRoute = (routeId: string): routeId is SsrRouteId => Object.hasOwn(SSR_ROUTES, routeId);

/** How the app's server entry reaches the API: the Worker's own routes, with the visitor's cookies. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

/**
 * Which route an address is: `routeId` null when no page matches (a 404). `signIn`: where a
 * visitor is sent to sign in first (the route's guard's address, with the way back), or null when
 * the page is open to visitors.
 */
export type PageMatch = { routeId: string | null; signIn: string | null };

/** What a page says of itself for the <head>: set by usePageMeta while it renders. */
export type PageHead = {
  title: string;
  description: string;
  /** The page's picture for link previews (a cover, a banner), site-relative or absolute; its size when known. */
  image?: { url: string; width?: number; height?: number };
  /** Open Graph type: website unless the page says (music.album, music.song, article). */
  type?: string;
};

export type RenderedPage = {
  /** 200, 404 when the page (or the album, track or post it names) does not exist, or a redirect's. */
  status: number;
  /** Where a redirect sends the visitor (a route guard's, or the page's canonical address). */
  redirect?: string;
  /** The markup of the app's root element. */
  html: string;
  head: PageHead;
  /** The route the page rendered (for its chunks and styles). */
  routeId: string;
  /** The data the page was rendered with, for the browser to hydrate from (JSON). */
  state: string;
};

export type RenderInput = { url: string; locale: Locale };

/** The server entry's surface, implemented by app/ssr/render.tsx. */
export type AppSsr = {
  /** Sets how API requests leave the app on the server; called once per isolate. */
  setApiTransport: (transport: ApiTransport) => void;
  matchPage: (url: string) => PageMatch;
  renderPage: (input: RenderInput) => Promise<RenderedPage>;
};

/** The id of the JSON element that carries RenderedPage.state and the locale into the page. */
export const SSR_STATE_ID = "ssr-state";
/**
 * The element of a server-rendered page listing its modules, entry first (a JSON array), which
 * index.html's inline loader starts once the page has painted.
 */
export const APP_MODULES_ID = "app-modules";
export type SsrState = { locale: Locale; queries: unknown };
