// Helpers of the tickets checkout tests (tickets-checkout.test.ts, tickets-refunds.test.ts): ticket
// carts, checkouts opened through the route, the Checkout Session events Stripe would send for
// them, and everything a ticket checkout can change, to prove a refusal changed nothing.
import { expect } from "vitest";
import { env } from "cloudflare:workers";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { event, type TestEvent } from "./payments-fixtures";
import { buyerCookieOf, checkoutRowBySession, D1, postCheckout, sessionOf } from "./checkout-fixtures";

export const vars = env as unknown as { ADMIN_EMAIL: string; SITE_URL: string; BRAND_NAME: string; SESSION_SECRET: string };

export type TicketLineInput = { ticketTypeId: string; quantity?: number };

/** A cart of ticket lines only (no store lines). */
export const ticketCart = (tickets: TicketLineInput[], extra: Record<string, unknown> = {}) => ({
  currency: "usd",
  lines: [],
  tickets: tickets.map((t) => ({ ticketTypeId: t.ticketTypeId, quantity: t.quantity ?? 1 })),
  ...extra,
});

export type TicketCheckout = { id: string; session: string; buyerCookie: string | null; total: number; email: string };

export const guestEmail = () => `fan_${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A checkout opened through the route (a guest's unless a member's cookie is given). */
export async function openTicketCheckout(json: Record<string, unknown>, opts: { cookie?: string; lang?: string } = {}): Promise<TicketCheckout> {
  const res = await postCheckout(opts.cookie ? json : { email: guestEmail(), ...json }, opts.cookie, opts.lang ? { "accept-language": opts.lang } : undefined);
  expect(res.status, await res.clone().text()).toBe(200);
  const session = sessionOf((await res.json<{ url: string }>()).url);
  const row = (await checkoutRowBySession(session))!;
  return { id: String(row.id), session, buyerCookie: buyerCookieOf(res), total: Number(row.total_cents), email: String(row.email) };
}

/** A payment-mode Checkout Session event for a checkout. */
export function sessionEvent(type: string, c: TicketCheckout, opts: { paid?: boolean; createdMs?: number } = {}): TestEvent {
  return event(
    type,
    {
      id: c.session,
      object: "checkout.session",
      mode: "payment",
      status: type.endsWith("expired") ? "expired" : "complete",
      payment_status: opts.paid ? "paid" : "unpaid",
      payment_intent: opts.paid ? `pi_test_${c.id}` : null,
      amount_total: c.total,
      currency: "usd",
      client_reference_id: c.id,
      metadata: { checkout_id: c.id },
      customer_details: { email: c.email, name: null },
    },
    opts.createdMs,
  );
}

export const remainingOf = async (typeId: string) =>
  (await D1.prepare("SELECT remaining FROM ticket_types WHERE id = ?1").bind(typeId).first<{ remaining: number }>())!.remaining;
export const takenOf = async (eventId: string) =>
  (await D1.prepare("SELECT tickets_taken FROM events WHERE id = ?1").bind(eventId).first<{ tickets_taken: number }>())!.tickets_taken;
export const ticketHoldStates = async (checkoutId: string) =>
  (await D1.prepare("SELECT state FROM ticket_holds WHERE checkout_id = ?1 ORDER BY ticket_type_id").bind(checkoutId).all<{ state: string }>()).results.map(
    (r) => r.state,
  );
export const orderOf = (checkoutId: string) =>
  D1.prepare("SELECT * FROM orders WHERE checkout_id = ?1").bind(checkoutId).all<Record<string, unknown> & { id: string; number: number }>();
export const ticketsOf = async (orderId: string) =>
  (
    await D1.prepare(
      `SELECT id, code, token_version, event_id, ticket_type_id, type_name, price_cents, currency, buyer_user_id, buyer_email, owner_user_id, owner_email,
              holder_name, status, voided_at FROM event_tickets WHERE order_id = ?1 ORDER BY code`,
    )
      .bind(orderId)
      .all<Record<string, unknown> & { id: string; code: string; status: string }>()
  ).results;

const countOf = async (table: string) => (await D1.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** Everything a ticket checkout or its fulfilment can write. */
export async function ticketState() {
  const [types, events] = await Promise.all([
    D1.prepare("SELECT id, remaining FROM ticket_types ORDER BY id").all(),
    D1.prepare("SELECT id, tickets_taken FROM events ORDER BY id").all(),
  ]);
  return {
    checkouts: await countOf("store_checkouts"),
    holds: await countOf("ticket_holds"),
    tickets: await countOf("event_tickets"),
    orders: await countOf("orders"),
    revenue: await countOf("revenue_entries"),
    types: types.results,
    events: events.results,
  };
}

/** Mails to an address, once the background work (receipts, notices) has settled. */
export async function mailsTo(address: string, subjectLike = "%") {
  await backgroundWorkSettled();
  return (
    await D1.prepare("SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE to_address = ?1 AND subject LIKE ?2 ORDER BY created_at")
      .bind(address, subjectLike)
      .all<{ subject: string; text: string; html: string | null }>()
  ).results;
}
