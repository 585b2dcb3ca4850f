// A paid VIP invoice writes its row of the revenue ledger (revenue_entries, source 'vip') in the
// batch that records the event: once per invoice, whatever is replayed or arrives late, never in a
// currency the ledger does not keep, and through the local test checkout as through the webhook.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { LocalCheckoutResultResponse } from "../../worker/contracts/payments";
import { call, callLocal, createUser, type TestUser } from "./helpers";
import { deliver, event, invoiceEvent, isVip, newCustomerId, newInvoiceId, newSubscriptionId, subscriptionEvent, subscriptionRow } from "./payments-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const HOUR_MS = 60 * 60 * 1000;

type LedgerRow = { ref: string; source: string; amount_cents: number; currency: string; user_id: string | null; order_id: string | null; occurred_at: number };

const ledgerOf = async (userId: string) =>
  (
    await D1.prepare("SELECT ref, source, amount_cents, currency, user_id, order_id, occurred_at FROM revenue_entries WHERE user_id = ?1 ORDER BY id")
      .bind(userId)
      .all<LedgerRow>()
  ).results;

async function member() {
  const user = await createUser("user");
  return { user, sub: { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id } };
}

const paid = (
  sub: { id: string; customerId: string; userId: string },
  fields: { invoiceId?: string; amountPaid?: number; currency?: string } = {},
  createdMs?: number,
) =>
  invoiceEvent(
    "invoice.paid",
    { subscriptionId: sub.id, customerId: sub.customerId, userId: sub.userId, amountPaid: 999, currency: "usd", ...fields },
    createdMs,
  );

describe("invoice.paid and the revenue ledger", () => {
  it("writes one 'vip' row: the invoice's ref, amount and currency, the member, the event's time", async () => {
    const { user, sub } = await member();
    const invoiceId = newInvoiceId();
    const at = Date.now() - 2 * HOUR_MS;
    expect(await deliver(subscriptionEvent("created", sub, at - 1000), paid(sub, { invoiceId, amountPaid: 4990, currency: "brl" }, at))).toEqual([
      "applied",
      "applied",
    ]);
    expect(await isVip(user.id)).toBe(true);
    expect(await ledgerOf(user.id)).toEqual([
      {
        ref: `invoice:${invoiceId}`,
        source: "vip",
        amount_cents: 4990,
        currency: "brl",
        user_id: user.id,
        order_id: null,
        occurred_at: Math.floor(at / 1000) * 1000,
      },
    ]);
  });

  it("keeps the row once when the same event is replayed", async () => {
    const { user, sub } = await member();
    const invoice = paid(sub);
    expect(await deliver(subscriptionEvent("created", sub), invoice, invoice, invoice)).toEqual(["applied", "applied", "duplicate", "duplicate"]);
    const rows = await ledgerOf(user.id);
    expect(rows.map((r) => [r.ref, r.amount_cents])).toEqual([[`invoice:${(invoice.data.object as { id: string }).id}`, 999]]);
  });

  it("keeps the first row when another event names the same invoice", async () => {
    const { user, sub } = await member();
    const invoiceId = newInvoiceId();
    const first = paid(sub, { invoiceId, amountPaid: 999 }, Date.now() - HOUR_MS);
    const second = paid(sub, { invoiceId, amountPaid: 1999 });
    expect(first.id).not.toBe(second.id);
    expect(await deliver(subscriptionEvent("created", sub, Date.now() - 2 * HOUR_MS), first, second)).toEqual(["applied", "applied", "applied"]);
    expect((await ledgerOf(user.id)).map((r) => [r.ref, r.amount_cents, r.occurred_at])).toEqual([
      [`invoice:${invoiceId}`, 999, Math.floor(first.created) * 1000],
    ]);
  });

  it("counts each month's invoice, and a late one whose other effects are stale", async () => {
    const { user, sub } = await member();
    const now = Date.now();
    await deliver(subscriptionEvent("created", sub, now - 40 * 24 * HOUR_MS), paid(sub, {}, now - 40 * 24 * HOUR_MS), paid(sub, {}, now - 10 * 24 * HOUR_MS));
    // A newer event has already set the subscription; an invoice event older than it arrives now.
    await deliver(subscriptionEvent("updated", { ...sub, cancelAtPeriodEnd: true }, now - HOUR_MS));
    const before = await subscriptionRow(sub.id);
    await deliver(paid(sub, {}, now - 3 * HOUR_MS));
    expect(await subscriptionRow(sub.id)).toEqual(before);
    expect((await ledgerOf(user.id)).map((r) => r.amount_cents)).toEqual([999, 999, 999]);
  });

  it("adds nothing for a currency the ledger does not keep, nothing paid, or no amount, and still grants VIP", async () => {
    for (const fields of [{ currency: "eur" }, { amountPaid: 0 }, { amountPaid: undefined, currency: undefined }]) {
      const { user, sub } = await member();
      const invoice = invoiceEvent("invoice.paid", {
        subscriptionId: sub.id,
        customerId: sub.customerId,
        userId: user.id,
        amountPaid: 999,
        currency: "usd",
        ...fields,
      });
      expect(await deliver(subscriptionEvent("created", sub), invoice)).toEqual(["applied", "applied"]);
      expect(await isVip(user.id), JSON.stringify(fields)).toBe(true);
      expect(await ledgerOf(user.id), JSON.stringify(fields)).toEqual([]);
    }
  });

  it("adds nothing for an invoice of a subscription that is not ours", async () => {
    const invoiceId = newInvoiceId();
    const foreign = invoiceEvent("invoice.paid", {
      subscriptionId: newSubscriptionId(),
      customerId: newCustomerId(),
      invoiceId,
      amountPaid: 5000,
      currency: "usd",
    });
    expect(await deliver(foreign)).toEqual(["applied"]);
    const row = await D1.prepare("SELECT count(*) AS n FROM revenue_entries WHERE ref = ?1").bind(`invoice:${invoiceId}`).first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("ignores an invoice.paid event with no invoice id (nothing to key the row by)", async () => {
    const { user, sub } = await member();
    const invoice = paid(sub);
    const withoutId = event("invoice.paid", { ...invoice.data.object, id: null });
    expect(await deliver(subscriptionEvent("created", sub), withoutId)).toEqual(["applied", "applied"]);
    expect(await ledgerOf(user.id)).toEqual([]);
  });
});

describe("the local test checkout", () => {
  const ipOf = (user: TestUser) => `10.9.${user.id.charCodeAt(0)}.${user.id.charCodeAt(1)}`;

  it("writes the VIP price from the configuration, once, through the same fulfilment", async () => {
    const user = await createUser("user");
    const res = await call("/api/payments/checkout", { json: {}, cookie: user.cookie, headers: { "cf-connecting-ip": ipOf(user) } });
    expect(res.status).toBe(200);
    const sessionId = new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
    const pay = await callLocal(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", cookie: user.cookie });
    expect(pay.status).toBe(200);
    expect((await pay.json<LocalCheckoutResultResponse>()).redirectTo).toBeTruthy();
    expect(await isVip(user.id)).toBe(true);
    // A second click on a finished checkout pays nothing more.
    await callLocal(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", cookie: user.cookie });
    const vars = env as unknown as { VIP_PRICE_CENTS: string; VIP_PRICE_CURRENCY: string };
    const rows = await ledgerOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: "vip",
      amount_cents: Number(vars.VIP_PRICE_CENTS),
      currency: vars.VIP_PRICE_CURRENCY.toLowerCase(),
      user_id: user.id,
    });
    expect(rows[0]!.ref).toMatch(/^invoice:in_local_/);
  });
});
