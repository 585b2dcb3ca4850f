// A member's contest entries for their profile (GET /api/contests/by-member/:userId, decision 192),
// in the reader's language: its own module so the profile page loads none of the contest page's.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { LANG_PARAM, type Locale } from "#contracts/locale.ts";
import type { ProfileContestEntriesResponse } from "#contracts/contests/contests.ts";

export const profileContestEntriesQueryOptions = (userId: string, locale: Locale) =>
  queryOptions({
    queryKey: ["contests", "by-member", userId, locale],
    queryFn: ({ signal }) => api<ProfileContestEntriesResponse>(`/api/contests/by-member/${encodeURIComponent(userId)}?${LANG_PARAM}=${locale}`, { signal }),
    staleTime: 60_000,
  });
