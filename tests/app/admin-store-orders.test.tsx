// /admin/store/orders and an order's page against a fake API: the list with its sales per currency,
// the search, status, product and period filters sent with the admin's time zone (and carried by
// the Export CSV link), paging; the loading, empty and failed states; an order's facts, lines and
// history; Mark shipped (checked before sending, the Worker's refusal shown, the notice after);
// a refund of what is left or of a typed part, one attempt id per dialog; for a redeemed gift code,
// the choice of its VIP time; both languages.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route as OrdersRoute } from "../../app/routes/admin/store/orders.index";
import { Route as OrderRoute } from "../../app/routes/admin/store/orders.$orderId";
import { centsOf } from "../../app/features/admin/store-orders/format";
import type { OrderDetail, OrderListItem, OrdersListResponse } from "../../worker/contracts/store/admin-orders";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const API = "/api/admin/store/orders";
const TIME_ZONE = "America/Sao_Paulo";

const item = (id: string, number: number, extra: Partial<OrderListItem> = {}): OrderListItem => ({
  id,
  number,
  paidAt: "2026-11-20T18:30:00.000Z",
  email: `${id}@example.com`,
  name: null,
  status: "paid",
  currency: "usd",
  totalCents: 3400,
  refundedCents: 0,
  items: 1,
  physical: true,
  shippedAt: null,
  shipsFrom: null,
  ...extra,
});

const ORDERS = [
  item("o1", 1042, { name: "Ana Souza", items: 3, shipsFrom: "2027-03-01" }),
  item("o2", 1041, { status: "shipped", shippedAt: "2026-11-21T10:00:00.000Z", physical: true }),
  item("o3", 1040, { status: "partially_refunded", currency: "brl", totalCents: 4500, refundedCents: 1000, physical: false }),
];

const LIST: OrdersListResponse = {
  orders: ORDERS,
  count: 3,
  page: 1,
  pageSize: 25,
  totals: [
    { currency: "usd", totalCents: 6800, refundedCents: 0, count: 2 },
    { currency: "brl", totalCents: 4500, refundedCents: 1000, count: 1 },
  ],
  products: [
    { id: "p-album", title: "Freestyle Nights (digital)" },
    { id: "p-shirt", title: "Tour shirt" },
  ],
};

const DETAIL: OrderDetail = {
  ...ORDERS[0]!,
  disputes: [],
  locale: "pt-BR",
  tax: { cents: 300, behavior: "exclusive", status: "collected", place: "US-CA", buyerTaxId: null },
  subtotalCents: 3400,
  discountCents: 500,
  shippingCents: 900,
  totalCents: 3800,
  promoCode: "VIP20",
  shippingName: "Ana Souza",
  address: { line1: "Rua Augusta, 1500", line2: null, city: "São Paulo", state: "SP", postalCode: "01304-001", country: "BR" },
  member: { id: "11111111-1111-4111-8111-111111111111", username: "anafan" },
  paymentIntentId: "pi_local_abc",
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  tickets: [],
  lines: [
    {
      lineNo: 1,
      productId: "p-shirt",
      kind: "merch",
      title: "Tour shirt",
      variantLabel: "M",
      sku: "SHIRT-M",
      quantity: 1,
      unitCents: 2500,
      totalCents: 2500,
      restockedAt: null,
    },
    {
      lineNo: 2,
      productId: "p-album",
      kind: "digital",
      title: "Freestyle Nights",
      variantLabel: null,
      sku: null,
      quantity: 1,
      unitCents: 900,
      totalCents: 900,
      restockedAt: null,
    },
  ],
  refundableCents: 3800,
  pendingRefundCents: 0,
  entitlements: { total: 1, revoked: 0 },
  giftCodes: { total: 0, redeemed: 0, voided: 0 },
  redeemedGifts: [],
  gifts: [],
  history: [{ kind: "paid", at: "2026-11-20T18:30:00.000Z", amountCents: 3800 }],
};

type ServerOptions = {
  detail?: OrderDetail;
  list?: () => Response | Promise<Response>;
  ship?: (body: unknown, order: OrderDetail) => Response;
  refund?: (body: unknown, order: OrderDetail) => Response;
};

