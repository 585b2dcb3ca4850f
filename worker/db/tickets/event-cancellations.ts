// Cancelling an event that sold tickets (decision 055, part "cancel"): the preview's figures, the
// one batch that cancels the event, its tickets and its open holds and stores the refund job's work
// list, and the job's reads and marks. Raw SQL on D1: each mark is a conditional statement, so a
// redelivered or racing job step changes nothing twice. Returns outcomes, never HTTP errors.
import type { DB } from "../client";
import { runBatch, type Statement } from "../d1";
import type { Actor } from "../audit";
import type { AuditAction } from "#contracts/audit-actions.ts";
import { ticketCurrencyOf } from "#contracts/tickets/event-tickets-model.ts";
import type { Currency } from "#contracts/store/model.ts";
import type { CancellationJob, FailedCancellationRefund, RefundTotal } from "#contracts/tickets/event-cancellation.ts";

/** The audit codes of a cancellation and of its refunds tried again (typed: the back office names each). */
const CANCEL_ACTION: AuditAction = "event.cancel";
const RETRY_ACTION: AuditAction = "event.cancel.retry";

const stmt = (text: string, ...params: unknown[]): Statement => ({ sql: text, params });

/** What the refund of one order needs: its money, its buyer, and this event's tickets in it. */
export type OrderRefundFacts = {
  orderId: string;
  number: number;
  email: string;
  locale: string;
  currency: Currency;
  totalCents: number;
  refundedCents: number;
  paymentIntentId: string | null;
  /** This event's tickets in the order (valid ones before the cancel, cancelled ones after). */
  tickets: number;
  ticketsCents: number;
  /** Anything else the order bought: store lines and other events' tickets. */
  others: number;
};

type FactsRow = {
  order_id: string;
  number: number;
  email: string;
  locale: string;
  currency: string;
  total_cents: number;
  refunded_cents: number;
  payment_intent_id: string | null;
  tickets: number;
  tickets_cents: number;
  others: number;
};

const factsOf = (r: FactsRow): OrderRefundFacts => ({
  orderId: r.order_id,
  number: r.number,
  email: r.email,
  locale: r.locale,
  currency: ticketCurrencyOf(r.currency) ?? "usd",
  totalCents: r.total_cents,
  refundedCents: r.refunded_cents,
  paymentIntentId: r.payment_intent_id,
  tickets: r.tickets,
  ticketsCents: r.tickets_cents,
  others: r.others,
});

/**
 * What cancelling refunds of an order: the whole of what is left of it when it bought nothing but
 * this event's tickets (discounts and all), else the tickets' share, never more than is left.
 */
export function refundAmountOf(f: Pick<OrderRefundFacts, "totalCents" | "refundedCents" | "ticketsCents" | "others">): number {
  const left = Math.max(0, f.totalCents - f.refundedCents);
  return f.others === 0 ? left : Math.min(f.ticketsCents, left);
}

/** The order's columns and this event's tickets of `status` in it; `?1` is the event. */
const FACTS_COLUMNS = `
  o.id AS order_id, o.number, o.email, o.locale, o.currency, o.total_cents, o.refunded_cents, o.payment_intent_id,
  (SELECT COUNT(*) FROM event_tickets x WHERE x.order_id = o.id AND x.event_id = ?1 AND x.status = ?2) AS tickets,
  (SELECT COALESCE(SUM(x.price_cents), 0) FROM event_tickets x WHERE x.order_id = o.id AND x.event_id = ?1 AND x.status = ?2) AS tickets_cents,
  (SELECT COUNT(*) FROM order_lines l WHERE l.order_id = o.id) + (SELECT COUNT(*) FROM event_tickets x WHERE x.order_id = o.id AND x.event_id <> ?1) AS others`;

/**
 * One `pending` row per order with valid tickets of the event (`?1`), with what it will refund,
 * worked out as refundAmountOf does, at the moment the tickets are cancelled (`?2`: now).
 */
