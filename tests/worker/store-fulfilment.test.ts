// Fulfilment of store checkouts (worker/services/store/order-fulfilment.ts) through the webhook and
// the local test checkout: a paid session makes one order with everything it bought, once, however
// often and in whatever order the events arrive; an expiry gives the stock back once; the receipt
// and the admins' notice are mailed once, in the right language; the sweep expires local sessions.
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { verifyDownloadToken } from "../../worker/lib/download-token";
import { FIVE_MINUTE_CRON } from "../../worker/services/areas/area";
import { call, callLocal, createUser, db } from "./helpers";
import { planOrderEvent } from "../../worker/services/store/order-fulfilment";
import { runBatch, type Statement } from "../../worker/db/d1";
import { deliver, event, type TestEvent } from "./payments-fixtures";
import { buyerCookieOf, cart, checkoutRowBySession, D1, postCheckout, seedProduct, seedShirt, sessionOf, stockOf } from "./checkout-fixtures";
import type { StoreCheckoutStatusResponse } from "../../worker/contracts/store/checkout";

const vars = env as unknown as { ADMIN_EMAIL: string; SITE_URL: string; BRAND_NAME: string; SESSION_SECRET: string };
const MIN = 60_000;

type Checkout = { id: string; session: string; buyerCookie: string | null; total: number; email: string };

/** A guest's (or member's) checkout through the route, as the browser opens it. */
async function openCheckout(json: Record<string, unknown>, opts: { cookie?: string; lang?: string } = {}): Promise<Checkout> {
  const email = `buyer_${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await postCheckout({ email, ...json }, opts.cookie, opts.lang ? { "accept-language": opts.lang } : undefined);
  expect(res.status, await res.clone().text()).toBe(200);
  const session = sessionOf((await res.json<{ url: string }>()).url);
  const row = (await checkoutRowBySession(session))!;
  return { id: String(row.id), session, buyerCookie: buyerCookieOf(res), total: Number(row.total_cents), email: String(row.email) };
}

const address = { line1: "Rua Augusta 100", line2: "apto 12", city: "São Paulo", state: "SP", postal_code: "01305-000", country: "BR" };

/** A Checkout Session event as Stripe sends it for a payment-mode session. */
function sessionEvent(type: string, c: Checkout, opts: { paid?: boolean; ship?: boolean; newApi?: boolean; createdMs?: number } = {}): TestEvent {
  const shipping = opts.ship ? { name: "Ana Souza", address } : null;
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
      customer_details: { email: c.email, name: "Ana Souza" },
      ...(opts.newApi ? { collected_information: { shipping_details: shipping } } : { shipping_details: shipping }),
    },
    opts.createdMs,
  );
}

const ordersOf = (checkoutId: string) => D1.prepare("SELECT * FROM orders WHERE checkout_id = ?1").bind(checkoutId).all<Record<string, unknown>>();
const receiptsTo = async (email: string) => {
  await backgroundWorkSettled();
  return (
    await D1.prepare("SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE to_address = ?1")
      .bind(email)
      .all<{ subject: string; text: string; html: string }>()
  ).results;
};
const adminNoticesFor = async (number: unknown) => {
  await backgroundWorkSettled();
  return (
    await D1.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?1 AND subject LIKE ?2")
      .bind(vars.ADMIN_EMAIL, `New order #${number}:%`)
      .all()
  ).results;
};
const holdStates = async (checkoutId: string) =>
  (await D1.prepare("SELECT state FROM stock_holds WHERE checkout_id = ?1").bind(checkoutId).all<{ state: string }>()).results.map((r) => r.state);

