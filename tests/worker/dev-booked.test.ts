// The local-only read of what was booked for a buyer's address (GET /api/dev/booked?email=), which
// the purchase journeys compare with what the page showed: the account's subscription and
// membership payments, the orders bought with the address (signed in or not) and their revenue
// rows; nothing of anyone else's; absent (404) outside local mode.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import type { BookedResponse } from "../../worker/contracts/dev-booked";
import { callLocal, createUser, LOCAL_ORIGIN } from "./helpers";
import { D1, seedOrder } from "./download-fixtures";

async function booked(email: string) {
  const res = await callLocal(`/api/dev/booked?email=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return res.json<BookedResponse>();
}

async function bookMembership(userId: string, at: number) {
  const subscriptionId = `sub_${crypto.randomUUID()}`;
  await D1.batch([
    D1.prepare(
      `INSERT INTO subscriptions (id, user_id, customer_id, status, plan, price_cents, price_currency, tier_id, last_event_at, created_at, updated_at)
       VALUES (?1, ?2, 'cus_x', 'active', 'yearly', 24900, 'usd', 'inner-circle', ?3, ?3, ?3)`,
    ).bind(subscriptionId, userId, at),
    D1.prepare(
      `INSERT INTO vip_payments (payment_intent_id, invoice_id, subscription_id, user_id, amount_cents, currency, tax_cents, tax_jurisdiction, paid_at)
       VALUES (?1, ?2, ?3, ?4, 29631, 'usd', 4731, 'DE', ?5)`,
    ).bind(`pi_${crypto.randomUUID()}`, `in_${crypto.randomUUID()}`, subscriptionId, userId, at),
    D1.prepare(
      "INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, occurred_at, tax_cents, tax_jurisdiction) VALUES (?1, 'vip', 29631, 'usd', ?2, ?3, 4731, 'DE')",
    ).bind(`vip:${crypto.randomUUID()}`, userId, at),
  ]);
}

describe("GET /api/dev/booked", () => {
  it("reads the account's subscription, payments, orders and revenue rows, and a guest's orders by address", async () => {
    const member = await createUser("user");
    const other = await createUser("user");
    const now = Date.now();
    await bookMembership(member.id, now);
    await bookMembership(other.id, now);
    const order = await seedOrder({ userId: member.id, email: member.email, totalCents: 833 });
    await D1.prepare("UPDATE orders SET tax_cents = 133, tax_country = 'DE' WHERE id = ?1").bind(order.id).run();
    await D1.prepare(
      "INSERT INTO revenue_entries (ref, source, amount_cents, currency, order_id, occurred_at, tax_cents, tax_jurisdiction) VALUES (?1, 'store', 833, 'usd', ?2, ?3, 133, 'DE')",
    )
      .bind(`order:${order.id}`, order.id, now + 1)
      .run();
    const guest = `guest_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const guestOrder = await seedOrder({ email: guest, totalCents: 700 });

    expect(await booked(member.email.toUpperCase())).toEqual({
      subscriptions: [{ tierId: "inner-circle", plan: "yearly", status: "active", priceCents: 24900, currency: "usd" }],
      payments: [{ amountCents: 29631, taxCents: 4731, currency: "usd", taxJurisdiction: "DE" }],
      orders: [{ number: order.number, totalCents: 833, taxCents: 133, currency: "usd", status: "paid", taxCountry: "DE" }],
      revenue: [
        { source: "vip", amountCents: 29631, taxCents: 4731, currency: "usd", taxJurisdiction: "DE" },
        { source: "store", amountCents: 833, taxCents: 133, currency: "usd", taxJurisdiction: "DE" },
      ],
    });
    expect(await booked(guest)).toEqual({
      subscriptions: [],
      payments: [],
      orders: [{ number: guestOrder.number, totalCents: 700, taxCents: 0, currency: "usd", status: "paid", taxCountry: null }],
      revenue: [],
    });
    expect(await booked(`nobody_${crypto.randomUUID().slice(0, 8)}@example.com`)).toEqual({ subscriptions: [], payments: [], orders: [], revenue: [] });
  });

  it("refuses a missing or malformed address with 400 invalid_input", async () => {
    for (const query of ["", "?email=", "?email=not-an-address"]) {
      const res = await callLocal(`/api/dev/booked${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json<{ error: { code: string } }>()).error.code, query).toBe("invalid_input");
    }
  });

  it("does not exist outside local mode", async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`${LOCAL_ORIGIN}/api/dev/booked?email=a%40example.com`), { ...env, APP_ENV: "production" }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(404);
  });
});
