// Cancelling an event that sold tickets (decision 055, part "cancel"): the preview and the cancel
// per role, the preview's figures, the confirmed count, the refund job through the campaign queue
// with the local payments provider (each order refunded once when a step is redelivered, when a step
// is interrupted half-way, and when an order's refund event arrives twice), the tickets ending
// `cancelled`, the buyers' and subscribers' mails once each in their languages, a moved event's
// buyers told once with their tickets still valid, and an event without sales cancelled as before.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { count, createRole, DOOR_ROLES, exec, row, rows, type DoorRole } from "./check-in-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { deliver } from "./payments-fixtures";
import { chargeRefundedEvent } from "./store-order-fixtures";
import type { CancellationPreview, CancellationResponse } from "../../worker/contracts/tickets/event-cancellation";
import type { AdminEventResponse, EventInput } from "../../worker/contracts/admin/events";
import { cancelEventWithTickets } from "../../worker/db/tickets/event-cancellations";
import { runCancellationStep } from "../../worker/services/tickets/cancellation";
import { storeRefunds } from "../../worker/services/store/purchase";
import { handleEventMoved, type EventMovedMessage } from "../../worker/services/tickets/event-moved";
import { createPaymentsService, PaymentProviderError, type PaymentsService } from "../../worker/services/payments";
import type { AppEnv } from "../../worker/env";

const API = "/api/admin/events";
const DAY = 24 * 60 * 60 * 1000;

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser("admin");
});
afterEach(() => {
  vi.restoreAllMocks();
});

const preview = async (eventId: string) => call(`${API}/${eventId}/cancellation`, { cookie: admin.cookie });
const previewOk = async (eventId: string): Promise<CancellationPreview> => {
  const res = await preview(eventId);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<CancellationResponse>()).cancellation;
};
const cancel = (eventId: string, json: unknown) => call(`${API}/${eventId}/cancel`, { method: "POST", json, cookie: admin.cookie });

/** Paid orders of the event, each with a provider payment the local provider can refund. */
async function sell(eventId: string, typeId: string, count: number, seed: { locale?: "en" | "pt-BR"; priceCents?: number; email?: string } = {}) {
  const order = await insertIssuedTickets({ eventId, ticketTypeId: typeId, count, ...seed });
  await exec("UPDATE orders SET payment_intent_id = ?2 WHERE id = ?1", order.orderId, `pi_local_${order.orderId}`);
  return order;
}

/** An event with three buyers: 2 tickets (en), 1 ticket (pt-BR), and 1 ticket in an order that also holds another event's ticket. */
async function soldEvent(title = `Cancelled show ${crypto.randomUUID().slice(0, 6)}`) {
  const eventId = await seedTicketEvent({ title });
  const typeId = await seedTicketType(eventId, { priceCents: 2500 });
  const a = await sell(eventId, typeId, 2, { locale: "en" });
  const b = await sell(eventId, typeId, 1, { locale: "pt-BR" });
  const c = await sell(eventId, typeId, 1, { locale: "en", priceCents: 3000 });
  // Order c also bought a $40 ticket of another event: only this event's share is refunded.
  const other = await seedTicketEvent();
  const otherType = await seedTicketType(other, { priceCents: 4000 });
  await exec(
    `INSERT INTO event_tickets (id, code, order_id, event_id, ticket_type_id, type_name, price_cents, currency, buyer_email, owner_email)
     VALUES (?1, ?2, ?3, ?4, ?5, 'General', 4000, 'usd', ?6, ?6)`,
    crypto.randomUUID(),
    `TKT-OTHR-${crypto.randomUUID().slice(0, 4).toUpperCase()}`,
    c.orderId,
    other,
    otherType,
    c.email,
  );
  await exec("UPDATE orders SET total_cents = total_cents + 4000, subtotal_cents = subtotal_cents + 4000 WHERE id = ?1", c.orderId);
  return { eventId, typeId, orders: [a, b, c] };
}

