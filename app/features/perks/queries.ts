// The members' perks: the live list (GET /api/perks, whose answer depends on who asks: a sign-in
// or sign-out resets every query but a few, app/lib/session/logout.ts) and a reveal.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { PERK_API } from "#contracts/perk-limits.ts";
import { LANG_PARAM, type Locale } from "#contracts/locale.ts";
import type { PerkRevealResponse, PerksResponse } from "#contracts/perks.ts";

export const perksKeys = { list: ["perks", "list"] as const };

/**
 * The perks' titles and descriptions come in `locale`: it is in the key, so a language switch
 * fetches the other one, and in the address, so it wins over the visitor's cookie.
 */
export const perksQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...perksKeys.list, locale],
    queryFn: ({ signal }) => api<PerksResponse>(`${PERK_API}?${LANG_PARAM}=${locale}`, { signal }),
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
