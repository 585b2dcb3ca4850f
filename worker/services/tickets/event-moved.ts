// A moved event's buyers (decision 055, part "cancel"): when the event form changes the start of an
// event with valid tickets, the route queues one `event_moved` message on the campaign queue; each
// step mails a page of orders (the buyer's language, the new time in the event's zone with the old
// one) and queues the next page. Once per change: every mail is keyed by the event, the order and
// the moment of the change, so a redelivered step sends nothing twice; a step that finds the event
// moved again (or cancelled) stops, the newer change's own message tells the buyers. The tickets
// are not touched: they stay valid.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findEvent } from "../../db/events";
import { validOrdersPage } from "../../db/tickets/event-cancellations";
import { isLocale } from "#contracts/locale.ts";
import { createMailService } from "../mail";
import { ticketsMovedMail } from "./cancellation-mail";
import { waitlistShowMoved } from "../waitlist/moved";

export type EventMovedMessage = {
  type: "event_moved";
  eventId: string;
  /** The start before and after the change (epoch ms). */
  from: number;
  to: number;
  /** When the change was saved: names the change in the mails' keys. */
  changedAt: number;
  /** The last order mailed (orders go in id order). */
  after?: string;
};

/** Orders mailed per step. */
export const MOVED_PAGE_ORDERS = 50;

/** Queues the buyers' notices of a change of start (the route calls it after the change is saved). */
export async function queueMovedNotices(env: AppEnv, eventId: string, from: number, to: number, changedAt: number): Promise<void> {
  const message: EventMovedMessage = { type: "event_moved", eventId, from, to, changedAt };
  await env.CAMPAIGN_QUEUE.send(message);
}

export async function handleEventMoved(env: AppEnv, db: DB, body: EventMovedMessage, now = Date.now(), pageSize = MOVED_PAGE_ORDERS): Promise<void> {
  const event = await findEvent(db, body.eventId);
  if (!event || event.status === "cancelled" || event.eventDate.getTime() !== body.to) return;
  // The show's waitlist hears of the move once, on the job's first step.
  if (body.after === undefined) await waitlistShowMoved(env, db, { eventId: body.eventId, to: body.to, changedAt: body.changedAt }, now);
  const page = await validOrdersPage(db, body.eventId, body.after ?? "", pageSize);
  if (page.length === 0) return;
  const cfg = readConfig(env);
  const site = { brandName: cfg.BRAND_NAME, siteUrl: cfg.SITE_URL };
  const mail = createMailService(env, db);
  for (const order of page) {
    const locale = isLocale(order.locale) ? order.locale : "en";
    const message = ticketsMovedMail(event, body.from, { to: order.email, locale, number: order.number, tickets: order.tickets }, site, now);
    await mail.send({ ...message, idempotencyKey: `event-moved:${body.eventId}:${order.orderId}:${body.changedAt}` });
  }
  if (page.length === pageSize) {
    const next: EventMovedMessage = { ...body, after: page[page.length - 1]!.orderId };
    await env.CAMPAIGN_QUEUE.send(next);
  }
}
