// Events data: the public list (GET /api/events) and the next virtual meets (GET /api/events/virtual,
// whose join links depend on who asks: a sign-in or sign-out resets these queries, see
// app/features/auth/mutations.ts). queryOptions so route loaders can prefetch them.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { retryUnreachable } from "../../lib/queryClient";
import { eventsKeys } from "../../lib/eventsKeys";
import type { EventsResponse, VirtualMeetsResponse } from "#contracts/events.ts";
import { LANG_PARAM, type Locale } from "#contracts/locale.ts";

/**
 * The events' titles and descriptions come in `locale` (decision 031): it is in the key, so a
 * language switch fetches the other one, and in the address, so a page's ?lang= wins over the
 * visitor's cookie in the server's render too.
 */
export const eventsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...eventsKeys.list, locale],
    queryFn: ({ signal }) => api<EventsResponse>(`/api/events?${LANG_PARAM}=${locale}`, { signal }),
    staleTime: 60_000,
    retry: retryUnreachable,
  });

export const virtualMeetsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...eventsKeys.virtual, locale],
    queryFn: ({ signal }) => api<VirtualMeetsResponse>(`/api/events/virtual?${LANG_PARAM}=${locale}`, { signal }),
    staleTime: 30_000,
    retry: retryUnreachable,
  });
