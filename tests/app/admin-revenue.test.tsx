// The revenue page and the overview's store figures against a fake API, in the real app (generated
// route tree, admin layout, catalogs): the period and zone it asks for, the cards in each currency,
// the charts' data tables by day and by month, top products and MRR at month ends, empty, loading
// and failed states, and both languages with money formatted per locale. recharts cannot measure
// in happy-dom: the assertions read the tables that stand behind each chart.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { routeTree } from "../../app/routeTree.gen";
import type { OverviewResponse } from "../../worker/contracts/admin/analytics";
import type { CurrencyRevenue, MemberMovement, RevenueAmounts, RevenueResponse } from "../../worker/contracts/admin/revenue";
import type { SessionUser } from "../../worker/contracts/auth";
import { apiError, json, mockApi, type ApiRoutes } from "./accounts-harness";
import { seedConfig } from "./fixtures/config";

const ADMIN: SessionUser = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "admin@example.test",
  username: "site_admin",
  isAdmin: true,
  isVIP: false,
  avatarUrl: null,
};
const TIME_ZONE = "America/Sao_Paulo";
/** Sunday 15 March 2026, 04:30 UTC: 01:30 that Sunday in São Paulo. */
const NOW = Date.UTC(2026, 2, 15, 4, 30);

const amounts = (a: Partial<RevenueAmounts> = {}): RevenueAmounts => {
  const filled = { vip: 0, store: 0, tickets: 0, refunds: 0, ...a };
  return { ...filled, net: filled.vip + filled.store + filled.tickets + filled.refunds };
};
const movement = (gained = 0, lost = 0): MemberMovement => ({
  gained,
  lost,
  subscriptionsStarted: gained,
  subscriptionsEnded: lost,
  compsGranted: 0,
  compsEnded: 0,
});

function usd(): CurrencyRevenue {
  return {
    currency: "usd",
    totals: amounts({ vip: 199800, store: 12345, tickets: 0, refunds: -2500 }),
    refundCount: 1,
    tax: { cents: 1900, netOfTaxCents: 207745 },
    days: [
      { date: "2026-03-13", ...amounts({ vip: 999, store: 12345 }) },
      { date: "2026-03-14", ...amounts({ vip: 198801, refunds: -2500 }) },
      { date: "2026-03-15", ...amounts() },
    ],
    months: [
      { month: "2026-02", ...amounts({ vip: 100000 }) },
      { month: "2026-03", ...amounts({ vip: 99800, store: 12345, refunds: -2500 }) },
    ],
    topProducts: [
      { productId: "p-shirt", title: "Neon Tour Shirt", kind: "merch", units: 3, revenueCents: 7500, orders: 2 },
      { productId: "p-album", title: "Freestyle Hits", kind: "digital", units: 12, revenueCents: 4845, orders: 11 },
    ],
  };
}

function brl(): CurrencyRevenue {
  return {
    currency: "brl",
    totals: amounts({ store: 4990 }),
    refundCount: 0,
    tax: { cents: 0, netOfTaxCents: 4990 },
    days: [
      { date: "2026-03-13", ...amounts() },
      { date: "2026-03-14", ...amounts({ store: 4990 }) },
      { date: "2026-03-15", ...amounts() },
    ],
    months: [
      { month: "2026-02", ...amounts() },
      { month: "2026-03", ...amounts({ store: 4990 }) },
    ],
    topProducts: [],
  };
}

function revenue(from: string, to: string, overrides: Partial<RevenueResponse> = {}): RevenueResponse {
  return {
    from,
    to,
    timeZone: TIME_ZONE,
    currencies: [usd(), brl()],
    mrr: {
      currency: "usd",
      priceCents: 999,
      yearlyPriceCents: 9900,
      subscriptions: 200,
      yearlySubscriptions: 0,
      cents: { value: 199800, changePct: 25 },
      atStart: { subscriptions: 160, cents: 159840 },
      monthEnds: [{ month: "2026-02", subscriptions: 180, cents: 179820 }],
    },
    members: {
      totals: movement(45, 5),
      days: [
        { date: "2026-03-13", ...movement(40, 0) },
        { date: "2026-03-14", ...movement(5, 5) },
        { date: "2026-03-15", ...movement() },
      ],
      months: [
        { month: "2026-02", ...movement(30, 2) },
        { month: "2026-03", ...movement(15, 3) },
      ],
    },
    ...overrides,
  };
}

