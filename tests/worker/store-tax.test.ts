// Sales tax and VAT on store orders (decision 093), through the Worker: the local test checkout
// asks the Worker for the tax of the buyer's place (the DEMO calculator, only where the artist is
// registered), Pay carries it in the event's total_details.amount_tax as Stripe's does, and
// fulfilment stores it on the order and the ledger from the verified event only: never from the
// browser, once however often the event arrives.
import { describe, expect, it } from "vitest";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { call, callLocal, createUser, errorOf, type TestUser } from "./helpers";
import { deliver, event, invoiceEvent, newCustomerId, newSubscriptionId, subscriptionEvent } from "./payments-fixtures";
import {
  buyerFor,
  buyerCookieOf,
  cart,
  checkoutRowBySession,
  cookies,
  D1,
  postCheckout,
  seedProduct,
  seedShirt,
  sessionOf,
  STORE_ROLES,
  storeState,
} from "./checkout-fixtures";
import { seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import type { LocalTaxPreviewResponse } from "../../worker/contracts/tax";
import type { TaxSettings } from "../../worker/contracts/tax-model";

let admin: TestUser | null = null;
async function adminCookie() {
  admin ??= await createUser("admin");
  return admin.cookie;
}

/** Registers the artist where the tests collect (through the back office, so each isolate's copy is forgotten). */
async function registerIn(registrations: string[], behavior: TaxSettings["behavior"] = { usd: "exclusive", brl: "inclusive" }) {
  const res = await call("/api/admin/tax/settings", { method: "PUT", cookie: await adminCookie(), json: { registrations, behavior } });
  expect(res.status, await res.clone().text()).toBe(200);
}

type Checkout = { id: string; session: string; cookie: string | undefined; email: string };

async function openCheckout(json: Record<string, unknown>, buyer: TestUser | null = null, lang?: string): Promise<Checkout> {
  const email = buyer?.email ?? `buyer_${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await postCheckout(buyer ? json : { email, ...json }, buyer?.cookie, lang ? { "accept-language": lang } : undefined);
  expect(res.status, await res.clone().text()).toBe(200);
  const session = sessionOf((await res.json<{ url: string }>()).url);
  const row = (await checkoutRowBySession(session))!;
  return { id: String(row.id), session, cookie: cookies(buyer?.cookie, buyerCookieOf(res)), email };
}

const preview = (c: Checkout, place: unknown, cookie = c.cookie) =>
  callLocal(`/api/store/local/checkouts/${c.session}/tax`, { method: "POST", cookie, json: place });
const pay = (c: Checkout, json: unknown) => callLocal(`/api/store/local/checkouts/${c.session}/pay`, { method: "POST", cookie: c.cookie, json });
const orderOf = (checkoutId: string) => D1.prepare("SELECT * FROM orders WHERE checkout_id = ?1").bind(checkoutId).first<Record<string, unknown>>();
const receiptOf = async (email: string) => {
  await backgroundWorkSettled();
  return (await D1.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = ?1").bind(email).first<{ text: string }>())!.text;
};
const ledgerOf = async (orderId: unknown) =>
  (await D1.prepare("SELECT ref, source, amount_cents, tax_cents, tax_jurisdiction FROM revenue_entries WHERE order_id = ?1 ORDER BY ref").bind(orderId).all())
    .results;

describe("the local checkout's tax (DEMO calculator, in the Worker)", () => {
  it("a fan in Germany buying a $9.99 download sees 19 % VAT added and pays it; the order and the ledger keep it apart", async () => {
    await registerIn(["DE", "BR", "US-CA"]);
    const album = await seedProduct({ usd: 999 });
    const c = await openCheckout(cart([{ productId: album }]));
    const shown = await preview(c, { country: "DE" });
    expect(shown.status).toBe(200);
    expect(await shown.json<LocalTaxPreviewResponse>()).toEqual({
      status: "collected",
      jurisdiction: "DE",
      behavior: "exclusive",
      amountCents: 999,
      taxCents: 190,
      totalCents: 1189,
      demo: true,
    });
    const paid = await pay(c, { billing: { country: "DE", postalCode: "10115", taxId: "DE123456789" } });
    expect(paid.status).toBe(200);
    const order = (await orderOf(c.id))!;
    expect(order).toMatchObject({
      total_cents: 1189,
      tax_cents: 190,
      tax_behavior: "exclusive",
      tax_status: "collected",
      tax_country: "DE",
      tax_region: null,
      buyer_tax_id: "DE123456789",
    });
    expect(await ledgerOf(order.id)).toEqual([{ ref: `order:${order.id}`, source: "store", amount_cents: 1189, tax_cents: 190, tax_jurisdiction: "DE" }]);
    const receipt = await receiptOf(c.email);
    expect(receipt).toContain("Subtotal: $9.99\nTax (DE): $1.90\nTotal: $11.89\nYour tax ID: DE123456789");
  });

  it("taxes a ticket at the admission rate beside a download at the standard one, and splits the ledger's tax between tickets and the store", async () => {
    await registerIn(["DE"]);
    const album = await seedProduct({ usd: 999 });
    const general = await seedTicketType(await seedTicketEvent(), { priceCents: 2500 });
    const c = await openCheckout({ ...cart([{ productId: album }]), tickets: [{ ticketTypeId: general, quantity: 1 }] });
    // DEMO rates: DE admission 7 % of $25.00 = $1.75; the download 19 % of $9.99 = $1.8981, $1.90.
    expect(await (await preview(c, { country: "DE" })).json<LocalTaxPreviewResponse>()).toMatchObject({ amountCents: 3499, taxCents: 365, totalCents: 3864 });
    expect((await pay(c, { billing: { country: "DE" } })).status).toBe(200);
    const order = (await orderOf(c.id))!;
    expect(order).toMatchObject({ total_cents: 3864, tax_cents: 365, tax_status: "collected", tax_country: "DE" });
    // Stripe reports one tax figure per session: each source takes its pre-tax share of it
    // ($25.00 of $34.99: $2.61 of $3.65), its row the price and that share.
    const ledger = await ledgerOf(order.id);
    expect(ledger).toEqual([
      { ref: `order:${order.id}`, source: "store", amount_cents: 1103, tax_cents: 104, tax_jurisdiction: "DE" },
      { ref: `order:${order.id}:tickets`, source: "tickets", amount_cents: 2761, tax_cents: 261, tax_jurisdiction: "DE" },
    ]);
  });

  it("extracts the tax from inclusive reais for a Brazilian buyer: the total is the price shown", async () => {
    await registerIn(["DE", "BR"]);
    const album = await seedProduct({ usd: 999, brl: 5000 });
    const c = await openCheckout(cart([{ productId: album }], { currency: "brl" }), null, "pt-BR");
    expect(await (await preview(c, { country: "BR" })).json<LocalTaxPreviewResponse>()).toMatchObject({
      behavior: "inclusive",
      taxCents: 726,
      totalCents: 5000,
    });
    expect((await pay(c, { billing: { country: "BR" } })).status).toBe(200);
    const order = (await orderOf(c.id))!;
    expect(order).toMatchObject({ total_cents: 5000, tax_cents: 726, tax_behavior: "inclusive", tax_country: "BR" });
    expect(await ledgerOf(order.id)).toEqual([{ ref: `order:${order.id}`, source: "store", amount_cents: 5000, tax_cents: 726, tax_jurisdiction: "BR" }]);
    expect(await receiptOf(c.email)).toMatch(/Total: R\$\s50,00\nImpostos incluídos \(BR\): R\$\s7,26/);
  });

  it("taxes a physical cart where it ships (a US state), shipping included, per line", async () => {
    await registerIn(["US-CA"]);
    const { productId, variantId } = await seedShirt(5);
    const c = await openCheckout(cart([{ productId, variantId }], { shippingCountry: "US" }));
    const row = (await checkoutRowBySession(c.session))!;
    const shipping = Number(row.shipping_cents);
    const expected = Math.round((2500 * 725) / 10000) + Math.round((shipping * 725) / 10000);
    const res = await pay(c, { name: "Ana", address: { line1: "1 Main St", city: "Los Angeles", state: "CA", postalCode: "90001", country: "US" } });
    expect(res.status).toBe(200);
    expect(await orderOf(c.id)).toMatchObject({ tax_cents: expected, total_cents: Number(row.total_cents) + expected, tax_country: "US", tax_region: "CA" });
    await backgroundWorkSettled();
  });

  it("collects nothing where the artist is not registered, and the order says so", async () => {
    await registerIn(["DE"]);
    const album = await seedProduct({ usd: 999 });
    const c = await openCheckout(cart([{ productId: album }]));
    expect(await (await preview(c, { country: "FR" })).json<LocalTaxPreviewResponse>()).toMatchObject({
      status: "not_collected",
      taxCents: 0,
      totalCents: 999,
    });
    await pay(c, { billing: { country: "FR" } });
    const order = (await orderOf(c.id))!;
    expect(order).toMatchObject({ total_cents: 999, tax_cents: 0, tax_status: "not_collected", tax_country: "FR" });
    expect(await ledgerOf(order.id)).toEqual([{ ref: `order:${order.id}`, source: "store", amount_cents: 999, tax_cents: 0, tax_jurisdiction: null }]);
    expect(await receiptOf(c.email)).toContain("Total: $9.99\nTax: not collected for your location");
  });

  it("never takes tax from the browser: a forged tax or total is refused and nothing is stored; the checkout's own amounts come from its rows", async () => {
    await registerIn(["DE"]);
    const album = await seedProduct({ usd: 999 });
    // The cart's forged amounts are not part of a cart: the Worker prices it from its rows.
    const c = await openCheckout({ ...cart([{ productId: album }]), totalCents: 1, taxCents: 0 });
    expect((await checkoutRowBySession(c.session))!.total_cents).toBe(999);
    const before = await storeState();
    const forged = await pay(c, { billing: { country: "DE" }, taxCents: 0, totalCents: 999 });
    expect(forged.status).toBe(400);
    expect((await errorOf(forged)).code).toBe("invalid_input");
    expect(await storeState()).toEqual(before);
    // A US place without its state is refused too.
    const noState = await preview(c, { country: "US" });
    expect(noState.status).toBe(400);
    expect(await errorOf(noState)).toMatchObject({ code: "invalid_input", field: "state" });
    expect((await preview(c, { country: "germany" })).status).toBe(400);
    await pay(c, { billing: { country: "DE" } });
    expect(await orderOf(c.id)).toMatchObject({ tax_cents: 190, total_cents: 1189 });
    await backgroundWorkSettled();
  });
});

describe("where the order's tax shows", () => {
  it("the member's collection, the admin's order page and the orders CSV carry it apart from the total", async () => {
    await registerIn(["DE"]);
    const album = await seedProduct({ usd: 999 });
    const fan = await createUser("user");
    const revenue = async () => {
      const body = await (
        await call("/api/admin/revenue?tz=UTC", { cookie: await adminCookie() })
      ).json<{ currencies: { currency: string; totals: { net: number }; tax: { cents: number; netOfTaxCents: number } }[] }>();
      return body.currencies.find((x) => x.currency === "usd")!;
    };
    const before = await revenue();
    const c = await openCheckout(cart([{ productId: album }]), fan);
    await pay(c, { billing: { country: "DE", taxId: "DE999" } });
    // The revenue page: the order's 11.89 in net, 1.90 of it tax, 9.99 the artist's.
    const after = await revenue();
    expect(after.totals.net - before.totals.net).toBe(1189);
    expect(after.tax.cents - before.tax.cents).toBe(190);
    expect(after.tax.netOfTaxCents - before.tax.netOfTaxCents).toBe(999);
    const order = (await orderOf(c.id))!;
    const collection = await (
      await call("/api/store/collection", { cookie: fan.cookie })
    ).json<{ orders: { number: number; totalCents: number; tax: unknown }[] }>();
    expect(collection.orders.find((o) => o.number === order.number)).toMatchObject({
      totalCents: 1189,
      tax: { cents: 190, behavior: "exclusive", status: "collected", place: "DE", buyerTaxId: "DE999" },
    });
    const cookie = await adminCookie();
    const detail = await (await call(`/api/admin/store/orders/${order.id}`, { cookie })).json<{ order: { totalCents: number; tax: unknown } }>();
    expect(detail.order).toMatchObject({ totalCents: 1189, tax: { cents: 190, behavior: "exclusive", status: "collected", place: "DE", buyerTaxId: "DE999" } });
    // Another member sees none of it.
    const other = await createUser("user");
    const theirs = await (await call("/api/store/collection", { cookie: other.cookie })).json<{ orders: { number: number }[] }>();
    expect(theirs.orders.map((o) => o.number)).not.toContain(order.number);
    const csv = await (await call(`/api/admin/store/orders/export.csv?search=${order.number}`, { cookie })).text();
    const row = csv.split("\r\n").find((l) => l.startsWith(`"${order.number}"`))!;
    expect(row.endsWith('"11.89","1.90","DE","DE999"')).toBe(true);
    await backgroundWorkSettled();
  });
});

describe("the tax preview's owners", () => {
  it.each(STORE_ROLES.filter((r) => r !== "banned"))("answers a %s their own checkout, and nobody else", async (role) => {
    await registerIn(["DE"]);
    const album = await seedProduct({ usd: 999 });
    const buyer = await buyerFor(role);
    const c = await openCheckout(cart([{ productId: album }]), buyer);
    expect((await preview(c, { country: "DE" })).status).toBe(200);
    const other = await createUser("vip");
    expect((await preview(c, { country: "DE" }, other.cookie)).status).toBe(404);
    const banned = await createUser("banned");
    expect((await preview(c, { country: "DE" }, banned.cookie)).status).toBe(404);
    expect((await preview(c, { country: "DE" }, await adminCookie())).status).toBe(404);
    // A visitor with another browser's buyer cookie.
    expect((await preview(c, { country: "DE" }, "__Host-store_buyer=someone-else")).status).toBe(404);
    // Only on the developer's machine.
    const remote = await call(`/api/store/local/checkouts/${c.session}/tax`, { method: "POST", cookie: c.cookie, json: { country: "DE" } });
    expect(remote.status).toBe(404);
  });
});

describe("the verified event is the tax's only source", () => {
  /** Stripe's completed session with Stripe Tax's fields. */
  const completed = (c: Checkout, tax: number, total: number) =>
    event("checkout.session.completed", {
      id: c.session,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      payment_intent: `pi_test_${c.id}`,
      amount_total: total,
      currency: "usd",
      client_reference_id: c.id,
      metadata: { checkout_id: c.id },
      automatic_tax: { enabled: true, status: "complete" },
      total_details: { amount_tax: tax, amount_discount: 0, amount_shipping: 0 },
      customer_details: { email: c.email, address: { country: "NL", state: null, postal_code: "1012", line1: "Dam 1", city: "Amsterdam" }, tax_ids: [] },
    });

  it("records a replayed and a racing completion's tax once", async () => {
    const album = await seedProduct({ usd: 2000 });
    const c = await openCheckout(cart([{ productId: album }]));
    const e = completed(c, 420, 2420);
    const outcomes = (await Promise.all([deliver(e), deliver(e)])).flat();
    expect(outcomes.sort()).toEqual(["applied", "duplicate"]);
    expect(await deliver(e)).toEqual(["duplicate"]);
    const order = (await orderOf(c.id))!;
    expect(order).toMatchObject({ tax_cents: 420, total_cents: 2420, tax_country: "NL", tax_status: "collected" });
    expect(await ledgerOf(order.id)).toEqual([{ ref: `order:${order.id}`, source: "store", amount_cents: 2420, tax_cents: 420, tax_jurisdiction: "NL" }]);
    const sum = await D1.prepare("SELECT sum(tax_cents) AS t FROM revenue_entries WHERE order_id = ?1").bind(order.id).first<{ t: number }>();
    expect(sum!.t).toBe(420);
    await backgroundWorkSettled();
  });

  it("gives a refund its share of the tax, where it was owed", async () => {
    const album = await seedProduct({ usd: 2000 });
    const c = await openCheckout(cart([{ productId: album }]));
    await deliver(completed(c, 420, 2420));
    const order = (await orderOf(c.id))!;
    const refund = event("charge.refunded", {
      id: `ch_${c.id}`,
      object: "charge",
      payment_intent: `pi_test_${c.id}`,
      amount_refunded: 1210,
      refunds: { data: [{ id: `re_${c.id}`, amount: 1210, created: Math.floor(Date.now() / 1000), status: "succeeded" }], has_more: false },
    });
    expect(await deliver(refund, refund)).toEqual(["applied", "duplicate"]);
    const rows = await ledgerOf(order.id);
    expect(rows).toContainEqual({ ref: `refund:re_${c.id}`, source: "store", amount_cents: -1210, tax_cents: -210, tax_jurisdiction: "NL" });
    await backgroundWorkSettled();
  });
});

describe("a VIP payment's tax", () => {
  it("is read from the paid invoice (Stripe Tax's total_taxes and the customer's address) into the ledger, once", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const paid = invoiceEvent("invoice.paid", { subscriptionId: sub.id, customerId: sub.customerId, userId: user.id, amountPaid: 1189, currency: "usd" });
    Object.assign(paid.data.object, { total_taxes: [{ amount: 190 }], customer_address: { country: "DE", state: null } });
    expect(await deliver(subscriptionEvent("created", sub), paid, paid)).toEqual(["applied", "applied", "duplicate"]);
    const rows = await D1.prepare("SELECT source, amount_cents, tax_cents, tax_jurisdiction FROM revenue_entries WHERE user_id = ?1").bind(user.id).all();
    expect(rows.results).toEqual([{ source: "vip", amount_cents: 1189, tax_cents: 190, tax_jurisdiction: "DE" }]);
  });

  it("reads the older API's single `tax` and a US state", async () => {
    const user = await createUser("user");
    const sub = { id: newSubscriptionId(), customerId: newCustomerId(), userId: user.id };
    const paid = invoiceEvent("invoice.paid", { subscriptionId: sub.id, customerId: sub.customerId, userId: user.id, amountPaid: 1071, currency: "usd" });
    Object.assign(paid.data.object, { tax: 72, customer_address: { country: "US", state: "ny" } });
    await deliver(subscriptionEvent("created", sub), paid);
    const row = await D1.prepare("SELECT tax_cents, tax_jurisdiction FROM revenue_entries WHERE user_id = ?1").bind(user.id).first();
    expect(row).toEqual({ tax_cents: 72, tax_jurisdiction: "US-NY" });
  });
});

describe("the VIP test checkout's tax (DEMO calculator)", () => {
  const ipOf = (user: TestUser) => `10.93.${user.id.charCodeAt(0)}.${user.id.charCodeAt(1)}`;
  async function openVip(user: TestUser) {
    const res = await call("/api/payments/checkout", { json: {}, cookie: user.cookie, headers: { "cf-connecting-ip": ipOf(user) } });
    expect(res.status).toBe(200);
    return new URL((await res.json<{ url: string }>()).url, "https://fans.test").searchParams.get("session")!;
  }

  it("shows the member the Worker's VAT for their place, and Pay puts it on the invoice and in the ledger", async () => {
    await registerIn(["DE"]);
    const user = await createUser("user");
    const sessionId = await openVip(user);
    const shown = await callLocal(`/api/payments/local/checkout/${sessionId}/tax`, { method: "POST", cookie: user.cookie, json: { country: "DE" } });
    expect(shown.status).toBe(200);
    const preview = await shown.json<LocalTaxPreviewResponse>();
    const price = preview.amountCents;
    const tax = Math.round((price * 19) / 100);
    expect(preview).toEqual({
      status: "collected",
      jurisdiction: "DE",
      behavior: "exclusive",
      amountCents: price,
      taxCents: tax,
      totalCents: price + tax,
      demo: true,
    });
    // Someone else's session is not theirs to ask about.
    const other = await createUser("vip");
    expect((await callLocal(`/api/payments/local/checkout/${sessionId}/tax`, { method: "POST", cookie: other.cookie, json: { country: "DE" } })).status).toBe(
      404,
    );
    const vipTax = (cookie: string | undefined, local = true) =>
      (local ? callLocal : call)(`/api/payments/local/checkout/${sessionId}/tax`, { method: "POST", cookie, json: { country: "DE" } });
    expect((await vipTax((await createUser("banned")).cookie)).status).toBe(401);
    expect((await vipTax(undefined)).status).toBe(401);
    // Only on the developer's machine.
    expect((await vipTax(user.cookie, false)).status).toBe(404);
    // A bad place is refused before anything is paid.
    const bad = await callLocal(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", cookie: user.cookie, json: { billing: { country: "US" } } });
    expect(bad.status).toBe(400);
    expect(await D1.prepare("SELECT count(*) AS n FROM revenue_entries WHERE user_id = ?1").bind(user.id).first()).toEqual({ n: 0 });
    const paid = await callLocal(`/api/payments/local/checkout/${sessionId}/pay`, {
      method: "POST",
      cookie: user.cookie,
      json: { billing: { country: "DE" } },
    });
    expect(paid.status).toBe(200);
    const rows = await D1.prepare("SELECT source, amount_cents, tax_cents, tax_jurisdiction FROM revenue_entries WHERE user_id = ?1").bind(user.id).all();
    expect(rows.results).toEqual([{ source: "vip", amount_cents: price + tax, tax_cents: tax, tax_jurisdiction: "DE" }]);
  });

  it("pays without a place as before: nothing collected", async () => {
    const user = await createUser("user");
    const sessionId = await openVip(user);
    expect((await callLocal(`/api/payments/local/checkout/${sessionId}/pay`, { method: "POST", cookie: user.cookie })).status).toBe(200);
    const row = await D1.prepare("SELECT tax_cents, tax_jurisdiction FROM revenue_entries WHERE user_id = ?1").bind(user.id).first();
    expect(row).toEqual({ tax_cents: 0, tax_jurisdiction: null });
  });
});
