// The app's pages. Public pages (the areas' SSR_ROUTES, contracts/areas/) are rendered to HTML here by the
// app's server entry, in the visitor's language, with their head (title, description, share
// tags, canonical, hreflang), the build's hints for their chunks and styles, and the data they
// were rendered from, which the browser hydrates with. Signed-in and back-office pages get the
// bare shell and render in the browser. An address no page has is a 404 with the app's
// not-found page; so is an album, track or post that does not exist.
//
// One render pass (decision 061): the page's data is read by the API routes' own handlers, run
// in-process in this request (middleware/page-reads.ts), and the head's extras reuse those reads
// (lib/request-memo.ts). A visitor's page that only public reads went into is kept by the edge
// cache for as long as the shortest of them may be; browsers revalidate it every time.
import { AsyncLocalStorage } from "node:async_hooks";
import { Hono, type Context } from "hono";
import ssr from "app-ssr";
import type { HonoEnv } from "../types";
import type { AppEnv } from "../env";
import { isLocalMode, readConfig } from "../env";
import { isLoopbackRequest } from "../middleware/local-only";
import type { Locale } from "#contracts/locale.ts";
import { APP_MODULES_ID, isEmbedPath, SSR_STATE_ID, type ApiTransport, type RenderedPage } from "#contracts/ssr.ts";
import { firstLoadHints } from "../services/first-load";
import { pageHeadExtras } from "../services/page-head";
import { isSsrRoute, PERSONAL_PAGES, UNLISTED_PAGES, type SsrRouteId } from "#contracts/areas/index.ts";
import { EMBED_HEAD_TAGS, escapeHtml, pageHeadTags, scriptSafeJson } from "../lib/page-head";
import { withRequestMemo } from "../lib/request-memo";
import { keptOnceRead } from "../lib/memo";
import { readSessionToken } from "../services/session";
import { requestLanguage } from "../middleware/content-language";
import { pageEdgeMaxAge, pageReadsOf, withPageReads } from "../middleware/page-reads";

/** The API routes, run in-process for a page's reads (worker/app.ts's `pageReadRoutes`). */
type ReadFetch = (request: Request, env: AppEnv, ctx: Context<HonoEnv>["executionCtx"]) => Response | Promise<Response>;

// The app's API requests during a render go to this request's own reads: one transport for the
// isolate, which finds the request it serves here.
const rendering = new AsyncLocalStorage<ApiTransport>();
ssr.setApiTransport((path, init) => {
  const transport = rendering.getStore();
  if (!transport) return Promise.reject(new Error(`API request outside a page render: ${path}`));
  return transport(path, init);
});

/** Request headers an API answer may depend on: who asks, in which language, from where. */
const FORWARDED_HEADERS = ["cookie", "accept-language", "user-agent", "cf-connecting-ip", "cf-ipcountry"];

function transportFor(c: Context<HonoEnv>, readFetch: ReadFetch, forNobody: boolean): ApiTransport {
  // An embed renders for nobody in particular: whoever's cookies came along stay out of it.
  const forwarded = forNobody ? FORWARDED_HEADERS.filter((name) => name !== "cookie") : FORWARDED_HEADERS;
  return (path, init) => {
    const headers = new Headers(init.headers);
    for (const name of forwarded) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    return Promise.resolve(readFetch(new Request(new URL(path, c.req.url), { ...init, headers }), c.env, c.executionCtx));
  };
}

declare const __VITE_DEV_SERVER__: boolean | undefined;
/** Vite's dev server transforms index.html as it is edited: read it every time there. */
const viteDevServer = typeof __VITE_DEV_SERVER__ !== "undefined" && __VITE_DEV_SERVER__;

type ShellCopy = { body: string; status: number; headers: [string, string][] };
// One read per isolate and assets binding, as the first-load manifest: the built index.html changes
// only with a new deployment, and every page (rendered or not) starts from it. Only a good read is
// kept; a failed one is tried again by the next request.
const readShell = keptOnceRead<Fetcher, ShellCopy>((read) => read.status === 200);

/** The built index.html, a fresh Response each time (the assets binding's headers are immutable). */
async function shell(c: Context<HonoEnv>): Promise<Response> {
  const assets = c.env.ASSETS;
  const read = async (): Promise<ShellCopy> => {
    const res = await assets.fetch(new Request(new URL("/", c.req.url)));
    return { body: await res.text(), status: res.status, headers: [...res.headers] };
  };
  const { body, status, headers } = viteDevServer ? await read() : await readShell(assets, read);
  return new Response(body, { status, headers });
}

const jsonIsland = (id: string, json: string) => `<script type="application/json" id="${id}">${scriptSafeJson(json)}</script>`;