/** The order as the fake Worker holds it: a write's answer is what the next read gives. */
function fakeServer({ detail = DETAIL, list = () => json(200, LIST), ship, refund }: ServerOptions = {}) {
  let current = detail;
  const remember = async (answer: Response) => {
    if (answer.ok) current = ((await answer.clone().json()) as { order: OrderDetail }).order;
    return answer;
  };
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}`]: () => list(),
    [`GET ${API}/o1`]: () => json(200, { order: current }),
    [`POST ${API}/o1/ship`]: async (request) => remember((ship ?? defaultShip)(await request.json(), current)),
    [`POST ${API}/o1/refunds`]: async (request) => remember((refund ?? defaultRefund)(await request.json(), current)),
  });
  const listQueries = () =>
    api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .filter((url) => url.pathname === API)
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...api, listQueries };
}

const defaultShip = (body: unknown, order: OrderDetail) => {
  const { trackingNumber } = body as { trackingNumber: string };
  const shipped: OrderDetail = {
    ...order,
    status: "shipped",
    shippedAt: "2026-11-22T12:00:00.000Z",
    carrier: "Correios",
    trackingNumber,
    trackingUrl: `https://rastreamento.correios.com.br/app/index.php?objetos=${trackingNumber}`,
    history: [
      ...order.history,
      { kind: "shipped", at: "2026-11-22T12:00:00.000Z", actorEmail: "admin@example.com", carrier: "Correios", trackingNumber, trackingUrl: null },
    ],
  };
  return json(200, { order: shipped, mailed: true });
};

const defaultRefund = (body: unknown, order: OrderDetail) => {
  const { amountCents } = body as { amountCents: number };
  const whole = amountCents === order.refundableCents;
  const after: OrderDetail = {
    ...order,
    status: whole ? "refunded" : "partially_refunded",
    refundedCents: order.refundedCents + amountCents,
    refundableCents: order.refundableCents - amountCents,
    history: [...order.history, { kind: "refund", at: "2026-11-22T12:00:00.000Z", actorEmail: "admin@example.com", amountCents, confirmed: true }],
  };
  return json(200, { order: after, refundId: "re_local_1" });
};

function renderOrders(url = "/admin/store/orders", locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(
    root.addChildren([mountFileRoute(OrdersRoute, "/admin/store/orders", root), mountFileRoute(OrderRoute, "/admin/store/orders/$orderId", root)]),
    url,
    { locale },
  );
}

const tableRows = () =>
  within(screen.getByRole("table", { name: "Orders, newest first" }))
    .getAllByRole("row")
    .slice(1)
    .map((r) => [...r.querySelectorAll("td")].map((c) => c.textContent));

