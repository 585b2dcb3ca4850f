// What the Worker and the app's server entry (app/ssr/render.tsx) say to each other. The Worker
// imports the entry as "app-ssr" (an alias: vite.config.ts, vitest.config.ts; its types are
// worker/app-ssr.d.ts), so the Worker's type check never reads the app's DOM code. Which pages it
// renders is the areas' `ssrPages` (SSR_ROUTES in worker/contracts/areas/).
import type { Locale } from "./locale";

/** The embeddable players: framed by any site, rendered for nobody in particular (no cookie read). */
export const isEmbedPath = (pathname: string) => pathname.startsWith("/embed/");

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