describe("a paid session makes the order", () => {
  it("with its lines, holds committed, entitlements, gift codes, the revenue row and the address", async () => {
    const bundleAlbum = "moonlight-boulevard";
    const { productId, variantId } = await seedShirt(10, { bundledAlbumId: bundleAlbum });
    const album = await seedProduct({ usd: 900, albumId: "freestyle-nights", title: "Freestyle Nights (digital)" });
    const gift = await seedProduct({ kind: "gift_vip", usd: 2997, giftMonths: 3 });
    const c = await openCheckout(
      cart([{ productId, variantId, quantity: 2 }, { productId: album }, { productId: gift, quantity: 2 }], { shippingCountry: "BR" }),
    );
    expect(await deliver(sessionEvent("checkout.session.completed", c, { paid: true, ship: true, newApi: true }))).toEqual(["applied"]);

    const [order] = (await ordersOf(c.id)).results;
    expect(order).toMatchObject({
      email: c.email,
      user_id: null,
      currency: "usd",
      subtotal_cents: 5000 + 900 + 5994,
      shipping_cents: 900,
      total_cents: c.total,
      status: "paid",
      payment_intent_id: `pi_test_${c.id}`,
      shipping_name: "Ana Souza",
    });
    expect(Number(order!.number)).toBeGreaterThan(1000);
    expect(JSON.parse(String(order!.shipping_address))).toEqual({
      line1: "Rua Augusta 100",
      line2: "apto 12",
      city: "São Paulo",
      state: "SP",
      postalCode: "01305-000",
      country: "BR",
    });
    const lines = await D1.prepare("SELECT line_no, kind, title, variant_label, quantity, total_cents FROM order_lines WHERE order_id = ?1 ORDER BY line_no")
      .bind(order!.id)
      .all();
    expect(lines.results).toEqual([
      { line_no: 1, kind: "merch", title: "Tour Shirt", variant_label: "M / Black", quantity: 2, total_cents: 5000 },
      { line_no: 2, kind: "digital", title: "Freestyle Nights (digital)", variant_label: null, quantity: 1, total_cents: 900 },
      { line_no: 3, kind: "gift_vip", title: expect.any(String), variant_label: null, quantity: 2, total_cents: 5994 },
    ]);
    expect(await holdStates(c.id)).toEqual(["committed"]);
    expect(await stockOf(variantId)).toBe(8);
    expect((await checkoutRowBySession(c.session))!.status).toBe("paid");
    const ents = await D1.prepare("SELECT album_id, track_id, email, user_id FROM entitlements WHERE order_id = ?1 ORDER BY album_id").bind(order!.id).all();
    expect(ents.results).toEqual([
      { album_id: "freestyle-nights", track_id: null, email: c.email, user_id: null },
      { album_id: bundleAlbum, track_id: null, email: c.email, user_id: null },
    ]);
    const gifts = (await D1.prepare("SELECT code, months, buyer_email FROM gift_codes WHERE order_id = ?1").bind(order!.id).all<Record<string, string>>())
      .results;
    expect(gifts).toHaveLength(2);
    for (const g of gifts)
      expect(g).toMatchObject({ code: expect.stringMatching(/^GIFT-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/), months: 3, buyer_email: c.email });
    const revenue = await D1.prepare("SELECT ref, source, amount_cents, currency, order_id FROM revenue_entries WHERE order_id = ?1").bind(order!.id).all();
    expect(revenue.results).toEqual([{ ref: `order:${order!.id}`, source: "store", amount_cents: c.total, currency: "usd", order_id: order!.id }]);
  });

  it("mails the receipt in English with download links, gift codes and the collection, and the admins' notice", async () => {
    const album = await seedProduct({ usd: 900, albumId: "freestyle-nights", title: "Freestyle Nights (digital)" });
    const gift = await seedProduct({ kind: "gift_vip", usd: 999, giftMonths: 1, title: "Gift VIP" });
    const c = await openCheckout(cart([{ productId: album }, { productId: gift }]));
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true }));
    const [order] = (await ordersOf(c.id)).results;
    const [receipt, ...more] = await receiptsTo(c.email);
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe(`Your ${vars.BRAND_NAME} order #${order!.number}`);
    expect(receipt!.text).toContain("1 × Freestyle Nights (digital): $9.00");
    expect(receipt!.text).toContain("Total: $18.99");
    const [code] = (await D1.prepare("SELECT code FROM gift_codes WHERE order_id = ?1").bind(order!.id).all<{ code: string }>()).results;
    expect(receipt!.text).toContain(`${code!.code} (1 month(s) of VIP)`);
    expect(receipt!.text).toContain(`${vars.SITE_URL}/collection`);
    const link = /MP3: (\S+)/.exec(receipt!.text)![1]!;
    expect(link.startsWith(`${vars.SITE_URL}/api/store/downloads/`)).toBe(true);
    const grant = await verifyDownloadToken(vars.SESSION_SECRET, link.split("/").pop()!);
    const [ent] = (await D1.prepare("SELECT id FROM entitlements WHERE order_id = ?1").bind(order!.id).all<{ id: string }>()).results;
    expect(grant).toEqual({ entitlementId: ent!.id, format: "mp3" });
    // Valid for the receipt's 7 days, not the collection's one.
    expect(await verifyDownloadToken(vars.SESSION_SECRET, link.split("/").pop()!, Date.now() + 6 * 24 * 60 * MIN)).not.toBe("expired");
    expect(receipt!.html).toContain(`<a href="${link}">MP3</a>`);
    const notices = await adminNoticesFor(order!.number);
    expect(notices).toHaveLength(1);
    expect(String(notices[0]!.text)).toContain(`Customer: ${c.email}`);
  });

  it("sends the admins' notice in the notification language, and none while its switch is off (the receipt still goes)", async () => {
    const admin = await createUser("admin");
    const settings = (json: unknown) => call("/api/admin/settings", { method: "PUT", cookie: admin.cookie, json });
    const album = await seedProduct({ usd: 1234 });
    expect((await settings({ notificationLocale: "pt-BR" })).status).toBe(200);
    const a = await openCheckout(cart([{ productId: album }]));
    await deliver(sessionEvent("checkout.session.completed", a, { paid: true }));
    const [first] = (await ordersOf(a.id)).results;
    await backgroundWorkSettled();
    const notice = await D1.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE to_address = ?1 AND subject LIKE ?2")
      .bind(vars.ADMIN_EMAIL, `Novo pedido nº ${first!.number}:%`)
      .first<{ subject: string; text: string }>();
    expect(notice!.subject).toMatch(/^Novo pedido nº \d+: US\$\s12,34$/);
    expect(notice!.text).toContain(`Cliente: ${a.email}`);

    expect((await settings({ notificationLocale: "en", notifications: { newOrder: false } })).status).toBe(200);
    const b = await openCheckout(cart([{ productId: album }]));
    await deliver(sessionEvent("checkout.session.completed", b, { paid: true }));
    const [second] = (await ordersOf(b.id)).results;
    expect(await adminNoticesFor(second!.number)).toHaveLength(0);
    expect(await receiptsTo(b.email)).toHaveLength(1);
    expect((await settings({ notifications: { newOrder: true } })).status).toBe(200);
  });

  it("writes the receipt in Portuguese for a buyer who bought in Portuguese, with the address", async () => {
    const { productId, variantId } = await seedShirt(5);
    const c = await openCheckout(cart([{ productId, variantId }], { shippingCountry: "BR" }), { lang: "pt-BR" });
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true, ship: true }));
    const [order] = (await ordersOf(c.id)).results;
    const [receipt] = await receiptsTo(c.email);
    expect(receipt!.subject).toBe(`Seu pedido nº ${order!.number} no ${vars.BRAND_NAME}`);
    expect(receipt!.text).toContain("1 × Camiseta da Turnê (M / Black): US$");
    expect(receipt!.text).toContain("Entrega em:\nAna Souza\nRua Augusta 100\napto 12\n01305-000 São Paulo SP\nBR");
    expect(receipt!.text).not.toContain("downloads");
  });

  it("empties a member's cart (its code spent, its country kept) and ties the order and its downloads to the member", async () => {
    const album = await seedProduct({ usd: 500 });
    const member = await createUser("user");
    await D1.prepare("INSERT INTO carts (user_id, lines, shipping_country, promo_code) VALUES (?1, ?2, 'BR', 'SPRING')")
      .bind(member.id, JSON.stringify([{ productId: album, variantId: null, quantity: 1, amountCents: null }]))
      .run();
    const c = await openCheckout(cart([{ productId: album }]), { cookie: member.cookie });
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true }));
    const [order] = (await ordersOf(c.id)).results;
    expect(order!.user_id).toBe(member.id);
    expect(await D1.prepare("SELECT lines, shipping_country, promo_code FROM carts WHERE user_id = ?1").bind(member.id).first()).toEqual({
      lines: "[]",
      shipping_country: "BR",
      promo_code: null,
    });
    expect((await D1.prepare("SELECT user_id FROM entitlements WHERE order_id = ?1").bind(order!.id).first<{ user_id: string }>())!.user_id).toBe(member.id);
  });

  it("starts the order's access log (decision 094): the purchase with the checkout's IP, the refund policy shown, and the receipt, once", async () => {
    const album = await seedProduct({ usd: 900 });
    const email = `buyer_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await postCheckout({ email, ...cart([{ productId: album }]) }, undefined, { "cf-connecting-ip": "203.0.113.44" });
    expect(res.status).toBe(200);
    const session = sessionOf((await res.json<{ url: string }>()).url);
    const row = (await checkoutRowBySession(session))!;
    expect(row.buyer_ip).toBe("203.0.113.44");
    const c = { id: String(row.id), session, buyerCookie: null, total: Number(row.total_cents), email };
    const completed = sessionEvent("checkout.session.completed", c, { paid: true });
    await deliver(completed, sessionEvent("checkout.session.async_payment_succeeded", c, { paid: true }));
    await backgroundWorkSettled();
    const [order] = (await ordersOf(c.id)).results;
    const log = await D1.prepare("SELECT kind, ip, detail FROM order_access_log WHERE order_id = ?1 ORDER BY id").bind(order!.id).all();
    expect(log.results).toEqual([
      { kind: "purchase", ip: "203.0.113.44", detail: JSON.stringify({ email }) },
      { kind: "refund_policy", ip: null, detail: JSON.stringify({ policy: "terms-14-day-refund" }) },
      { kind: "receipt", ip: null, detail: JSON.stringify({ to: email, number: order!.number }) },
    ]);
  });

  it("numbers orders one after another", async () => {
    const album = await seedProduct();
    const a = await openCheckout(cart([{ productId: album }]));
    const b = await openCheckout(cart([{ productId: album }]));
    await deliver(sessionEvent("checkout.session.completed", a, { paid: true }), sessionEvent("checkout.session.completed", b, { paid: true }));
    const [na, nb] = [Number((await ordersOf(a.id)).results[0]!.number), Number((await ordersOf(b.id)).results[0]!.number)];
    expect(nb).toBe(na + 1);
  });
});

describe("exactly once, in any order", () => {
  it("a replayed completed event, and a second event about the same session, make one order, one revenue row, one receipt", async () => {
    const { productId, variantId } = await seedShirt(5);
    const c = await openCheckout(cart([{ productId, variantId }], { shippingCountry: "US" }));
    const paid = sessionEvent("checkout.session.completed", c, { paid: true, ship: true });
    expect(await deliver(paid, paid)).toEqual(["applied", "duplicate"]);
    expect(await deliver(sessionEvent("checkout.session.async_payment_succeeded", c, { paid: true, ship: true }))).toEqual(["applied"]);
    const orders = (await ordersOf(c.id)).results;
    expect(orders).toHaveLength(1);
    const revenue = await D1.prepare("SELECT count(*) AS n FROM revenue_entries WHERE order_id = ?1").bind(orders[0]!.id).first<{ n: number }>();
    expect(revenue!.n).toBe(1);
    expect(await receiptsTo(c.email)).toHaveLength(1);
    expect(await adminNoticesFor(orders[0]!.number)).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(4);
  });

  it("an expiry after the payment changes nothing: the stock stays sold", async () => {
    const { productId, variantId } = await seedShirt(5);
    const c = await openCheckout(cart([{ productId, variantId, quantity: 2 }], { shippingCountry: "US" }));
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true, ship: true }));
    await deliver(sessionEvent("checkout.session.expired", c, { createdMs: Date.now() + MIN }));
    await deliver(sessionEvent("checkout.session.async_payment_failed", c));
    expect(await stockOf(variantId)).toBe(3);
    expect(await holdStates(c.id)).toEqual(["committed"]);
    expect((await checkoutRowBySession(c.session))!.status).toBe("paid");
  });

  it("an expired session gives its stock and its code's use back once; a replayed or repeated expiry gives nothing", async () => {
    const { productId, variantId } = await seedShirt(5);
    await D1.prepare("INSERT INTO promo_codes (code, percent_off, max_uses, uses) VALUES ('ONCE-A', 10, 3, 0)").run();
    const c = await openCheckout(cart([{ productId, variantId, quantity: 3 }], { shippingCountry: "US", promoCode: "once-a" }));
    expect(await stockOf(variantId)).toBe(2);
    const expired = sessionEvent("checkout.session.expired", c);
    expect(await deliver(expired, expired)).toEqual(["applied", "duplicate"]);
    expect(await deliver(sessionEvent("checkout.session.expired", c))).toEqual(["applied"]);
    expect(await stockOf(variantId)).toBe(5);
    expect((await D1.prepare("SELECT uses FROM promo_codes WHERE code = 'ONCE-A'").first<{ uses: number }>())!.uses).toBe(0);
    expect(await holdStates(c.id)).toEqual(["released"]);
    expect((await checkoutRowBySession(c.session))!.status).toBe("expired");
  });

  it("a payment after an expiry still makes the order and takes the stock back where it is still there", async () => {
    const { productId, variantId } = await seedShirt(3);
    const c = await openCheckout(cart([{ productId, variantId, quantity: 2 }], { shippingCountry: "US" }));
    await deliver(sessionEvent("checkout.session.expired", c));
    expect(await stockOf(variantId)).toBe(3);
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true, ship: true }));
    expect((await ordersOf(c.id)).results).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(1);
    expect(await holdStates(c.id)).toEqual(["committed"]);
    expect((await checkoutRowBySession(c.session))!.status).toBe("paid");
  });

  it("a payment planned before an expiry is applied, and stored after it, still takes the stock back", async () => {
    const { productId, variantId } = await seedShirt(4);
    const c = await openCheckout(cart([{ productId, variantId, quantity: 2 }], { shippingCountry: "US" }));
    const paid = sessionEvent("checkout.session.completed", c, { paid: true, ship: true });
    const plan = await planOrderEvent(db(), paid.type, paid.data.object, paid.created * 1000, Date.now());
    await deliver(sessionEvent("checkout.session.expired", c)); // lands between the plan's reads and its batch
    expect(await stockOf(variantId)).toBe(4);
    await runBatch(db(), plan.statements as [Statement, ...Statement[]]);
    expect((await ordersOf(c.id)).results).toHaveLength(1);
    expect(await holdStates(c.id)).toEqual(["committed"]);
    expect(await stockOf(variantId)).toBe(2);
  });

  it("a payment after an expiry whose stock was sold meanwhile: the order stands, the hold stays released, the admins are told", async () => {
    const { productId, variantId } = await seedShirt(1);
    const c = await openCheckout(cart([{ productId, variantId }], { shippingCountry: "US" }));
    await deliver(sessionEvent("checkout.session.expired", c));
    await openCheckout(cart([{ productId, variantId }], { shippingCountry: "US" })); // someone else takes the last one
    await deliver(sessionEvent("checkout.session.completed", c, { paid: true, ship: true }));
    const [order] = (await ordersOf(c.id)).results;
    expect(order).toBeDefined();
    expect(await stockOf(variantId)).toBe(0);
    expect(await holdStates(c.id)).toEqual(["released"]);
    const sku = (await D1.prepare("SELECT sku FROM product_variants WHERE id = ?1").bind(variantId).first<{ sku: string }>())!.sku;
    expect(String((await adminNoticesFor(order!.number))[0]!.text)).toContain(`Stock ran out for: ${sku}`);
  });

  it("a delayed payment: completed unpaid holds on, then its success makes the order, or its failure gives the stock back", async () => {
    const { productId, variantId } = await seedShirt(4);
    const ok = await openCheckout(cart([{ productId, variantId }], { shippingCountry: "US" }));
    const bad = await openCheckout(cart([{ productId, variantId }], { shippingCountry: "US" }));
    await deliver(sessionEvent("checkout.session.completed", ok), sessionEvent("checkout.session.completed", bad));
    expect((await ordersOf(ok.id)).results).toHaveLength(0);
    expect(await stockOf(variantId)).toBe(2);
    await deliver(
      sessionEvent("checkout.session.async_payment_succeeded", ok, { paid: true, ship: true }),
      sessionEvent("checkout.session.async_payment_failed", bad),
    );
    expect((await ordersOf(ok.id)).results).toHaveLength(1);
    expect((await checkoutRowBySession(bad.session))!.status).toBe("failed");
    expect(await stockOf(variantId)).toBe(3);
  });

  it("acknowledges a payment-mode session that is not one of ours and changes nothing", async () => {
    const stranger = { id: "sc_not_ours", session: "cs_test_someone_else", buyerCookie: null, total: 100, email: "x@example.com" };
    const before = await D1.prepare("SELECT count(*) AS n FROM orders").first<{ n: number }>();
    expect(await deliver(sessionEvent("checkout.session.completed", stranger, { paid: true }))).toEqual(["applied"]);
    expect(await D1.prepare("SELECT count(*) AS n FROM orders").first<{ n: number }>()).toEqual(before);
  });
});

describe("the local test checkout and the return page's status", () => {
  it("Pay delivers the signed completed event: the status turns paid with the order number, and the receipt is in the mailbox", async () => {
    const { productId, variantId } = await seedShirt(5);
    const c = await openCheckout(cart([{ productId, variantId }], { shippingCountry: "US" }));
    const status = () => call(`/api/store/checkouts/${c.session}/status`, { cookie: c.buyerCookie! }).then((r) => r.json<StoreCheckoutStatusResponse>());
    expect(await status()).toEqual({ status: "open", orderNumber: null });
    const res = await callLocal(`/api/store/local/checkouts/${c.session}/pay`, {
      method: "POST",
      cookie: c.buyerCookie!,
      json: { name: "Ana Souza", address: { line1: "1 Ocean Dr", city: "Miami", state: "FL", postalCode: "33139", country: "US" } },
    });
    expect(await res.json()).toEqual({ redirectTo: `/store/thanks?session_id=${c.session}` });
    const [order] = (await ordersOf(c.id)).results;
    expect(await status()).toEqual({ status: "paid", orderNumber: order!.number });
    expect(order!.payment_intent_id).toMatch(/^pi_local_/);
    expect(JSON.parse(String(order!.shipping_address))).toMatchObject({ line1: "1 Ocean Dr", country: "US" });
    expect(await receiptsTo(c.email)).toHaveLength(1);
    const replay = await callLocal(`/api/store/local/checkouts/${c.session}/pay`, { method: "POST", cookie: c.buyerCookie!, json: {} });
    expect(replay.status).toBe(409);
  });
});

describe("the sweep of expired local checkouts (cron, every 5 minutes)", () => {
  const sweep = (at: number) => worker.scheduled(createScheduledController({ scheduledTime: at, cron: FIVE_MINUTE_CRON }), env, createExecutionContext());

  it("expires open local checkouts past their time once, giving their stock back, and leaves the others", async () => {
    const { productId, variantId } = await seedShirt(6);
    const stale = await openCheckout(cart([{ productId, variantId, quantity: 2 }], { shippingCountry: "US" }));
    const paid = await openCheckout(cart([{ productId, variantId }], { shippingCountry: "US" }));
    await deliver(sessionEvent("checkout.session.completed", paid, { paid: true, ship: true }));
    expect(await stockOf(variantId)).toBe(3);

    await sweep(Date.now() + 20 * MIN); // not yet
    expect((await checkoutRowBySession(stale.session))!.status).toBe("open");
    const log = vi.spyOn(console, "log");
    await sweep(Date.now() + 32 * MIN);
    expect((await checkoutRowBySession(stale.session))!.status).toBe("expired");
    expect((await checkoutRowBySession(paid.session))!.status).toBe("paid");
    expect(await stockOf(variantId)).toBe(5);
    await sweep(Date.now() + 40 * MIN);
    expect(await stockOf(variantId)).toBe(5);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^store: \d+ local checkout\(s\) expired/));
  });
});