/** The shell with the rendered page in its root element, and the page's head, hints and data. */
async function htmlPage(c: Context<HonoEnv>, page: RenderedPage, locale: Locale): Promise<Response> {
  const template = await shell(c);
  if (!template.ok) return template;
  const url = new URL(c.req.url);
  const route = page.routeId as SsrRouteId;
  const [hints, extras] = await Promise.all([
    isSsrRoute(route) ? firstLoadHints(c.env.ASSETS, url.origin, route, locale) : null,
    page.status === 200 ? pageHeadExtras(c, route, page.head.title, locale) : "",
  ]);
  const brand = readConfig(c.env).BRAND_NAME;
  const embed = isEmbedPath(url.pathname);
  // An embed is part of another site's page, not a page to share or to list in search results.
  const shareTags = page.status !== 200 ? "" : embed ? EMBED_HEAD_TAGS : pageHeadTags({ head: page.head, url, locale, brand });
  const head = shareTags + (hints?.styles ?? "") + extras;
  let entry: string | null = null;
  const html = new HTMLRewriter()
    .on("html", { element: (el) => void el.setAttribute("lang", locale) })
    .on("title", { element: (el) => void el.setInnerContent(page.head.title || brand) })
    // Written whole, escaped as the share tags are: the rewriter's setAttribute escapes only quotes,
    // and a description now quotes the content (an album's notes, its title), < and > included.
    .on('meta[name="description"]', {
      element: (el) => void (page.head.description && el.replace(`<meta name="description" content="${escapeHtml(page.head.description)}">`, { html: true })),
    })
    // The page's scripts start after its first paint (index.html's loader): the server's HTML
    // shows at once, and its styles and pictures are not held up by the scripts' downloads.
    .on('link[rel="modulepreload"]', { element: (el) => void (hints && el.remove()) })
    .on('script[type="module"][src]', {
      element: (el) => {
        if (!hints) return;
        entry = el.getAttribute("src");
        el.remove();
      },
    })
    .on("head", { element: (el) => void el.append(head, { html: true }) })
    .on("#root", {
      element: (el) => {
        el.setInnerContent(page.html, { html: true });
        const modules = hints && entry ? jsonIsland(APP_MODULES_ID, JSON.stringify([entry, ...hints.modules.filter((module) => module !== entry)])) : "";
        el.after(jsonIsland(SSR_STATE_ID, page.state) + modules, { html: true });
      },
    })
    .transform(template);
  const headers = new Headers(html.headers);
  for (const name of ["content-length", "etag", "last-modified"]) headers.delete(name);
  headers.set("Content-Type", "text/html; charset=utf-8");
  // A signed-in visitor's page holds their session's data: never in a shared cache. An embed holds
  // nobody's.
  headers.set("Cache-Control", readSessionToken(c) && !embed ? "private, no-cache" : "public, max-age=0, must-revalidate");
  headers.set("Vary", embed ? "Accept-Language" : "Cookie, Accept-Language");
  headers.set("Content-Language", locale);
  return new Response(html.body, { status: page.status, headers });
}

/**
 * Personal pages opened from a mail, whose address carries a token or a signed link (the areas'
 * `personalPages`: the newsletter's confirm, unsubscribe and preference pages and the reminder's
 * confirmation, decision 045, a gift card `/redeem/card/:code`): the shell, kept out of search
 * results. A trailing slash is the same page; a `:name` segment stands for any one segment.
 */
const PERSONAL_SHAPES = PERSONAL_PAGES.map((page) => page.split("/"));
function isPersonalPage(path: string): boolean {
  const segments = (path.length > 1 ? path.replace(/\/$/, "") : path).split("/");
  return PERSONAL_SHAPES.some(
    (shape) => shape.length === segments.length && shape.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part === segments[i])),
  );
}

/** Addresses that are never pages: an unknown one is the API's JSON 404, not the app's. */
const NOT_PAGES = /^\/(?:api|uploads|media)(?:\/|$)/;

/** Local mode's helper pages (the mailbox): their API exists only on this machine, so they do too. */
const LOCAL_MACHINE_PAGES = /^\/dev(?:\/|$)/;
const isLocalMachineRequest = (c: Context<HonoEnv>) => isLocalMode(c.env) && isLoopbackRequest(c.req.url);

/**
 * Mounted last, for GET and HEAD of every address no other route answers. `readFetch` runs the
 * API routes in-process (worker/app.ts): the render's reads go through it.
 */
export function pageRoutes(readFetch: ReadFetch) {
  return new Hono<HonoEnv>().get("*", (c, next) => withRequestMemo(() => answerPage(c, next, readFetch)));
}

async function answerPage(c: Context<HonoEnv>, next: () => Promise<void>, readFetch: ReadFetch): Promise<Response | void> {
  if (NOT_PAGES.test(c.req.path)) return next();
  if (LOCAL_MACHINE_PAGES.test(c.req.path) && !isLocalMachineRequest(c)) return next();
  const { routeId, signIn } = ssr.matchPage(c.req.url);
  // Signed-in and back-office pages: the shell, for the browser to render. A request without a
  // session is sent to sign in at once, as the page's guard would after loading the app (the
  // shell would show nothing meanwhile); a session the Worker no longer knows still gets the
  // shell, and the guard in the browser sends it on.
  if (routeId !== null && !isSsrRoute(routeId)) {
    const page = signIn && !readSessionToken(c) ? c.redirect(signIn, 302) : await shell(c);
    if (isPersonalPage(c.req.path)) page.headers.set("X-Robots-Tag", "noindex");
    return page;
  }
  const locale = requestLanguage(c);
  const forNobody = isEmbedPath(c.req.path);
  let page: RenderedPage;
  let edgeMaxAge = 0;
  try {
    const reads = await pageReadsOf(c, forNobody);
    page = await withPageReads(reads, () => rendering.run(transportFor(c, readFetch, forNobody), () => ssr.renderPage({ url: c.req.url, locale })));
    // Shared only when nobody's session went into it (the edge cache also refuses any request
    // with a session cookie, an embed's included).
    if (!readSessionToken(c)) edgeMaxAge = pageEdgeMaxAge(reads);
  } catch (error) {
    // The browser can still render the page from the shell: a failed render never costs the visit.
    console.error("page render failed", c.req.path, error);
    return shell(c);
  }
  if (page.redirect) return c.redirect(page.redirect, page.status as 301 | 302 | 303 | 307 | 308);
  const answer = await htmlPage(c, routeId === null ? { ...page, status: 404 } : page, locale);
  if (UNLISTED_PAGES.includes(c.req.path.replace(/(.)\/$/, "$1"))) answer.headers.set("X-Robots-Tag", "noindex");
  if (answer.status === 200 && edgeMaxAge > 0) c.set("edgeMaxAge", edgeMaxAge);
  return answer;
}
