// The revenue page's tier figures (decision 100) against a fake API, in the real app: the table per
// tier (badge, members, paying subscriptions, MRR, revenue, trial conversion) in the chosen
// currency, the moves per period behind their chart, the grouping sent to the server, both languages.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../app/i18n/I18nProvider";
import type { Locale } from "../../app/i18n/locale";
import { routeTree } from "../../app/routeTree.gen";
import type { CurrencyRevenue, RevenueResponse } from "../../worker/contracts/admin/revenue";
import type { TierFiguresResponse } from "../../worker/contracts/tiers/admin-figures";
import type { SessionUser } from "../../worker/contracts/auth";
import { json, mockApi } from "./accounts-harness";
import { seedConfig } from "./fixtures/config";

const ADMIN: SessionUser = {
  id: "11111111-1111-4111-8111-111111111111",
  email: "admin@example.test",
  username: "site_admin",
  isAdmin: true,
  isVIP: false,
  avatarUrl: null,
};
const NOW = Date.UTC(2026, 2, 15, 12, 0);

const zero = { vip: 0, store: 0, tickets: 0, refunds: 0, net: 0 };
const currency = (c: "usd" | "brl"): CurrencyRevenue => ({
  currency: c,
  totals: zero,
  refundCount: 0,
  tax: { cents: 0, netOfTaxCents: 0 },
  days: [],
  months: [],
  topProducts: [],
});
const revenue = (from: string, to: string): RevenueResponse => ({
  from,
  to,
  timeZone: "UTC",
  currencies: [currency("usd"), currency("brl")],
  mrr: {
    currency: "usd",
    priceCents: 999,
    yearlyPriceCents: 9900,
    subscriptions: 0,
    yearlySubscriptions: 0,
    cents: { value: 0, changePct: null },
    atStart: { subscriptions: 0, cents: 0 },
    monthEnds: [],
  },
  members: { totals: { gained: 0, lost: 0, subscriptionsStarted: 0, subscriptionsEnded: 0, compsGranted: 0, compsEnded: 0 }, days: [], months: [] },
});

const moves = (n: number, u: number, d: number, c: number) => ({ new: n, upgraded: u, downgraded: d, churned: c });
const NONE = moves(0, 0, 0, 0);
const tiers = (from: string, to: string, by: TierFiguresResponse["by"]): TierFiguresResponse => ({
  from,
  to,
  timeZone: "UTC",
  by,
  tiers: [
    { id: "member", rank: 0, name: { en: "Member", ptBR: "Membro" }, color: "#64748b" },
    { id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, color: "#d4a017" },
    { id: "inner-circle", rank: 2, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, color: "#7c3aed" },
  ],
  members: { member: 2, vip: 3, "inner-circle": 3 },
  mrr: [
    { tierId: "vip", currency: "usd", subscriptions: 2, cents: 1824 },
    { tierId: "inner-circle", currency: "brl", subscriptions: 1, cents: 10750 },
  ],
  periods: [
    { start: "2026-02-14", moves: { vip: moves(1, 0, 0, 0), "inner-circle": NONE } },
    { start: "2026-03-01", moves: { vip: moves(0, 0, 1, 1), "inner-circle": moves(1, 1, 0, 0) } },
  ],
  totals: { vip: moves(1, 0, 1, 1), "inner-circle": moves(1, 1, 0, 0) },
  trials: [{ tierId: "inner-circle", running: 1, ended: 2, converted: 1, rate: 0.5 }],
  revenue: [
    { tierId: "inner-circle", currency: "usd", cents: 2499, taxCents: 200, invoices: 1 },
    { tierId: "vip", currency: "usd", cents: 1498, taxCents: 0, invoices: 2 },
  ],
});

function renderAdmin(locale: Locale) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(["me"], { user: ADMIN });
  seedConfig(queryClient);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ["/admin/revenue"] }), context: { queryClient } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

