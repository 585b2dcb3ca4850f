import type { PushPayload } from "#contracts/push.ts";

/** A browser's subscription as PushSubscription.toJSON() gives it (p256dh and auth base64url). */
export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string };

/** RFC 8030 §5.3: how soon the device should wake for it (push services may batch the lower ones). */
export type PushUrgency = "very-low" | "low" | "normal" | "high";

export type PushSendOptions = {
  /** How long the push service keeps the message for an offline device (RFC 8030 §5.2). Default one day. */
  ttlSeconds?: number;
  urgency?: PushUrgency;
  /** Replaces a still-undelivered message with the same topic (RFC 8030 §5.4): 1–32 base64url characters. */
  topic?: string;
};

/**
 * "sent": the push service accepted it (2xx). "gone": 404/410, the subscription expired or was
 * revoked, so the caller deletes it. "failed": anything else (bad input, network, 4xx/5xx), already
 * logged; worth no retry from a request, and never thrown.
 */
export type PushResult = "sent" | "gone" | "failed";

export interface PushSender {
  /** The VAPID public key for pushManager.subscribe({ applicationServerKey }); null when push is off. */
  readonly publicKey: string | null;
  send(sub: PushSubscriptionKeys, payload: PushPayload, options?: PushSendOptions): Promise<PushResult>;
}
