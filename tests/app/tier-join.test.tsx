// A tier's own checkout page, /vip-signup?tier=<id> (docs/features.md#membership-tiers): the tier's
// name, price in the visitor's one currency and trial in both languages; Join sends the tier's id,
// the plan and the currency (ids only); a visitor goes to sign in and the way to sign up keeps the
// tier. The API is a fake fetch.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as VipSignupRoute } from "../../app/routes/vip-signup";
import { Route as LoginRoute } from "../../app/routes/social/login";
import { Route as SignupRoute } from "../../app/routes/social/signup";
import type { TierView } from "../../worker/contracts/tiers/tiers";
import type { SessionUser } from "../../worker/contracts/auth";
import type { PublicConfig } from "../../worker/contracts/config";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute, siteConfig } from "./fixtures/config";

const root = createTestRoot();
const routeTree = root.addChildren([
  mountFileRoute(VipSignupRoute, "/vip-signup", root),
  mountFileRoute(LoginRoute, "/social/login", root),
  mountFileRoute(SignupRoute, "/social/signup", root),
  stubRoute(root, "/signup-options"),
  stubRoute(root, "/vip-checkout/test"),
  stubRoute(root, "/auth/reset-password"),
  stubRoute(root, "/social/profile/$userId"),
]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NO_PRICES = { monthlyUsd: null, yearlyUsd: null, monthlyBrl: null, yearlyBrl: null };
const tier = (overrides: Partial<TierView>): TierView => ({
  id: "x",
  rank: 0,
  name: { en: "X", ptBR: "X" },
  description: { en: "", ptBR: "" },
  benefits: { en: [], ptBR: [] },
  prices: NO_PRICES,
  badgeColor: "#64748b",
  trialDays: 0,
  lossless: false,
  archived: false,
  ...overrides,
});
const LADDER: TierView[] = [
  tier({ id: "member", rank: 0, name: { en: "Member", ptBR: "Membro" } }),
  tier({ id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" } }),
  tier({
    id: "inner-circle",
    rank: 2,
    name: { en: "Inner Circle", ptBR: "Círculo Íntimo" },
    description: { en: "Closest to the band.", ptBR: "Mais perto da banda." },
    prices: { monthlyUsd: 2499, yearlyUsd: 24900, monthlyBrl: 12990, yearlyBrl: 129900 },
    trialDays: 7,
  }),
  tier({ id: "reais-only", rank: 3, name: { en: "Reais Only", ptBR: "Só Reais" }, prices: { ...NO_PRICES, monthlyBrl: 5000 } }),
  tier({ id: "old", rank: 4, name: { en: "Old", ptBR: "Antigo" }, prices: { ...NO_PRICES, monthlyUsd: 100 }, archived: true }),
];

function serve({ me = sessionUser() as SessionUser | null, config = siteConfig(), extra = {} as ApiRoutes } = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(config as PublicConfig),
    "GET /api/tiers": json(200, { tiers: LADDER }),
    "GET /api/payments/membership": json(200, { status: "none", hadTierIds: [] }),
    ...extra,
  });
}
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("/vip-signup?tier=: the tier's own checkout", () => {
  it("names the tier, its two prices and its trial, not VIP's page (English)", async () => {
    serve({ me: null });
    renderApp(routeTree, "/vip-signup?tier=inner-circle");
    expect(await screen.findByRole("heading", { level: 1, name: "Join Inner Circle" })).toBeTruthy();
    expect(screen.queryByText("Become a VIP Member")).toBeNull();
    expect(plain(screen.getByTestId("tier-price-monthly").textContent)).toBe("$24.99/month");
    expect(plain(screen.getByTestId("tier-price-yearly").textContent)).toBe("$249/year");
    expect(screen.getByTestId("tier-trial").textContent).toBe("7-day free trial");
    expect(screen.getByRole("button", { name: "Join Inner Circle monthly" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Join Inner Circle for a year" })).toBeTruthy();
  });

  it("speaks Portuguese, in the one currency the visitor is charged in", async () => {
    serve({ me: null });
    renderApp(routeTree, "/vip-signup?tier=inner-circle", { locale: "pt-BR" });
    expect(await screen.findByRole("heading", { level: 1, name: "Assinar Círculo Íntimo" })).toBeTruthy();
    // VIP is sold in dollars here, so the whole ladder is: no reais beside it.
    expect(plain(screen.getByTestId("tier-price-monthly").textContent)).toBe("US$ 24,99/mês");
    expect(screen.getByTestId("tier-trial").textContent).toBe("7 dias grátis para experimentar");
    expect(screen.getByRole("button", { name: "Assinar Círculo Íntimo por um ano" })).toBeTruthy();
  });

  it("prices in reais when VIP is sold in reais", async () => {
    serve({ me: null, config: siteConfig({ vipPrice: { amountCents: 4990, currency: "BRL" }, vipYearlyPrice: { amountCents: 49900, currency: "BRL" } }) });
    renderApp(routeTree, "/vip-signup?tier=inner-circle", { locale: "pt-BR" });
    await screen.findByRole("heading", { level: 1, name: "Assinar Círculo Íntimo" });
    expect(plain(screen.getByTestId("tier-price-monthly").textContent)).toBe("R$ 129,90/mês");
  });

  it("a member's Join sends the tier's id, the plan and the currency, and goes to the checkout", async () => {
    const api = serve({ extra: { "POST /api/payments/checkout": json(200, { url: "/vip-checkout/test?session=cs_local_1" }) } });
    renderApp(routeTree, "/vip-signup?tier=inner-circle&plan=yearly");
    const join = await screen.findByRole("button", { name: "Join Inner Circle for a year" });
    expect(join.className).toContain("btn-primary");
    await waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(join);
    await screen.findByTestId("stub-page");
    const body = sentJson(api.callsTo("POST /api/payments/checkout")[0] as [RequestInfo, RequestInit]) as Record<string, unknown>;
    expect({ ...body, attemptId: typeof body.attemptId }).toEqual({ attemptId: "string", plan: "yearly", tierId: "inner-circle", currency: "usd" });
  });

  it("a tier sold only in the other currency is sold in it", async () => {
    const api = serve({ extra: { "POST /api/payments/checkout": apiError(502, "payment_failed", "Payment failed. Please try again.") } });
    renderApp(routeTree, "/vip-signup?tier=reais-only");
    const join = await screen.findByRole("button", { name: "Join Reais Only monthly" });
    expect(plain(screen.getByTestId("tier-price-monthly").textContent)).toBe("R$50/month");
    expect(screen.queryByTestId("tier-plan-yearly")).toBeNull();
    await waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(join);
    expect((await screen.findByRole("alert")).textContent).toBe("Payment failed. Please try again.");
    expect((sentJson(api.callsTo("POST /api/payments/checkout")[0] as [RequestInfo, RequestInit]) as { currency: string }).currency).toBe("brl");
  });

  it("an unknown, archived or free tier is not offered", async () => {
    for (const id of ["nope", "old", "member"]) {
      serve({ me: null });
      renderApp(routeTree, `/vip-signup?tier=${id}`);
      expect(await screen.findByRole("heading", { level: 1, name: "Membership tier not offered" })).toBeTruthy();
      expect(screen.queryByRole("button")).toBeNull();
      cleanup();
    }
  });

  it("a visitor's Join goes to sign in, whose way to sign up keeps the tier and plan", async () => {
    serve({ me: null });
    renderApp(routeTree, "/vip-signup?tier=inner-circle");
    const join = await screen.findByRole("button", { name: "Join Inner Circle monthly" });
    await waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(join);
    const back = "/vip-signup?tier=inner-circle&plan=monthly";
    const signUp = await screen.findByRole("link", { name: "Sign up" });
    expect(new URL(signUp.getAttribute("href")!, "http://x").searchParams.get("redirect")).toBe(back);
    fireEvent.click(signUp);
    const signIn = await screen.findByRole("link", { name: "Sign in" });
    expect(new URL(signIn.getAttribute("href")!, "http://x").searchParams.get("redirect")).toBe(back);
  });
});
