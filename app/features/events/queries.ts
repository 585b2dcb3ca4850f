// Events data: the public list (GET /api/events) and the next virtual meets (GET /api/events/virtual,
// whose join links depend on who asks: a sign-in or sign-out resets these queries, see
// app/features/auth/mutations.ts). queryOptions so route loaders can prefetch them.
import { queryOptions } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../lib/api";
import { eventsKeys } from "../../lib/eventsKeys";
import type { EventsResponse, VirtualMeetsResponse } from "../../../worker/contracts/events";

/**
 * Retry once when the server could not be reached; an answer from the server (even a 5xx) is shown
 * as it is, with the page's own 'Try again'.
 */
const retryUnreachable = (failureCount: number, error: unknown) => failureCount < 1 && !(error instanceof ApiRequestError);

export const eventsQueryOptions = () =>
  queryOptions({
    queryKey: eventsKeys.list,
    queryFn: ({ signal }) => api<EventsResponse>("/api/events", { signal }),
    staleTime: 60_000,
    retry: retryUnreachable,
  });

export const virtualMeetsQueryOptions = () =>
  queryOptions({
    queryKey: eventsKeys.virtual,
    queryFn: ({ signal }) => api<VirtualMeetsResponse>("/api/events/virtual", { signal }),
    staleTime: 30_000,
    retry: retryUnreachable,
  });
