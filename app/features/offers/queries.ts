// A member's offers (decision 101): the ones they can still claim, and claiming one. Types only from the contract.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { api } from "../../lib/api";
import { OFFERS_API, type OffersResponse } from "#contracts/tiers/offers-model.ts";
import type { RedirectResponse } from "#contracts/payments.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";

const offersKey = ["offers"] as const;

export const offersQueryOptions = () => queryOptions({ queryKey: offersKey, queryFn: ({ signal }) => api<OffersResponse>(OFFERS_API, { signal }) });

/** Claims the offer and goes to its checkout: the test checkout's page here, Stripe's by a full load. */
export function useClaimOffer(offerId: string) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: VipPlan) => api<RedirectResponse>(`${OFFERS_API}/${encodeURIComponent(offerId)}/claim`, { method: "POST", json: { plan } }),
    onSuccess: ({ url }) => {
      if (url.startsWith("/") && !url.startsWith("//")) return router.navigate({ href: url });
      window.location.assign(url);
    },
    // An offer that expired or was claimed meanwhile leaves the list.
    onError: () => queryClient.invalidateQueries({ queryKey: offersKey }),
  });
}
