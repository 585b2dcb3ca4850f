// The membership ladder as everyone sees it (GET /api/tiers): the same answer for every visitor and
// language, so one cached copy serves all.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { MembershipResponse } from "#contracts/payments.ts";

/**
 * The tiers the signed-in member has had (decision 102), whose checkout starts no trial: from their
 * own membership, which is per member and never cached with the ladder.
 */
export const hadTiersQueryOptions = () =>
  queryOptions({
    queryKey: ["tiers", "had"] as const,
    queryFn: async ({ signal }) => (await api<MembershipResponse>("/api/payments/membership", { signal })).hadTierIds ?? [],
    staleTime: 30_000,
  });

export { tiersQueryOptions } from "../../lib/tiers/ladder";
