// The result page's verdict. Success ONLY when the server says the member is VIP (a verified
// payment event made them so); the URL's redirect_status is a hint, never proof. Polls every
// 1.5 s for up to 30 s, then reports that confirmation is slow (and can be asked again).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { CONFIRMATION_MAX_WAIT_MS, CONFIRMATION_POLL_MS, type CheckoutStatusResponse } from "../../../worker/contracts/payments";
import { ApiRequestError } from "../../lib/api";
import { checkoutStatusQueryOptions, membershipQueryOptions, refreshAfterVipChange } from "./queries";

export type ConfirmationPhase = "processing" | "slow" | "success" | "error";
type Verdict = "waiting" | "success" | "error";

export type ConfirmationSearch = { session_id?: string; payment_intent?: string; redirect_status?: string };

const isClientError = (error: unknown) => error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
const isSettled = (data: CheckoutStatusResponse | undefined) => Boolean(data && (data.isVIP || data.status === "failed" || data.status === "canceled"));

export function useVipConfirmation({ session_id: sessionId, payment_intent: paymentIntent, redirect_status: redirectStatus }: ConfirmationSearch) {
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const [round, setRound] = useState(0);

  // Without a session id (a payment_intent-style return), the member's own membership decides.
  const providerRefused = redirectStatus !== undefined && redirectStatus !== "succeeded";
  const nothingToWaitFor = !sessionId && !paymentIntent && !redirectStatus;

  const status = useQuery({
    ...checkoutStatusQueryOptions(sessionId ?? ""),
    enabled: Boolean(sessionId),
    refetchInterval: (query) => (!timedOut && !isSettled(query.state.data) && !isClientError(query.state.error) ? CONFIRMATION_POLL_MS : false),
  });
  const membership = useQuery({
    ...membershipQueryOptions(),
    enabled: !sessionId && !providerRefused,
    staleTime: 0,
    refetchInterval: (query) => (!timedOut && !nothingToWaitFor && !query.state.data?.isVIP ? CONFIRMATION_POLL_MS : false),
  });

  let verdict: Verdict = "waiting";
  if (sessionId) {
    if (status.data?.isVIP) verdict = "success";
    else if (status.data && (status.data.status === "failed" || status.data.status === "canceled")) verdict = "error";
    else if (status.isError && isClientError(status.error)) verdict = "error";
  } else if (providerRefused) {
    verdict = "error";
  } else if (membership.data?.isVIP) {
    verdict = "success";
  } else if ((membership.data && nothingToWaitFor) || (membership.isError && isClientError(membership.error))) {
    verdict = "error";
  }

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
    void (sessionId ? status.refetch() : membership.refetch());
  };

  return { phase, checkAgain };
}
