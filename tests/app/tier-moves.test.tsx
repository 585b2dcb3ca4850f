// The membership panel's tier moves (decision 098): the tier and what it includes, each move asked
// with the Worker's preview before anything is changed, a pending downgrade with Keep my tier, in
// both languages, and the failures said. The API is a fake fetch.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MembershipResponse } from "../../worker/contracts/payments";
import type { TierChangePreviewResponse } from "../../worker/contracts/tier-moves";
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
  renewalCents: 2499,
  renewsAt: "2031-07-15T12:00:00.000Z",
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
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
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
