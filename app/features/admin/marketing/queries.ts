// The mailing list's figures and contacts. An import changes both, the overview (it counts
// subscribers) and the audit log: all are fetched again after one. Types only from the contract.
import { keepPreviousData, queryOptions, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { MARKETING_API, type MarketingContactsResponse, type MarketingSummary } from "#contracts/admin/marketing.ts";
import { adminKeys } from "../queries";

export const marketingKeys = {
  all: [...adminKeys.all, "marketing"] as const,
  summary: [...adminKeys.all, "marketing", "summary"] as const,
  contacts: (page: number) => [...adminKeys.all, "marketing", "contacts", page] as const,
};

export const summaryQueryOptions = () =>
  queryOptions({
    queryKey: marketingKeys.summary,
    queryFn: ({ signal }) => api<MarketingSummary>(`${MARKETING_API}/summary`, { signal }),
    staleTime: 30_000,
  });

export const contactsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: marketingKeys.contacts(page),
    queryFn: ({ signal }) => api<MarketingContactsResponse>(`${MARKETING_API}/contacts?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useMarketingRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: marketingKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
    void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
  };
}
