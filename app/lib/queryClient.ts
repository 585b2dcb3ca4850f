// The app's one React Query client, in the browser and in the Worker's server render.
import { QueryClient, type Query } from "@tanstack/react-query";
import { ApiRequestError } from "./api";

/**
 * How long data that came with a server-rendered page counts as fresh in the browser: the page
 * was rendered from it a moment ago, so the hydration and the route's loaders must not ask for it
 * again (React Query's SSR advice: a staleTime above 0). Everything else keeps React Query's 0.
 */
export const SERVER_DATA_FRESH_MS = 60_000;

/**
 * Every query's retry unless it says otherwise: once, and only for what a second try may change (a
 * 5xx, a lost connection). An answer of 4xx (a missing or refused id, a sign-in needed) would come
 * again, and React Query's default would show it a second later.
 */
export const retryTransient = (failureCount: number, error: unknown) => failureCount < 1 && !(error instanceof ApiRequestError && error.status < 500);

/** For the pages that show any answer of the server as it is (with their own "Try again"): once, only when it could not be reached. */
export const retryUnreachable = (failureCount: number, error: unknown) => failureCount < 1 && !(error instanceof ApiRequestError);

export function createAppQueryClient(serverData: ReadonlySet<string> = new Set()) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryTransient,
        refetchOnWindowFocus: false,
        staleTime: (query: Query) => (serverData.has(query.queryHash) ? SERVER_DATA_FRESH_MS : 0),
      },
    },
  });
}
