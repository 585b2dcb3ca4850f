// /api/admin/store/orders: the store's orders in the back office. Every route answers visitor and
// banned 401, member, VIP and door staff 403, writing nothing; the list's search, filters (status,
// product, period in the admin's zone), paging and totals per currency; an order's detail and
// history; "mark shipped" once, only for a paid order with something to ship, audited, the buyer
// mailed in their language and notified; bad input 400 with its code, nothing stored; the CSV export
// (BOM, every cell quoted, formulas neutralised, one row per line, filtered, streamed in pages).
// Refunds are in admin-store-refunds.test.ts.
//
// Orders are written with raw SQL (store-order-fixtures.ts), expectations read with raw SQL.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import Papa from "papaparse";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { auditCount, expectAdminOnly, userOf } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { clearOrders, D1, DEFAULT_ADDRESS, insertPaidOrder, orderRow, orderStateOf } from "./store-order-fixtures";
import { exportOrderPages } from "../../worker/db/store/admin-orders";
import { CSV_BOM } from "../../worker/lib/csv";
import { notificationText } from "../../worker/services/notifications/texts";
import type { OrderDetailResponse, OrdersListResponse, ShipBody, ShipResponse } from "../../worker/contracts/store/admin-orders";

const API = "/api/admin/store/orders";
const ZONE = "America/Sao_Paulo";

let admin: TestUser;
beforeAll(async () => {
  admin = await userOf("admin");
});
beforeEach(clearOrders);

