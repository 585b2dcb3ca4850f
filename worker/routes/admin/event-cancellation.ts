// /api/admin/events/:id cancellation (decision 055, part "cancel"; administrators only: the admin
// tree's gate runs first):
//   GET  /:id/cancellation         the preview (buyers, tickets, refunds per currency, reminder
//                                  subscribers) and, once started, the refund job's progress
//   POST /:id/cancel               { confirmBuyers }: cancels the event, its tickets and open holds in
//                                  one batch (409 event_cancel_buyers_changed when the buyers are no
//                                  longer the number confirmed), then the refund job runs on the queue
//   POST /:id/cancellation/retry   failed refunds back to the job
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { forget } from "../../lib/memo";
import { conflict, notFound, routeError } from "../../lib/errors";
import { actorOf } from "../../middleware/guards";
import { EVENTS_MEMO_PREFIX, findEvent, type EventRow } from "../../db/events";
import {
  cancelRefusalOf,
  cancellationJobOf,
  ordersWithValidTickets,
  refundTotals,
  reminderSubscriberCount,
  retryFailedRefunds,
} from "../../db/tickets/event-cancellations";
import { queueStep, startEventCancellation } from "../../services/tickets/cancellation";
import { EVENT_ID_PATTERN } from "#contracts/events.ts";
import { ADMIN_EVENT_CODES, ADMIN_EVENT_MESSAGES } from "#contracts/admin/events.ts";
import { cancelEventBodySchema, EVENT_CANCEL_MESSAGES, type CancellationPreview, type CancellationResponse } from "#contracts/tickets/event-cancellation.ts";

type Ctx = Context<HonoEnv>;

async function storedEvent(c: Ctx): Promise<EventRow> {
  const id = c.req.param("id") ?? "";
  const row = EVENT_ID_PATTERN.test(id) ? await findEvent(c.var.db, id) : null;
  if (!row) throw notFound(ADMIN_EVENT_MESSAGES.eventNotFound, ADMIN_EVENT_CODES.notFound);
  return row;
}

async function previewOf(c: Ctx, event: EventRow): Promise<CancellationPreview> {
  const [orders, reminderSubscribers, job] = await Promise.all([
    ordersWithValidTickets(c.var.db, event.id),
    reminderSubscriberCount(c.var.db, event.id),
    cancellationJobOf(c.var.db, event.id),
  ]);
  return {
    eventId: event.id,
    title: event.title,
    status: event.status,
    buyers: orders.length,
    tickets: orders.reduce((n, o) => n + o.tickets, 0),
    refunds: refundTotals(orders),
    reminderSubscribers,
    job,
  };
}

const answer = async (c: Ctx, event: EventRow) => {
  c.header("Cache-Control", "no-store");
  return c.json<CancellationResponse>({ cancellation: await previewOf(c, event) });
};

export const adminEventCancellationRoutes = new Hono<HonoEnv>()
  .get("/:id/cancellation", async (c) => answer(c, await storedEvent(c)))

  .post("/:id/cancel", validate("json", cancelEventBodySchema), async (c) => {
    const event = await storedEvent(c);
    if (event.status === "cancelled") throw conflict(EVENT_CANCEL_MESSAGES.alreadyCancelled, "event_already_cancelled");
    const { confirmBuyers } = c.req.valid("json");
    try {
      await startEventCancellation(c.env, c.var.db, actorOf(c), event.id, confirmBuyers);
    } catch (err) {
      const refusal = cancelRefusalOf(err);
      if (refusal === "already_cancelled") throw conflict(EVENT_CANCEL_MESSAGES.alreadyCancelled, "event_already_cancelled");
      if (refusal === "buyers_changed") {
        const buyers = (await ordersWithValidTickets(c.var.db, event.id)).length;
        throw routeError("event_cancel_buyers_changed", { params: { buyers } });
      }
      throw err;
    } finally {
      forget(EVENTS_MEMO_PREFIX);
    }
    return answer(c, (await findEvent(c.var.db, event.id)) ?? event);
  })

  .post("/:id/cancellation/retry", async (c) => {
    const event = await storedEvent(c);
    const moved = await retryFailedRefunds(c.var.db, actorOf(c), event.id);
    if (moved === 0) throw conflict(EVENT_CANCEL_MESSAGES.nothingToRetry, "event_cancel_nothing_to_retry");
    await queueStep(c.env, event.id);
    return answer(c, event);
  });
