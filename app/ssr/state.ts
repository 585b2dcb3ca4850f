// The data a server-rendered page was rendered from, as it travels in the page: React Query's
// dehydrated cache (answers and API errors, so a "not found" renders the same on both sides) and
// the page's language. Written by the server entry, read back by app/main.tsx before hydrating.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "../lib/api";
import type { Locale } from "../i18n/locale";
import { SSR_STATE_ID, type SsrState } from "#contracts/ssr.ts";

type ErrorJson = { status: number; code: string; message: string; field?: string; params?: ApiRequestError["params"] };

const errorJson = (error: unknown): ErrorJson | null =>
  error instanceof ApiRequestError ? { status: error.status, code: error.code, message: error.message, field: error.field, params: error.params } : null;

/** The settled queries of `client` (API errors included, as plain data) with the page's locale, as JSON. */
export function serializeState(client: QueryClient, locale: Locale): string {
  const queries = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === "success" || errorJson(query.state.error) !== null });
  for (const query of queries.queries) if (query.state.error) query.state.error = errorJson(query.state.error) as never;
  return JSON.stringify({ locale, queries } satisfies SsrState);
}

/** The state a server-rendered page carries, or null for a page the browser renders itself. */
export function readState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}

/**
 * Puts the page's data into `client`, as fresh as the moment the page arrived (the server's clock
 * may differ), with its API errors as ApiRequestError again. Returns the hashes of the queries.
 */
export function hydrateState(client: QueryClient, state: SsrState): string[] {
  const queries = (state.queries as DehydratedState).queries.map((query) => {
    const error = query.state.error as ErrorJson | null;
    const now = Date.now();
    return {
      ...query,
      state: {
        ...query.state,
        dataUpdatedAt: query.state.dataUpdatedAt ? now : 0,
        errorUpdatedAt: query.state.errorUpdatedAt ? now : 0,
        error: error ? new ApiRequestError(error.status, error.code, error.message, error.field, error.params) : null,
      },
    };
  });
  hydrate(client, { mutations: [], queries });
  // The page was rendered with these failures on screen (a "not found"): hydration shows the same,
  // instead of a spinner for a retry on mount.
  for (const query of queries) if (query.state.error) client.setQueryDefaults(query.queryKey, { retryOnMount: false });
  return queries.map((query) => query.queryHash);
}

/** True when the page's data says the thing it shows does not exist (an API 404, or 400 for a malformed id). */
export const missingDataOf = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .some((query) => query.state.error instanceof ApiRequestError && (query.state.error.status === 404 || query.state.error.status === 400));