const asAdmin = (path: string, options: { method?: string; json?: unknown } = {}) => call(path, { ...options, cookie: admin.cookie });
const list = async (params: Record<string, string> = {}) => {
  const res = await asAdmin(`${API}?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return res.json<OrdersListResponse>();
};
const numbersOf = (body: OrdersListResponse) => body.orders.map((o) => o.number);
const ship = (id: string, body: Partial<ShipBody> = {}) =>
  asAdmin(`${API}/${id}/ship`, { method: "POST", json: { carrier: "correios", trackingNumber: "AA123456789BR", ...body } });
const mailsTo = async (to: string) =>
  (
    await D1.prepare("SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE to_address = ?1")
      .bind(to)
      .all<{ subject: string; text: string; html: string }>()
  ).results;

describe("the admin gate", () => {
  it("refuses every route to visitors, members, VIPs, door staff and banned members, changing nothing", async () => {
    const order = await insertPaidOrder();
    const at = `${API}/${order.id}`;
    const snapshot = () => orderStateOf(order.id);
    const refund = { amountCents: 100, attemptId: crypto.randomUUID() };
    await expectAdminOnly({ method: "GET", path: API });
    await expectAdminOnly({ method: "GET", path: `${API}/export.csv` });
    await expectAdminOnly({ method: "GET", path: at });
    await expectAdminOnly({ method: "POST", path: `${at}/ship`, json: { carrier: "ups", trackingNumber: "1Z999" } }, snapshot);
    await expectAdminOnly({ method: "POST", path: `${at}/refunds`, json: refund }, snapshot);

    const door = await createDoorStaff();
    const before = { audit: await auditCount(), state: await snapshot() };
    for (const [method, path, json] of [
      ["GET", API],
      ["GET", `${API}/export.csv`],
      ["GET", at],
      ["POST", `${at}/ship`, { carrier: "ups", trackingNumber: "1Z999" }],
      ["POST", `${at}/refunds`, refund],
    ] as const) {
      const res = await call(path, { method, json, cookie: door.cookie });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(res)).code).toBe("admin_required");
    }
    expect({ audit: await auditCount(), state: await snapshot() }).toEqual(before);
  });
});

describe("the list", () => {
  it("searches by number, e-mail, the name shipped to and the member's username, newest first", async () => {
    const member = await createUser("user", { username: "ritafan" });
    const a = await insertPaidOrder({ email: "zoe@example.com", shippingName: "Zoë Lima", paidAt: Date.now() - 3000 });
    const b = await insertPaidOrder({ lines: [{ kind: "digital" }], userId: member.id, email: member.email, paidAt: Date.now() - 2000 });
    const c = await insertPaidOrder({ email: "Carla@Example.com", shippingName: "Carla Dias", paidAt: Date.now() - 1000 });

    expect(numbersOf(await list())).toEqual([c.number, b.number, a.number]);
    expect(numbersOf(await list({ search: String(a.number) }))).toEqual([a.number]);
    expect(numbersOf(await list({ search: `#${b.number}` }))).toEqual([b.number]);
    expect(numbersOf(await list({ search: "carla@" }))).toEqual([c.number]);
    expect(numbersOf(await list({ search: "zoë" }))).toEqual([a.number]);
    expect(numbersOf(await list({ search: "RITAFAN" }))).toEqual([b.number]);
    expect(numbersOf(await list({ search: "nobody-here" }))).toEqual([]);
    const first = (await list({ search: "ritafan" })).orders[0]!;
    expect(first).toMatchObject({ name: "ritafan", email: member.email, items: 1, physical: false, status: "paid", shippedAt: null });
  });

  it("filters by status, by product and by a period of days in the admin's time zone", async () => {
    // 02:30 UTC on 25 November is still the 24th in São Paulo (UTC-3).
    const late24th = Date.UTC(2026, 10, 25, 2, 30);
    const morning25th = Date.UTC(2026, 10, 25, 12, 0);
    const shirt = await insertPaidOrder({ paidAt: late24th });
    const album = await insertPaidOrder({ lines: [{ kind: "digital" }], paidAt: morning25th, status: "refunded", refundedCents: 900 });
    const both = await insertPaidOrder({
      lines: [{ kind: "merch", productId: shirt.lines[0]!.productId }, { kind: "digital" }],
      paidAt: Date.UTC(2026, 10, 26, 12),
    });

    expect(numbersOf(await list({ status: "refunded" }))).toEqual([album.number]);
    expect(numbersOf(await list({ status: "paid" }))).toEqual([both.number, shirt.number]);
    expect(numbersOf(await list({ product: shirt.lines[0]!.productId }))).toEqual([both.number, shirt.number]);
    expect(numbersOf(await list({ from: "2026-11-25", to: "2026-11-25", tz: ZONE }))).toEqual([album.number]);
    expect(numbersOf(await list({ from: "2026-11-24", to: "2026-11-24", tz: ZONE }))).toEqual([shirt.number]);
    expect(numbersOf(await list({ from: "2026-11-25", to: "2026-11-25", tz: "UTC" }))).toEqual([album.number, shirt.number]);
    expect(numbersOf(await list({ from: "2026-11-25", tz: ZONE }))).toEqual([both.number, album.number]);
    expect(numbersOf(await list({ to: "2026-11-24", tz: ZONE }))).toEqual([shirt.number]);
    const body = await list();
    expect(body.products.map((p) => p.id).sort()).toEqual([shirt.lines[0]!.productId, album.lines[0]!.productId, both.lines[1]!.productId].sort());
  });

  it("pages 25 at a time and totals every matching order per currency", async () => {
    const base = Date.now() - 100_000;
    const made = [];
    for (let i = 0; i < 27; i++) made.push(await insertPaidOrder({ lines: [{ kind: "digital", unitCents: 500 + i }], paidAt: base + i * 10 }));
    const real = await insertPaidOrder({ lines: [{ kind: "digital", unitCents: 3500 }], currency: "brl", refundedCents: 1000, status: "partially_refunded" });
    const first = await list();
    expect(first).toMatchObject({ count: 28, page: 1, pageSize: 25 });
    expect(first.orders).toHaveLength(25);
    expect(first.orders[0]!.number).toBe(real.number);
    const second = await list({ page: "2" });
    expect(numbersOf(second)).toEqual([made[2]!.number, made[1]!.number, made[0]!.number]);
    const usd = made.reduce((n, o) => n + o.totalCents, 0);
    expect(first.totals).toEqual([
      { currency: "usd", totalCents: usd, refundedCents: 0, count: 27 },
      { currency: "brl", totalCents: 3500, refundedCents: 1000, count: 1 },
    ]);
    expect(await list({ page: "3" })).toMatchObject({ orders: [], count: 28 });
  });

  it("answers an empty list with no totals", async () => {
    expect(await list({ search: "none" })).toMatchObject({ orders: [], count: 0, totals: [] });
  });

  it.each([
    [{ status: "lost" }, "invalid_input", "status"],
    [{ from: "25/11/2026" }, "invalid_input", "from"],
    [{ from: "2026-11-26", to: "2026-11-25" }, "order_period_invalid", "to"],
    [{ tz: "Mars/Olympus" }, "invalid_input", "tz"],
    [{ page: "0" }, "invalid_input", "page"],
    [{ search: "x".repeat(101) }, "invalid_input", "search"],
    [{ surprise: "1" }, "invalid_input", undefined],
  ])("refuses the query %o with 400 %s", async (params, code, field) => {
    for (const path of [API, `${API}/export.csv`]) {
      const res = await asAdmin(`${path}?${new URLSearchParams(params as Record<string, string>)}`);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe(code);
      if (field) expect(error.field).toBe(field);
    }
  });
});

