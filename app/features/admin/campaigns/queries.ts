// The campaigns' list and one campaign. A campaign being sent is fetched again every 2 s so its
// progress moves; any write refreshes the list, the campaign and the audit log.
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { Campaign, CampaignImageList, CampaignList } from "#contracts/newsletter.ts";
import { adminKeys } from "../queries";

export const CAMPAIGNS_API = "/api/admin/campaigns";

export const campaignKeys = {
  all: [...adminKeys.all, "campaigns"] as const,
  list: [...adminKeys.all, "campaigns", "list"] as const,
  one: (id: string) => [...adminKeys.all, "campaigns", "one", id] as const,
};

export const POLL_MS = 2_000;

export const campaignsQueryOptions = () =>
  queryOptions({
    queryKey: campaignKeys.list,
    queryFn: ({ signal }) => api<CampaignList>(CAMPAIGNS_API, { signal }),
    staleTime: 10_000,
  });

export const campaignQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.one(id),
    queryFn: ({ signal }) => api<Campaign>(`${CAMPAIGNS_API}/${encodeURIComponent(id)}`, { signal }),
    staleTime: 5_000,
    refetchInterval: (query) => (query.state.data?.status === "sending" ? POLL_MS : false),
  });

/** After a write: the campaign as the server answered, and the list and audit log fetched again. */
export function useCampaignRefresh() {
  const queryClient = useQueryClient();
  return (campaign?: Campaign) => {
    if (campaign) queryClient.setQueryData(campaignKeys.one(campaign.id), campaign);
    void queryClient.invalidateQueries({ queryKey: campaignKeys.list });
    void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
  };
}

export const campaignImagesQueryOptions = () =>
  queryOptions({
    queryKey: [...campaignKeys.all, "images"] as const,
    queryFn: ({ signal }) => api<CampaignImageList>(`${CAMPAIGNS_API}/images`, { signal }),
    staleTime: 30_000,
  });
