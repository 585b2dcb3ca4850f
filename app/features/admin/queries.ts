// Back-office reads: the overview, site analytics, track analytics and the audit log, as query
// options so the route loaders can prefetch what the page then reads. Types only from the
// contracts: their values would pull zod into the admin chunks.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { retryUnreachable } from "../../lib/queryClient";
import type { AuditListResponse } from "#contracts/admin/admin.ts";
import type { AnalyticsPeriod, AnalyticsResponse, OverviewResponse, TrackAnalyticsResponse, TrackPeriod } from "#contracts/admin/analytics.ts";

export const adminKeys = {
  all: ["admin"] as const,
  overview: ["admin", "overview"] as const,
  overviewIn: (tz: string) => ["admin", "overview", tz] as const,
  analytics: (days: AnalyticsPeriod, tz: string) => ["admin", "analytics", days, tz] as const,
  tracks: (period: TrackPeriod) => ["admin", "tracks", period] as const,
  audit: (filters: AuditFilters) => ["admin", "audit", filters] as const,
  auditAll: ["admin", "audit"] as const,
};

/** The admin's own IANA zone: the server buckets dates and hours in it. */
export function adminTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** The overview; the store's "today" and "this month" are in the admin's zone. */
export const adminOverviewQueryOptions = (tz: string = adminTimeZone()) =>
  queryOptions({
    queryKey: adminKeys.overviewIn(tz),
    queryFn: ({ signal }) => api<OverviewResponse>(`/api/admin/overview?${new URLSearchParams({ tz })}`, { signal }),
    staleTime: 30_000,
    retry: retryUnreachable,
  });

export const adminAnalyticsQueryOptions = (days: AnalyticsPeriod, tz: string = adminTimeZone()) =>
  queryOptions({
    queryKey: adminKeys.analytics(days, tz),
    queryFn: ({ signal }) => api<AnalyticsResponse>(`/api/admin/analytics?${new URLSearchParams({ days: String(days), tz })}`, { signal }),
    staleTime: 60_000,
    retry: retryUnreachable,
  });

export const trackAnalyticsQueryOptions = (period: TrackPeriod) =>
  queryOptions({
    queryKey: adminKeys.tracks(period),
    queryFn: ({ signal }) => api<TrackAnalyticsResponse>(`/api/admin/analytics/tracks?${new URLSearchParams({ period })}`, { signal }),
    staleTime: 60_000,
    retry: retryUnreachable,
  });

/** The audit log's filters; an empty value means "any". */
export type AuditFilters = { action?: string; actorId?: string };

/** GET /api/admin/audit, newest first, one page per `before` cursor (the previous page's nextCursor). */
export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams();
      if (filters.action) params.set("action", filters.action);
      if (filters.actorId) params.set("actorId", filters.actorId);
      if (pageParam !== null) params.set("before", String(pageParam));
      const query = params.toString();
      return api<AuditListResponse>(`/api/admin/audit${query ? `?${query}` : ""}`, { signal });
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 15_000,
    retry: retryUnreachable,
  });