async function addReminder(eventId: string, email: string, locale: "en" | "pt-BR", status: "active" | "pending" | "done" = "active") {
  await exec(
    `INSERT INTO event_reminders (id, event_id, email, locale, status, notified_start, created_at) SELECT ?1, ?2, ?3, ?4, ?5, event_date, ?6 FROM events WHERE id = ?2`,
    crypto.randomUUID(),
    eventId,
    email,
    locale,
    status,
    Date.now(),
  );
}

const ticketStatuses = (eventId: string) =>
  rows<{ status: string; n: number; voided: number }>(
    "SELECT status, count(*) AS n, count(voided_at) AS voided FROM event_tickets WHERE event_id = ?1 GROUP BY status",
    eventId,
  );
const mailsTo = (email: string) =>
  rows<{ subject: string; text_body: string; idempotency_key: string | null }>(
    "SELECT subject, text_body, idempotency_key FROM mail_outbox WHERE to_address = ?1 ORDER BY created_at, rowid",
    email,
  );
const ledgerOf = (orderId: string) =>
  rows<{ ref: string; amount_cents: number }>("SELECT ref, amount_cents FROM revenue_entries WHERE order_id = ?1 AND amount_cents < 0", orderId);
const orderOf = (orderId: string) =>
  row<{ status: string; refunded_cents: number; total_cents: number }>("SELECT status, refunded_cents, total_cents FROM orders WHERE id = ?1", orderId);

async function waitForFinished(eventId: string): Promise<CancellationPreview> {
  await vi.waitFor(
    async () => {
      const p = await previewOk(eventId);
      if (!p.job?.finishedAt) throw new Error("still running");
    },
    { timeout: 20_000, interval: 50 },
  );
  return previewOk(eventId);
}

/** The worker's env with a queue that only records what a step queues (the test runs each step itself). */
function stepEnv() {
  const queued: unknown[] = [];
  const fake = { ...(env as unknown as AppEnv), CAMPAIGN_QUEUE: { send: async (m: unknown) => void queued.push(m) } } as unknown as AppEnv;
  return { env: fake, queued };
}

