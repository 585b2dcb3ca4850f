// Whether the site is still "coming soon" (GET /api/site/status; decision 077): the landing page
// reads it to choose between the coming-soon page and its sections.
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import type { SiteStatus } from "#contracts/site-setup.ts";

export const siteStatusQueryOptions = () =>
  queryOptions({
    queryKey: ["site-status"],
    queryFn: ({ signal }) => api<SiteStatus>("/api/site/status", { signal }),
    // The answer is cached a minute by the Worker too.
    staleTime: 60_000,
  });
