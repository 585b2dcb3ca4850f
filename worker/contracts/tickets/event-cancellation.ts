// Cancelling an event that sold tickets (decision 055, part "cancel"): the back office's preview
// (buyers, tickets, what will be refunded, who is told) and the refund job's progress, and the
// confirmation the admin sends with the number of buyers they saw. Shared by the Worker and the SPA.
import { z } from "../zod";
import type { Currency } from "../store/model";
import { ADMIN_EVENTS_API } from "../admin/event-limits";
export { EVENT_CANCEL_MESSAGES } from "./event-cancellation-limits";

/** GET the preview and progress; POST `${...}/cancel` to cancel; POST `.../cancellation/retry` for failed refunds. */
export const eventCancellationPath = (eventId: string) => `${ADMIN_EVENTS_API}/${encodeURIComponent(eventId)}/cancellation`;
export const eventCancelPath = (eventId: string) => `${ADMIN_EVENTS_API}/${encodeURIComponent(eventId)}/cancel`;
export const eventCancellationRetryPath = (eventId: string) => `${eventCancellationPath(eventId)}/retry`;

/** The most buyers one event can have confirmed (a typing guard, not a business limit). */
export const CONFIRM_BUYERS_MAX = 10_000_000;

export const cancelEventBodySchema = z.strictObject({
  /** The number of buyers the admin saw in the preview: the cancel is refused (409) if it is no longer true. */
  confirmBuyers: z.number().int().min(0).max(CONFIRM_BUYERS_MAX),
});
export type CancelEventBody = z.infer<typeof cancelEventBodySchema>;

export type RefundTotal = { currency: Currency; amountCents: number };

/** An order whose refund the provider refused: shown so the admin can act (or retry). */
export type FailedCancellationRefund = { orderId: string; number: number; email: string; amountCents: number | null; currency: Currency; error: string };

export type CancellationJob = {
  requestedAt: string;
  ordersTotal: number;
  ordersRefunded: number;
  ordersFailed: number;
  /** Mails sent so far: buyers' notices and reminder subscribers' cancellation notices. */
  mailsSent: number;
  /** Set once every order is settled (refunded or failed) and the subscribers were told. */
  finishedAt: string | null;
  failed: FailedCancellationRefund[];
};

export type CancellationPreview = {
  eventId: string;
  title: string;
  status: "draft" | "published" | "cancelled";
  /** Distinct orders holding valid tickets of the event (what "Cancel and refund N buyers" says). */
  buyers: number;
  /** Valid tickets of the event. */
  tickets: number;
  /** What the job will refund, per currency: each order's tickets (the whole order when it holds nothing else). */
  refunds: RefundTotal[];
  /** Active "Remind me" subscribers not yet told of a cancellation. */
  reminderSubscribers: number;
  /** The refund job, once the event was cancelled with Cancel event; null before. */
  job: CancellationJob | null;
};

export type CancellationResponse = { cancellation: CancellationPreview };
