// Gift VIP: redeeming a code (POST /api/store/gifts/redeem) and a gift card's data (GET
// /api/store/gifts/:code, its buyer's and the admins' only).
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../lib/api";
import { GIFT_API, type GiftCardResponse, type GiftRedeemResponse } from "#contracts/store/gift-model.ts";

export const giftCardQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ["gift-card", code],
    queryFn: ({ signal }) => api<GiftCardResponse>(`${GIFT_API}/${encodeURIComponent(code)}`, { signal }),
    // A 404 (not the asker's card) is the answer, not a blip: only other failures are tried again.
    retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiRequestError && error.status < 500),
  });

/**
 * Redeems a code. Afterwards whatever shows VIP asks the server again: the session (header badge,
 * gates), profiles (the VIP badge), the membership panel.
 */
export function useRedeemGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<GiftRedeemResponse>(`${GIFT_API}/redeem`, { method: "POST", json: { code } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["me"] }),
        queryClient.invalidateQueries({ queryKey: ["profiles"] }),
        queryClient.invalidateQueries({ queryKey: ["payments"] }),
      ]),
  });
}
