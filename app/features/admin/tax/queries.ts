// The back office's tax settings and report (decision 093). Types only from the contract.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { TAX_API, type TaxReportResponse, type TaxSettings } from "#contracts/tax-model.ts";
import { adminKeys } from "../queries";

const taxKey = [...adminKeys.all, "tax"] as const;

export const taxSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...taxKey, "settings"], queryFn: ({ signal }) => api<TaxSettings>(`${TAX_API}/settings`, { signal }) });

export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: TaxSettings) => api<TaxSettings>(`${TAX_API}/settings`, { method: "PUT", json: next }),
    onSuccess: (saved) => queryClient.setQueryData([...taxKey, "settings"], saved),
  });
}

export const taxReportPath = (p: { from: string; to: string; tz: string }, csv = false) => `${TAX_API}/report${csv ? ".csv" : ""}?${new URLSearchParams(p)}`;

export const taxReportQueryOptions = (p: { from: string; to: string; tz: string }) =>
  queryOptions({ queryKey: [...taxKey, "report", p.from, p.to, p.tz], queryFn: ({ signal }) => api<TaxReportResponse>(taxReportPath(p), { signal }) });
