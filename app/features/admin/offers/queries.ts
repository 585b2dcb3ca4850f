// The back office's upgrade and win-back offer settings (decision 101). Types only from the contract.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { ADMIN_OFFERS_API, type OfferSettings, type OfferSettingsResponse } from "#contracts/tiers/offers-model.ts";
import { ADMIN_RETENTION_API, type RetentionSettings } from "#contracts/tiers/retention-offer-model.ts";
import { adminKeys } from "../queries";

const offersKey = [...adminKeys.all, "offers"] as const;

export const offerSettingsQueryOptions = () =>
  queryOptions({ queryKey: offersKey, queryFn: ({ signal }) => api<OfferSettingsResponse>(ADMIN_OFFERS_API, { signal }) });

export function useSaveOfferSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: OfferSettings) => api<OfferSettingsResponse>(ADMIN_OFFERS_API, { method: "PUT", json: next }),
    onSuccess: (saved) => queryClient.setQueryData(offersKey, saved),
  });
}

const retentionKey = [...adminKeys.all, "offers", "retention"] as const;

export const retentionSettingsQueryOptions = () =>
  queryOptions({ queryKey: retentionKey, queryFn: ({ signal }) => api<RetentionSettings>(ADMIN_RETENTION_API, { signal }) });

export function useSaveRetentionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: RetentionSettings) => api<RetentionSettings>(ADMIN_RETENTION_API, { method: "PUT", json: next }),
    onSuccess: (saved) => queryClient.setQueryData(retentionKey, saved),
  });
}
