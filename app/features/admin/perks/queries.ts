// The back office's perks: the list, one perk's reveals, and the writes. After a write the list,
// the audit log and the members' perks this browser may hold are fetched again.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { ADMIN_PERKS_API } from "#contracts/perk-limits.ts";
import type { AdminPerksResponse, PerkRevealsResponse } from "#contracts/perks.ts";
import { adminKeys } from "../queries";

export const perksAdminKeys = {
  list: [...adminKeys.all, "perks"] as const,
  reveals: (id: string) => [...adminKeys.all, "perks", id, "reveals"] as const,
};

export const adminPerksQueryOptions = () =>
  queryOptions({
    queryKey: perksAdminKeys.list,
    queryFn: ({ signal }) => api<AdminPerksResponse>(ADMIN_PERKS_API, { signal }),
    staleTime: 10_000,
  });

export const perkRevealsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: perksAdminKeys.reveals(id),
    queryFn: ({ signal }) => api<PerkRevealsResponse>(`${ADMIN_PERKS_API}/${id}/reveals`, { signal }),
  });

/** Refreshes what a perk write changed. */
export function usePerksRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: perksAdminKeys.list });
    void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    void queryClient.invalidateQueries({ queryKey: ["perks"] });
  };
}

/** A perk write: the list is fetched again whatever the outcome (a 404 means it moved on). */
export function usePerkWrite<TVars, TResult>(write: (vars: TVars) => Promise<TResult>) {
  const refresh = usePerksRefresh();
  return useMutation({ mutationFn: write, onSettled: refresh });
}

export const perksApi = {
  create: <T>(json: unknown) => api<T>(ADMIN_PERKS_API, { method: "POST", json }),
  update: <T>(id: string, json: unknown) => api<T>(`${ADMIN_PERKS_API}/${id}`, { method: "PUT", json }),
  remove: <T>(id: string) => api<T>(`${ADMIN_PERKS_API}/${id}`, { method: "DELETE" }),
  clearCodes: <T>(id: string) => api<T>(`${ADMIN_PERKS_API}/${id}/codes`, { method: "DELETE" }),
  pictureUrl: (id: string) => `${ADMIN_PERKS_API}/${id}/picture`,
  codesBase: (id: string) => `${ADMIN_PERKS_API}/${id}/codes`,
};