const OVERVIEW: OverviewResponse = {
  currentVisitors: { value: 10, changePct: null },
  pageViews: { value: 20, changePct: null },
  avgSessionSeconds: { value: 30, changePct: null },
  activeUsers: { value: 4, changePct: null },
  totals: { users: 5, upcomingEvents: 1, messages: 0, subscribers: 2 },
  health: { requests: 0, errorRate: 0, p95Ms: null },
  store: {
    ordersToday: {
      count: 3,
      totals: [
        { currency: "usd", cents: 4500 },
        { currency: "brl", cents: 9990 },
      ],
    },
    monthRevenue: [
      { currency: "usd", cents: 123456 },
      { currency: "brl", cents: 0 },
    ],
  },
};

function renderAdmin(url: string, { locale = "en" as Locale } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(["me"], { user: ADMIN });
  seedConfig(queryClient);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url] }), context: { queryClient } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { router };
}

const api = (routes: ApiRoutes) =>
  mockApi({ "GET /api/auth/me": json(200, { user: ADMIN }), "GET /api/admin/dead-letters": json(200, { items: [], open: 0 }), ...routes });

/** Answers with the period the page asked for. */
const revenueRoute = (overrides: Partial<RevenueResponse> = {}) => ({
  "GET /api/admin/revenue": (request: Request) => {
    const params = new URL(request.url).searchParams;
    return json(200, revenue(params.get("from")!, params.get("to")!, overrides));
  },
});

const queriesOf = (calls: ReturnType<ReturnType<typeof mockApi>["callsTo"]>) =>
  calls.map(([input]) => Object.fromEntries(new URL(String(input), "http://localhost").searchParams));