const PLAN_ORDERS = `
  INSERT INTO event_cancellation_orders (event_id, order_id, state, amount_cents, updated_at)
  SELECT ?1, o.id, 'pending',
    CASE WHEN (SELECT COUNT(*) FROM order_lines l WHERE l.order_id = o.id)
              + (SELECT COUNT(*) FROM event_tickets x WHERE x.order_id = o.id AND x.event_id <> ?1) = 0
         THEN MAX(0, o.total_cents - o.refund_claimed_cents)
         ELSE MIN((SELECT COALESCE(SUM(x.price_cents), 0) FROM event_tickets x WHERE x.order_id = o.id AND x.event_id = ?1 AND x.status = 'valid'),
                  MAX(0, o.total_cents - o.refund_claimed_cents)) END,
    ?2
  FROM orders o WHERE o.id IN (SELECT DISTINCT order_id FROM event_tickets WHERE event_id = ?1 AND status = 'valid')
  ON CONFLICT DO NOTHING`;

/** Every order holding valid tickets of the event: the preview's buyers. */
export async function ordersWithValidTickets(db: DB, eventId: string): Promise<OrderRefundFacts[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT ${FACTS_COLUMNS} FROM orders o
       WHERE o.id IN (SELECT DISTINCT order_id FROM event_tickets WHERE event_id = ?1 AND status = ?2)
       ORDER BY o.id`,
    )
    .bind(eventId, "valid")
    .all<FactsRow>();
  return results.map(factsOf);
}

/** Refund totals per currency, in a stable order (usd, brl). */
export function refundTotals(orders: readonly OrderRefundFacts[]): RefundTotal[] {
  const sums = new Map<Currency, number>();
  for (const o of orders) sums.set(o.currency, (sums.get(o.currency) ?? 0) + refundAmountOf(o));
  return (["usd", "brl"] as const).filter((c) => sums.has(c)).map((currency) => ({ currency, amountCents: sums.get(currency)! }));
}

/** Active "Remind me" subscribers of the event not yet sent its cancellation notice. */
export async function reminderSubscriberCount(db: DB, eventId: string): Promise<number> {
  const row = await db.$client
    .prepare(`SELECT COUNT(*) AS n FROM event_reminders WHERE event_id = ?1 AND status = 'active' AND cancel_notice_at IS NULL`)
    .bind(eventId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Whether the event has valid tickets (the event form may not cancel it then). */
export async function hasValidTickets(db: DB, eventId: string): Promise<boolean> {
  const row = await db.$client.prepare(`SELECT 1 AS y FROM event_tickets WHERE event_id = ?1 AND status = 'valid' LIMIT 1`).bind(eventId).first();
  return row !== null;
}

type JobRow = {
  requested_by: string | null;
  requested_at: number;
  orders_total: number;
  orders_refunded: number;
  orders_failed: number;
  mails_sent: number;
  finished_at: number | null;
};

export type StoredCancellation = {
  requestedBy: string | null;
  requestedAt: number;
  ordersTotal: number;
  ordersRefunded: number;
  ordersFailed: number;
  mailsSent: number;
  finishedAt: number | null;
};

export async function findCancellation(db: DB, eventId: string): Promise<StoredCancellation | null> {
  const r = await db.$client.prepare(`SELECT * FROM event_cancellations WHERE event_id = ?1`).bind(eventId).first<JobRow>();
  return r
    ? {
        requestedBy: r.requested_by,
        requestedAt: r.requested_at,
        ordersTotal: r.orders_total,
        ordersRefunded: r.orders_refunded,
        ordersFailed: r.orders_failed,
        mailsSent: r.mails_sent,
        finishedAt: r.finished_at,
      }
    : null;
}

/** The job's progress as the back office shows it, with the orders whose refund failed. */
export async function cancellationJobOf(db: DB, eventId: string): Promise<CancellationJob | null> {
  const job = await findCancellation(db, eventId);
  if (!job) return null;
  const { results } = await db.$client
    .prepare(
      `SELECT c.order_id, o.number, o.email, o.currency, c.amount_cents, c.error
       FROM event_cancellation_orders c JOIN orders o ON o.id = c.order_id
       WHERE c.event_id = ?1 AND c.state = 'failed' ORDER BY o.number LIMIT 200`,
    )
    .bind(eventId)
    .all<{ order_id: string; number: number; email: string; currency: string; amount_cents: number | null; error: string | null }>();
  const failed: FailedCancellationRefund[] = results.map((r) => ({
    orderId: r.order_id,
    number: r.number,
    email: r.email,
    currency: ticketCurrencyOf(r.currency) ?? "usd",
    amountCents: r.amount_cents,
    error: r.error ?? "",
  }));
  return {
    requestedAt: new Date(job.requestedAt).toISOString(),
    ordersTotal: job.ordersTotal,
    ordersRefunded: job.ordersRefunded,
    ordersFailed: job.ordersFailed,
    mailsSent: job.mailsSent,
    finishedAt: job.finishedAt === null ? null : new Date(job.finishedAt).toISOString(),
    failed,
  };
}

/** Why the cancel batch stored nothing. */
export const CANCEL_REFUSALS = ["buyers_changed", "already_cancelled"] as const;
export type CancelRefusal = (typeof CANCEL_REFUSALS)[number];

export function cancelRefusalOf(err: unknown): CancelRefusal | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    for (const code of CANCEL_REFUSALS) if (e.message.includes(`event_cancel_refused_${code}`)) return code;
  }
  return null;
}

/**
 * The whole cancel as one batch (one transaction), refused whole when another request cancelled
 * the event first or the buyers are no longer `confirmBuyers`:
 * - the event becomes `cancelled`;
 * - the job's row (orders_total: the buyers) and one `pending` row per order with valid tickets;
 * - those tickets become `cancelled` (voided_at now), so the refunds' events leave them so;
 * - open checkouts' holds of the event are released with their seats given back (only holds
 *   still `held`, so the checkout's own expiry later gives nothing back twice);
 * - the audit row.
 * A second cancel of an event cancelled before (then published again) adds to the same job row.
 */
export async function cancelEventWithTickets(db: DB, actor: Actor, eventId: string, confirmBuyers: number, now = Date.now()): Promise<void> {
  const validOrders = `SELECT COUNT(DISTINCT order_id) FROM event_tickets WHERE event_id = ?1 AND status = 'valid'`;
  const summary = JSON.stringify({ after: { status: "cancelled", buyers: confirmBuyers } });
  await runBatch(db, [
    stmt(`UPDATE events SET status = 'cancelled', updated_at = ?2 WHERE id = ?1 AND status <> 'cancelled'`, eventId, now),
    stmt(`INSERT INTO event_cancel_refusals (code) SELECT 'already_cancelled' WHERE changes() = 0`),
    stmt(`INSERT INTO event_cancel_refusals (code) SELECT 'buyers_changed' WHERE (${validOrders}) <> ?2`, eventId, confirmBuyers),
    stmt(
      `INSERT INTO event_cancellations (event_id, requested_by, requested_at, orders_total)
       VALUES (?1, ?2, ?3, (${validOrders}))
       ON CONFLICT (event_id) DO UPDATE SET requested_by = excluded.requested_by, requested_at = excluded.requested_at,
         orders_total = orders_total + excluded.orders_total, finished_at = NULL`,
      eventId,
      actor.id,
      now,
    ),
    stmt(PLAN_ORDERS, eventId, now),
    stmt(`UPDATE event_tickets SET status = 'cancelled', voided_at = ?2 WHERE event_id = ?1 AND status = 'valid'`, eventId, now),
    ...releaseHeldSeats(eventId, now),
    stmt(
      `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at) VALUES (?1, ?2, '${CANCEL_ACTION}', 'event', ?3, ?4, ?5)`,
      actor.id,
      actor.email,
      eventId,
      summary,
      now,
    ),
  ]);
}

/** Open checkouts' holds of the event: seats back to their type and the venue, then released. */
function releaseHeldSeats(eventId: string, now: number): Statement[] {
  return [
    stmt(
      `UPDATE ticket_types SET remaining = remaining + (SELECT COALESCE(SUM(h.quantity), 0) FROM ticket_holds h WHERE h.ticket_type_id = ticket_types.id AND h.state = 'held'),
         updated_at = ?2
       WHERE event_id = ?1 AND EXISTS (SELECT 1 FROM ticket_holds h WHERE h.ticket_type_id = ticket_types.id AND h.state = 'held')`,
      eventId,
      now,
    ),
    stmt(
      `UPDATE events SET tickets_taken = MAX(0, tickets_taken - (SELECT COALESCE(SUM(quantity), 0) FROM ticket_holds WHERE event_id = ?1 AND state = 'held'))
       WHERE id = ?1`,
      eventId,
    ),
    stmt(`UPDATE ticket_holds SET state = 'released', updated_at = ?2 WHERE event_id = ?1 AND state = 'held'`, eventId, now),
  ];
}

/**
 * Valid tickets of a cancelled event issued after its cancel (a checkout paid late): cancelled and
 * their orders added to the job, in one batch. Returns how many orders were added.
 */
export async function enlistLateOrders(db: DB, eventId: string, now = Date.now()): Promise<number> {
  const [, added] = await runBatch(db, [
    stmt(
      `UPDATE event_cancellations SET orders_total = orders_total +
         (SELECT COUNT(DISTINCT t.order_id) FROM event_tickets t WHERE t.event_id = ?1 AND t.status = 'valid'
            AND NOT EXISTS (SELECT 1 FROM event_cancellation_orders c WHERE c.event_id = ?1 AND c.order_id = t.order_id))
       WHERE event_id = ?1`,
      eventId,
    ),
    stmt(PLAN_ORDERS, eventId, now),
    stmt(`UPDATE event_tickets SET status = 'cancelled', voided_at = ?2 WHERE event_id = ?1 AND status = 'valid'`, eventId, now),
  ]);
  return added?.meta.changes ?? 0;
}

export type PendingOrder = OrderRefundFacts & { plannedCents: number };

/** Up to `limit` orders still to refund, with what their refund needs (this event's cancelled tickets) and its planned amount. */
export async function pendingOrders(db: DB, eventId: string, limit: number): Promise<PendingOrder[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT ${FACTS_COLUMNS}, c.amount_cents AS planned_cents FROM event_cancellation_orders c JOIN orders o ON o.id = c.order_id
       WHERE c.event_id = ?1 AND c.state = 'pending' ORDER BY c.order_id LIMIT ?3`,
    )
    .bind(eventId, "cancelled", limit)
    .all<FactsRow & { planned_cents: number | null }>();
  return results.map((r) => ({ ...factsOf(r), plannedCents: r.planned_cents ?? 0 }));
}

