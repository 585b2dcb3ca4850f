// The members' perks: the live list (GET /api/perks, whose answer depends on who asks: a sign-in
// or sign-out resets every query but a few, app/lib/session/logout.ts) and a reveal.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { PERK_API } from "../../../worker/contracts/perk-limits";
import type { PerkRevealResponse, PerksResponse } from "../../../worker/contracts/perks";

export const perksKeys = { list: ["perks", "list"] as const };

export const perksQueryOptions = () =>
  queryOptions({
    queryKey: perksKeys.list,
    queryFn: ({ signal }) => api<PerksResponse>(PERK_API, { signal }),
    staleTime: 30_000,
  });

/** Reveals a perk; the list is fetched again so it says "revealed" (and whether codes ran out). */
export function useRevealPerk(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<PerkRevealResponse>(`${PERK_API}/${id}/reveal`, { method: "POST" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: perksKeys.list }),
  });
}
