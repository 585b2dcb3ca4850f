// Server state of the VIP membership pages.
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api, ApiRequestError } from "../../lib/api";
import type { CheckoutStatusResponse, MembershipResponse } from "#contracts/payments.ts";

export const paymentsQueryKey = ["payments"] as const;

export const membershipQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKey, "membership"],
    queryFn: ({ signal }) => api<MembershipResponse>("/api/payments/membership", { signal }),
    staleTime: 30_000,
  });

export const checkoutStatusQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: [...paymentsQueryKey, "checkout", sessionId],
    queryFn: ({ signal }) => api<CheckoutStatusResponse>(`/api/payments/checkout/${encodeURIComponent(sessionId)}/status`, { signal }),
    // A 4xx (someone else's or an unknown session) will not change; a network blip might.
    retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiRequestError && error.status < 500),
  });

/** The member's own latest checkout (the result page without a session id); 404 when there is none. */
export const latestCheckoutStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKey, "checkout", "latest"],
    queryFn: ({ signal }) => api<CheckoutStatusResponse>("/api/payments/checkout/latest/status", { signal }),
    retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiRequestError && error.status < 500),
  });

/**
 * After VIP may have changed: the session user (header badge, gates), profiles (VIP badge) and
 * the membership all refetch from the server, which is the only one that decides.
 */
export async function refreshAfterVipChange(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ["me"] }),
    queryClient.invalidateQueries({ queryKey: ["profiles"] }),
    queryClient.invalidateQueries({ queryKey: paymentsQueryKey }),
  ]);
}
