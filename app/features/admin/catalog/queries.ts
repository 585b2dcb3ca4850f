// The catalog lists (albums with their tracks, stations, channels) and the writes that change them.
// After a write the list it touched is fetched again, and so are the audit log and the public
// pages' copies of the catalog this browser may hold. Types only from the zod contract.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { CATALOG_API } from "#contracts/music/admin-catalog-limits.ts";
import type { AdminAlbumsResponse, AdminChannelsResponse, AdminStationsResponse } from "#contracts/music/admin-catalog.ts";
import { adminKeys } from "../queries";

export type CatalogList = "albums" | "stations" | "channels";

export const catalogKeys = {
  all: [...adminKeys.all, "catalog"] as const,
  list: (list: CatalogList) => [...adminKeys.all, "catalog", list] as const,
};

/** The public pages' query keys that read what each list holds. */
const PUBLIC_KEYS: Record<CatalogList, readonly (readonly string[])[]> = {
  albums: [["music"], ["radio"]],
  stations: [["radio"]],
  channels: [["tv"]],
};

export const albumsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.list("albums"),
    queryFn: ({ signal }) => api<AdminAlbumsResponse>(`${CATALOG_API}/albums`, { signal }),
    staleTime: 10_000,
  });

export const stationsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.list("stations"),
    queryFn: ({ signal }) => api<AdminStationsResponse>(`${CATALOG_API}/stations`, { signal }),
    staleTime: 10_000,
  });

export const channelsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.list("channels"),
    queryFn: ({ signal }) => api<AdminChannelsResponse>(`${CATALOG_API}/channels`, { signal }),
    staleTime: 10_000,
  });

/** Refreshes what a write to `list` changed. */
export function useCatalogRefresh() {
  const queryClient = useQueryClient();
  return (list: CatalogList) => {
    void queryClient.invalidateQueries({ queryKey: catalogKeys.list(list) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    for (const key of PUBLIC_KEYS[list]) void queryClient.invalidateQueries({ queryKey: key });
  };
}

/** A catalog write: on success or failure (a 409 means the list moved on), the list is fetched again. */
export function useCatalogWrite<TVars, TResult>(list: CatalogList, write: (vars: TVars) => Promise<TResult>) {
  const refresh = useCatalogRefresh();
  return useMutation({ mutationFn: write, onSettled: () => refresh(list) });
}

/** JSON writes to the catalog API. */
export const catalogApi = {
  post: <T>(path: string, json: unknown) => api<T>(`${CATALOG_API}${path}`, { method: "POST", json }),
  patch: <T>(path: string, json: unknown) => api<T>(`${CATALOG_API}${path}`, { method: "PATCH", json }),
  put: <T>(path: string, json: unknown) => api<T>(`${CATALOG_API}${path}`, { method: "PUT", json }),
  delete: <T>(path: string) => api<T>(`${CATALOG_API}${path}`, { method: "DELETE" }),
};
