// Starting a checkout (the cart page's Checkout button) and the local test checkout's buttons.
// Same-site paths stay in the SPA; Stripe's hosted page is a full page load.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useRef } from "react";
import { api, ApiRequestError } from "../../../lib/api";
import type { QuoteBody } from "../../../../worker/contracts/store-cart";
import type { LocalOrderAction, LocalOrderResultResponse, LocalPayBody, StoreCheckoutResponse } from "../../../../worker/contracts/store-checkout";
import { storeCheckoutKey } from "./queries";

export function useGoTo() {
  const router = useRouter();
  return (url: string) => {
    if (url.startsWith("/") && !url.startsWith("//")) return router.navigate({ href: url });
    window.location.assign(url);
  };
}

/**
 * POST /api/store/checkout, then to the payment page. A guest sends `email` (a member's is their
 * account's). One attempt id per cart as sent: a retry of the same request (a double click, a
 * network retry) finds the same checkout instead of holding the stock twice; any change to the
 * cart is a new attempt.
 */
export function useStartStoreCheckout() {
  const goTo = useGoTo();
  const attempt = useRef<{ cart: string; id: string } | null>(null);
  return useMutation({
    mutationFn: (body: QuoteBody & { email?: string }) => {
      const cart = JSON.stringify(body);
      if (attempt.current?.cart !== cart) attempt.current = { cart, id: crypto.randomUUID() };
      return api<StoreCheckoutResponse>("/api/store/checkout", { method: "POST", json: { ...body, attemptId: attempt.current.id } });
    },
    onSuccess: ({ url }) => goTo(url),
  });
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
