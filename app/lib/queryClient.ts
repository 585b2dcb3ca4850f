// The app's one React Query client, in the browser and in the Worker's server render.
import { QueryClient, type Query } from "@tanstack/react-query";

/**
 * How long data that came with a server-rendered page counts as fresh in the browser: the page
 * was rendered from it a moment ago, so the hydration and the route's loaders must not ask for it
 * again (React Query's SSR advice: a staleTime above 0). Everything else keeps React Query's 0.
 */
export const SERVER_DATA_FRESH_MS = 60_000;

export function createAppQueryClient(serverData: ReadonlySet<string> = new Set()) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 1,
        refetchOnWindowFocus: false,
        staleTime: (query: Query) => (serverData.has(query.queryHash) ? SERVER_DATA_FRESH_MS : 0),
      },
    },
  });
}
