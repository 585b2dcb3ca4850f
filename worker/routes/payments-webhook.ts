// POST /api/stripe/webhook: the payments provider's events, for every kind of purchase (decision
// 089). Verified by signature over the raw body (no cookie, no CSRF), applied once by the payments
// core through the kind that claims the event (the areas' `purchases`); what follows a stored event
// (receipts, notices, announcements) runs after the answer.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { routeError } from "../lib/errors";
import { SignatureError, verifyWebhookEvent } from "../services/payments";
import { fulfilPayload } from "../services/payments/fulfilment";
import { PURCHASE_KINDS } from "../services/areas";

export const stripeWebhookRoutes = new Hono<HonoEnv>().post("/webhook", async (c) => {
  // The exact bytes Stripe signed: never parse and re-serialise before verifying.
  const rawBody = await c.req.text();
  let event;
  try {
    event = await verifyWebhookEvent(c.env, rawBody, c.req.header("stripe-signature"));
  } catch (err) {
    if (!(err instanceof SignatureError)) throw err;
    console.warn(`payments: webhook refused: ${err.message}`);
    throw routeError("invalid_signature", { status: 400 });
  }
  // A database failure propagates as a 500, so Stripe delivers the event again later.
  const outcome = await fulfilPayload(c.var.db, event, { kinds: PURCHASE_KINDS, now: Date.now(), followUp: c });
  return c.json({ received: true, outcome });
});