describe("an order's detail", () => {
  it("shows lines, amounts, discount, shipping, address, member, payment and history", async () => {
    const member = await createUser("user");
    const paidAt = Date.UTC(2026, 10, 20, 15, 0);
    const order = await insertPaidOrder({
      lines: [{ kind: "merch", size: "L", quantity: 2 }, { kind: "digital" }, { kind: "gift_vip", quantity: 1 }],
      userId: member.id,
      email: member.email,
      discountCents: 500,
      shippingCents: 900,
      paidAt,
      locale: "pt-BR",
    });
    const res = await asAdmin(`${API}/${order.id}`);
    expect(res.status).toBe(200);
    const { order: detail } = await res.json<OrderDetailResponse>();
    expect(detail).toMatchObject({
      id: order.id,
      number: order.number,
      status: "paid",
      currency: "usd",
      locale: "pt-BR",
      subtotalCents: 5000 + 900 + 2997,
      discountCents: 500,
      shippingCents: 900,
      totalCents: 5000 + 900 + 2997 - 500 + 900,
      refundedCents: 0,
      refundableCents: order.totalCents,
      pendingRefundCents: 0,
      items: 4,
      physical: true,
      shippingName: "Ana Souza",
      address: DEFAULT_ADDRESS,
      member: { id: member.id, username: member.username },
      paymentIntentId: order.paymentIntentId,
      carrier: null,
      entitlements: { total: 1, revoked: 0 },
      giftCodes: { total: 1, redeemed: 0, voided: 0 },
      history: [{ kind: "paid", at: new Date(paidAt).toISOString(), amountCents: order.totalCents }],
    });
    expect(detail.lines.map((l) => [l.lineNo, l.kind, l.variantLabel, l.quantity, l.unitCents, l.totalCents])).toEqual([
      [1, "merch", "L", 2, 2500, 5000],
      [2, "digital", null, 1, 900, 900],
      [3, "gift_vip", null, 1, 2997, 2997],
    ]);
  });

  it("answers an unknown order with 404 order_not_found, for every route", async () => {
    for (const [method, path, json] of [
      ["GET", `${API}/no-such-order`],
      ["POST", `${API}/no-such-order/ship`, { carrier: "ups", trackingNumber: "1Z" }],
      ["POST", `${API}/no-such-order/refunds`, { amountCents: 100, attemptId: crypto.randomUUID() }],
    ] as const) {
      const res = await asAdmin(path, { method, json });
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).code).toBe("order_not_found");
    }
  });
});

