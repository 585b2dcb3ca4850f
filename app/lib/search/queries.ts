// Search everywhere (GET /api/search, decision 056): the header's box, the /search page and the
// music hub's track search ask through these, so they share one cache. The language is in the
// address (?lang=) and the key: titles come back in the page's language.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../api";
import type { Locale } from "#contracts/locale.ts";
import { SEARCH_QUERY_MAX } from "#contracts/search-limits.ts";
import type { SearchKind, SearchResponse } from "#contracts/search.ts";

/** What the Worker takes as a query: trimmed, at most SEARCH_QUERY_MAX characters; "" asks nothing. */
export const searchableText = (typed: string) => typed.trim().slice(0, SEARCH_QUERY_MAX);

const searchPath = (q: string, locale: Locale, kind?: SearchKind, offset = 0) => {
  const params = new URLSearchParams({ q, lang: locale });
  if (kind) params.set("kind", kind);
  if (offset > 0) params.set("offset", String(offset));
  return `/api/search?${params}`;
};

/** Every kind's best few matches (the header's list and the top of /search). */
export const searchQueryOptions = (q: string, locale: Locale) =>
  queryOptions({
    queryKey: ["search", locale, q] as const,
    queryFn: ({ signal }) => api<SearchResponse>(searchPath(q, locale), { signal }),
    staleTime: 30_000,
    enabled: q !== "",
  });

/** One kind, a page at a time (a kind's "Show more" on /search, the music hub's tracks). */
export const searchKindQueryOptions = (q: string, kind: SearchKind, locale: Locale) =>
  infiniteQueryOptions({
    queryKey: ["search", locale, q, kind] as const,
    queryFn: ({ signal, pageParam }) => api<SearchResponse>(searchPath(q, locale, kind, pageParam), { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.groups[0]?.nextOffset ?? undefined,
    staleTime: 30_000,
    enabled: q !== "",
  });
