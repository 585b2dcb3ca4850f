// The ladder on /signup-options (decision 097): the free tier and VIP as before, then each admin
// tier above VIP from GET /api/tiers with its name, description, benefits, price in the reader's
// currency, badge colour and free trial, in both languages; archived tiers and a failed load show
// nothing more. The API is a fake fetch.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as SignupOptionsRoute } from "../../app/routes/signup-options";
import type { TierView } from "../../worker/contracts/tiers/tiers";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { configRoute, siteConfig } from "./fixtures/config";

const root = createTestRoot();
const routeTree = root.addChildren([
  mountFileRoute(SignupOptionsRoute, "/signup-options", root),
  stubRoute(root, "/social/login"),
  stubRoute(root, "/social/signup"),
  stubRoute(root, "/vip-signup"),
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
  tier({ id: "vip", rank: 1, name: { en: "VIP", ptBR: "VIP" }, prices: { ...NO_PRICES, monthlyUsd: 999, yearlyUsd: 9900 } }),
  tier({
    id: "inner-circle",
    rank: 2,
    name: { en: "Inner Circle", ptBR: "Círculo Íntimo" },
    description: { en: "Closest to the band.", ptBR: "Mais perto da banda." },
    benefits: { en: ["Everything VIP has", "Replays of live shows"], ptBR: ["Tudo do VIP", "Reprises dos shows ao vivo"] },
    prices: { monthlyUsd: 2499, yearlyUsd: 24900, monthlyBrl: 12990, yearlyBrl: 129900 },
    badgeColor: "#4c1d95",
    trialDays: 7,
  }),
  tier({ id: "dollars-only", rank: 3, name: { en: "Dollars Only", ptBR: "Só Dólares" }, prices: { ...NO_PRICES, yearlyUsd: 50000 } }),
];

function serve(tiers: TierView[] | null) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    ...configRoute(siteConfig({ vipYearlyPrice: { amountCents: 9900, currency: "USD" } })),
    ...(tiers ? { "GET /api/tiers": json(200, { tiers }) } : {}),
  });
}
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("/signup-options: the ladder", () => {
  it("shows the free tier and VIP as before, then each admin tier with its texts, price, badge and trial (English)", async () => {
    serve(LADDER);
    renderApp(routeTree, "/signup-options");
    const card = (await screen.findByRole("article", { name: "Inner Circle" })) as HTMLElement;
    const articles = screen.getAllByRole("article").map((a) => a.getAttribute("aria-labelledby"));
    expect(articles).toEqual(["plan-free", "plan-vip", "plan-inner-circle", "plan-dollars-only"]);
    // VIP's card is the page's own, its price the configured one.
    const vip = screen.getByRole("article", { name: "VIP" });
    await waitFor(() => expect(vip.textContent).toContain("$9.99/month"));
    expect(within(vip).getByRole("link", { name: "Become a VIP Member" }).getAttribute("href")).toBe("/vip-signup");

    expect(card.textContent).toContain("$24.99/month");
    expect(card.textContent).toContain("or $249 a year");
    expect(card.textContent).toContain("7-day free trial");
    expect(card.textContent).toContain("Closest to the band.");
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["✓ Included: Everything VIP has", "✓ Included: Replays of live shows"]);
    expect(within(card).getByRole("img", { name: "Inner Circle badge colour" })).toBeTruthy();
    expect(card.getAttribute("style")).toContain("#4c1d95");
    expect(within(card).getByRole("link", { name: "Join Inner Circle" }).getAttribute("href")).toBe("/vip-signup?tier=inner-circle");

    const dollars = screen.getByRole("article", { name: "Dollars Only" });
    expect(dollars.textContent).toContain("$500/year");
    expect(dollars.textContent).not.toMatch(/trial/);
  });

  it("speaks Portuguese, every card in the one currency the visitor is charged in (VIP's), the free tier Grátis", async () => {
    serve(LADDER);
    renderApp(routeTree, "/signup-options", { locale: "pt-BR" });
    const card = (await screen.findByRole("article", { name: "Círculo Íntimo" })) as HTMLElement;
    expect(plain(card.textContent)).toContain("US$ 24,99/mês");
    expect(plain(card.textContent)).toContain("ou US$ 249 por ano");
    expect(card.textContent).toContain("7 dias grátis para experimentar");
    expect(card.textContent).toContain("Mais perto da banda.");
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["✓ Incluído: Tudo do VIP", "✓ Incluído: Reprises dos shows ao vivo"]);
    expect(within(card).getByRole("link", { name: "Assinar Círculo Íntimo" }).getAttribute("href")).toBe("/vip-signup?tier=inner-circle");
    expect(plain(screen.getByRole("article", { name: "Só Dólares" }).textContent)).toContain("US$ 500/ano");
    await waitFor(() => expect(plain(screen.getByRole("article", { name: "VIP" }).textContent)).toContain("US$ 9,99"));
    expect(screen.getByRole("article", { name: "Grátis" }).querySelector(".plan-price")?.textContent).toBe("Grátis");
    expect(plain(document.body.textContent)).not.toContain("R$");
  });

  it("shows reais on every card when VIP is sold in reais, and the free tier as Free", async () => {
    mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      ...configRoute(siteConfig({ vipPrice: { amountCents: 4990, currency: "BRL" }, vipYearlyPrice: { amountCents: 49900, currency: "BRL" } })),
      "GET /api/tiers": json(200, { tiers: LADDER }),
    });
    renderApp(routeTree, "/signup-options");
    const card = (await screen.findByRole("article", { name: "Inner Circle" })) as HTMLElement;
    expect(plain(card.textContent)).toContain("R$129.90/month");
    expect(screen.getByRole("article", { name: "Free" }).querySelector(".plan-price")?.textContent).toBe("Free");
  });

  it("tells a member who had the tier that its trial is not offered again, in both languages (decision 102)", async () => {
    for (const [locale, text] of [
      ["en", "You have had this tier before, so no free trial: you pay from the first day"],
      ["pt-BR", "Você já teve este nível, então não há teste grátis: você paga desde o primeiro dia"],
    ] as const) {
      mockApi({
        "GET /api/auth/me": json(200, { user: sessionUser() }),
        ...configRoute(siteConfig({ vipYearlyPrice: { amountCents: 9900, currency: "USD" } })),
        "GET /api/tiers": json(200, { tiers: LADDER }),
        "GET /api/payments/membership": json(200, { status: "ended", hadTierIds: ["inner-circle"] }),
      });
      renderApp(routeTree, "/signup-options", { locale });
      const card = (await screen.findByRole("article", { name: locale === "en" ? "Inner Circle" : "Círculo Íntimo" })) as HTMLElement;
      await waitFor(() => expect(card.textContent).toContain(text));
      expect(card.textContent).not.toMatch(/7-day free trial|7 dias grátis/);
      cleanup();
    }
  });

  it("offers only the free tier and VIP when there is no admin tier, or the ladder fails to load", async () => {
    for (const tiers of [LADDER.slice(0, 2), null]) {
      serve(tiers);
      renderApp(routeTree, "/signup-options");
      await screen.findByRole("article", { name: "VIP" });
      await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
      cleanup();
    }
  });
});