/** Settles one order's row once (only from `pending`): true for the step that did it. */
export async function markOrder(
  db: DB,
  eventId: string,
  orderId: string,
  outcome: { state: "refunded"; refundId: string | null } | { state: "failed"; error: string },
  now = Date.now(),
): Promise<boolean> {
  const res = await db.$client
    .prepare(
      `UPDATE event_cancellation_orders SET state = ?3, refund_id = ?4, error = ?5, updated_at = ?6
       WHERE event_id = ?1 AND order_id = ?2 AND state = 'pending'`,
    )
    .bind(
      eventId,
      orderId,
      outcome.state,
      outcome.state === "refunded" ? outcome.refundId : null,
      outcome.state === "failed" ? outcome.error.slice(0, 500) : null,
      now,
    )
    .run();
  return res.meta.changes > 0;
}

/** Claims the buyer's notice of one order (once): true for the step that may send it. */
export async function claimBuyerMail(db: DB, eventId: string, orderId: string, now = Date.now()): Promise<boolean> {
  const res = await db.$client
    .prepare(`UPDATE event_cancellation_orders SET mailed_at = ?3 WHERE event_id = ?1 AND order_id = ?2 AND state = 'refunded' AND mailed_at IS NULL`)
    .bind(eventId, orderId, now)
    .run();
  return res.meta.changes > 0;
}