describe("who may preview and cancel", () => {
  it("answers administrators only; everybody else is refused and nothing changes", async () => {
    const { eventId } = await soldEvent();
    const expected: Record<DoorRole, [number, string | null]> = {
      visitor: [401, "unauthorized"],
      user: [403, "admin_required"],
      vip: [403, "admin_required"],
      door: [403, "admin_required"],
      banned: [401, "unauthorized"],
      admin: [200, null],
    };
    const audits = await count("SELECT count(*) AS n FROM audit_log WHERE target_id = ?1", eventId);
    for (const role of DOOR_ROLES.filter((r) => r !== "admin")) {
      const cookie = role === "visitor" ? undefined : (await createRole(role)).cookie;
      const [status, code] = expected[role];
      for (const res of [
        await call(`${API}/${eventId}/cancellation`, { cookie }),
        await call(`${API}/${eventId}/cancel`, { method: "POST", json: { confirmBuyers: 3 }, cookie }),
        await call(`${API}/${eventId}/cancellation/retry`, { method: "POST", cookie }),
      ]) {
        expect(res.status, role).toBe(status);
        expect((await errorOf(res)).code, role).toBe(code);
      }
    }
    expect(await row("SELECT status FROM events WHERE id = ?1", eventId)).toEqual({ status: "published" });
    expect(await ticketStatuses(eventId)).toEqual([{ status: "valid", n: 4, voided: 0 }]);
    expect(await count("SELECT count(*) AS n FROM event_cancellations WHERE event_id = ?1", eventId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE target_id = ?1", eventId)).toBe(audits);
    expect((await preview(eventId)).status).toBe(200);
  });
});

describe("the preview", () => {
  it("counts distinct buyers with valid tickets, their tickets, the refund per currency and the reminder subscribers", async () => {
    const { eventId, typeId, orders } = await soldEvent();
    // Not counted: a refunded order's ticket, and a pending, a done reminder.
    await sell(eventId, typeId, 1).then((o) => exec("UPDATE event_tickets SET status = 'refunded', voided_at = 1 WHERE order_id = ?1", o.orderId));
    await addReminder(eventId, `fan1-${eventId}@example.com`, "en");
    await addReminder(eventId, `fan2-${eventId}@example.com`, "pt-BR");
    await addReminder(eventId, `fan3-${eventId}@example.com`, "en", "pending");
    await addReminder(eventId, `fan4-${eventId}@example.com`, "en", "done");
    // Order a was already partly refunded ($10): what is left of it is refunded.
    await exec("UPDATE orders SET refunded_cents = 1000, status = 'partially_refunded' WHERE id = ?1", orders[0]!.orderId);

    const p = await previewOk(eventId);
    expect(p).toMatchObject({ eventId, status: "published", buyers: 3, tickets: 4, reminderSubscribers: 2, job: null });
    // a: 5000 - 1000; b: 2500; c: its $30 ticket of this event, not the other event's $40.
    expect(p.refunds).toEqual([{ currency: "usd", amountCents: 4000 + 2500 + 3000 }]);
  });

  it("is a 404 for an unknown event", async () => {
    for (const id of [crypto.randomUUID(), "not an id"]) {
      const res = await preview(encodeURIComponent(id));
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("event_not_found");
    }
  });
});

describe("cancelling", () => {
  it("refuses bad input and a count that is no longer true, storing nothing", async () => {
    const { eventId } = await soldEvent();
    const version = await row("SELECT version FROM content_version WHERE id = 1");
    for (const body of [{}, { confirmBuyers: "3" }, { confirmBuyers: -1 }, { confirmBuyers: 1.5 }, { confirmBuyers: 3, extra: true }]) {
      const res = await cancel(eventId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const stale = await cancel(eventId, { confirmBuyers: 2 });
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatchObject({ code: "event_cancel_buyers_changed", params: { buyers: 3 } });
    const missing = await cancel(crypto.randomUUID(), { confirmBuyers: 0 });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("event_not_found");

    expect(await row("SELECT status FROM events WHERE id = ?1", eventId)).toEqual({ status: "published" });
    expect(await ticketStatuses(eventId)).toEqual([{ status: "valid", n: 4, voided: 0 }]);
    expect(await count("SELECT count(*) AS n FROM event_cancellations WHERE event_id = ?1", eventId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM event_cancellation_orders WHERE event_id = ?1", eventId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE target_id = ?1", eventId)).toBe(0);
    expect(await row("SELECT version FROM content_version WHERE id = 1")).toEqual(version);
  });

  it("refunds every order once through the queue, tickets end cancelled, buyers and subscribers are mailed once in their languages", async () => {
    const { eventId, typeId, orders } = await soldEvent("Beach Night");
    await exec("UPDATE events SET title_pt_br = 'Noite na Praia' WHERE id = ?1", eventId);
    const [a, b, c] = orders;
    await addReminder(eventId, `sub-en-${eventId}@example.com`, "en");
    await addReminder(eventId, `sub-pt-${eventId}@example.com`, "pt-BR");
    // An open checkout holds 3 seats of the type: released with its seats given back.
    const checkoutId = crypto.randomUUID();
    await exec(
      `INSERT INTO store_checkouts (id, provider_session_id, mode, email, locale, currency, subtotal_cents, total_cents, status, expires_at, created_at, updated_at)
       VALUES (?1, ?2, 'local', 'holder@example.com', 'en', 'usd', 7500, 7500, 'open', ?3, ?3, ?3)`,
      checkoutId,
      `cs_local_${checkoutId}`,
      Date.now() + DAY,
    );
    await exec(
      `INSERT INTO ticket_holds (checkout_id, ticket_type_id, event_id, quantity, unit_cents, total_cents) VALUES (?1, ?2, ?3, 3, 2500, 7500)`,
      checkoutId,
      typeId,
      eventId,
    );
    await exec("UPDATE ticket_types SET remaining = remaining - 3 WHERE id = ?1", typeId);
    await exec("UPDATE events SET tickets_taken = tickets_taken + 3 WHERE id = ?1", eventId);
    const version = await row("SELECT version FROM content_version WHERE id = 1");

    const res = await cancel(eventId, { confirmBuyers: 3 });
    expect(res.status, await res.clone().text()).toBe(200);
    const started = (await res.json<CancellationResponse>()).cancellation;
    expect(started).toMatchObject({ status: "cancelled", buyers: 0, tickets: 0, job: { ordersTotal: 3 } });
    expect(await row("SELECT version FROM content_version WHERE id = 1")).not.toEqual(version);
    expect(await row("SELECT state FROM ticket_holds WHERE checkout_id = ?1", checkoutId)).toEqual({ state: "released" });
    expect(await row("SELECT remaining FROM ticket_types WHERE id = ?1", typeId)).toEqual({ remaining: 100 - 4 });
    expect(await row("SELECT tickets_taken FROM events WHERE id = ?1", eventId)).toEqual({ tickets_taken: 4 });
    const audit = await row<{ action: string; actor_email: string }>(
      "SELECT action, actor_email FROM audit_log WHERE target_id = ?1 AND action = 'event.cancel'",
      eventId,
    );
    expect(audit).toEqual({ action: "event.cancel", actor_email: admin.email });

    const done = await waitForFinished(eventId);
    expect(done.job).toMatchObject({ ordersTotal: 3, ordersRefunded: 3, ordersFailed: 0, mailsSent: 5, failed: [] });
    expect(await ticketStatuses(eventId)).toEqual([{ status: "cancelled", n: 4, voided: 4 }]);
    expect(await orderOf(a!.orderId)).toEqual({ status: "refunded", refunded_cents: 5000, total_cents: 5000 });
    expect(await orderOf(b!.orderId)).toEqual({ status: "refunded", refunded_cents: 2500, total_cents: 2500 });
    expect(await orderOf(c!.orderId)).toEqual({ status: "partially_refunded", refunded_cents: 3000, total_cents: 7000 });
    for (const o of orders) expect(await ledgerOf(o.orderId)).toHaveLength(1);

    const english = await mailsTo(a!.email);
    expect(english).toHaveLength(1);
    expect(english[0]!.subject).toBe("Cancelled: Beach Night (your tickets are refunded)");
    expect(english[0]!.text_body).toContain("Your 2 tickets are refunded: $50.00.");
    expect(english[0]!.text_body).toContain("5 to 10 days");
    expect(english[0]!.idempotency_key).toBe(`event-cancel:${eventId}:${a!.orderId}`);
    const portuguese = await mailsTo(b!.email);
    expect(portuguese).toHaveLength(1);
    expect(portuguese[0]!.subject).toBe("Cancelado: Noite na Praia (seus ingressos foram reembolsados)");
    expect(portuguese[0]!.text_body).toMatch(/Seu ingresso foi reembolsado: US\$\s25,00\./);
    expect((await mailsTo(c!.email))[0]!.text_body).toContain("Your ticket is refunded: $30.00.");
    expect((await mailsTo(`sub-en-${eventId}@example.com`)).map((m) => m.subject)).toEqual(["Cancelled: Beach Night"]);
    expect((await mailsTo(`sub-pt-${eventId}@example.com`)).map((m) => m.subject)).toEqual(["Cancelado: Noite na Praia"]);

    // The same order's refund event again (Stripe's retry, and a second delivery under a new id): nothing changes.
    const refundId = (await row<{ refund_id: string }>("SELECT refund_id FROM event_cancellation_orders WHERE order_id = ?1", a!.orderId))!.refund_id;
    const again = chargeRefundedEvent({ paymentIntentId: `pi_local_${a!.orderId}`, amount: 5000, cumulative: 5000, refunds: [{ id: refundId, amount: 5000 }] });
    await deliver(again, again, { ...again, id: `evt_test_${crypto.randomUUID()}` });
    expect(await orderOf(a!.orderId)).toEqual({ status: "refunded", refunded_cents: 5000, total_cents: 5000 });
    expect(await ledgerOf(a!.orderId)).toHaveLength(1);
    expect(await ticketStatuses(eventId)).toEqual([{ status: "cancelled", n: 4, voided: 4 }]);

    // A redelivered step after the end changes nothing; a second cancel is refused.
    await runCancellationStep(stepEnv().env, db(), eventId);
    expect(await mailsTo(a!.email)).toHaveLength(1);
    const twice = await cancel(eventId, { confirmBuyers: 0 });
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).code).toBe("event_already_cancelled");
  });
});

describe("the refund job, step by step", () => {
  /** The event cancelled by the route's own batch, without the queue: the test runs each step. */
  async function cancelledWithoutQueue(orders = 5) {
    const eventId = await seedTicketEvent();
    const typeId = await seedTicketType(eventId);
    const sold = [];
    for (let i = 0; i < orders; i++) sold.push(await sell(eventId, typeId, 1, { locale: i % 2 ? "pt-BR" : "en" }));
    await cancelEventWithTickets(db(), { id: admin.id, email: admin.email }, eventId, orders);
    return { eventId, sold };
  }

  /** The local provider, with every call counted; `fail(n)` makes the n-th call throw as a lost connection would. */
  function countingPayments(fail?: (n: number) => Error | null) {
    const real = createPaymentsService(env as unknown as AppEnv, storeRefunds(db()));
    const calls: string[] = [];
    const payments: PaymentsService = {
      ...real,
      refund: async (input) => {
        calls.push(input.idempotencyKey);
        const err = fail?.(calls.length);
        if (err) throw err;
        return real.refund(input);
      },
    };
    return { payments, calls };
  }

  const states = (eventId: string) =>
    rows<{ state: string; n: number }>("SELECT state, count(*) AS n FROM event_cancellation_orders WHERE event_id = ?1 GROUP BY state ORDER BY state", eventId);

  it("resumes after a step interrupted half-way and refunds each order once", async () => {
    const { eventId, sold } = await cancelledWithoutQueue(5);
    const { env: stepped, queued } = stepEnv();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    // The third refund call loses its connection: the step throws (the queue would retry it).
    const flaky = countingPayments((n) => (n === 3 ? new Error("connection reset") : null));
    await expect(runCancellationStep(stepped, db(), eventId, Date.now(), { payments: flaky.payments, pageSize: 4 })).rejects.toThrow("connection reset");
    expect(await states(eventId)).toEqual([
      { state: "pending", n: 3 },
      { state: "refunded", n: 2 },
    ]);
    expect((await previewOk(eventId)).job).toMatchObject({ ordersRefunded: 2, ordersFailed: 0, finishedAt: null });
    quiet.mockRestore();

    // The redelivery and the next steps: the rows still pending, then the end.
    const steady = countingPayments();
    await runCancellationStep(stepped, db(), eventId, Date.now(), { payments: steady.payments, pageSize: 4 });
    await runCancellationStep(stepped, db(), eventId, Date.now(), { payments: steady.payments, pageSize: 4 });
    expect(steady.calls).toHaveLength(3);
    // The step that refunded the last three queued the next, which found nothing left and finished.
    expect(queued).toEqual([{ type: "event_cancel", eventId }]);
    for (const o of sold) {
      expect(await orderOf(o.orderId)).toMatchObject({ status: "refunded", refunded_cents: 2500 });
      expect(await ledgerOf(o.orderId)).toHaveLength(1);
      expect(await mailsTo(o.email)).toHaveLength(1);
    }
    const job = (await previewOk(eventId)).job!;
    expect(job).toMatchObject({ ordersTotal: 5, ordersRefunded: 5, ordersFailed: 0, mailsSent: 5 });
    expect(job.finishedAt).not.toBeNull();
  });

  it("asks again under the same key when a step's marks were lost: the provider answers with the same refund", async () => {
    const { eventId, sold } = await cancelledWithoutQueue(2);
    const { env: stepped } = stepEnv();
    const first = countingPayments();
    await runCancellationStep(stepped, db(), eventId, Date.now(), { payments: first.payments });
    // As if the step had stopped after the refunds but before its marks: the rows are pending again.
    await exec("UPDATE event_cancellation_orders SET state = 'pending', refund_id = NULL, mailed_at = NULL WHERE event_id = ?1", eventId);
    await exec("UPDATE orders SET refunded_cents = 0, status = 'paid' WHERE id = ?1", sold[1]!.orderId); // its event not yet arrived
    const again = countingPayments();
    await runCancellationStep(stepped, db(), eventId, Date.now(), { payments: again.payments });
    // Order 0 was seen refunded and not asked again; order 1 was asked under the same key.
    expect(again.calls).toEqual([`event-cancel:${eventId}:${sold[1]!.orderId}`]);
    expect(first.calls).toContain(again.calls[0]);
    for (const o of sold) {
      expect(await ledgerOf(o.orderId)).toHaveLength(1);
      expect(await mailsTo(o.email)).toHaveLength(1);
    }
  });

  it("counts a refund the provider refuses as failed, lists it, and refunds it when retried", async () => {
    const { eventId, sold } = await cancelledWithoutQueue(3);
    const { env: stepped, queued } = stepEnv();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const refusing = countingPayments((n) => (n === 2 ? new PaymentProviderError("Your card was declined") : null));
    await runCancellationStep(stepped, db(), eventId, Date.now(), { payments: refusing.payments });
    await runCancellationStep(stepped, db(), eventId, Date.now(), { payments: refusing.payments });
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
    const failedOrder = sold.find((o) => refusing.calls[1] === `event-cancel:${eventId}:${o.orderId}`)!;
    const p = await previewOk(eventId);
    expect(p.job).toMatchObject({ ordersTotal: 3, ordersRefunded: 2, ordersFailed: 1 });
    expect(p.job!.finishedAt).not.toBeNull();
    expect(p.job!.failed).toEqual([
      {
        orderId: failedOrder.orderId,
        number: failedOrder.number,
        email: failedOrder.email,
        amountCents: 2500,
        currency: "usd",
        error: "Your card was declined",
      },
    ]);
    expect(await mailsTo(failedOrder.email)).toHaveLength(0);

    const retry = await call(`${API}/${eventId}/cancellation/retry`, { method: "POST", cookie: admin.cookie });
    expect(retry.status).toBe(200);
    expect((await retry.json<CancellationResponse>()).cancellation.job).toMatchObject({ ordersFailed: 0, finishedAt: null });
    // The retry's step came through the real queue: wait for it.
    await waitForFinished(eventId);
    expect(await orderOf(failedOrder.orderId)).toMatchObject({ status: "refunded", refunded_cents: 2500 });
    expect(await mailsTo(failedOrder.email)).toHaveLength(1);
    expect(queued.length).toBeGreaterThan(0);
    const nothing = await call(`${API}/${eventId}/cancellation/retry`, { method: "POST", cookie: admin.cookie });
    expect(nothing.status).toBe(409);
    expect((await errorOf(nothing)).code).toBe("event_cancel_nothing_to_retry");
  });

  it("asks the provider for nothing an admin's refund already claimed: the row fails with the reason, no refund is made", async () => {
    const { eventId, sold } = await cancelledWithoutQueue(1);
    const order = sold[0]!;
    // An admin's full refund accepted by the provider, its event not yet arrived: the order's money is claimed.
    await exec("UPDATE orders SET refund_claimed_cents = total_cents WHERE id = ?1", order.orderId);
    const { env: stepped } = stepEnv();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const counted = countingPayments();
    await runCancellationStep(stepped, db(), eventId, Date.now(), { payments: counted.payments });
    quiet.mockRestore();
    expect(counted.calls).toEqual([]);
    expect(await row("SELECT state, error FROM event_cancellation_orders WHERE event_id = ?1", eventId)).toEqual({
      state: "failed",
      error: "Another refund of this order left less than the planned refund",
    });
    expect(await ledgerOf(order.orderId)).toEqual([]);
    expect(await row("SELECT count(*) AS n FROM refund_claims WHERE order_id = ?1", order.orderId)).toEqual({ n: 0 });
  });

  it("an admin's full refund racing the cancellation's: the order is refunded once, never past what was paid", async () => {
    const { eventId, sold } = await cancelledWithoutQueue(1);
    const order = sold[0]!;
    const { env: stepped } = stepEnv();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const [adminRefund] = await Promise.all([
      call(`/api/admin/store/orders/${order.orderId}/refunds`, {
        method: "POST",
        json: { amountCents: 2500, attemptId: crypto.randomUUID() },
        cookie: admin.cookie,
      }),
      runCancellationStep(stepped, db(), eventId, Date.now()),
    ]);
    quiet.mockRestore();
    expect([200, 409]).toContain(adminRefund.status);
    expect(await ledgerOf(order.orderId)).toHaveLength(1);
    expect(await row("SELECT refunded_cents, refund_claimed_cents FROM orders WHERE id = ?1", order.orderId)).toEqual({
      refunded_cents: 2500,
      refund_claimed_cents: 2500,
    });
  });

  it("picks up tickets a late payment issued after the cancel", async () => {
    const { eventId } = await cancelledWithoutQueue(1);
    const typeId = (await row<{ id: string }>("SELECT id FROM ticket_types WHERE event_id = ?1", eventId))!.id;
    const late = await sell(eventId, typeId, 2);
    const { env: stepped } = stepEnv();
    await runCancellationStep(stepped, db(), eventId);
    await runCancellationStep(stepped, db(), eventId);
    expect(await ticketStatuses(eventId)).toEqual([{ status: "cancelled", n: 3, voided: 3 }]);
    expect(await orderOf(late.orderId)).toMatchObject({ status: "refunded", refunded_cents: 5000 });
    expect((await previewOk(eventId)).job).toMatchObject({ ordersTotal: 2, ordersRefunded: 2 });
  });
});

describe("the event form", () => {
  const NEXT_YEAR = new Date().getUTCFullYear() + 1;
  const form = (overrides: Partial<EventInput> = {}): EventInput => ({
    title: "Moving Show",
    description: "A show.",
    eventDate: `${NEXT_YEAR}-06-15T20:00`,
    timeZone: "America/Sao_Paulo",
    status: "published",
    source: "custom",
    eventbriteId: null,
    externalTicketUrl: null,
    venueName: "Neon Hall",
    venueAddress: "100 Ocean Drive",
    venueCity: "São Paulo",
    venueState: "SP",
    venueCountry: "BRA",
    venuePostalCode: "01000-000",
    venueCapacity: 500,
    ticketPriceMin: 25,
    ticketPriceMax: 25,
    ticketSaleStart: `${NEXT_YEAR}-03-01T10:00`,
    ticketSaleEnd: `${NEXT_YEAR}-06-15T18:00`,
    ...overrides,
  });
  const put = (id: string, json: EventInput) => call(`${API}/${id}`, { method: "PUT", json, cookie: admin.cookie });

  async function createdEvent(overrides: Partial<EventInput> = {}) {
    const res = await call(API, { method: "POST", json: form(overrides), cookie: admin.cookie });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json<AdminEventResponse>()).event.id;
  }

  it("refuses to cancel an event with sold tickets (Cancel event does it), and cancels one without sales as before", async () => {
    const sold = await createdEvent();
    const typeId = await seedTicketType(sold);
    await sell(sold, typeId, 1);
    const res = await put(sold, form({ status: "cancelled" }));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("event_has_ticket_sales");
    expect(await row("SELECT status FROM events WHERE id = ?1", sold)).toEqual({ status: "published" });
    expect(await ticketStatuses(sold)).toEqual([{ status: "valid", n: 1, voided: 0 }]);

    const unsold = await createdEvent();
    await seedTicketType(unsold);
    const ok = await put(unsold, form({ status: "cancelled" }));
    expect(ok.status).toBe(200);
    expect((await ok.json<AdminEventResponse>()).event.status).toBe("cancelled");
    expect(await count("SELECT count(*) AS n FROM event_cancellations WHERE event_id = ?1", unsold)).toBe(0);
  });

  it("mails a moved event's buyers once, in their language, with the new and the old time; their tickets stay valid", async () => {
    const eventId = await createdEvent();
    const typeId = await seedTicketType(eventId, { priceCents: 5000 });
    const en = await sell(eventId, typeId, 2, { locale: "en" });
    const pt = await sell(eventId, typeId, 1, { locale: "pt-BR" });
    const refunded = await sell(eventId, typeId, 1);
    await exec("UPDATE event_tickets SET status = 'refunded' WHERE order_id = ?1", refunded.orderId);

    // A change that keeps the time mails nobody.
    expect((await put(eventId, form({ description: "Still on." }))).status).toBe(200);
    const res = await put(eventId, form({ eventDate: `${NEXT_YEAR}-06-20T21:30` }));
    expect(res.status).toBe(200);
    await vi.waitFor(async () => expect(await mailsTo(pt.email)).toHaveLength(1), { timeout: 20_000, interval: 50 });
    await vi.waitFor(async () => expect(await mailsTo(en.email)).toHaveLength(1), { timeout: 20_000, interval: 50 });

    const [english] = await mailsTo(en.email);
    expect(english!.subject).toBe("New time for Moving Show: your tickets stay valid");
    expect(english!.text_body).toMatch(/New time: June 20, \d{4} at 9:30\s?PM/);
    expect(english!.text_body).toMatch(/Before: June 15, \d{4} at 8:00\s?PM/);
    expect(english!.text_body).toContain("Your 2 tickets stay valid");
    const [portuguese] = await mailsTo(pt.email);
    expect(portuguese!.subject).toBe("Novo horário de Moving Show: seus ingressos continuam válidos");
    expect(portuguese!.text_body).toMatch(/Novo horário: 20 de junho de \d{4}.*21:30/);
    expect(await mailsTo(refunded.email)).toHaveLength(0);
    expect(await ticketStatuses(eventId)).toEqual([
      { status: "refunded", n: 1, voided: 0 },
      { status: "valid", n: 3, voided: 0 },
    ]);

    // The same change's message delivered again mails nobody twice.
    const changedAt = Date.parse((await (await call(`${API}/${eventId}`, { cookie: admin.cookie })).json<AdminEventResponse>()).event.updatedAt);
    const moved = (await row<{ event_date: number }>("SELECT event_date FROM events WHERE id = ?1", eventId))!.event_date;
    const message: EventMovedMessage = { type: "event_moved", eventId, from: moved - 5 * DAY, to: moved, changedAt };
    await handleEventMoved(stepEnv().env, db(), message);
    expect(await mailsTo(en.email)).toHaveLength(1);
    expect(await mailsTo(pt.email)).toHaveLength(1);
  });
});
