// Picks the payments implementation. Live when STRIPE_SECRET_KEY is set. The local test
// checkout only in local/test mode (APP_ENV), so a production deploy that forgot its Stripe key
// refuses payments instead of handing out free VIP.
import { isLocalMode, type AppEnv } from "../../env";
import { createLivePaymentsService, verifyStripeSignature } from "./live";
import { createLocalPaymentsService } from "./local";
import { refundLocally } from "./local-refunds";
import { submitLocalDispute } from "./local-disputes";
import type { DB } from "../../db/client";
import type { PurchaseKind } from "./purchase-kind";
import type { PaymentEvent, PaymentsMode, PaymentsService } from "./types";

export type { DisputeEvidenceInput, PaymentEvent, PaymentsMode, PaymentsService } from "./types";
export { PaymentProviderError, SignatureError } from "./types";

/** Payments cannot run with this configuration (a deploy mistake, logged and shown as 503). */
export class PaymentsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentsConfigError";
  }
}

export function paymentsModeOf(env: AppEnv): PaymentsMode | null {
  if (env.STRIPE_SECRET_KEY) return "live";
  if (isLocalMode(env) && env.LOCAL_PAYMENTS_SECRET) return "local";
  return null;
}

const PROTOCOLS = ["http", "https"] as const;
const isProtocol = (v: string | undefined): v is (typeof PROTOCOLS)[number] => PROTOCOLS.some((p) => p === v);

/**
 * `refunds` lets the local test checkout refund and take a dispute's evidence: it asks the kinds for
 * the payment and sends the refund's (the dispute's) event to fulfilment at once.
 */
export function createPaymentsService(env: AppEnv, refunds?: { db: DB; kinds: readonly PurchaseKind[] }): PaymentsService {
  const mode = paymentsModeOf(env);
  if (mode === "live") {
    if (!env.STRIPE_PRICE_ID) throw new PaymentsConfigError("STRIPE_SECRET_KEY is set but STRIPE_PRICE_ID is missing");
    return createLivePaymentsService({
      secretKey: env.STRIPE_SECRET_KEY ?? "",
      priceId: env.STRIPE_PRICE_ID,
      yearlyPriceId: env.STRIPE_YEARLY_PRICE_ID || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      api: {
        host: env.STRIPE_API_HOST || undefined,
        port: env.STRIPE_API_PORT || undefined,
        protocol: isProtocol(env.STRIPE_API_PROTOCOL) ? env.STRIPE_API_PROTOCOL : undefined,
      },
    });
  }
  if (mode === "local") {
    const secret = env.LOCAL_PAYMENTS_SECRET ?? "";
    return createLocalPaymentsService({
      secret,
      refund: refunds && ((input) => refundLocally({ ...refunds, secret }, input)),
      submitDispute: refunds && ((disputeId) => submitLocalDispute({ ...refunds, secret }, disputeId)),
    });
  }
  throw new PaymentsConfigError("Payments are not configured: set STRIPE_SECRET_KEY and STRIPE_PRICE_ID (or run locally with LOCAL_PAYMENTS_SECRET)");
}

/**
 * Verifies a delivery to /api/stripe/webhook. STRIPE_WEBHOOK_SECRET when set (live, or
 * `stripe listen` forwarding during development); otherwise, in local mode only, the local
 * secret the test checkout signs with. With neither, every delivery is refused.
 */
export function verifyWebhookEvent(env: AppEnv, rawBody: string, signatureHeader: string | undefined): Promise<PaymentEvent> {
  const secret = env.STRIPE_WEBHOOK_SECRET || (isLocalMode(env) ? env.LOCAL_PAYMENTS_SECRET : undefined);
  return verifyStripeSignature(rawBody, signatureHeader, secret);
}
