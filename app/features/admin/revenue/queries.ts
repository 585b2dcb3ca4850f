// GET /api/admin/revenue as query options, so the route's loader can prefetch what the page reads.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryUnreachable } from "../../../lib/queryClient";
import type { RevenueResponse } from "#contracts/admin/revenue.ts";
import type { TierFigureBucket, TierFiguresResponse } from "#contracts/tiers/admin-figures.ts";

export const revenueKeys = {
  all: ["admin", "revenue"] as const,
  period: (from: string, to: string, tz: string) => ["admin", "revenue", from, to, tz] as const,
};

export const revenueQueryOptions = ({ from, to, tz }: { from: string; to: string; tz: string }) =>
  queryOptions({
    queryKey: revenueKeys.period(from, to, tz),
    queryFn: ({ signal }) => api<RevenueResponse>(`/api/admin/revenue?${new URLSearchParams({ from, to, tz })}`, { signal }),
    staleTime: 60_000,
    retry: retryUnreachable,
  });

/** GET /api/admin/revenue/tiers: the tier figures of the same period, moves grouped by `by`. */
export const tierFiguresQueryOptions = ({ from, to, tz, by }: { from: string; to: string; tz: string; by: TierFigureBucket }) =>
  queryOptions({
    queryKey: [...revenueKeys.all, "tiers", from, to, tz, by] as const,
    queryFn: ({ signal }) => api<TierFiguresResponse>(`/api/admin/revenue/tiers?${new URLSearchParams({ from, to, tz, by })}`, { signal }),
    staleTime: 60_000,
    retry: retryUnreachable,
  });
