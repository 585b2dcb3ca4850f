// The membership ladder as everyone sees it (GET /api/tiers): the same answer for every visitor and
// language, so one cached copy serves all.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { TIERS_API, type PublicTiersResponse } from "#contracts/tier-limits.ts";

export const tiersQueryOptions = () =>
  queryOptions({
    queryKey: ["tiers", "ladder"] as const,
    queryFn: ({ signal }) => api<PublicTiersResponse>(TIERS_API, { signal }),
    staleTime: 60_000,
  });