/** Gives a claimed notice back when the mail could not be sent, so a later step tries again. */
export async function releaseBuyerMail(db: DB, eventId: string, orderId: string): Promise<void> {
  await db.$client.prepare(`UPDATE event_cancellation_orders SET mailed_at = NULL WHERE event_id = ?1 AND order_id = ?2`).bind(eventId, orderId).run();
}

/** Orders refunded but whose buyer was not mailed yet (a mail failed, or a step stopped between the two). */
export async function unmailedOrders(db: DB, eventId: string, limit: number): Promise<string[]> {
  const { results } = await db.$client
    .prepare(`SELECT order_id FROM event_cancellation_orders WHERE event_id = ?1 AND state = 'refunded' AND mailed_at IS NULL ORDER BY order_id LIMIT ?2`)
    .bind(eventId, limit)
    .all<{ order_id: string }>();
  return results.map((r) => r.order_id);
}

/** Adds sent mails to the job's count. */
export async function countMails(db: DB, eventId: string, sent: number): Promise<void> {
  if (sent > 0) await db.$client.prepare(`UPDATE event_cancellations SET mails_sent = mails_sent + ?2 WHERE event_id = ?1`).bind(eventId, sent).run();
}

/** The progress counts, recomputed from the rows (so a repeated step never counts an order twice). */
export async function recountProgress(db: DB, eventId: string): Promise<void> {
  await db.$client
    .prepare(
      `UPDATE event_cancellations SET
         orders_refunded = (SELECT COUNT(*) FROM event_cancellation_orders WHERE event_id = ?1 AND state = 'refunded'),
         orders_failed = (SELECT COUNT(*) FROM event_cancellation_orders WHERE event_id = ?1 AND state = 'failed')
       WHERE event_id = ?1`,
    )
    .bind(eventId)
    .run();
}

