// The return page's verdict. Paid ONLY when the server says so (a verified payment event made the
// order); the page polls the checkout's status every 1.5 s for up to 30 s while it is open, then
// says confirmation is slow (and can be asked again). Failed and expired are final. No session id,
// or a checkout the server does not show this browser (404), is "nothing to confirm".
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { CONFIRMATION_MAX_WAIT_MS, CONFIRMATION_POLL_MS } from "#contracts/payments.ts";
import { CART_STORAGE_KEY } from "#contracts/store/model.ts";
import { ApiRequestError } from "../../../lib/api";
import { browserCartOptions } from "../../../lib/cart/browserCartOptions";
import { checkoutStatusQueryOptions, checkoutSummaryQueryOptions } from "./queries";

export type OrderPhase = "processing" | "slow" | "paid" | "failed" | "expired" | "none";

const isClientError = (error: unknown) => error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

/** What was bought is paid for: the browser's cart is emptied (the member's stored one was, by the Worker). */
function forgetBrowserCart() {
  try {
    window.localStorage.removeItem(CART_STORAGE_KEY);
    // Same-tab listeners hear it too (the browser tells only other tabs).
    window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY }));
    browserCartOptions.forgetCode();
  } catch {
    // Storage may be unavailable (private mode): there is no cart to forget then.
  }
}

export function useOrderConfirmation(sessionId: string | undefined) {
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const [round, setRound] = useState(0);
  const status = useQuery({
    ...checkoutStatusQueryOptions(sessionId ?? ""),
    enabled: Boolean(sessionId),
    refetchInterval: (query) => (!timedOut && query.state.data?.status === "open" && !isClientError(query.state.error) ? CONFIRMATION_POLL_MS : false),
  });

  const settled = status.data && status.data.status !== "open" ? status.data.status : null;
  let phase: OrderPhase;
  if (!sessionId || (status.isError && isClientError(status.error))) phase = "none";
  else if (settled) phase = settled;
  else phase = timedOut ? "slow" : "processing";

  const waiting = phase === "processing";
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRMATION_MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting, round]);

  // A checkout of tickets only bought nothing from the cart: the cart stays as it was. When the
  // summary cannot be read, the cart is emptied as before (better than buying its items twice).
  const summary = useQuery({ ...checkoutSummaryQueryOptions(sessionId ?? ""), enabled: phase === "paid" });
  const boughtFromCart = summary.data ? summary.data.lines.length > 0 : summary.isError ? true : null;
  const forgotten = useRef(false);
  useEffect(() => {
    if (phase !== "paid" || boughtFromCart === null || forgotten.current) return;
    forgotten.current = true;
    if (boughtFromCart) forgetBrowserCart();
    // The member's cart, collection and orders changed on the server.
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === "store" || q.queryKey[0] === "collection" });
  }, [phase, boughtFromCart, queryClient]);

  const checkAgain = () => {
    setTimedOut(false);
    setRound((r) => r + 1);
    void status.refetch();
  };

  return { phase, orderNumber: status.data?.orderNumber ?? null, checkAgain };
}
