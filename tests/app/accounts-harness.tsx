// Test harness for the account and profile pages: a fake /api (vi.fn fetch answering with real
// Response objects) and the real file routes mounted under a bare root in a memory router, with
// the app's QueryClient, router context and I18nProvider. The site header and footer are left
// out on purpose: these tests are about the pages, not the shell.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider, type AnyRoute } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import type { SessionUser } from "../../worker/contracts/auth";

export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export const apiError = (status: number, code: string, message: string, field?: string, params?: Record<string, string | number>) =>
  json(status, { error: { code, message, ...(field ? { field } : {}), ...(params ? { params } : {}) } });

type Handler = (request: Request) => Response | Promise<Response>;
/** Handlers by "METHOD /path" (no query string). Anything else answers 404 like the Worker does. */
export type ApiRoutes = Record<string, Handler | Response>;

export function mockApi(routes: ApiRoutes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), "http://localhost"), init);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const route = routes[key];
    if (!route) return apiError(404, "not_found", "Not found");
    // A Response body can be read once: hand out a copy each time.
    return typeof route === "function" ? route(request) : route.clone();
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetchMock,
    /** The requests made to one "METHOD /path". */
    callsTo(key: string) {
      return fetchMock.mock.calls.filter(([input, init]) => {
        const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
        return `${init?.method ?? "GET"} ${url.pathname}` === key;
      });
    },
  };
}

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    email: "fan@example.com",
    username: "fan_one",
    isAdmin: false,
    isVIP: false,
    avatarUrl: null,
    ...overrides,
  };
}

type RouteContext = { queryClient: QueryClient };

/** A file route (createFileRoute) hung under the test root at its own path, as routeTree.gen.ts does. */
export function mountFileRoute(route: AnyRoute, path: string, root: AnyRoute) {
  return route.update({ id: path, path, getParentRoute: () => root } as never) as AnyRoute;
}

/** The root of a test route tree: no header or footer, just the page. */
export const createTestRoot = () => createRootRouteWithContext<RouteContext>()({ component: () => <Outlet /> });

/** A stand-in page for a destination the test only needs to reach. */
export function stubRoute(root: AnyRoute, path: string) {
  return createRoute({
    getParentRoute: () => root,
    path,
    component: () => <p data-testid="stub-page">{path}</p>,
  }) as unknown as AnyRoute;
}

export function renderApp(routeTree: AnyRoute, url: string, { locale = "en" as Locale, queryClient = newQueryClient() } = {}) {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { queryClient },
    // Show pending screens at once instead of after the default second, so tests see them.
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** The parsed JSON body a mocked fetch call sent. */
export function sentJson(call: [RequestInfo | URL, RequestInit?] | undefined): unknown {
  const body = call?.[1]?.body;
  return typeof body === "string" ? JSON.parse(body) : undefined;
}
