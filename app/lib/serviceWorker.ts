// Registers the service worker (app/sw/service-worker.ts, decision 042) and tells the page when a
// new version of it is installed and waiting. The waiting version takes over only when the member
// chooses "Reload" (UpdatePrompt): a page never changes code under the member's hands.
import { useSyncExternalStore } from "react";
import { OFFLINE_COPY_META, RUNTIME_CACHES_CLEARED_ON_SIGN_OUT, SERVICE_WORKER_URL, SKIP_WAITING } from "../sw/shared";

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** A newly installed version, when one was already in charge (the first install is no update). */
function watch(registration: ServiceWorkerRegistration) {
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
}

let followingLinksOffline = false;

/** Where links followed offline are listened for, and the whole load they make (tests give their own). */
type OfflineLinks = { root: Document | HTMLElement; load?: (href: string) => void };

/** Links followed offline become whole page loads (`loadPagesWhileOffline`), listened for once. */
function followLinksOffline({ root, load }: OfflineLinks) {
  if (followingLinksOffline) return;
  followingLinksOffline = true;
  loadPagesWhileOffline(root, load);
}

/**
 * Registers the worker once the page has loaded, so its precaching never competes with the page's
 * own files. Production builds only: under `vite dev` there is no worker to register.
 */
export function registerServiceWorker(links: OfflineLinks = { root: document }): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // A page the worker already answers (its offline copy among them) is interactive long before
  // the registration below resolves: its links followed offline are whole loads from the start.
  if (navigator.serviceWorker.controller) followLinksOffline(links);
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).then(
      (registration: ServiceWorkerRegistration | undefined) => {
        // A browser that blocks service workers (some private modes, test browsers) registers nothing.
        if (!registration) return;
        watch(registration);
        followLinksOffline(links);
        // An app left open for days still learns of a new version when the member comes back to it.
        document.addEventListener("visibilitychange", () => {
          if (document.visibilityState === "visible") registration.update().catch(() => undefined);
        });
      },
      (error: unknown) => console.warn("service worker not registered", error),
    );
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/**
 * Offline, the app's own navigation would ask the API and show the next page's loading failure.
 * A link followed while the browser is offline is a whole page load instead, which the worker
 * answers with its copy of that page, or with the offline page when it has none (decision 058).
 * Listens in the capture phase, before the router's links see the click.
 */
export function loadPagesWhileOffline(root: Document | HTMLElement, load = (href: string) => window.location.assign(href)): void {
  root.addEventListener("click", (event) => loadWhileOffline(event as MouseEvent, load), { capture: true });
}

/** A plain click on a link to this site, while offline: a whole page load instead of the router's. */
function loadWhileOffline(event: MouseEvent, load: (href: string) => void): void {
  if (navigator.onLine || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  event.preventDefault();
  event.stopPropagation();
  load(link.href);
}

/** Hands control to the waiting version; the page reloads once it is in charge. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  worker.postMessage({ type: SKIP_WAITING });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** True while a new version waits for the member's "Reload". */
export const useUpdateWaiting = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );

/**
 * For tests: a version is waiting (or not).
 * @internal
 */
export const setWaitingForTest = (worker: ServiceWorker | null) => setWaiting(worker);

/**
 * When the page on screen is the service worker's offline copy (decision 058), the time the copy
 * was taken (ISO 8601), else null. The worker writes it into the copy's head as it serves it.
 */
export function offlineCopyTime(): string | null {
  const content = document.querySelector(`meta[name="${OFFLINE_COPY_META}"]`)?.getAttribute("content");
  return content && Number.isFinite(Date.parse(content)) ? content : null;
}

const unchanging = () => () => undefined;

/** The offline copy's time, after hydration (the server's page never has one). */
export const useOfflineCopyTime = (): string | null => useSyncExternalStore(unchanging, offlineCopyTime, () => null);

/**
 * After the person signed in changes (sign-out, sign-in, a deleted account): the worker's page
 * copies go. They hold visitors' pages only, but a shared device keeps nothing of a session.
 */
export async function forgetOfflineCopies(): Promise<void> {
  try {
    if (typeof caches !== "undefined") await Promise.all(RUNTIME_CACHES_CLEARED_ON_SIGN_OUT.map((name) => caches.delete(name)));
  } catch {
    // Storage the browser refuses (some private modes, an insecure origin) holds no copies either.
  }
}
