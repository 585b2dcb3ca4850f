// Page-view reporting (app/lib/pageViews.ts): one beacon per page after it rendered, with the path,
// the other site the visitor came from (first page only) and the screen width; nothing for the
// back office or for visitors sending Global Privacy Control; a keepalive fetch where there is no
// sendBeacon; never an error on the page. Also through the real app: a route change is a view, a
// query or hash change is not.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, cleanup, render, renderHook, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import { usePageViews } from "../../app/lib/pageViews";
import { routeTree } from "../../app/routeTree.gen";
import { mockApi, sessionUser } from "./accounts-harness";
import { seedConfig } from "./fixtures/config";

const OWN_HOST = window.location.host;
const WIDTH = 1366;

let beacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;

/** What each beacon carried: its URL, the kind of body (a string is sent as text/plain) and its JSON. */
function beacons() {
  return beacon.mock.calls.map(([url, data]) => ({ url, type: typeof data, body: JSON.parse(data as string) as unknown }));
}

function setReferrer(referrer: string) {
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
}

function setPrivacyControl(value: boolean | undefined) {
  Object.defineProperty(navigator, "globalPrivacyControl", { value, configurable: true });
}

/** The hook as __root.tsx uses it, on `path`; rerender with another path to navigate. */
const renderViews = (path: string) => renderHook(({ pathname }) => usePageViews(pathname), { initialProps: { pathname: path } });

beforeEach(() => {
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true, writable: true });
  Object.defineProperty(window.screen, "width", { value: WIDTH, configurable: true });
  setReferrer("");
  setPrivacyControl(undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // Back to the quiet stand-in of tests/app/setup.ts.
  Object.defineProperty(navigator, "sendBeacon", { value: () => true, configurable: true, writable: true });
  setReferrer("");
  setPrivacyControl(undefined);
});

describe("usePageViews", () => {
  it("reports the first view with the other site's host and the screen width", async () => {
    setReferrer("https://www.google.com/search?q=freestyle");
    renderViews("/music");
    expect(beacons()).toEqual([{ url: "/api/collect", type: "string", body: { path: "/music", referrer: "www.google.com", width: WIDTH } }]);
  });

  it("sends no referrer when the visitor came from one of our own pages, or from nowhere", async () => {
    setReferrer(`http://${OWN_HOST}/events?x=1`);
    renderViews("/music");
    expect(beacons().map((b) => b.body)).toEqual([{ path: "/music", width: WIDTH }]);
    cleanup();
    beacon.mockClear();
    setReferrer("");
    renderViews("/tv");
    expect(beacons().map((b) => b.body)).toEqual([{ path: "/tv", width: WIDTH }]);
  });

  it("reports each route change with the new path, and the referrer only with the first", async () => {
    setReferrer("https://news.example.org/article");
    const { rerender } = renderViews("/");
    rerender({ pathname: "/events" });
    rerender({ pathname: "/events" }); // a re-render on the same page is not a view
    rerender({ pathname: "/music/catalog" });
    expect(beacons().map((b) => b.body)).toEqual([
      { path: "/", referrer: "news.example.org", width: WIDTH },
      { path: "/events", width: WIDTH },
      { path: "/music/catalog", width: WIDTH },
    ]);
  });

  it("reports the first view once the browser is idle, later views at once", async () => {
    const idle: IdleRequestCallback[] = [];
    const requestIdle = vi.fn((callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      idle.push(callback);
      expect(options).toEqual({ timeout: 2000 });
      return idle.length;
    });
    vi.stubGlobal("requestIdleCallback", requestIdle);
    const { rerender } = renderViews("/");
    expect(requestIdle).toHaveBeenCalledTimes(1);
    expect(beacon).not.toHaveBeenCalled();
    idle[0]!({ didTimeout: false, timeRemaining: () => 50 });
    rerender({ pathname: "/events" });
    expect(requestIdle).toHaveBeenCalledTimes(1);
    expect(beacons().map((b) => b.body)).toEqual([
      { path: "/", width: WIDTH },
      { path: "/events", width: WIDTH },
    ]);
  });

  it("reports the first view when the page is left before the browser was idle, and only once", () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal(
      "requestIdleCallback",
      vi.fn((callback: IdleRequestCallback) => idle.push(callback)),
    );
    renderViews("/");
    expect(beacon).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("pagehide"));
    expect(beacons().map((b) => b.body)).toEqual([{ path: "/", width: WIDTH }]);
    idle[0]!({ didTimeout: false, timeRemaining: () => 50 });
    window.dispatchEvent(new Event("pagehide"));
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it("never reports the back office", async () => {
    setReferrer("https://www.google.com/");
    const { rerender } = renderViews("/admin");
    rerender({ pathname: "/admin/analytics" });
    rerender({ pathname: "/administrators-club" }); // only the /admin area itself is skipped
    rerender({ pathname: "/admin/audit" });
    expect(beacons().map((b) => b.body)).toEqual([{ path: "/administrators-club", width: WIDTH }]);
  });

  it("reports nothing when the browser sends Global Privacy Control", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    setPrivacyControl(true);
    const { rerender } = renderViews("/");
    rerender({ pathname: "/events" });
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive fetch where there is no sendBeacon", () => {
    Object.defineProperty(navigator, "sendBeacon", { value: undefined, configurable: true, writable: true });
    const fetchMock = vi.fn(() => Promise.reject(new TypeError("offline")));
    vi.stubGlobal("fetch", fetchMock);
    renderViews("/radio");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/collect", {
      method: "POST",
      body: JSON.stringify({ path: "/radio", width: WIDTH }),
      headers: { "content-type": "application/json" },
      keepalive: true,
    });
  });

  it("never throws, whatever the browser does", () => {
    beacon.mockImplementation(() => {
      throw new Error("beacon broken");
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new Error("offline"))),
    );
    const { rerender } = renderViews("/");
    expect(() => rerender({ pathname: "/events" })).not.toThrow();
    expect(beacon).toHaveBeenCalledTimes(2);
  });

  it("stores nothing in the browser", () => {
    setReferrer("https://www.google.com/");
    const cookie = document.cookie;
    renderViews("/");
    expect(document.cookie).toBe(cookie);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});

describe("in the app", () => {
  it("reports a route change, but not a change of query string or hash", async () => {
    mockApi({});
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // An administrator, so that /admin is shown rather than redirected to the sign-in page.
    queryClient.setQueryData(["me"], { user: sessionUser({ isAdmin: true }) });
    seedConfig(queryClient);
    const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/privacy"] }), context: { queryClient } });
    const app = createElement(I18nProvider, { initialLocale: "en", children: createElement(RouterProvider, { router }) });
    render(createElement(QueryClientProvider, { client: queryClient, children: app }));
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(1));

    await act(() => router.navigate({ to: "/terms" }));
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(2));
    await act(() => router.navigate({ to: "/terms", hash: "contact" }));
    await act(() => router.navigate({ to: "/terms", search: { from: "footer" } as never }));
    await act(() => router.navigate({ to: "/admin" }));
    expect(router.state.location.pathname).toBe("/admin");
    expect(beacons().map((b) => b.body)).toEqual([
      { path: "/privacy", width: WIDTH },
      { path: "/terms", width: WIDTH },
    ]);
  });
});
