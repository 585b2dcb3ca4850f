// The local provider's events: Stripe-shaped, with the same envelope a real delivery has, so the
// local mode exercises exactly the verification and fulfilment the live webhook uses. The objects
// inside are each kind's own (services/membership/local-events.ts, services/store/local-checkout.ts).
import { randomToken } from "../../lib/crypto";
import { LOCAL_ID_PREFIX } from "./local";

export type LocalEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, unknown> };
};

/** Seconds, as Stripe counts time. */
export const unixSeconds = (ms: number) => Math.floor(ms / 1000);

export const newLocalId = (prefix: keyof typeof LOCAL_ID_PREFIX) => LOCAL_ID_PREFIX[prefix] + randomToken(12).replace(/[-_]/g, "x");

export function localEvent(type: string, object: Record<string, unknown>, nowMs: number, idempotencyKey: string | null = null): LocalEvent {
  return {
    id: newLocalId("event"),
    object: "event",
    api_version: "local-test-mode",
    created: unixSeconds(nowMs),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: idempotencyKey },
    type,
    data: { object },
  };
}
