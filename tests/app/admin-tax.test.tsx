// The back office's tax report page (/admin/tax, decision 093) through its file route: the
// period's rows per jurisdiction and currency, the CSV link for filing, the local DEMO notice, and
// the empty state, in both languages. The API is a fake fetch.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as TaxRoute } from "../../app/routes/admin/tax";
import type { TaxReportResponse } from "../../worker/contracts/tax-model";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp } from "./accounts-harness";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REPORT: TaxReportResponse = {
  from: "2026-08-30",
  to: "2026-11-27",
  timeZone: "UTC",
  mode: "local",
  rows: [
    { jurisdiction: "BR", currency: "brl", payments: 1, grossCents: 5000, taxCents: 726, netCents: 4274 },
    { jurisdiction: "DE", currency: "usd", payments: 2, grossCents: 2378, taxCents: 380, netCents: 1998 },
  ],
};

function render(report: TaxReportResponse, locale: "en" | "pt-BR" = "en") {
  const api = mockApi({ "GET /api/auth/me": json(200, { user: null }), "GET /api/admin/tax/report": json(200, report) });
  const root = createTestRoot();
  renderApp(root.addChildren([mountFileRoute(TaxRoute, "/admin/tax", root)]), "/admin/tax", { locale });
  return api;
}

describe("/admin/tax", () => {
  it("lists the tax per jurisdiction and currency, says the figures are DEMO locally, and links the CSV of the same period", async () => {
    render(REPORT);
    const table = await screen.findByRole("table");
    const rows = within(table)
      .getAllByRole("row")
      .map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent));
    expect(rows.slice(1)).toEqual([
      ["BR", "BRL", "1", "R$50.00", "R$7.26", "R$42.74"],
      ["DE", "USD", "2", "$23.78", "$3.80", "$19.98"],
    ]);
    expect(screen.getByText(/these figures come from its DEMO rates/)).toBeTruthy();
    const csv = screen.getByRole("link", { name: "Download CSV for filing" }).getAttribute("href")!;
    expect(csv).toMatch(/^\/api\/admin\/tax\/report\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&tz=/);
  });

  it("says when nothing was collected, in Portuguese", async () => {
    render({ ...REPORT, mode: "live", rows: [] }, "pt-BR");
    expect(await screen.findByText("Nenhum imposto foi cobrado neste período.")).toBeTruthy();
    expect(screen.queryByText(/DEMO/)).toBeNull();
    expect(screen.getByRole("link", { name: "Baixar CSV para declaração" })).toBeTruthy();
  });
});