/** Marks the job finished once; true when this step did. */
export async function finishCancellation(db: DB, eventId: string, now = Date.now()): Promise<boolean> {
  const res = await db.$client
    .prepare(
      `UPDATE event_cancellations SET finished_at = ?2
       WHERE event_id = ?1 AND finished_at IS NULL AND NOT EXISTS (SELECT 1 FROM event_cancellation_orders WHERE event_id = ?1 AND state = 'pending')`,
    )
    .bind(eventId, now)
    .run();
  return res.meta.changes > 0;
}

/** The failed refunds go back to `pending` and the job is open again, audited in the same batch: how many. */
export async function retryFailedRefunds(db: DB, actor: Actor, eventId: string, now = Date.now()): Promise<number> {
  const [moved] = await runBatch(db, [
    stmt(`UPDATE event_cancellation_orders SET state = 'pending', error = NULL, updated_at = ?2 WHERE event_id = ?1 AND state = 'failed'`, eventId, now),
    stmt(
      `UPDATE event_cancellations SET finished_at = NULL
       WHERE event_id = ?1 AND EXISTS (SELECT 1 FROM event_cancellation_orders WHERE event_id = ?1 AND state = 'pending')`,
      eventId,
    ),
    stmt(
      `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
       SELECT ?1, ?2, '${RETRY_ACTION}', 'event', ?3, '{}', ?4
       WHERE EXISTS (SELECT 1 FROM event_cancellation_orders WHERE event_id = ?3 AND state = 'pending' AND updated_at = ?4)`,
      actor.id,
      actor.email,
      eventId,
      now,
    ),
  ]);
  await recountProgress(db, eventId);
  return moved?.meta.changes ?? 0;
}

/** The administrator who asked for the cancel, for the refunds' audit rows (null: since deleted). */
export async function requesterOf(db: DB, userId: string | null): Promise<Actor | null> {
  if (!userId) return null;
  const row = await db.$client.prepare(`SELECT id, email FROM users WHERE id = ?1`).bind(userId).first<{ id: string; email: string }>();
  return row ?? null;
}

/** A refunded order of the cancellation to mail: its buyer, language, this event's tickets and what was refunded. */
export async function refundedOrderForMail(db: DB, eventId: string, orderId: string): Promise<PendingOrder | null> {
  const row = await db.$client
    .prepare(
      `SELECT ${FACTS_COLUMNS}, c.amount_cents AS planned_cents FROM event_cancellation_orders c JOIN orders o ON o.id = c.order_id
       WHERE c.event_id = ?1 AND c.order_id = ?3`,
    )
    .bind(eventId, "cancelled", orderId)
    .first<FactsRow & { planned_cents: number | null }>();
  return row ? { ...factsOf(row), plannedCents: row.planned_cents ?? 0 } : null;
}

/** A page of orders with valid tickets of the event after `afterOrderId` (a move's notices). */
export async function validOrdersPage(db: DB, eventId: string, afterOrderId: string, limit: number): Promise<OrderRefundFacts[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT ${FACTS_COLUMNS} FROM orders o
       WHERE o.id IN (SELECT DISTINCT order_id FROM event_tickets WHERE event_id = ?1 AND status = ?2) AND o.id > ?3
       ORDER BY o.id LIMIT ?4`,
    )
    .bind(eventId, "valid", afterOrderId, limit)
    .all<FactsRow>();
  return results.map(factsOf);
}

/** Active reminders of the event not yet sent its cancellation notice (the job sends them, claimed one by one). */
export async function remindersToTell(db: DB, eventId: string, limit: number) {
  const { results } = await db.$client
    .prepare(
      `SELECT id, email, locale, time_zone FROM event_reminders WHERE event_id = ?1 AND status = 'active' AND cancel_notice_at IS NULL ORDER BY id LIMIT ?2`,
    )
    .bind(eventId, limit)
    .all<{ id: string; email: string; locale: string; time_zone: string | null }>();
  return results;
}
