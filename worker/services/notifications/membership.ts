// The membership's notifications: payment failed, VIP granted, VIP ended, renewal soon.
// Each is keyed so the same change announced again is one notification: a payment event's or an
// invoice's id (Stripe retries an invoice's payment with new events), a back-office change's time,
// a subscription's period. payment_failed and vip_ended are urgent kinds: the queue's consumer
// mails them at once (mail.ts); the others wait for the day's digest.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { subscriptionsRenewingSoon, trialsEndingSoon } from "../../db/notification-jobs";
import type { NotificationParams } from "#contracts/notifications.ts";
import { notifyMembers } from "./index";

/** Where the member sees their membership and what they can do about it (the VIP page's panel). */
export const MEMBERSHIP_LINK = "/vip-signup";
/** renewal_soon goes out this long before a subscription renews (and trial_ending before a trial ends). */
export const RENEWAL_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;
/** Subscriptions reminded per cron run: the hourly run stays bounded; the rest go next hour. */
const RENEWALS_PER_RUN = 200;

/** A subscription's payment failed (once per invoice). Never throws. */
export function notifyPaymentFailed(env: AppEnv, db: DB, userId: string, invoiceKey: string): Promise<void> {
  return notifyMembers(env, db, { id: `payment_failed:${invoiceKey}`, kind: "payment_failed", actorId: null, params: {}, link: MEMBERSHIP_LINK }, [userId]);
}

/**
 * The member's VIP went on or off. `key` names the change: the payment event's id, for the back
 * office's comp `comp:<member>:<time>`, for a redeemed gift `gift:<code>` (granted until
 * `params.at`) or `gift:<member>:<end>` (ended). Never throws.
 */
export function notifyVipChanged(
  env: AppEnv,
  db: DB,
  userId: string,
  vip: boolean,
  key: string,
  { params = {}, link = MEMBERSHIP_LINK }: { params?: NotificationParams; link?: string } = {},
): Promise<void> {
  const kind = vip ? "vip_granted" : "vip_ended";
  return notifyMembers(env, db, { id: `${kind}:${key}`, kind, actorId: null, params, link }, [userId]);
}

/**
 * From the hourly cron: each subscription that renews within RENEWAL_NOTICE_MS (paying, not set
 * to cancel) is announced to its member once per period (`renewal_soon:<subscription>:<period end>`:
 * the next period's end is a new key). Returns how many were queued.
 */
export async function sendRenewalReminders(env: AppEnv, db: DB, now: number): Promise<number> {
  const due = await subscriptionsRenewingSoon(db, now, RENEWAL_NOTICE_MS, RENEWALS_PER_RUN);
  for (const sub of due) {
    await notifyMembers(
      env,
      db,
      {
        id: `renewal_soon:${sub.id}:${sub.periodEnd}`,
        kind: "renewal_soon",
        actorId: null,
        params: { at: new Date(sub.periodEnd).toISOString() },
        link: MEMBERSHIP_LINK,
      },
      [sub.userId],
    );
  }
  return due.length + (await sendTrialReminders(env, db, now));
}

/**
 * From the same cron: each free trial (decision 102) ending within RENEWAL_NOTICE_MS, not set to
 * cancel, is announced once (`trial_ending:<subscription>:<trial end>`) with the date, the tier
 * and the amount its end charges; the text says how to cancel before then.
 */
async function sendTrialReminders(env: AppEnv, db: DB, now: number): Promise<number> {
  const due = await trialsEndingSoon(db, now, RENEWAL_NOTICE_MS, RENEWALS_PER_RUN);
  for (const trial of due) {
    const params: NotificationParams = { at: new Date(trial.trialEnd).toISOString() };
    if (trial.tierEn) Object.assign(params, { title: trial.tierEn, titlePtBr: trial.tierPtBr ?? trial.tierEn });
    if (trial.priceCents !== null && trial.currency) Object.assign(params, { cents: trial.priceCents, currency: trial.currency.toUpperCase() });
    await notifyMembers(env, db, { id: `trial_ending:${trial.id}:${trial.trialEnd}`, kind: "trial_ending", actorId: null, params, link: MEMBERSHIP_LINK }, [
      trial.userId,
    ]);
  }
  return due.length;
}
