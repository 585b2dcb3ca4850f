// The back office's remix contests: the list, one contest, its entries and results, and the writes.
// After a write the list, the contest's entries and the audit log are fetched again.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type {
  AdminContestEntriesResponse,
  AdminContestResponse,
  AdminContestsResponse,
  AdminContestStemsResponse,
  ContestResultsResponse,
  contestInputSchema,
} from "#contracts/contests/contests.ts";
import type { z } from "#contracts/zod.ts";
import { ADMIN_EVENTS_API } from "#contracts/admin/event-limits.ts";
import type { AdminEventsResponse } from "#contracts/admin/events.ts";
import { CATALOG_API } from "#contracts/music/admin-catalog-limits.ts";
import type { AdminAlbumsResponse } from "#contracts/music/admin-catalog.ts";
import { adminKeys } from "../queries";

export const CONTESTS_API = "/api/admin/contests";
export type ContestInput = z.input<typeof contestInputSchema>;

export const contestsAdminKeys = {
  all: [...adminKeys.all, "contests"] as const,
  list: [...adminKeys.all, "contests", "list"] as const,
  one: (id: string) => [...adminKeys.all, "contests", "one", id] as const,
  entries: (id: string) => [...adminKeys.all, "contests", "entries", id] as const,
  results: (id: string) => [...adminKeys.all, "contests", "results", id] as const,
  stems: (id: string) => [...adminKeys.all, "contests", "stems", id] as const,
};

const at = (id: string) => `${CONTESTS_API}/${encodeURIComponent(id)}`;

export const adminContestsQueryOptions = () =>
  queryOptions({
    queryKey: contestsAdminKeys.list,
    queryFn: ({ signal }) => api<AdminContestsResponse>(CONTESTS_API, { signal }),
    staleTime: 10_000,
  });

export const adminContestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contestsAdminKeys.one(id),
    queryFn: ({ signal }) => api<AdminContestResponse>(at(id), { signal }),
    staleTime: 10_000,
  });

export const contestEntriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contestsAdminKeys.entries(id),
    queryFn: ({ signal }) => api<AdminContestEntriesResponse>(`${at(id)}/entries`, { signal }),
    staleTime: 10_000,
  });

export const contestStemsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contestsAdminKeys.stems(id),
    queryFn: ({ signal }) => api<AdminContestStemsResponse>(`${at(id)}/stems`, { signal }),
    staleTime: 10_000,
  });

/** The stored results (the members' route, which admins read before anyone else may). */
export const contestResultsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contestsAdminKeys.results(id),
    queryFn: ({ signal }) => api<ContestResultsResponse>(`/api/contests/${encodeURIComponent(id)}/results`, { signal }),
    staleTime: 60_000,
  });

/** The events a ticket gate may name (under the events' key, so an event's write refreshes it). */
export const contestEventChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.all, "events", "contest-choices"] as const,
    queryFn: ({ signal }) => api<AdminEventsResponse>(ADMIN_EVENTS_API, { signal }),
    staleTime: 60_000,
  });

/** The catalog's albums and their tracks, for the track picker (under the catalog's key, so its writes refresh it). */
export const contestTrackChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.all, "catalog", "albums"] as const,
    queryFn: ({ signal }) => api<AdminAlbumsResponse>(`${CATALOG_API}/albums`, { signal }),
    staleTime: 60_000,
  });

export const contestsApi = {
  create: (json: ContestInput) => api<AdminContestResponse>(CONTESTS_API, { method: "POST", json }),
  update: (id: string, json: ContestInput) => api<AdminContestResponse>(at(id), { method: "PUT", json }),
  coverUrl: (id: string) => `${at(id)}/cover`,
  stemUrl: (id: string, name: string) => `${at(id)}/stems/${encodeURIComponent(name)}`,
  deleteStem: (id: string, name: string) => api<void>(`${at(id)}/stems/${encodeURIComponent(name)}`, { method: "DELETE" }),
  juryScore: (id: string, entryId: string, score: number) =>
    api<{ entryId: string; score: number }>(`${at(id)}/entries/${encodeURIComponent(entryId)}/jury`, { method: "PUT", json: { score } }),
};

/** Fetches the contests, the audit log and the members' contest pages again (after any write, uploads too). */
export function useContestsRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: contestsAdminKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    void queryClient.invalidateQueries({ queryKey: ["contests"] });
  };
}

/** A contest write: the contests and the audit log are fetched again whatever the outcome. */
export function useContestWrite<TVars, TResult>(write: (vars: TVars) => Promise<TResult>) {
  const refresh = useContestsRefresh();
  return useMutation({ mutationFn: write, onSettled: refresh });
}
