/// <reference lib="webworker" />
// The service worker (decisions 042 and 058), built by scripts/lib/service-worker.mjs into /sw.js
// with the list of files to precache. What it does, and what it never does:
// - precaches the app's shell (the entry chunk, what it imports, its styles, the site catalogs)
//   and the offline page, so the installed app opens its offline page without a network;
// - pages go to the network first: the Worker renders them, fresh and per member. A public page
//   (isKeptPageAddress in ./shared.ts) that the Worker answered as a visitor's page is kept as its
//   offline copy, replaced on every visit; a signed-in member's page is never kept, the visitor's
//   copy of the same address is fetched without cookies instead. Without a network, a kept page
//   comes from its copy, marked with the time it was taken; any other page is the offline page;
// - public pictures (the folders the areas declare, worker/contracts/areas/: covers, station and
//   channel images, perk and newsletter pictures; the site's own; avatars, post images) are kept
//   in a capped cache; hashed build files too, as they are fetched, and a kept page's own (its
//   modules and styles) before its copy is stored, so a copy is never kept without its code;
// - nothing else is touched: every /api/ answer (the member's session, their data) goes past it
//   to the network and is never stored;
// - a new version waits until the member chooses "Reload" (app/lib/serviceWorker.ts), which sends
//   SKIP_WAITING;
// - web push: shows the notification the server wrote in the member's language, and opens its
//   page on a click.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { isLocale } from "#contracts/locale.ts";
import { isPublicPicture } from "#contracts/areas/index.ts";
import {
  OFFLINE_PAGE,
  SKIP_WAITING,
  NOTIFICATION_MESSAGE,
  ICON_192,
  BADGE_ICON,
  PAGES_CACHE,
  PAGE_COPIES,
  COPIED_AT_HEADER,
  isMembersPublicPage,
  isRecentCopy,
  markOfflineCopy,
  mayKeepPage,
  mayKeepPageByHeaders,
  pageBuildFiles,
} from "./shared";

declare const self: ServiceWorkerGlobalScope;
/** Written by the build: the shell's files with their hashes, and the offline page's. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

precacheAndRoute(__PRECACHE_MANIFEST__);
cleanupOutdatedCaches();

self.addEventListener("activate", (event) => {
  // The page's request starts while the worker itself starts: a navigation waits for one, not both.
  event.waitUntil(self.registration.navigationPreload?.enable());
});

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

/** The visitor's copy of a page a signed-in member opened, in the member's language, without cookies. */
async function keepVisitorsCopy(url: string, language: string | null, event: ExtendableEvent): Promise<void> {
  // A member's every page view is not worth a second render: a recent copy is left as it is.
  const kept = await (await caches.open(PAGES_CACHE)).match(url, { ignoreVary: true });
  if (isRecentCopy(kept?.headers.get(COPIED_AT_HEADER) ?? null, Date.now())) return;
  const request = new Request(url, { credentials: "omit", headers: language ? { "Accept-Language": language } : {} });
  await pages.handle({ request, event }).catch(() => undefined);
}

// The build's other files (pages' chunks, fonts) are named by their content: kept as they are
// fetched, so an installed app reopened offline still has the pages it used.
const assets = new CacheFirst({
  cacheName: "assets",
  plugins: [new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })],
});

/**
 * Puts into the caches the build files a page's copy runs on (its modules and styles) that are not
 * there yet, and says whether all of them are. A page's own chunks load after its first paint: a
 * copy stored as soon as its HTML arrived could be all that is kept if the network went then, and
 * offline it would stop on the router's error instead of showing.
 */
