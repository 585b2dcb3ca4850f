// The membership panel's tier moves (decision 098): the tier and what it includes, each move asked
// with the Worker's preview before anything is changed, a pending downgrade with Keep my tier, in
// both languages, and the failures said. The API is a fake fetch.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MembershipResponse } from "../../worker/contracts/payments";
import type { TierChangePreviewResponse } from "../../worker/contracts/tiers/moves";
import type { SessionUser } from "../../worker/contracts/auth";
import { apiError, createTestRoot, json, mockApi, renderApp, sentJson, sessionUser, stubRoute } from "./accounts-harness";
import { activeMembership, membershipPanelRoute } from "./fixtures/membership";
import { configRoute, siteConfig } from "./fixtures/config";

const root = createTestRoot();
const panelRoute = membershipPanelRoute(root);
const routeTree = root.addChildren([panelRoute, stubRoute(root, "/vip-signup")]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const IC = { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } };
const membership = (overrides: Partial<MembershipResponse> = {}): MembershipResponse =>
  activeMembership({
    renewalAmount: { cents: 999, currency: "USD" },
    tierId: "vip",
    pendingChange: null,
    tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" }, benefits: { en: ["Early access"], ptBR: ["Acesso antecipado"] } },
    moves: [{ ...IC, plan: "monthly", kind: "upgrade" }],
    ...overrides,
  });
const upgrade: TierChangePreviewResponse = {
  kind: "upgrade",
  tierId: "inner-circle",
  plan: "monthly",
  currency: "usd",
  amountNowCents: 1000,
  taxNowCents: 0,
  totalNowCents: 1000,
  tax: null,
  renewalCents: 2499,
  renewalTaxCents: 0,
  renewsAt: "2031-07-15T12:00:00.000Z",
  pricedAt: "2031-06-20T09:30:00.000Z",
};
/** The same upgrade for a member who joined from Germany: 19 % VAT added (decision 147). */
const taxedUpgrade: TierChangePreviewResponse = {
  ...upgrade,
  amountNowCents: 1500,
  taxNowCents: 285,
  totalNowCents: 1785,
  tax: { jurisdiction: "DE", behavior: "exclusive" },
  renewalTaxCents: 475,
};

const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

function serve(routes: Parameters<typeof mockApi>[0] = {}, current = membership()) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() as SessionUser }),
    ...configRoute(siteConfig()),
    "GET /api/payments/membership": json(200, current),
    ...routes,
  });
}

