// Membership actions. Checkout and portal answer with a URL: Stripe's hosted pages in live mode,
// the built-in test-mode pages locally.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { api, ApiRequestError } from "../../lib/api";
import type { LocalCheckoutAction, LocalCheckoutResultResponse, LocalSubscriptionAction, MembershipResponse, RedirectResponse } from "#contracts/payments.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";
import { membershipQueryOptions, refreshAfterVipChange } from "./queries";

/** Same-site paths stay in the SPA; anything else (Stripe) is a full page load. */
export function useGoTo() {
  const router = useRouter();
  return (url: string) => {
    if (url.startsWith("/") && !url.startsWith("//")) return router.navigate({ href: url });
    window.location.assign(url);
  };
}

/** What a Join asks the Worker to sell: ids only, the Worker prices them from its own data. */
export type CheckoutChoice = { plan: VipPlan; tierId?: string; currency?: "usd" | "brl" };

export function useStartCheckout() {
  const goTo = useGoTo();
  return useMutation({
    // A new attempt id per click: a retried request of the same click reuses the same session.
    mutationFn: (choice: CheckoutChoice) =>
      api<RedirectResponse>("/api/payments/checkout", { method: "POST", json: { attemptId: crypto.randomUUID(), ...choice } }),
    onSuccess: ({ url }) => goTo(url),
  });
}

export function useOpenPortal() {
  const goTo = useGoTo();
  return useMutation({
    mutationFn: () => api<RedirectResponse>("/api/payments/portal", { method: "POST" }),
    onSuccess: ({ url }) => goTo(url),
  });
}

export function useLocalCheckoutAction(sessionId: string) {
  const queryClient = useQueryClient();
  const goTo = useGoTo();
  return useMutation({
    // Pay may name the member's place for the DEMO tax (decision 093).
    mutationFn: (action: LocalCheckoutAction | { action: "pay"; billing: { country: string; state: string | null } | null }) => {
      const which = typeof action === "string" ? action : action.action;
      const json = typeof action === "string" || !action.billing ? undefined : { billing: action.billing };
      return api<LocalCheckoutResultResponse>(`/api/payments/local/checkout/${encodeURIComponent(sessionId)}/${which}`, { method: "POST", json });
    },
    onSuccess: async ({ redirectTo }) => {
      await refreshAfterVipChange(queryClient);
      await goTo(redirectTo);
    },
  });
}

export function useLocalManageAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: LocalSubscriptionAction) => api<MembershipResponse>(`/api/payments/local/subscription/${action}`, { method: "POST" }),
    onSuccess: async (membership) => {
      queryClient.setQueryData(membershipQueryOptions().queryKey, membership);
      await refreshAfterVipChange(queryClient);
    },
  });
}

/** The status code of a failed call, if the server answered. */
export const statusOf = (error: unknown) => (error instanceof ApiRequestError ? error.status : null);
export const codeOf = (error: unknown) => (error instanceof ApiRequestError ? error.code : null);
