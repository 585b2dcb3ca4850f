// Names the service worker (app/sw/service-worker.ts), the page that registers it
// (app/lib/serviceWorker.ts) and the build (scripts/lib/service-worker.mjs) agree on.

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
