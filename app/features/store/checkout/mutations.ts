// The local test checkout's buttons (the cart page starts a checkout itself: cart/Checkout.tsx).
// Same-site paths stay in the SPA; Stripe's hosted page is a full page load.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { api, ApiRequestError } from "../../../lib/api";
import type { LocalOrderAction, LocalOrderResultResponse, LocalPayBody } from "#contracts/store/checkout.ts";
import { storeCheckoutKey } from "./queries";

export function useGoTo() {
  const router = useRouter();
  return (url: string) => {
    if (url.startsWith("/") && !url.startsWith("//")) return router.navigate({ href: url });
    window.location.assign(url);
  };
}

export function useLocalOrderAction(sessionId: string) {
  const queryClient = useQueryClient();
  const goTo = useGoTo();
  return useMutation({
    mutationFn: ({ action, body }: { action: LocalOrderAction; body?: LocalPayBody }) =>
      api<LocalOrderResultResponse>(`/api/store/local/checkouts/${encodeURIComponent(sessionId)}/${action}`, { method: "POST", json: body ?? {} }),
    onSuccess: async ({ redirectTo }) => {
      await queryClient.invalidateQueries({ queryKey: storeCheckoutKey });
      await goTo(redirectTo);
    },
  });
}

export const statusOf = (error: unknown) => (error instanceof ApiRequestError ? error.status : null);
