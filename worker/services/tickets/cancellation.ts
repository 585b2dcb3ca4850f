// Cancelling an event that sold tickets (decision 055, part "cancel"). The route's one batch
// cancels the event, its tickets and open holds and stores the work list (db/tickets/event-cancellations.ts);
// this job, on the campaign queue (one step a message, each queueing the next), refunds each order:
// - a step takes up to CANCEL_PAGE_ORDERS orders still `pending`, asks the provider for each one's
//   planned refund under the key `event-cancel:<event>:<order>`, settles its row once (refunded, or
//   failed with the provider's reason, logged) and mails the buyer in their language (claimed on
//   the row, keyed by the order in the mail service); then it queues the next step;
// - a step with nothing pending tells the event's "Remind me" subscribers (the reminders' own
//   cancellation notice, claimed per reminder as the cron's pass does, so it goes once) and marks
//   the job finished.
// A redelivered or interrupted step starts again from the rows still `pending`: an order refunded
// before the interruption is either settled already, or asked again under the same key, which the
// provider answers with the refund it made; an order fully refunded meanwhile is not asked again.
// Anything but a provider refusal (D1 down, payments not configured) fails the step, which the
// queue retries with back-off and then keeps in the dead letters (decision 049).
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findEvent, type EventRow } from "../../db/events";
import {
  cancelEventWithTickets,
  claimBuyerMail,
  countMails,
  enlistLateOrders,
  findCancellation,
  finishCancellation,
  markOrder,
  pendingOrders,
  recountProgress,
  refundedOrderForMail,
  releaseBuyerMail,
  remindersToTell,
  requesterOf,
  unmailedOrders,
  type PendingOrder,
} from "../../db/tickets/event-cancellations";
import { recordRefundRequest } from "../../db/store/admin-order-writes";
import { claimCancelNotice } from "../../db/reminders";
import type { Actor } from "../../db/audit";
import { claimRefund, releaseRefund } from "../../db/refund-claims";
import { isLocale } from "#contracts/locale.ts";
import { STORE_LIMITS } from "#contracts/store/model.ts";
import { createMailService, type MailService } from "../mail";
import { createPaymentsService, PaymentProviderError, type PaymentsService } from "../payments";
import { storeRefunds } from "../store/purchase";
import { reminderCancelledMail } from "../reminders/mail";
import { ticketsCancelledMail } from "./cancellation-mail";
import { handleEventMoved, type EventMovedMessage } from "./event-moved";
import { accessChanged } from "../access-changed";

export type EventCancelMessage = { type: "event_cancel"; eventId: string };
/** The tickets jobs carried by the campaign queue beside its own steps. */
export type TicketJobMessage = EventCancelMessage | EventMovedMessage;

/** Orders refunded per step: each is a provider call, so a step stays well inside a consumer's time. */
export const CANCEL_PAGE_ORDERS = 25;
/** Reminder subscribers told per step. */
export const CANCEL_PAGE_REMINDERS = 200;
/**
 * A last step once every checkout opened before the cancel has expired: a payment that arrived
 * after the cancel made valid tickets, which that step cancels and refunds too.
 */
export const LATE_SWEEP_DELAY_SECONDS = Math.ceil(STORE_LIMITS.checkoutTtlMs / 1000) + 5 * 60;

/** What a step uses; tests pass their own (a provider that fails, a smaller page). */
export type CancelJobDeps = { payments?: PaymentsService; mail?: MailService; pageSize?: number };

export function isTicketJob(body: unknown): body is TicketJobMessage {
  const type = typeof body === "object" && body !== null ? (body as { type?: unknown }).type : null;
  return type === "event_cancel" || type === "event_moved";
}

/** The campaign queue's consumer hands tickets jobs here (services/newsletter/campaigns.ts). */
export async function handleTicketJob(env: AppEnv, db: DB, body: TicketJobMessage, now = Date.now(), deps: CancelJobDeps = {}): Promise<void> {
  if (body.type === "event_cancel") await runCancellationStep(env, db, body.eventId, now, deps);
  else await handleEventMoved(env, db, body, now);
}

const refundKey = (eventId: string, orderId: string) => `event-cancel:${eventId}:${orderId}`;

/** The cancel (one batch, refused whole on a changed count), then the job's first step and its late sweep. */
export async function startEventCancellation(env: AppEnv, db: DB, actor: Actor, eventId: string, confirmBuyers: number, now = Date.now()): Promise<void> {
  await cancelEventWithTickets(db, actor, eventId, confirmBuyers, now);
  await accessChanged(env, db, { kind: "event-tickets", eventId: eventId });
  await queueStep(env, eventId);
  await queueStep(env, eventId, LATE_SWEEP_DELAY_SECONDS);
}

export async function queueStep(env: AppEnv, eventId: string, delaySeconds = 0): Promise<void> {
  const message: EventCancelMessage = { type: "event_cancel", eventId };
  await env.CAMPAIGN_QUEUE.send(message, delaySeconds > 0 ? { delaySeconds } : undefined);
}