beforeEach(() => {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: TIME_ZONE };
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/store/orders: the list", () => {
  it("shows the orders, their sales per currency, and asks in the admin's zone", async () => {
    const server = fakeServer();
    renderOrders();
    expect(await screen.findByRole("heading", { level: 1, name: "Store orders" })).toBeTruthy();
    // The figure right under the h1 is an h2: headings skip no level (axe's heading-order).
    expect(screen.getByRole("heading", { level: 2, name: "Sales" })).toBeTruthy();
    await screen.findByText("#1042");
    const rows = tableRows();
    expect(rows.map((r) => [r[0], r[2], r[3], r[4], r[5]])).toEqual([
      ["#1042", "Ana Souzao1@example.com", "3 items", "PaidTo shipShips from Mar 1, 2027", "$34.00"],
      ["#1041", "o2@example.com", "1 item", "Shipped", "$34.00"],
      ["#1040", "o3@example.com", "1 item", "Partly refunded", "R$45.00R$10.00 refunded"],
    ]);
    expect(screen.getByRole("link", { name: "Open order #1042" }).getAttribute("href")).toBe("/admin/store/orders/o1");
    const sales = screen.getByRole("article", { name: "Sales" });
    expect(within(sales).getByText("$68.00")).toBeTruthy();
    expect(within(sales).getByText("3 orders")).toBeTruthy();
    expect(server.listQueries()[0]).toEqual({ search: "", status: "all", product: "", ships: "all", from: "", to: "", tz: TIME_ZONE, page: "1" });
  });

  it("sends the search once typing stops, the status, the product and the period; the export link carries them", async () => {
    const server = fakeServer();
    renderOrders();
    await screen.findByText("#1042");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `${API}/export.csv?search=&status=all&product=&ships=all&from=&to=&tz=America%2FSao_Paulo`,
    );
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: " ana " } });
    await waitFor(() => expect(server.listQueries().at(-1)).toMatchObject({ search: "ana", page: "1" }));
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "shipped" } });
    expect([...(screen.getByLabelText("Status") as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      "All statuses",
      "Paid",
      "Shipped",
      "Partly refunded",
      "Refunded",
      "Cancelled",
    ]);
    fireEvent.change(screen.getByLabelText("Product"), { target: { value: "p-shirt" } });
    fireEvent.change(screen.getByLabelText("Shipping"), { target: { value: "later" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-30" } });
    await waitFor(() =>
      expect(server.listQueries().at(-1)).toEqual({
        search: "ana",
        status: "shipped",
        product: "p-shirt",
        ships: "later",
        from: "2026-11-01",
        to: "2026-11-30",
        tz: TIME_ZONE,
        page: "1",
      }),
    );
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `${API}/export.csv?search=ana&status=shipped&product=p-shirt&ships=later&from=2026-11-01&to=2026-11-30&tz=America%2FSao_Paulo`,
    );
  });

  it("pages through more orders than a page holds", async () => {
    const server = fakeServer({ list: () => json(200, { ...LIST, count: 60 }) });
    renderOrders();
    await screen.findByText("#1042");
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(server.listQueries().at(-1)).toMatchObject({ page: "2" }));
  });

  it("says when nothing matches, and shows loading, failure and a retry that works", async () => {
    fakeServer({ list: () => json(200, { ...LIST, orders: [], count: 0, totals: [] }) });
    renderOrders();
    expect(await screen.findByText("No orders found")).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Sales" })).getByText("$0.00")).toBeTruthy();
    cleanup();

    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fakeServer({
      list: async () => {
        await gate;
        return fail ? apiError(500, "internal", "Down") : json(200, LIST);
      },
    });
    renderOrders();
    expect(await screen.findByText("Loading orders...")).toBeTruthy();
    release();
    expect(await screen.findByText("Failed to load orders")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("#1042")).toBeTruthy();
  });

  it("speaks Portuguese", async () => {
    fakeServer();
    renderOrders("/admin/store/orders", "pt-BR");
    expect(await screen.findByRole("heading", { level: 1, name: "Pedidos da loja" })).toBeTruthy();
    await screen.findByText("#1042");
    expect(screen.getByRole("link", { name: "Exportar CSV" })).toBeTruthy();
    expect(within(screen.getByRole("table")).getByText("Reembolsado em parte")).toBeTruthy();
    expect(screen.getByText("3 pedidos")).toBeTruthy();
  });
});