function serve() {
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: ADMIN }),
    "GET /api/admin/dead-letters": json(200, { items: [], open: 0 }),
    "GET /api/admin/revenue": (request: Request) => {
      const p = new URL(request.url).searchParams;
      return json(200, revenue(p.get("from")!, p.get("to")!));
    },
    "GET /api/admin/revenue/tiers": (request: Request) => {
      const p = new URL(request.url).searchParams;
      return json(200, tiers(p.get("from")!, p.get("to")!, p.get("by") as TierFiguresResponse["by"]));
    },
  });
  return () => api.callsTo("GET /api/admin/revenue/tiers").map(([input]) => Object.fromEntries(new URL(String(input), "http://localhost").searchParams));
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").replace(/[\u00a0\u202f]/g, " ")));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: "UTC" };
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/revenue: membership tiers", () => {
  it("shows each tier's figures in the chosen currency and the moves per period, grouped as asked", async () => {
    const queries = serve();
    renderAdmin("en");
    const table = await screen.findByRole("table", { name: "Membership tiers" }, { timeout: 5000 });
    expect(rowsOf(table)).toEqual([
      ["Tier", "Members", "Paying subscriptions", "MRR", "Revenue in the period", "Trial conversion"],
      ["Member", "2", "—", "—", "—", "—"],
      ["VIP", "3", "2", "$18.24", "$14.98", "No trial"],
      ["Inner Circle", "3", "0", "$0.00", "$24.99", "1 of 2 (50%), 1 running"],
    ]);
    expect(table.querySelector<HTMLElement>("[data-tier=inner-circle] .badge-tier")!.style.color).toBe("#ffffff");
    expect(queries()).toEqual([{ from: "2026-02-14", to: "2026-03-15", tz: "UTC", by: "day" }]);

    const moves = screen.getByRole("table", { name: /new from free/ });
    expect(rowsOf(moves)).toEqual([
      ["Period", "Tier", "New", "Upgraded", "Downgraded", "Churned"],
      ["Feb 14, 2026", "VIP", "1", "0", "0", "0"],
      ["Feb 14, 2026", "Inner Circle", "0", "0", "0", "0"],
      ["Mar 1, 2026", "VIP", "0", "0", "1", "1"],
      ["Mar 1, 2026", "Inner Circle", "1", "1", "0", "0"],
    ]);
    expect(screen.getByRole("img", { name: "Over the period: 2 new, 1 upgraded, 1 downgraded, 1 churned." })).toBeTruthy();

    fireEvent.click(within(screen.getByRole("group", { name: "Group moves by" })).getByRole("button", { name: "Week" }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ from: "2026-02-14", to: "2026-03-15", tz: "UTC", by: "week" }));

    fireEvent.click(within(screen.getByRole("group", { name: "Currency" })).getByRole("button", { name: "BRL" }));
    await waitFor(() =>
      expect(rowsOf(screen.getByRole("table", { name: "Membership tiers" }))[3]).toEqual([
        "Inner Circle",
        "3",
        "1",
        "R$107.50",
        "R$0.00",
        "1 of 2 (50%), 1 running",
      ]),
    );
  });

  it("in Portuguese", async () => {
    serve();
    renderAdmin("pt-BR");
    const table = await screen.findByRole("table", { name: "Níveis de assinatura" }, { timeout: 5000 });
    expect(rowsOf(table)).toEqual([
      ["Nível", "Membros", "Assinaturas pagantes", "MRR", "Receita no período", "Conversão de testes"],
      ["Membro", "2", "—", "—", "—", "—"],
      ["VIP", "3", "2", "US$ 18,24", "US$ 14,98", "Sem teste"],
      ["Círculo Íntimo", "3", "0", "US$ 0,00", "US$ 24,99", "1 de 2 (50%), 1 em andamento"],
    ]);
    expect(screen.getByRole("img", { name: "No período: 2 novos, 1 subiram, 1 desceram, 1 cancelaram." })).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Agrupar movimentos por" })).getByRole("button", { name: "Semana" })).toBeTruthy();
  });
});
