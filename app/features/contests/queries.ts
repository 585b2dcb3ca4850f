// A remix contest as the page reads it (GET /api/contests/:id and its entries, whose answers depend
// on who asks), a member's vote and its taking back, and their own entries' draft, edit and
// withdrawal; each fetches the contest and its entries again.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { LANG_PARAM, type Locale } from "#contracts/locale.ts";
import type {
  ContestCreditResponse,
  ContestEntriesResponse,
  ContestEntryResponse,
  ContestsResponse,
  ContestVoteResponse,
  PublicContestResponse,
} from "#contracts/contests/contests.ts";
import type { ContestReleasesResponse } from "#contracts/contests/releases.ts";

const contestsKey = ["contests"] as const;

/** The contests that have opened, in the reader's language. */
export const contestsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...contestsKey, "list", locale],
    queryFn: ({ signal }) => api<ContestsResponse>(`/api/contests?${LANG_PARAM}=${locale}`, { signal }),
  });

export const contestQueryOptions = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: [...contestsKey, id, locale],
    queryFn: ({ signal }) => api<PublicContestResponse>(`/api/contests/${id}?${LANG_PARAM}=${locale}`, { signal }),
  });

/** The contest's entries released into the catalog (decision 197). */
export const contestReleasesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...contestsKey, id, "releases"],
    queryFn: ({ signal }) => api<ContestReleasesResponse>(`/api/contests/${id}/releases`, { signal }),
    staleTime: 60_000,
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

/** Fetches the contest (what the member may do) and its entries again. */
export function useRefreshContest(contestId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...contestsKey, contestId] });
}

const entryPath = (contestId: string, entryId = "") => `/api/contests/${contestId}/entries${entryId ? `/${entryId}` : ""}`;

/** A draft entry: the title, the note and the licence accepted; its audio follows. */
export function useCreateEntry(contestId: string) {
  const refresh = useRefreshContest(contestId);
  return useMutation({
    mutationFn: (json: { title: string; note: string; acceptLicence: true; coAuthors: string[] }) =>
      api<ContestEntryResponse>(entryPath(contestId), { method: "POST", json }),
    onSettled: refresh,
  });
}

export function useEditEntry(contestId: string) {
  const refresh = useRefreshContest(contestId);
  return useMutation({
    mutationFn: ({ entryId, ...json }: { entryId: string; title: string; note: string; coAuthors?: string[] }) =>
      api<ContestEntryResponse>(entryPath(contestId, entryId), { method: "PATCH", json }),
    onSuccess: refresh,
  });
}

export function useWithdrawEntry(contestId: string, entryId: string) {
  const refresh = useRefreshContest(contestId);
  return useMutation({
    mutationFn: () => api<void>(entryPath(contestId, entryId), { method: "DELETE" }),
    onSuccess: refresh,
  });
}

/** A named co-author's answer: confirm or decline the credit. */
export function useAnswerCredit(contestId: string) {
  const refresh = useRefreshContest(contestId);
  return useMutation({
    mutationFn: ({ entryId, answer }: { entryId: string; answer: "confirm" | "decline" }) =>
      api<ContestCreditResponse>(`/api/contests/entries/${entryId}/credits/${answer}`, { method: "POST" }),
    onSettled: refresh,
  });
}

/** The audio's address: the body of the PUT is the file itself. */
export const entryAudioPath = (contestId: string, entryId: string) => `${entryPath(contestId, entryId)}/audio`;
