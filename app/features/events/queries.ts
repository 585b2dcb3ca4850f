// Events data: the next virtual meets (GET /api/events/virtual, whose join links depend on who asks:
// a sign-in or sign-out resets these queries, see app/features/auth/mutations.ts). The public list's
// query is app/lib/eventsList.ts, which the waitlist reads too. queryOptions so route loaders can
// prefetch them.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { retryUnreachable } from "../../lib/queryClient";
import { eventsKeys } from "../../lib/eventsKeys";
import type { VirtualMeetsResponse } from "#contracts/events.ts";
import { LANG_PARAM, type Locale } from "#contracts/locale.ts";

export const virtualMeetsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...eventsKeys.virtual, locale],
    queryFn: ({ signal }) => api<VirtualMeetsResponse>(`/api/events/virtual?${LANG_PARAM}=${locale}`, { signal }),
    staleTime: 30_000,
    retry: retryUnreachable,
  });
