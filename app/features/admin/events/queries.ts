// The event and venue lists (searched and filtered on the server) and the writes that change them.
// After a write, the lists, the audit log and the public event pages this browser may hold are
// fetched again.
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryUnreachable } from "../../../lib/queryClient";
import { adminKeys } from "../queries";
import { eventsKeys } from "../../../lib/eventsKeys";
import { ADMIN_EVENTS_API, ADMIN_VENUES_API } from "#contracts/admin/event-limits.ts";
import type {
  AdminEventResponse,
  AdminEventsResponse,
  EventDeletedResponse,
  EventInput,
  EventSourceFilter,
  EventStatusFilter,
} from "#contracts/admin/events.ts";
import type { AdminVenueResponse, AdminVenuesResponse, VenueDeletedResponse, VenueInput } from "#contracts/admin/venues.ts";

export type EventFilters = { search: string; status: EventStatusFilter; source: EventSourceFilter };
export const NO_FILTERS: EventFilters = { search: "", status: "all", source: "all" };

export const adminEventKeys = {
  events: [...adminKeys.all, "events"] as const,
  eventList: (filters: EventFilters) => [...adminKeys.all, "events", filters] as const,
  venues: [...adminKeys.all, "venues"] as const,
  venueList: (search: string) => [...adminKeys.all, "venues", search] as const,
};

function queryString(params: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== "" && value !== "all")).toString();
  return query ? `?${query}` : "";
}

export const adminEventsQueryOptions = (filters: EventFilters) =>
  queryOptions({
    queryKey: adminEventKeys.eventList(filters),
    queryFn: ({ signal }) => api<AdminEventsResponse>(`${ADMIN_EVENTS_API}${queryString({ ...filters, search: filters.search.trim() })}`, { signal }),
    staleTime: 10_000,
    retry: retryUnreachable,
  });

export const adminVenuesQueryOptions = (search = "") =>
  queryOptions({
    queryKey: adminEventKeys.venueList(search),
    queryFn: ({ signal }) => api<AdminVenuesResponse>(`${ADMIN_VENUES_API}${queryString({ search: search.trim() })}`, { signal }),
    staleTime: 10_000,
    retry: retryUnreachable,
  });

/** Refreshes everything an event or venue write may have changed (venues count their events). */
export function useEventsRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminEventKeys.events });
    void queryClient.invalidateQueries({ queryKey: adminEventKeys.venues });
    void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    void queryClient.invalidateQueries({ queryKey: eventsKeys.all });
  };
}

export const eventsApi = {
  create: (input: EventInput) => api<AdminEventResponse>(ADMIN_EVENTS_API, { method: "POST", json: input }),
  update: (id: string, input: EventInput) => api<AdminEventResponse>(`${ADMIN_EVENTS_API}/${encodeURIComponent(id)}`, { method: "PUT", json: input }),
  remove: (id: string) => api<EventDeletedResponse>(`${ADMIN_EVENTS_API}/${encodeURIComponent(id)}`, { method: "DELETE" }),
};

export const venuesApi = {
  create: (input: VenueInput) => api<AdminVenueResponse>(ADMIN_VENUES_API, { method: "POST", json: input }),
  update: (id: string, input: VenueInput) => api<AdminVenueResponse>(`${ADMIN_VENUES_API}/${encodeURIComponent(id)}`, { method: "PUT", json: input }),
  remove: (id: string) => api<VenueDeletedResponse>(`${ADMIN_VENUES_API}/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
