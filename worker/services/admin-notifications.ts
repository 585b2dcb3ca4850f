// Mails to the site's admin (ADMIN_EMAIL) about new members, new VIP subscriptions, ticket
// purchases, store orders and their disputes, each only while its switch is on in the back office's settings, in the language
// those settings name for notification e-mails. Callers run
// notifyAdmin off the response path (waitUntil): it never throws, a failure is only logged, so
// the request that caused it is never failed or slowed by it.
import type { Context } from "hono";
import { readConfig, type AppEnv } from "../env";
import type { DB } from "../db/client";
import type { HonoEnv } from "../types";
import type { NotificationSettings } from "#contracts/admin/settings.ts";
import type { Locale } from "#contracts/locale.ts";
import { readSettings } from "../db/settings";
import { createMailService, type MailMessage } from "./mail";
import { newUserNotificationMail, newVipNotificationMail, ticketPurchaseNotificationMail, type MemberFacts, type TicketPurchaseFacts } from "./mail/templates";
import { newOrderNotificationMail, type NewOrderFacts } from "./mail/store-order";
import { disputeNotificationMail, type DisputeFacts } from "./mail/dispute";
import { waitlistRefundFailedMail, type WaitlistRefundFailedFacts } from "./mail/waitlist-refund";

export type AdminEvent =
  | { kind: "new_user"; member: MemberFacts }
  | { kind: "new_vip"; member: MemberFacts }
  | { kind: "ticket_purchase"; purchase: TicketPurchaseFacts }
  | { kind: "new_order"; order: NewOrderFacts }
  | { kind: "dispute"; dispute: DisputeFacts }
  | { kind: "vip_dispute"; dispute: DisputeFacts }
  | { kind: "waitlist_refund_failed"; returnId: string; refund: WaitlistRefundFailedFacts };

/** sent: mailed; off: its switch is off; failed: the settings, the config or the mail failed (logged). */
export type NotifyOutcome = "sent" | "off" | "failed";

const SWITCH: Record<AdminEvent["kind"], keyof NotificationSettings> = {
  new_user: "newUser",
  new_vip: "newVip",
  ticket_purchase: "ticketPurchase",
  new_order: "newOrder",
  // Disputes and fraud warnings are about orders: the store orders' switch covers them (decision 094).
  dispute: "newOrder",
  // A VIP payment's: the new VIP subscriptions' switch covers them.
  vip_dispute: "newVip",
  // A seller's refund after a waitlist sale: a ticket order's money, under the ticket purchases' switch.
  waitlist_refund_failed: "ticketPurchase",
};

function mailFor(event: AdminEvent, to: string, brandName: string, locale: Locale, at: Date): MailMessage {
  switch (event.kind) {
    case "new_user":
      return newUserNotificationMail({ to, brandName, locale, member: event.member, at });
    case "new_vip":
      return newVipNotificationMail({ to, brandName, locale, member: event.member, at });
    case "ticket_purchase":
      // Keyed by the order as well: one notice per order with tickets.
      return {
        ...ticketPurchaseNotificationMail({ to, brandName, locale, purchase: event.purchase, at }),
        idempotencyKey: `admin-ticket-purchase:${event.purchase.orderId}`,
      };
    case "new_order":
      // Keyed by the order: a retried notice is not mailed twice.
      return { ...newOrderNotificationMail({ to, brandName, locale, order: event.order, at }), idempotencyKey: `admin-new-order:${event.order.number}` };
    case "dispute":
    case "vip_dispute":
      return disputeNotificationMail({ to, locale, dispute: event.dispute });
    case "waitlist_refund_failed":
      // Keyed by the return: the admin hears once however often the job gives up on it.
      return { ...waitlistRefundFailedMail({ to, locale, refund: event.refund }), idempotencyKey: `admin-waitlist-refund-failed:${event.returnId}` };
  }
}

export async function notifyAdmin(env: AppEnv, db: DB, event: AdminEvent, now = Date.now()): Promise<NotifyOutcome> {
  try {
    const { notifications, notificationLocale } = await readSettings(db);
    if (!notifications[SWITCH[event.kind]]) return "off";
    const cfg = readConfig(env);
    await createMailService(env, db).send(mailFor(event, cfg.ADMIN_EMAIL, cfg.BRAND_NAME, notificationLocale, new Date(now)));
    return "sent";
  } catch (err) {
    console.error(`admin notification (${event.kind}) failed`, err);
    return "failed";
  }
}

/** What notifyAdminLater needs of a request's context (any route's, whatever its variables). */
export type NotifyContext = Pick<Context<HonoEnv>, "env" | "executionCtx"> & { var: { db: DB } };

/** notifyAdmin after the response, for a request handler. */
export function notifyAdminLater(c: NotifyContext, event: AdminEvent) {
  c.executionCtx.waitUntil(notifyAdmin(c.env, c.var.db, event));
}