/** One step of the job (see the top of this file). */
export async function runCancellationStep(env: AppEnv, db: DB, eventId: string, now = Date.now(), deps: CancelJobDeps = {}): Promise<void> {
  const [job, event] = await Promise.all([findCancellation(db, eventId), findEvent(db, eventId)]);
  if (!job || !event) return;
  // Tickets a late payment made while the event stays cancelled join the job (reopening it).
  if (event.status === "cancelled" && (await enlistLateOrders(db, eventId, now)) > 0) {
    await accessChanged(env, db, { kind: "event-tickets", eventId: eventId });
    if (job.finishedAt !== null) await db.$client.prepare(`UPDATE event_cancellations SET finished_at = NULL WHERE event_id = ?1`).bind(eventId).run();
  }
  const page = await pendingOrders(db, eventId, deps.pageSize ?? CANCEL_PAGE_ORDERS);
  const mail = deps.mail ?? createMailService(env, db);
  if (page.length > 0) {
    const payments = deps.payments ?? createPaymentsService(env, storeRefunds(db));
    const actor = await requesterOf(db, job.requestedBy);
    let mailed = 0;
    try {
      for (const order of page) {
        await refundOrder(db, payments, actor, eventId, order, now);
        if (await mailBuyer(env, db, mail, event, order.orderId, now)) mailed++;
      }
    } finally {
      await countMails(db, eventId, mailed);
      await recountProgress(db, eventId);
    }
    await queueStep(env, eventId);
    return;
  }
  // Nothing left to refund: buyers whose mail failed earlier, then the subscribers, then done.
  let mailed = 0;
  for (const orderId of await unmailedOrders(db, eventId, CANCEL_PAGE_ORDERS)) if (await mailBuyer(env, db, mail, event, orderId, now)) mailed++;
  if (event.status === "cancelled") mailed += await tellSubscribers(env, db, mail, event, now);
  await countMails(db, eventId, mailed);
  await recountProgress(db, eventId);
  if (event.status === "cancelled" && (await remindersToTell(db, eventId, 1)).length > 0) {
    await queueStep(env, eventId);
    return;
  }
  await finishCancellation(db, eventId, now);
}

const CLAIM_REFUSED = "Another refund of this order left less than the planned refund";

/** Refunds one order once and settles its row; a provider refusal is a failed row, anything else throws. */
async function refundOrder(db: DB, payments: PaymentsService, actor: Actor | null, eventId: string, order: PendingOrder, now: number) {
  const amountCents = order.plannedCents;
  // Nothing to ask the provider for: free tickets, or the order was fully refunded meanwhile.
  if (amountCents <= 0 || order.refundedCents >= order.totalCents) {
    await markOrder(db, eventId, order.orderId, { state: "refunded", refundId: null }, now);
    return;
  }
  if (!order.paymentIntentId) {
    console.error(`tickets: cancellation of event ${eventId}: order ${order.orderId} has no payment to refund`);
    await markOrder(db, eventId, order.orderId, { state: "failed", error: "The order has no payment to refund" }, now);
    return;
  }
  // Taken from the order before the provider is asked, as the admin's refunds are: one made meanwhile leaves less.
  const key = refundKey(eventId, order.orderId);
  const claim = await claimRefund(db, order.orderId, key, amountCents, now);
  if (!claim?.claimed) {
    console.error(`tickets: cancellation of event ${eventId}: order ${order.orderId} has less left than the planned refund`);
    await markOrder(db, eventId, order.orderId, { state: "failed", error: CLAIM_REFUSED }, now);
    return;
  }
  let refund;
  try {
    refund = await payments.refund({ paymentIntentId: order.paymentIntentId, amountCents, idempotencyKey: key });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    console.error(`tickets: cancellation of event ${eventId}: refund of order ${order.orderId} refused`, err);
    // A failed row may be tried again (the back office's retry) under the same key: its claim is given back.
    await releaseRefund(db, order.orderId, key);
    await markOrder(db, eventId, order.orderId, { state: "failed", error: err.message }, now);
    return;
  }
  await markOrder(db, eventId, order.orderId, { state: "refunded", refundId: refund.id }, now);
  // The order's history shows the refund (pending until its charge.refunded event), as the store's do.
  if (actor) await recordRefundRequest(db, actor, order.orderId, { refundId: refund.id, amountCents, currency: order.currency }, now);
}

const siteOf = (env: AppEnv) => {
  const cfg = readConfig(env);
  return { brandName: cfg.BRAND_NAME, siteUrl: cfg.SITE_URL };
};

/** The buyer's notice of a refunded order, once (claimed on its row, keyed in the mail service); false when not sent now. */
async function mailBuyer(env: AppEnv, db: DB, mail: MailService, event: EventRow, orderId: string, now: number): Promise<boolean> {
  if (!(await claimBuyerMail(db, event.id, orderId, now))) return false;
  try {
    const order = await refundedOrderForMail(db, event.id, orderId);
    if (!order) return false;
    const locale = isLocale(order.locale) ? order.locale : "en";
    const message = ticketsCancelledMail(
      event,
      { to: order.email, locale, number: order.number, tickets: order.tickets, amountCents: order.plannedCents, currency: order.currency },
      siteOf(env),
      now,
    );
    await mail.send({ ...message, idempotencyKey: refundKey(event.id, orderId) });
    return true;
  } catch (err) {
    console.error(`tickets: cancellation of event ${event.id}: the mail of order ${orderId} failed; tried again at the job's end`, err);
    await releaseBuyerMail(db, event.id, orderId);
    return false;
  }
}

/** The reminders' own cancellation notice to the event's subscribers, each claimed first (the cron's pass may race: one sends). */
async function tellSubscribers(env: AppEnv, db: DB, mail: MailService, event: EventRow, now: number): Promise<number> {
  let sent = 0;
  for (const r of await remindersToTell(db, event.id, CANCEL_PAGE_REMINDERS)) {
    if (!(await claimCancelNotice(db, r.id, now))) continue;
    try {
      const to = { to: r.email, locale: isLocale(r.locale) ? r.locale : "en", timeZone: r.time_zone } as const;
      await mail.send(reminderCancelledMail(event, to, siteOf(env), now));
      sent++;
    } catch (err) {
      // As the cron's pass does: a notice is claimed before sending and not given back.
      console.error(`tickets: cancellation of event ${event.id}: reminder ${r.id}'s notice failed`, err);
    }
  }
  return sent;
}
