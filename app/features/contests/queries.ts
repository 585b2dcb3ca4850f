// A remix contest as the page reads it (GET /api/contests/:id and its entries, whose answers depend
// on who asks), and a member's vote and its taking back; both fetch the entries again.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { LANG_PARAM, type Locale } from "#contracts/locale.ts";
import type { ContestEntriesResponse, ContestVoteResponse, PublicContestResponse } from "#contracts/contests/contests.ts";

const contestsKey = ["contests"] as const;

export const contestQueryOptions = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: [...contestsKey, id, locale],
    queryFn: ({ signal }) => api<PublicContestResponse>(`/api/contests/${id}?${LANG_PARAM}=${locale}`, { signal }),
  });

/** The entries in this listener's order: a visitor's seed is kept for the tab, so the order stays while they listen. */
export const contestEntriesQueryOptions = (id: string, seed: string) =>
  queryOptions({
    queryKey: [...contestsKey, id, "entries", seed],
    queryFn: ({ signal }) => api<ContestEntriesResponse>(`/api/contests/${id}/entries?seed=${seed}`, { signal }),
  });

export function useVote(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, cast }: { entryId: string; cast: boolean }) =>
      cast
        ? api<ContestVoteResponse>(`/api/contests/${contestId}/votes`, { method: "POST", json: { entryId } })
        : api<ContestVoteResponse>(`/api/contests/${contestId}/votes/${entryId}`, { method: "DELETE" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...contestsKey, contestId] }),
  });
}