async function keepPageFiles(html: string, event: ExtendableEvent): Promise<boolean> {
  const kept = await Promise.all(
    pageBuildFiles(html).map(async (path) => {
      if (await matchPrecache(path)) return true;
      const [response, done] = assets.handleAll({ request: new Request(path), event });
      try {
        const ok = (await response).ok;
        await done;
        return ok;
      } catch {
        return false;
      }
    }),
  );
  return kept.every(Boolean);
}

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  // The copy is the page's last one, whatever the language it was read in (Vary: Accept-Language).
  matchOptions: { ignoreVary: true },
  plugins: [
    // First: a copy older than its bound is dropped, never shown.
    new ExpirationPlugin({ ...PAGE_COPIES, purgeOnQuotaError: true }),
    {
      cacheWillUpdate: async ({ request, response, event }) => {
        const answer = {
          pathname: new URL(request.url).pathname,
          status: response.status,
          redirected: response.redirected,
          cacheControl: response.headers.get("Cache-Control"),
          contentType: response.headers.get("Content-Type"),
        };
        if (request.credentials !== "omit" && isMembersPublicPage(answer)) {
          event.waitUntil(keepVisitorsCopy(request.url, response.headers.get("Content-Language"), event));
          return null;
        }
        if (!mayKeepPageByHeaders(answer)) return null;
        const body = await response.text();
        if (!mayKeepPage({ ...answer, body })) return null;
        // A copy only with its code (the page's last copy, if any, stays meanwhile).
        if (!(await keepPageFiles(body, event))) return null;
        const headers = new Headers(response.headers);
        headers.delete("Content-Length");
        headers.set(COPIED_AT_HEADER, new Date().toISOString());
        return new Response(body, { status: response.status, statusText: response.statusText, headers });
      },
      // Only read when the network failed: the copy says when it was taken.
      cachedResponseWillBeUsed: async ({ cachedResponse }) => {
        if (!cachedResponse) return null;
        const copiedAt = cachedResponse.headers.get(COPIED_AT_HEADER) ?? "";
        const headers = new Headers(cachedResponse.headers);
        headers.delete("Content-Length");
        return new Response(markOfflineCopy(await cachedResponse.text(), copiedAt), { status: cachedResponse.status, headers });
      },
      // No network and no copy: the offline page.
      handlerDidError: async () => (await matchPrecache(OFFLINE_PAGE)) ?? Response.error(),
    },
  ],
});

// Pages: the network's answer, whatever it is (a 404 page, a redirect, with navigation preload);
// without one, the page's copy or the offline page.
registerRoute(new NavigationRoute(pages));

registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.destination === "image" && isPublicPicture(url.pathname),
  new CacheFirst({
    cacheName: "pictures",
    // Only whole 200 answers are stored (Workbox's default without a cacheWillUpdate plugin).
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"), assets);

type PushPayload = { title: string; body: string; url: string; tag: string; lang: string };

/** The server's payload (worker/services/notifications), or null if it is not one. */
function readPush(event: PushEvent): PushPayload | null {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (!data || typeof data.title !== "string" || typeof data.url !== "string") return null;
    return { title: data.title, body: String(data.body ?? ""), url: data.url, tag: String(data.tag ?? ""), lang: isLocale(data.lang) ? data.lang : "en" };
  } catch {
    return null;
  }
}

/** A same-site address, or the home page: a notification never opens another site. */
function sameSite(url: string): string {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + "/";
  } catch {
    return self.location.origin + "/";
  }
}

self.addEventListener("push", (event) => {
  // Chromium counts a push that shows nothing against the site: an unreadable one still says so.
  const ptBR = self.navigator.language.toLowerCase().startsWith("pt");
  const payload = readPush(event) ?? {
    title: ptBR ? "Nova notificação" : "New notification",
    body: "",
    url: "/",
    tag: "",
    lang: ptBR ? "pt-BR" : "en",
  };
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        ...(payload.tag ? { tag: payload.tag } : {}),
        data: { url: sameSite(payload.url) },
        icon: ICON_192,
        badge: BADGE_ICON,
        lang: payload.lang,
      });
      // An open page refreshes its bell.
      for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: NOTIFICATION_MESSAGE });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameSite((event.notification.data as { url?: string } | null)?.url ?? "/");
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // navigate() works only on a page this worker controls; another one opens a window.
        if (await focused.navigate(url).catch(() => null)) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