const card = (name: string) => screen.getByRole("article", { name });
const valueOf = (article: HTMLElement) => article.querySelector(".admin-stat-value")?.textContent;
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((c) => c.textContent));
/** Intl's narrow no-break spaces and no-break spaces as plain ones, for readable expectations. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: TIME_ZONE };
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/revenue", () => {
  it("asks for the last 30 days in the admin's zone, then 12 calendar months, and keeps the choice in the address", async () => {
    const { callsTo } = api(revenueRoute());
    const { router } = renderAdmin("/admin/revenue");
    await screen.findByRole("article", { name: "Net revenue" });
    expect(queriesOf(callsTo("GET /api/admin/revenue"))).toEqual([{ from: "2026-02-14", to: "2026-03-15", tz: TIME_ZONE }]);
    const periods = screen.getByRole("group", { name: "Period" });
    expect(within(periods).getByRole("button", { name: "Last 30 days" }).getAttribute("aria-pressed")).toBe("true");
    const nav = screen.getByRole("navigation", { name: "Back office" });
    expect(within(nav).getByRole("link", { name: "Revenue" }).getAttribute("aria-current")).toBe("page");

    fireEvent.click(within(periods).getByRole("button", { name: "Last 12 months" }));
    await waitFor(() => expect(queriesOf(callsTo("GET /api/admin/revenue")).at(-1)).toEqual({ from: "2025-04-01", to: "2026-03-15", tz: TIME_ZONE }));
    expect(router.state.location.search).toEqual({ period: "12m" });
    // A year reads by month.
    await waitFor(() => expect(screen.getByRole("table", { name: "Revenue by source, in USD" }).querySelector("thead th")?.textContent).toBe("Month"));
    expect(rowsOf(screen.getByRole("table", { name: "Revenue by source, in USD" })).slice(1)).toEqual([
      ["Feb 2026", "$1,000.00", "$0.00", "$0.00", "$0.00", "$1,000.00"],
      ["Mar 2026", "$998.00", "$123.45", "$0.00", "-$25.00", "$1,096.45"],
    ]);

    fireEvent.click(within(periods).getByRole("button", { name: "Last 7 days" }));
    await waitFor(() => expect(queriesOf(callsTo("GET /api/admin/revenue")).at(-1)).toEqual({ from: "2026-03-09", to: "2026-03-15", tz: TIME_ZONE }));
    expect(router.state.location.search).toEqual({ period: "7d" });
  });

  it("shows the period's figures in dollars, MRR with its trend, members gained and lost", async () => {
    api(revenueRoute());
    renderAdmin("/admin/revenue");
    await screen.findByRole("article", { name: "Net revenue" });
    expect(valueOf(card("Net revenue"))).toBe("$2,096.45");
    // The tax within it, apart from the artist's revenue (decision 093).
    expect(valueOf(card("Revenue net of tax"))).toBe("$2,077.45");
    expect(valueOf(card("Tax collected"))).toBe("$19.00");
    expect(valueOf(card("VIP memberships"))).toBe("$1,998.00");
    expect(valueOf(card("Store"))).toBe("$123.45");
    expect(screen.queryByRole("article", { name: "Tickets" })).toBeNull(); // none sold
    expect(valueOf(card("Refunds"))).toBe("-$25.00");
    expect(within(card("Refunds")).getByText("1 refund")).toBeTruthy();
    const mrr = card("Monthly recurring revenue");
    expect(valueOf(mrr)).toBe("$1,998.00");
    expect(within(mrr).getByText("Up 25.0% on the previous period")).toBeTruthy();
    expect(within(mrr).getByText("200 paying subscriptions; $1,598.40 when the period began")).toBeTruthy();
    expect(valueOf(card("VIP members gained"))).toBe("45");
    expect(valueOf(card("VIP members lost"))).toBe("5");
    expect(
      screen.getByText("Feb 14, 2026 to Mar 15, 2026, dates in America/Sao_Paulo. Amounts in each currency as paid, never converted.", { exact: false }),
    ).toBeTruthy();
  });

  it("puts each chart's figures in a table and a text summary", async () => {
    api(revenueRoute());
    renderAdmin("/admin/revenue");
    const table = await screen.findByRole("table", { name: "Revenue by source, in USD" });
    expect(rowsOf(table)).toEqual([
      ["Date", "VIP memberships", "Store", "Tickets", "Refunds", "Net"],
      ["Mar 13, 2026", "$9.99", "$123.45", "$0.00", "$0.00", "$133.44"],
      ["Mar 14, 2026", "$1,988.01", "$0.00", "$0.00", "-$25.00", "$1,963.01"],
      ["Mar 15, 2026", "$0.00", "$0.00", "$0.00", "$0.00", "$0.00"],
    ]);
    expect(
      screen.getByRole("img", {
        name: "Stacked bar chart of revenue by source in USD: VIP $1,998.00, store $123.45, tickets $0.00, refunds -$25.00, net $2,096.45. The data table has the same figures.",
      }),
    ).toBeTruthy();
    const members = screen.getByRole("table", { name: /^Gained: paid subscriptions started/ });
    expect(rowsOf(members)[2]).toEqual(["Mar 14, 2026", "5", "5", "5", "5", "0", "0"]);
    expect(screen.getByRole("img", { name: /45 gained and 5 lost in the period/ })).toBeTruthy();

    const top = screen.getByRole("region", { name: "Top products" });
    expect(rowsOf(within(top).getByRole("table"))).toEqual([
      ["Product", "Type", "Units", "Revenue", "Orders"],
      ["Neon Tour Shirt", "Merch", "3", "$75.00", "2"],
      ["Freestyle Hits", "Digital", "12", "$48.45", "11"],
    ]);
    const ends = screen.getByRole("region", { name: "MRR at each month's end" });
    expect(rowsOf(within(ends).getByRole("table"))).toEqual([
      ["Month", "Subscriptions", "Monthly recurring revenue"],
      ["Feb 2026", "180", "$1,798.20"],
    ]);
    expect(within(ends).getByText("Now: $1,998.00")).toBeTruthy();
  });

  it("switches to reais: its own figures, and the empty states where it has none", async () => {
    api(revenueRoute());
    const { router } = renderAdmin("/admin/revenue");
    await screen.findByRole("article", { name: "Net revenue" });
    fireEvent.click(within(screen.getByRole("group", { name: "Currency" })).getByRole("button", { name: "BRL" }));
    await waitFor(() => expect(plain(valueOf(card("Net revenue")))).toBe("R$49.90"));
    expect(router.state.location.search).toEqual({ currency: "brl" });
    expect(within(card("Refunds")).getByText("No refunds")).toBeTruthy();
    expect(screen.getByRole("table", { name: "Revenue by source, in BRL" })).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Top products" })).getByText("No store sales in BRL in this period.")).toBeTruthy();
    // MRR stays in the VIP plan's currency.
    expect(valueOf(card("Monthly recurring revenue"))).toBe("$1,998.00");
  });

  it("says so when a currency has no money at all in the period", async () => {
    const quiet = { ...brl(), totals: amounts(), days: brl().days.map((d) => ({ ...d, ...amounts() })) };
    api(revenueRoute({ currencies: [usd(), quiet], mrr: { ...revenue("a", "b").mrr, monthEnds: [] } }));
    renderAdmin("/admin/revenue?currency=brl");
    expect(await screen.findByText("No payments or refunds in BRL in this period.")).toBeTruthy();
    expect(screen.getByText("No month has ended within this period yet.")).toBeTruthy();
  });

  it("speaks Portuguese, with money as Brazil writes it", async () => {
    api(revenueRoute());
    renderAdmin("/admin/revenue?currency=brl", { locale: "pt-BR" });
    const net = await screen.findByRole("article", { name: "Receita líquida" });
    expect(plain(valueOf(net))).toBe("R$ 49,90");
    expect(plain(valueOf(card("Receita recorrente mensal")))).toBe("US$ 1.998,00");
    expect(
      within(card("Receita recorrente mensal")).getByText("200 assinaturas pagantes; US$ 1.598,40 no início do período", { normalizer: plain }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole("group", { name: "Moeda" }))
        .getByRole("button", { name: "BRL" })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(screen.getByRole("button", { name: "Últimos 12 meses" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Receita por fonte, em BRL" });
    expect(rowsOf(table)[0]).toEqual(["Data", "Assinaturas VIP", "Loja", "Ingressos", "Reembolsos", "Líquido"]);
    expect(rowsOf(table)[2]!.map(plain)).toEqual(["14 de mar. de 2026", "R$ 0,00", "R$ 49,90", "R$ 0,00", "R$ 0,00", "R$ 49,90"]);
    expect(screen.getByRole("heading", { name: "Membros VIP conquistados e perdidos" })).toBeTruthy();
  });

  it("shows loading, then a failure with a working 'Try again', and the text of a period the server refuses", async () => {
    let settle!: (response: Response) => void;
    let answer: () => Response | Promise<Response> = () => new Promise<Response>((resolve) => (settle = resolve));
    api({ "GET /api/admin/revenue": () => answer() });
    renderAdmin("/admin/revenue");
    expect((await screen.findByRole("status")).textContent).toBe("Loading revenue...");
    settle(apiError(500, "internal", "boom"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load revenue");
    answer = () => json(200, revenue("2026-02-14", "2026-03-15"));
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(valueOf(await screen.findByRole("article", { name: "Net revenue" }))).toBe("$2,096.45");
    cleanup();

    api({ "GET /api/admin/revenue": () => apiError(400, "revenue_period_too_long", "A period covers at most 366 days") });
    renderAdmin("/admin/revenue", { locale: "pt-BR" });
    expect((await screen.findByRole("alert")).textContent).toContain("Um período cobre no máximo 366 dias.");
  });
});

describe("/admin overview: the store", () => {
  it("shows today's orders and the month's revenue per currency, linking to orders and revenue, in both languages", async () => {
    const { callsTo } = api({ "GET /api/admin/overview": json(200, OVERVIEW) });
    renderAdmin("/admin");
    const store = await screen.findByRole("region", { name: "Store and revenue" });
    expect(queriesOf(callsTo("GET /api/admin/overview"))).toEqual([{ tz: TIME_ZONE }]);
    const orders = within(store).getByRole("article", { name: "Orders today" });
    expect(valueOf(orders)).toBe("3");
    expect(plain(within(orders).getByText(/\$45\.00/).textContent)).toBe("$45.00 · R$99.90");
    expect(within(orders).getByRole("link", { name: "See orders" }).getAttribute("href")).toBe("/admin/store/orders");
    const month = within(store).getByRole("article", { name: "Revenue this month" });
    expect(valueOf(month)).toBe("$1,234.56");
    expect(within(month).getByRole("link", { name: "See revenue" }).getAttribute("href")).toBe("/admin/revenue");
    cleanup();

    api({
      "GET /api/admin/overview": json(200, {
        ...OVERVIEW,
        store: {
          ordersToday: { count: 0, totals: OVERVIEW.store.ordersToday.totals.map((t) => ({ ...t, cents: 0 })) },
          monthRevenue: OVERVIEW.store.monthRevenue,
        },
      }),
    });
    renderAdmin("/admin", { locale: "pt-BR" });
    const loja = await screen.findByRole("region", { name: "Loja e receita" });
    expect(within(within(loja).getByRole("article", { name: "Pedidos hoje" })).getByText("Nenhum pedido hoje ainda")).toBeTruthy();
    expect(plain(valueOf(within(loja).getByRole("article", { name: "Receita deste mês" })))).toBe("US$ 1.234,56");
    expect(within(loja).getByRole("link", { name: "Ver receita" })).toBeTruthy();
  });
});
