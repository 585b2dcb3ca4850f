// Picks the web push implementation: live when the VAPID key pair is configured, otherwise a
// disabled sender (publicKey null, so the app offers no push; send answers "failed" without any
// network call). Local runs get a key pair from scripts/prepare-local.mjs; deploys set
// VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY as secrets (docs/operating.md, docs/decisions/043-web-push.md).
import type { AppEnv } from "../../env";
import { createLivePushSender } from "./live";
import type { PushSender } from "./types";

export type { PushSender } from "./types";

export const disabledPushSender: PushSender = {
  publicKey: null,
  send: () => Promise.resolve("failed"),
};

/** The VAPID contact push services may write to about abuse: VAPID_SUBJECT, else the support address. */
export const vapidSubjectOf = (env: AppEnv) => env.VAPID_SUBJECT || `mailto:${env.SUPPORT_EMAIL}`;

export function pushSender(env: AppEnv, deps: { fetch?: typeof fetch } = {}): PushSender {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return disabledPushSender;
  return createLivePushSender({
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
    subject: vapidSubjectOf(env),
    fetch: deps.fetch,
    allowLoopback: env.APP_ENV === "local",
  });
}
