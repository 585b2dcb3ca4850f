// Cookieless page-view reporting: after each page has rendered, one small beacon to the Worker
// with the path, the other site the visitor came from (first page only) and the screen width.
// Nothing is stored in the browser (no cookie, no storage, no id); the Worker derives a daily
// visitor hash itself. Visitors who send Global Privacy Control are not counted, and the back
// office is never counted. Reporting must never break or slow a page: every failure is swallowed.
import { useEffect, useRef } from "react";

/** The Worker's collect endpoint (COLLECT_PATH in worker/contracts/admin/analytics.ts, which pulls zod in). */
export const COLLECT_URL = "/api/collect";
/** The server's limits on a path (collectBodySchema). */
const MAX_PATH = 300;
const MAX_REFERRER = 255;
/** The longest the first view waits for an idle moment before it is reported anyway. */
const FIRST_VIEW_IDLE_TIMEOUT_MS = 2000;

export type PageView = { path: string; referrer?: string; width: number };

type PrivacyNavigator = Navigator & { globalPrivacyControl?: boolean };

const isAdminPath = (path: string) => path === "/admin" || path.startsWith("/admin/");

/** document.referrer's host when it is another site; undefined for direct visits and our own pages. */
export function externalReferrerHost(referrer: string, ownHost: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const host = new URL(referrer).host;
    return host && host !== ownHost ? host.slice(0, MAX_REFERRER) : undefined;
  } catch {
    return undefined;
  }
}

/** The body for a view of `path`, or null when this view is not to be counted. */
export function pageViewFor(path: string, { first }: { first: boolean }): PageView | null {
  if (!path.startsWith("/") || isAdminPath(path)) return null;
  if ((navigator as PrivacyNavigator).globalPrivacyControl === true) return null;
  const referrer = first ? externalReferrerHost(document.referrer, window.location.host) : undefined;
  const width = Math.min(20_000, Math.max(0, Math.round(window.screen?.width ?? 0)));
  return { path: path.slice(0, MAX_PATH), ...(referrer ? { referrer } : {}), width };
}

/**
 * Sends one view: sendBeacon when there is one (it outlives the page), else a keepalive fetch.
 * The beacon carries the JSON as a string (sent as text/plain, which the Worker reads as JSON):
 * a Blob costs the first page's main thread several more milliseconds to make and hand over.
 */
export function sendPageView(view: PageView): void {
  try {
    const body = JSON.stringify(view);
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(COLLECT_URL, body)) return;
    void fetch(COLLECT_URL, { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true }).catch(() => undefined);
  } catch {
    // Counting a visit is never worth an error on the visitor's page.
  }
}

/** Reports a view of `pathname` whenever it changes (query and hash changes are the same page). */
export function usePageViews(pathname: string): void {
  const reported = useRef<{ path: string | null; first: boolean }>({ path: null, first: true });
  useEffect(() => {
    const state = reported.current;
    // The same path again (a re-render, or React's development double effect) is not a new view.
    if (state.path === pathname) return;
    state.path = pathname;
    const first = state.first;
    state.first = false;
    let reportedYet = false;
    const report = () => {
      if (reportedYet) return;
      reportedYet = true;
      try {
        const view = pageViewFor(pathname, { first });
        if (view) sendPageView(view);
      } catch {
        // See sendPageView.
      }
    };
    // The first view waits for the browser to be idle: queuing a beacon costs the main thread a
    // few milliseconds the page's first screen needs more. Later views report at once. A visitor
    // who leaves or closes the page before that moment is still counted: the beacon outlives it.
    if (first && typeof window.requestIdleCallback === "function") {
      window.requestIdleCallback(report, { timeout: FIRST_VIEW_IDLE_TIMEOUT_MS });
      window.addEventListener("pagehide", report, { once: true });
    } else report();
  }, [pathname]);
}
