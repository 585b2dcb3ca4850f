// validateSearch of /vip-confirmation, in a module of its own: route options stay in the entry
// chunk, and importing this from the page module would pull the whole page (and zod) in with it.
import type { ConfirmationSearch } from "./useVipConfirmation";

const PARAM = /^[A-Za-z0-9_]{1,255}$/;
const param = (value: unknown) => (typeof value === "string" && PARAM.test(value) ? value : undefined);

/**
 * validateSearch of /vip-confirmation: the spec's parameters (session_id, payment_intent,
 * payment_intent_client_secret, redirect_status), ids and the status word only; anything else,
 * or any value of another shape, is dropped.
 */
export function parseConfirmationSearch(search: Record<string, unknown>): ConfirmationSearch {
  return {
    session_id: param(search.session_id),
    payment_intent: param(search.payment_intent),
    payment_intent_client_secret: param(search.payment_intent_client_secret),
    redirect_status: param(search.redirect_status),
  };
}
