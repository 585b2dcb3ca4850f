// The public events list (GET /api/events): the events pages show it, and the waitlist names the
// shows a member waits for from it, so both read one cache entry. queryOptions so route loaders can
// prefetch it.
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import { retryUnreachable } from "./queryClient";
import { eventsKeys } from "./eventsKeys";
import type { EventsResponse } from "#contracts/events.ts";
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