describe("the membership panel's tier", () => {
  it("says the tier and its benefits, asks with the preview's cost and changes only on Confirm", async () => {
    const api = serve({
      "POST /api/payments/subscription/change/preview": json(200, upgrade),
      "POST /api/payments/subscription/change": json(200, upgrade),
    });
    renderApp(routeTree, "/panel");
    expect((await screen.findByTestId("membership-tier")).textContent).toBe("Your tier: VIP");
    expect(screen.getByText("Early access")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Upgrade to Inner Circle (monthly)" }));
    const dialog = await screen.findByRole("dialog", { name: "Move to Inner Circle?" });
    await waitFor(() =>
      expect(plain(within(dialog).getByTestId("tier-move-terms").textContent)).toBe(
        "You get Inner Circle now and pay $10.00 today for the rest of this period. Then $24.99 renews on July 15, 2031.",
      ),
    );
    expect(api.callsTo("POST /api/payments/subscription/change")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(api.callsTo("POST /api/payments/subscription/change")).toHaveLength(1));
    expect(sentJson(api.callsTo("POST /api/payments/subscription/change")[0] as [RequestInfo, RequestInit])).toEqual({
      tierId: "inner-circle",
      plan: "monthly",
      pricedAt: "2031-06-20T09:30:00.000Z",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows no tax line where none is collected, only the total", async () => {
    serve({ "POST /api/payments/subscription/change/preview": json(200, upgrade) });
    renderApp(routeTree, "/panel");
    fireEvent.click(await screen.findByRole("button", { name: "Upgrade to Inner Circle (monthly)" }));
    const dialog = await screen.findByRole("dialog");
    expect(plain((await within(dialog).findByTestId("tier-move-total")).textContent)).toBe("$10.00");
    expect(within(dialog).queryByTestId("tier-move-tax")).toBeNull();
    expect(within(dialog).queryByTestId("tier-move-subtotal")).toBeNull();
    expect(within(dialog).queryByTestId("tier-move-renewal-tax")).toBeNull();
  });

  it.each([
    {
      locale: "en" as const,
      button: "Upgrade to Inner Circle (monthly)",
      rows: ["Subtotal $15.00", "Tax (Germany) $2.85", "Total today $17.85"],
      tax: "$2.85",
      terms: "You get Inner Circle now and pay $17.85 today for the rest of this period. Then $24.99 renews on July 15, 2031.",
      renewal: "Tax (Germany) of $4.75 is added to each renewal.",
    },
    {
      locale: "pt-BR" as const,
      button: "Subir para Círculo Íntimo (mensal)",
      rows: ["Subtotal US$ 15,00", "Impostos (Alemanha) US$ 2,85", "Total hoje US$ 17,85"],
      tax: "US$ 2,85",
      terms: "Você passa a ter Círculo Íntimo agora e paga US$ 17,85 hoje pelo resto deste período. Depois, US$ 24,99 renova em 15 de julho de 2031.",
      renewal: "Impostos (Alemanha) de US$ 4,75 são somados a cada renovação.",
    },
  ])("shows the Worker's subtotal, tax and total before Confirm ($locale)", async ({ locale, button, rows, tax, terms, renewal }) => {
    serve({ "POST /api/payments/subscription/change/preview": json(200, taxedUpgrade) });
    renderApp(routeTree, "/panel", { locale });
    fireEvent.click(await screen.findByRole("button", { name: button }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByTestId("tier-move-total");
    const lines = [...dialog.querySelectorAll(".tier-move-charge > div")].map((d) =>
      plain(`${d.querySelector("dt")!.textContent} ${d.querySelector("dd")!.textContent}`),
    );
    expect(lines).toEqual(rows);
    expect(plain(within(dialog).getByTestId("tier-move-tax").textContent)).toBe(tax);
    expect(plain(within(dialog).getByTestId("tier-move-terms").textContent)).toBe(terms);
    expect(plain(within(dialog).getByTestId("tier-move-renewal-tax").textContent)).toBe(renewal);
  });

  it("says a tax included in reais as included, the total unchanged", async () => {
    const brl: TierChangePreviewResponse = {
      ...upgrade,
      currency: "brl",
      amountNowCents: 4000,
      taxNowCents: 581,
      totalNowCents: 4000,
      tax: { jurisdiction: "BR", behavior: "inclusive" },
      renewalTaxCents: 1860,
    };
    serve({ "POST /api/payments/subscription/change/preview": json(200, brl) });
    renderApp(routeTree, "/panel", { locale: "pt-BR" });
    fireEvent.click(await screen.findByRole("button", { name: "Subir para Círculo Íntimo (mensal)" }));
    const dialog = await screen.findByRole("dialog");
    expect(plain((await within(dialog).findByTestId("tier-move-total")).textContent)).toBe("R$ 40,00");
    expect(plain(within(dialog).getByTestId("tier-move-tax").textContent)).toBe("R$ 5,81");
    expect(plain(within(dialog).getByText(/Impostos incluídos/).textContent)).toBe("Impostos incluídos (Brasil)");
    expect(plain(within(dialog).getByTestId("tier-move-renewal-tax").textContent)).toBe("Cada renovação inclui R$ 18,60 de impostos (Brasil).");
  });

  it("says when the preview fails and never confirms without one", async () => {
    const api = serve({ "POST /api/payments/subscription/change/preview": apiError(502, "payment_failed", "x") });
    renderApp(routeTree, "/panel");
    fireEvent.click(await screen.findByRole("button", { name: "Upgrade to Inner Circle (monthly)" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("The cost could not be worked out. Please try again.")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: /Confirm|Processing/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo("POST /api/payments/subscription/change")).toHaveLength(0);
  });

  it.each([
    {
      locale: "en" as const,
      button: "Switch to VIP (monthly)",
      terms: "Nothing is charged now. You keep your tier until July 15, 2031; then VIP renews at $9.99.",
      renewal: "Tax (Germany) of $1.90 is added to each renewal.",
    },
    {
      locale: "pt-BR" as const,
      button: "Mudar para VIP (mensal)",
      terms: "Nada é cobrado agora. Você mantém seu nível até 15 de julho de 2031; depois, VIP renova por US$ 9,99.",
      renewal: "Impostos (Alemanha) de US$ 1,90 são somados a cada renovação.",
    },
  ])("shows a downgrade's renewal with its tax before Confirm, and nothing charged now ($locale)", async ({ locale, button, terms, renewal }) => {
    const downgrade: TierChangePreviewResponse = {
      ...taxedUpgrade,
      kind: "downgrade",
      tierId: "vip",
      amountNowCents: 0,
      taxNowCents: 0,
      totalNowCents: 0,
      renewalCents: 999,
      renewalTaxCents: 190,
    };
    const current = membership({
      tierId: "inner-circle",
      tier: { ...IC, benefits: { en: [], ptBR: [] } },
      moves: [{ id: "vip", name: { en: "VIP", ptBR: "VIP" }, plan: "monthly", kind: "downgrade" }],
    });
    serve({ "POST /api/payments/subscription/change/preview": json(200, downgrade) }, current);
    renderApp(routeTree, "/panel", { locale });
    fireEvent.click(await screen.findByRole("button", { name: button }));
    const dialog = await screen.findByRole("dialog");
    expect(plain((await within(dialog).findByTestId("tier-move-terms")).textContent)).toBe(terms);
    expect(plain(within(dialog).getByTestId("tier-move-renewal-tax").textContent)).toBe(renewal);
    expect(within(dialog).queryByTestId("tier-move-total")).toBeNull();
  });

  it("shows a pending downgrade in Portuguese and keeps the tier on request", async () => {
    const pending = membership({
      tierId: "inner-circle",
      tier: { ...IC, benefits: { en: [], ptBR: [] } },
      pendingChange: { tierId: "vip", plan: "monthly", renewalCents: 999, startsAt: "2031-07-15T12:00:00.000Z" },
      moves: [{ id: "vip", name: { en: "VIP", ptBR: "VIP" }, plan: "monthly", kind: "downgrade" }],
    });
    const api = serve({ "DELETE /api/payments/subscription/change": json(200, membership()) }, pending);
    renderApp(routeTree, "/panel", { locale: "pt-BR" });
    expect((await screen.findByTestId("membership-tier")).textContent).toBe("Seu nível: Círculo Íntimo");
    expect(screen.getByTestId("tier-pending-change").textContent).toContain("Muda para VIP em 15 de julho de 2031.");
    fireEvent.click(screen.getByRole("button", { name: "Manter meu nível" }));
    await waitFor(() => expect(api.callsTo("DELETE /api/payments/subscription/change")).toHaveLength(1));
  });

  it("asks why before cancelling, sends the reason, and confirms nothing without one", async () => {
    const api = serve({
      // No retention offer to make: Confirm cancels once the Worker has said so.
      "GET /api/payments/subscription/retention-offer": json(200, { offer: null }),
      "POST /api/payments/subscription/cancel": json(200, membership({ status: "canceling", cancelAtPeriodEnd: true })),
    });
    renderApp(routeTree, "/panel", { locale: "pt-BR" });
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar assinatura" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancelar sua assinatura?" });
    const confirm = within(dialog).getByRole("button", { name: /Cancelar no fim do período|Processando/ }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("radio", { name: "Outro motivo" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Conte mais (opcional)" }), { target: { value: "Mudando de país" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar no fim do período" }));
    await waitFor(() => expect(api.callsTo("POST /api/payments/subscription/cancel")).toHaveLength(1));
    expect(sentJson(api.callsTo("POST /api/payments/subscription/cancel")[0] as [RequestInfo, RequestInit])).toEqual({
      reason: "other",
      other: "Mudando de país",
    });
  });
});