describe("mark shipped", () => {
  it("ships a paid order once, builds the carrier's tracking link, audits it, and mails and notifies the buyer in their language", async () => {
    const member = await createUser("user");
    const order = await insertPaidOrder({
      userId: member.id,
      email: member.email,
      locale: "pt-BR",
      lines: [{ kind: "merch", size: "M" }, { kind: "digital" }],
    });
    const res = await ship(order.id);
    expect(res.status).toBe(200);
    const body = await res.json<ShipResponse>();
    const link = "https://rastreamento.correios.com.br/app/index.php?objetos=AA123456789BR";
    expect(body.mailed).toBe(true);
    expect(body.order).toMatchObject({ status: "shipped", carrier: "Correios", trackingNumber: "AA123456789BR", trackingUrl: link });
    expect(body.order.history.map((h) => h.kind)).toEqual(["paid", "shipped"]);
    expect(body.order.history[1]).toMatchObject({ actorEmail: admin.email, carrier: "Correios", trackingUrl: link });
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", carrier: "Correios", tracking_number: "AA123456789BR", tracking_url: link });
    expect((await orderRow(order.id))!.shipped_at).toBeGreaterThan(0);

    const audit = await D1.prepare("SELECT action, target_type, actor_email, summary FROM audit_log WHERE target_id = ?1")
      .bind(order.id)
      .all<Record<string, string>>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]).toMatchObject({ action: "store.order.ship", target_type: "order", actor_email: admin.email });
    expect(JSON.parse(audit.results[0]!.summary!).after).toEqual({ carrier: "Correios", trackingNumber: "AA123456789BR", trackingUrl: link });

    const [mail, ...more] = await mailsTo(member.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Seu pedido #${order.number} foi enviado`);
    expect(mail!.text).toContain("Transportadora: Correios");
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain("1 × Tour shirt (M)");
    expect(mail!.text).not.toContain("Freestyle Nights");
    expect(mail!.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);

    const event = await D1.prepare("SELECT kind, params, link FROM notification_events WHERE id = ?1")
      .bind(`order_shipped:${order.id}`)
      .first<Record<string, string>>();
    expect(event).toEqual({ kind: "order_shipped", params: JSON.stringify({ title: `#${order.number}` }), link: "/collection" });
    await vi.waitFor(
      async () =>
        expect(await D1.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?1").bind(member.id).first<{ n: number }>()).toEqual({ n: 1 }),
      { timeout: 5000, interval: 50 },
    );
  });

  it("words the order_shipped notification's push and mail in both languages", () => {
    const input = { kind: "order_shipped" as const, actor: null, actorCount: 1, params: { title: "#1042" }, brandName: "Freestyle Lovers" };
    expect(notificationText("en", input)).toEqual({ title: "Your order has shipped", body: "Order #1042 is on its way." });
    expect(notificationText("pt-BR", input)).toEqual({ title: "Seu pedido foi enviado", body: "O pedido #1042 está a caminho." });
  });

  it("answers a second mark with 409 order_already_shipped and changes nothing", async () => {
    const order = await insertPaidOrder();
    expect((await ship(order.id)).status).toBe(200);
    const shippingLog = () => D1.prepare("SELECT kind, detail FROM order_access_log WHERE order_id = ?1").bind(order.id).all();
    // The order's access log (decision 094) has the shipping once, for a dispute's evidence.
    expect((await shippingLog()).results).toEqual([{ kind: "shipping", detail: JSON.stringify({ carrier: "Correios", trackingNumber: "AA123456789BR" }) }]);
    const before = { state: await orderStateOf(order.id), mails: await mailsTo(order.email) };
    const again = await ship(order.id, { carrier: "ups", trackingNumber: "1Z999" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("order_already_shipped");
    expect({ state: await orderStateOf(order.id), mails: await mailsTo(order.email) }).toEqual(before);
    expect((await shippingLog()).results).toHaveLength(1);
  });

  it("mails a guest in English with a typed link, and keeps a partly refunded order's status", async () => {
    const order = await insertPaidOrder({ email: "guest@example.com", status: "partially_refunded", refundedCents: 900 });
    const res = await ship(order.id, {
      carrier: "other",
      carrierName: "Jadlog",
      trackingNumber: "JD 0042",
      trackingUrl: "https://jadlog.example/track?n=JD0042",
    });
    expect(res.status).toBe(200);
    expect((await res.json<ShipResponse>()).order).toMatchObject({
      status: "partially_refunded",
      carrier: "Jadlog",
      trackingUrl: "https://jadlog.example/track?n=JD0042",
    });
    const [mail] = await mailsTo("guest@example.com");
    expect(mail!.subject).toBe(`Your order #${order.number} has shipped`);
    expect(mail!.text).toContain("Carrier: Jadlog");
    expect(mail!.text).toContain("https://jadlog.example/track?n=JD0042");
    expect(await D1.prepare("SELECT count(*) AS n FROM notification_events WHERE id = ?1").bind(`order_shipped:${order.id}`).first()).toEqual({ n: 0 });
  });

  it("refuses an order with nothing to ship, and one refunded in full, with 409 order_not_shippable", async () => {
    const digital = await insertPaidOrder({ lines: [{ kind: "digital" }, { kind: "gift_vip" }] });
    const refunded = await insertPaidOrder({ status: "refunded", refundedCents: 3400 });
    for (const order of [digital, refunded]) {
      const before = await orderStateOf(order.id);
      const res = await ship(order.id);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("order_not_shippable");
      expect(await orderStateOf(order.id)).toEqual(before);
    }
  });

  it.each([
    [{ trackingNumber: "" }, "tracking_number_required", "trackingNumber"],
    [{ trackingNumber: "   " }, "tracking_number_required", "trackingNumber"],
    [{ trackingNumber: "AA<script>" }, "tracking_number_invalid", "trackingNumber"],
    [{ trackingNumber: "A".repeat(65) }, "tracking_number_invalid", "trackingNumber"],
    [{ trackingUrl: "http://tracker.example/1" }, "tracking_url_invalid", "trackingUrl"],
    [{ trackingUrl: "javascript:alert(1)" }, "tracking_url_invalid", "trackingUrl"],
    [{ carrier: "other" }, "carrier_name_required", "carrierName"],
    [{ carrier: "pigeon" }, "invalid_input", "carrier"],
    [{ surprise: true }, "invalid_input", undefined],
  ])("refuses %o with 400 %s and stores nothing", async (override, code, field) => {
    const order = await insertPaidOrder();
    const before = { audit: await auditCount(), state: await orderStateOf(order.id) };
    const res = await ship(order.id, override as Partial<ShipBody>);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    if (field) expect(error.field).toBe(field);
    expect({ audit: await auditCount(), state: await orderStateOf(order.id) }).toEqual(before);
  });
});

describe("the CSV export", () => {
  const exportCsv = async (params: Record<string, string> = {}) => {
    const res = await asAdmin(`${API}/export.csv?${new URLSearchParams(params)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="orders.csv"');
    // Response.text() would drop the BOM: read the bytes as they came.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(await res.arrayBuffer());
  };
  const rowsOf = (text: string) => Papa.parse<string[]>(text.slice(1), { newline: "\r\n" }).data;

  it("writes a BOM, quotes every cell, neutralises formulas and has one row per line, dates in the admin's zone", async () => {
    const paidAt = Date.UTC(2026, 10, 25, 2, 30, 5);
    const order = await insertPaidOrder({
      paidAt,
      shippingName: '=HYPERLINK("http://evil")',
      address: { line1: "@SUM(A1)", line2: null, city: "+São Paulo", state: "-SP", postalCode: "\t01304", country: "BR" },
      lines: [
        { kind: "merch", title: 'Tour shirt, "black"', size: "M", quantity: 2, sku: "SHIRT-M" },
        { kind: "digital", title: "-1 Album" },
      ],
    });
    const text = await exportCsv({ tz: ZONE });
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      '"Order","Date","E-mail","Name","Address line 1","Address line 2","City","State","Postal code","Country","SKU","Title","Variant","Quantity","Unit price","Currency","Status","Carrier","Tracking number","Order total","Tax","Tax jurisdiction","Buyer tax ID"',
    );
    // Every cell is quoted: each line starts and ends with a quote, cells are separated by ",".
    for (const line of lines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    const rows = rowsOf(text);
    expect(rows.slice(1)).toEqual([
      [
        String(order.number),
        "2026-11-24T23:30:05-03:00",
        expect.stringMatching(/^buyer-/),
        '\'=HYPERLINK("http://evil")',
        "'@SUM(A1)",
        "",
        "'+São Paulo",
        "'-SP",
        "'\t01304",
        "BR",
        "SHIRT-M",
        'Tour shirt, "black"',
        "M",
        "2",
        "25.00",
        "USD",
        "paid",
        "",
        "",
        expect.stringMatching(/^\d+\.\d\d$/),
        "0.00",
        "",
        "",
      ],
      [
        String(order.number),
        "2026-11-24T23:30:05-03:00",
        expect.any(String),
        '\'=HYPERLINK("http://evil")',
        "'@SUM(A1)",
        "",
        "'+São Paulo",
        "'-SP",
        "'\t01304",
        "BR",
        "",
        "'-1 Album",
        "",
        "1",
        "9.00",
        "USD",
        "paid",
        "",
        "",
        expect.stringMatching(/^\d+\.\d\d$/),
        "0.00",
        "",
        "",
      ],
    ]);
  });

  it("exports the filtered orders only (status, product, search), a product's own lines, and a header alone when none match", async () => {
    const shipped = await insertPaidOrder({ email: "a@example.com" });
    expect((await ship(shipped.id, { carrier: "usps", trackingNumber: "9400 1000" })).status).toBe(200);
    const other = await insertPaidOrder({ email: "b@example.com", lines: [{ kind: "merch", productId: shipped.lines[0]!.productId }, { kind: "digital" }] });
    await insertPaidOrder({ email: "c@example.com", lines: [{ kind: "digital" }] });

    const byStatus = rowsOf(await exportCsv({ status: "shipped" })).slice(1);
    expect(byStatus.map((r) => [r[0], r[2], r[16], r[17], r[18]])).toEqual([[String(shipped.number), "a@example.com", "shipped", "USPS", "9400 1000"]]);
    const byProduct = rowsOf(await exportCsv({ product: shipped.lines[0]!.productId })).slice(1);
    expect(byProduct.map((r) => [r[0], r[11]])).toEqual([
      [String(other.number), "Tour shirt"],
      [String(shipped.number), "Tour shirt"],
    ]);
    expect(
      rowsOf(await exportCsv({ search: "b@example" }))
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([String(other.number), String(other.number)]);
    const none = await exportCsv({ search: "nobody" });
    expect(rowsOf(none)).toHaveLength(1);
  });

  it("reads the orders a page at a time, newest first, past orders paid at the same instant", async () => {
    const at = Date.now() - 5000;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await insertPaidOrder({ paidAt: i < 3 ? at : at + i }));
    const pages = [];
    for await (const page of exportOrderPages(db(), { search: null, status: null, product: null, period: null }, 2)) pages.push(page.map((p) => p.order.id));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const expected = [made[4]!, made[3]!, ...made.slice(0, 3).sort((x, y) => (x.id < y.id ? 1 : -1))].map((o) => o.id);
    expect(pages.flat()).toEqual(expected);
  });
});
