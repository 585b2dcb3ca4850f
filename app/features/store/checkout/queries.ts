// Server state of the checkout pages: a checkout's summary and its status, for its owner (the
// member, or the browser holding the buyer cookie); anyone else gets a 404.
import { queryOptions } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../../lib/api";
import type { CheckoutSummaryResponse, StoreCheckoutStatusResponse } from "#contracts/store/checkout.ts";

export const storeCheckoutKey = ["storeCheckout"] as const;

/** A 4xx (someone else's or an unknown checkout) will not change; a network blip might. */
const retryServerErrors = (failureCount: number, error: unknown) => failureCount < 2 && !(error instanceof ApiRequestError && error.status < 500);

export const checkoutSummaryQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: [...storeCheckoutKey, sessionId, "summary"],
    queryFn: ({ signal }) => api<CheckoutSummaryResponse>(`/api/store/checkouts/${encodeURIComponent(sessionId)}`, { signal }),
    retry: retryServerErrors,
  });

export const checkoutStatusQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: [...storeCheckoutKey, sessionId, "status"],
    queryFn: ({ signal }) => api<StoreCheckoutStatusResponse>(`/api/store/checkouts/${encodeURIComponent(sessionId)}/status`, { signal }),
    retry: retryServerErrors,
  });
