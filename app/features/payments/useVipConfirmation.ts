// The result page's verdict. Success ONLY when the server says the member is VIP (a verified
// payment event made them so); the URL's redirect_status is a hint, never proof. The page asks
// about the checkout session named in the URL (session_id) or, for a provider return carrying only
// payment_intent / redirect_status, about the member's own latest checkout. Opened by hand (none
// of these in the URL) it asks nothing: there is nothing to confirm, and a status request would
// only end in a 404 in the browser's console. When the server knows no checkout of theirs (404,
// the same answer for an unknown id and for someone else's), there is nothing to confirm either. Otherwise it polls every 1.5 s for up to
// 30 s, then reports that confirmation is slow (and can be asked again).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { CONFIRMATION_MAX_WAIT_MS, CONFIRMATION_POLL_MS, type CheckoutStatusResponse } from "#contracts/payments.ts";
import { ApiRequestError } from "../../lib/api";
import { checkoutStatusQueryOptions, latestCheckoutStatusQueryOptions, refreshAfterVipChange } from "./queries";

export type ConfirmationPhase = "processing" | "slow" | "success" | "error" | "none";
type Verdict = "waiting" | "success" | "error" | "none";

/**
 * The query of the return URL. Stripe Checkout returns with session_id; the spec's PaymentIntent
 * style return carries payment_intent, payment_intent_client_secret and redirect_status. Only
 * session_id and redirect_status steer the page; the payment intent and its client secret are
 * read but never sent anywhere (the server knows checkouts by its own records).
 */
export type ConfirmationSearch = {
  session_id?: string;
  payment_intent?: string;
  payment_intent_client_secret?: string;
  redirect_status?: string;
};

const isClientError = (error: unknown) => error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;
const isSettled = (data: CheckoutStatusResponse | undefined) => Boolean(data && (data.isVIP || data.status === "failed" || data.status === "canceled"));

export function useVipConfirmation({ session_id: sessionId, payment_intent: paymentIntent, redirect_status: redirectStatus }: ConfirmationSearch) {
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const [round, setRound] = useState(0);

  // The provider said the payment did not go through (a hint: it can only make the page say "failed").
  const providerRefused = redirectStatus !== undefined && redirectStatus !== "succeeded";

  // Not sent back by a checkout: the page was opened by hand.
  const fromCheckout = Boolean(sessionId || paymentIntent || redirectStatus);

  const status = useQuery({
    ...(sessionId ? checkoutStatusQueryOptions(sessionId) : latestCheckoutStatusQueryOptions()),
    enabled: fromCheckout,
    refetchInterval: (query) =>
      !timedOut && !providerRefused && !isSettled(query.state.data) && !isClientError(query.state.error) ? CONFIRMATION_POLL_MS : false,
  });

  let verdict: Verdict = "waiting";
  if (!fromCheckout) verdict = "none";
  else if (status.data?.isVIP) verdict = "success";
  else if (status.data && (status.data.status === "failed" || status.data.status === "canceled" || providerRefused)) verdict = "error";
  else if (status.isError && isNotFound(status.error)) verdict = "none";
  else if (status.isError && isClientError(status.error)) verdict = "error";

  const waiting = verdict === "waiting";
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRMATION_MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting, round]);

  // VIP changed: the header badge, gates and profile must learn it from the server.
  const refreshed = useRef(false);
  useEffect(() => {
    if (verdict !== "success" || refreshed.current) return;
    refreshed.current = true;
    void refreshAfterVipChange(queryClient);
  }, [verdict, queryClient]);

  const phase: ConfirmationPhase = verdict === "waiting" ? (timedOut ? "slow" : "processing") : verdict;

  const checkAgain = () => {
    setTimedOut(false);
    setRound((r) => r + 1);
    void status.refetch();
  };

  return { phase, checkAgain };
}
