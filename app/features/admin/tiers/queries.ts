// The back office's tiers: the list and the writes. After a write the list, the audit log and the
// public ladder this browser may hold are fetched again.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { ADMIN_TIERS_API } from "#contracts/tiers/limits.ts";
import type { AdminTiersResponse } from "#contracts/tiers/admin.ts";
import { adminKeys } from "../queries";

export const tiersAdminKeys = { list: [...adminKeys.all, "tiers"] as const };

export const adminTiersQueryOptions = () =>
  queryOptions({
    queryKey: tiersAdminKeys.list,
    queryFn: ({ signal }) => api<AdminTiersResponse>(ADMIN_TIERS_API, { signal }),
    staleTime: 10_000,
  });

/** Refreshes what a tier write changed. */
export function useTiersRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: tiersAdminKeys.list });
    void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    void queryClient.invalidateQueries({ queryKey: ["tiers"] });
  };
}

/** A tier write: the list is fetched again whatever the outcome (a 409 means the ladder moved on). */
export function useTierWrite<TVars, TResult>(write: (vars: TVars) => Promise<TResult>) {
  const refresh = useTiersRefresh();
  return useMutation({ mutationFn: write, onSettled: refresh });
}

const at = (id: string) => `${ADMIN_TIERS_API}/${encodeURIComponent(id)}`;

export const tiersApi = {
  create: <T>(json: unknown) => api<T>(ADMIN_TIERS_API, { method: "POST", json }),
  update: <T>(id: string, json: unknown) => api<T>(at(id), { method: "PUT", json }),
  archive: <T>(id: string, archived: boolean) => api<T>(`${at(id)}/${archived ? "archive" : "unarchive"}`, { method: "POST" }),
  move: <T>(id: string, direction: "up" | "down") => api<T>(`${at(id)}/move`, { method: "POST", json: { direction } }),
};