describe("an order's page", () => {
  it("shows the customer, payment, address, lines with amounts, and the history", async () => {
    fakeServer();
    renderOrders("/admin/store/orders/o1");
    expect(await screen.findByRole("heading", { name: /Order #1042/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "anafan" }).getAttribute("href")).toBe(`/social/profile/${DETAIL.member!.id}`);
    expect(screen.getByText("o1@example.com").getAttribute("href")).toBe("mailto:o1@example.com");
    expect(screen.getByText("pi_local_abc")).toBeTruthy();
    expect(screen.getByText("Rua Augusta, 1500")).toBeTruthy();
    expect(screen.getByText("Not shipped yet")).toBeTruthy();
    const lines = screen.getByRole("table", { name: "Items" });
    expect(within(lines).getByText("SHIRT-M")).toBeTruthy();
    expect(within(lines).getByText("Discount (VIP20)")).toBeTruthy();
    expect(within(lines).getByText("−$5.00")).toBeTruthy();
    expect(within(lines).getByText("$38.00")).toBeTruthy();
    // The tax added at checkout, apart from the artist's revenue (decision 093).
    expect(within(lines).getByText("Tax added (CA, United States)").nextElementSibling?.textContent).toBe("$3.00");
    expect(within(lines).getByText("Revenue net of tax").nextElementSibling?.textContent).toBe("$35.00");
    expect(screen.getByText("Paid $38.00")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mark shipped" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refund" })).toBeTruthy();
  });

  it("marks it shipped: checks the number first, sends the carrier and number, then says the buyer was e-mailed", async () => {
    const server = fakeServer();
    renderOrders("/admin/store/orders/o1");
    fireEvent.click(await screen.findByRole("button", { name: "Mark shipped" }));
    const dialog = await screen.findByRole("dialog", { name: /Mark the order shipped/ });
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark shipped and e-mail the buyer" }));
    expect(await within(dialog).findByText("Enter the tracking number")).toBeTruthy();
    expect(server.callsTo(`POST ${API}/o1/ship`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Tracking number"), { target: { value: "AA123456789BR" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark shipped and e-mail the buyer" }));
    expect(await screen.findByText("Marked shipped. The buyer was e-mailed the tracking link.")).toBeTruthy();
    expect(sentJson(server.callsTo(`POST ${API}/o1/ship`)[0] as never)).toEqual({ carrier: "correios", trackingNumber: "AA123456789BR" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("Shipped with Correios, tracking AA123456789BR by admin@example.com")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark shipped" })).toBeNull();
  });

  it("asks another carrier's name, and shows the Worker's refusal", async () => {
    fakeServer({ ship: () => apiError(409, "order_already_shipped", "This order has already been marked shipped") });
    renderOrders("/admin/store/orders/o1");
    fireEvent.click(await screen.findByRole("button", { name: "Mark shipped" }));
    const dialog = await screen.findByRole("dialog", { name: /Mark the order shipped/ });
    fireEvent.change(within(dialog).getByLabelText("Carrier"), { target: { value: "other" } });
    fireEvent.change(within(dialog).getByLabelText("Tracking number"), { target: { value: "JD0042" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark shipped and e-mail the buyer" }));
    expect(await within(dialog).findByText("Name the carrier")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Carrier's name"), { target: { value: "Jadlog" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark shipped and e-mail the buyer" }));
    expect(await within(dialog).findByText("This order has already been marked shipped.")).toBeTruthy();
  });

  it("refunds everything that is left with one attempt id, or a typed part", async () => {
    const server = fakeServer();
    renderOrders("/admin/store/orders/o1");
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    let dialog = await screen.findByRole("dialog", { name: /Refund the order/ });
    expect(within(dialog).getByText("Left to refund: $38.00")).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText("Part of it"));
    fireEvent.change(within(dialog).getByLabelText("Amount (USD)"), { target: { value: "40" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(await within(dialog).findByText("At most $38.00 is left to refund")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Amount (USD)"), { target: { value: "12,50" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(await screen.findByText("Refunded.")).toBeTruthy();
    const first = sentJson(server.callsTo(`POST ${API}/o1/refunds`)[0] as never) as { amountCents: number; attemptId: string };
    expect(first.amountCents).toBe(1250);
    expect(first.attemptId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toHaveProperty("giftTime");
    expect(screen.getByText("Refund of $12.50 by admin@example.com")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    dialog = await screen.findByRole("dialog", { name: /Refund the order/ });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    await screen.findByText("Refunded.");
    const second = sentJson(server.callsTo(`POST ${API}/o1/refunds`)[1] as never) as { amountCents: number; attemptId: string };
    expect(second.amountCents).toBe(3800 - 1250);
    expect(second.attemptId).not.toBe(first.attemptId);
  });

  it("asks, for a redeemed gift code, whether the member keeps its VIP time, in both languages", async () => {
    const gift: OrderDetail = {
      ...DETAIL,
      giftCodes: { total: 1, redeemed: 1, voided: 0 },
      redeemedGifts: [{ code: "GIFT-ABCD-EFGH", redeemer: "bia", remainingMs: 9.5 * 24 * 60 * 60 * 1000, settled: false }],
    };
    let server = fakeServer({ detail: gift });
    renderOrders("/admin/store/orders/o1");
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    let dialog = await screen.findByRole("dialog", { name: /Refund the order/ });
    expect(within(dialog).getByText("Gift code GIFT-ABCD-EFGH was redeemed by bia: 10 days of its VIP time are left.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(await within(dialog).findByText("Choose whether the member keeps the gift's remaining VIP time.")).toBeTruthy();
    expect(server.callsTo(`POST ${API}/o1/refunds`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByLabelText("Take it back"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    await screen.findByText("Refunded.");
    expect(sentJson(server.callsTo(`POST ${API}/o1/refunds`)[0] as never)).toMatchObject({ amountCents: 3800, giftTime: "revoke" });

    cleanup();
    server = fakeServer({ detail: gift });
    renderOrders("/admin/store/orders/o1", "pt-BR");
    fireEvent.click(await screen.findByRole("button", { name: "Reembolsar" }));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("O código de presente GIFT-ABCD-EFGH foi resgatado por bia: restam 10 dias de VIP.")).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText("O membro fica com ele"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Reembolsar" }));
    await waitFor(() => expect(server.callsTo(`POST ${API}/o1/refunds`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`POST ${API}/o1/refunds`)[0] as never)).toMatchObject({ amountCents: 3800, giftTime: "keep" });
  });

  it("lists the order's gift codes with the tier each gives and its state, in both languages (decision 116)", async () => {
    const gift: OrderDetail = {
      ...DETAIL,
      giftCodes: { total: 2, redeemed: 1, voided: 0 },
      gifts: [
        { code: "GIFT-AAAA-BBBB-CCCC", months: 3, tier: { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } }, state: "redeemed" },
        { code: "GIFT-DDDD-EEEE-FFFF", months: 1, tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } }, state: "unredeemed" },
      ],
    };
    fakeServer({ detail: gift });
    renderOrders("/admin/store/orders/o1");
    expect(await screen.findByText("GIFT-AAAA-BBBB-CCCC: 3 months of Inner Circle (redeemed)")).toBeTruthy();
    expect(screen.getByText("GIFT-DDDD-EEEE-FFFF: 1 month of VIP (not redeemed yet)")).toBeTruthy();
    cleanup();
    fakeServer({ detail: gift });
    renderOrders("/admin/store/orders/o1", "pt-BR");
    expect(await screen.findByText("GIFT-AAAA-BBBB-CCCC: 3 meses de Círculo Íntimo (resgatado)")).toBeTruthy();
  });

  it("says when the payment provider refused the refund", async () => {
    fakeServer({ refund: () => apiError(502, "refund_failed", "The payment provider did not accept the refund") });
    renderOrders("/admin/store/orders/o1");
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: /Refund the order/ });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(await within(dialog).findByText("The payment provider did not accept the refund. Nothing was refunded.")).toBeTruthy();
  });

  it("says when the order does not exist, and speaks Portuguese", async () => {
    fakeServer();
    renderOrders("/admin/store/orders/missing");
    expect(await screen.findByText("This order does not exist.")).toBeTruthy();
    cleanup();
    fakeServer();
    renderOrders("/admin/store/orders/o1", "pt-BR");
    expect(await screen.findByRole("heading", { name: /Pedido nº 1042/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Marcar como enviado" })).toBeTruthy();
    expect(screen.getByText("Ainda não enviado")).toBeTruthy();
  });
});

describe("amounts typed in a currency", () => {
  it("reads dots and commas as the decimal mark, and refuses anything else", () => {
    expect([centsOf("12.5"), centsOf("12,50"), centsOf(" 7 "), centsOf("0.05"), centsOf("1.234"), centsOf("-3"), centsOf("abc")]).toEqual([
      1250,
      1250,
      700,
      5,
      null,
      null,
      null,
    ]);
  });
});
