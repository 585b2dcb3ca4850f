// The yearly VIP plan in the pages (decision 055): the plan cards on /vip-signup and the yearly
// line on /signup-options (in both languages, "2 months free" only when true), the test checkout
// of a yearly plan, the membership's plan and renewal amount, the local portal's switch, and the
// admin's yearly price field. The API is a fake fetch.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { yearlyCentsOf } from "../../app/features/admin/settings/SettingsPage";
import { Route as SignupRoute } from "../../app/routes/vip-signup";
import { Route as SignupOptionsRoute } from "../../app/routes/signup-options";
import { Route as TestCheckoutRoute } from "../../app/routes/vip-checkout/test";
import { Route as ManageRoute } from "../../app/routes/vip-membership/manage";
import { Route as SettingsRoute } from "../../app/routes/admin/settings";
import type { CheckoutStatusResponse, MembershipResponse } from "../../worker/contracts/payments";
import type { AdminSettingsResponse, SiteSettings } from "../../worker/contracts/admin/settings";
import type { PublicConfig } from "../../worker/contracts/config";
import type { SessionUser } from "../../worker/contracts/auth";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { activeMembership, membershipPanelRoute } from "./fixtures/membership";
import { configRoute, siteConfig } from "./fixtures/config";

const root = createTestRoot();
const panelRoute = membershipPanelRoute(root);
const routeTree = root.addChildren([
  mountFileRoute(SignupRoute, "/vip-signup", root),
  mountFileRoute(SignupOptionsRoute, "/signup-options", root),
  mountFileRoute(TestCheckoutRoute, "/vip-checkout/test", root),
  mountFileRoute(ManageRoute, "/vip-membership/manage", root),
  mountFileRoute(SettingsRoute, "/admin/settings", root),
  panelRoute,
  stubRoute(root, "/social/login"),
  stubRoute(root, "/social/signup"),
  stubRoute(root, "/social/profile/$userId"),
  stubRoute(root, "/music"),
]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SESSION = "cs_local_0123456789abcdef";

function serve({ me = sessionUser() as SessionUser | null, yearlyCents = 9900, extra = {} as ApiRoutes } = {}) {
  const config: PublicConfig = siteConfig({ vipYearlyPrice: { amountCents: yearlyCents, currency: "USD" } });
  return mockApi({ "GET /api/auth/me": json(200, { user: me }), ...configRoute(config), ...extra });
}

function membership(overrides: Partial<MembershipResponse> = {}): MembershipResponse {
  return activeMembership({
    plan: "yearly",
    renewalAmount: { cents: 9900, currency: "USD" },
    ...overrides,
  });
}

/** The text of an element with the whitespace Intl puts in amounts (narrow and no-break spaces) made plain. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("/vip-signup: the two plans", () => {
  it("shows the monthly plan as the spec has it and the yearly one beside it with 2 months free", async () => {
    serve({ me: null });
    renderApp(routeTree, "/vip-signup");
    const monthly = await screen.findByRole("article", { name: "Monthly membership" });
    const yearly = screen.getByRole("article", { name: "Yearly membership" });
    await waitFor(() => expect(monthly.textContent).toContain("$9.99/month"));
    expect(monthly.textContent).toContain("Renews every month. Cancel anytime from your profile.");
    expect(yearly.textContent).toContain("$99/year");
    expect(yearly.textContent).toContain("2 months free");
    expect(screen.getByRole("button", { name: "Join VIP Now" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Join VIP for a year" })).toBeTruthy();
  });

  it("says nothing of months free when the yearly price saves less than a month", async () => {
    serve({ me: null, yearlyCents: 11500 });
    renderApp(routeTree, "/vip-signup");
    const yearly = await screen.findByRole("article", { name: "Yearly membership" });
    await waitFor(() => expect(yearly.textContent).toContain("$115/year"));
    expect(yearly.textContent).not.toMatch(/free/);
  });

  it("speaks Portuguese", async () => {
    serve({ me: null });
    renderApp(routeTree, "/vip-signup", { locale: "pt-BR" });
    const yearly = await screen.findByRole("article", { name: "Assinatura anual" });
    await waitFor(() => expect(plain(yearly.textContent)).toContain("US$ 99/ano"));
    expect(yearly.textContent).toContain("2 meses grátis");
    expect(screen.getByRole("button", { name: "Seja VIP por um ano" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Seja VIP Agora" })).toBeTruthy();
  });

  it("a member's yearly Join sends the yearly plan, says Processing on that button only, and goes to the checkout", async () => {
    const api = serve({
      extra: {
        "POST /api/payments/checkout": json(200, { url: `/vip-checkout/test?session=${SESSION}` }),
        [`GET /api/payments/checkout/${SESSION}/status`]: json(200, {
          status: "pending",
          isVIP: false,
          tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
          plan: "yearly",
          amount: { cents: 9900, currency: "USD" },
        } satisfies CheckoutStatusResponse),
      },
    });
    renderApp(routeTree, "/vip-signup");
    const join = await screen.findByRole("button", { name: "Join VIP for a year" });
    await waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(join);
    await screen.findByRole("heading", { level: 1, name: "Test checkout" });
    const body = sentJson(api.callsTo("POST /api/payments/checkout")[0] as [RequestInfo, RequestInit]) as { plan: string; attemptId: string };
    expect(body.plan).toBe("yearly");
    expect(body.attemptId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the monthly Join sends the monthly plan", async () => {
    const api = serve({ extra: { "POST /api/payments/checkout": apiError(502, "payment_failed", "Payment failed. Please try again.") } });
    renderApp(routeTree, "/vip-signup");
    const join = await screen.findByRole("button", { name: "Join VIP Now" });
    await waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(join);
    expect((await screen.findByRole("alert")).textContent).toBe("Payment failed. Please try again.");
    expect((sentJson(api.callsTo("POST /api/payments/checkout")[0] as [RequestInfo, RequestInit]) as { plan: string }).plan).toBe("monthly");
  });
});

describe("/signup-options: the yearly plan beside the monthly price", () => {
  it("says 'or $99 a year — 2 months free' in the VIP card, in both languages", async () => {
    serve({ me: null });
    renderApp(routeTree, "/signup-options");
    const vip = (await screen.findByRole("article", { name: "VIP" })) as HTMLElement;
    await waitFor(() => expect(vip.textContent).toContain("or $99 a year — 2 months free"));
    expect(vip.textContent).toContain("$9.99/month");
    cleanup();
    serve({ me: null });
    renderApp(routeTree, "/signup-options", { locale: "pt-BR" });
    const card = (await screen.findByRole("article", { name: "VIP" })) as HTMLElement;
    await waitFor(() => expect(plain(card.textContent)).toContain("ou US$ 99 por ano — 2 meses grátis"));
  });

  it("leaves the saving out when there is none", async () => {
    serve({ me: null, yearlyCents: 12500 });
    renderApp(routeTree, "/signup-options");
    const vip = (await screen.findByRole("article", { name: "VIP" })) as HTMLElement;
    await waitFor(() => expect(vip.textContent).toContain("or $125 a year"));
    expect(vip.textContent).not.toMatch(/free/);
  });
});

describe("the test checkout of the yearly plan", () => {
  it("shows the plan billed yearly and pays the amount the checkout was opened with", async () => {
    serve({
      extra: {
        [`GET /api/payments/checkout/${SESSION}/status`]: json(200, {
          status: "pending",
          isVIP: false,
          tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
          plan: "yearly",
          amount: { cents: 8950, currency: "USD" },
        } satisfies CheckoutStatusResponse),
      },
    });
    renderApp(routeTree, `/vip-checkout/test?session=${SESSION}`);
    expect(await screen.findByRole("button", { name: "Pay $89.50" })).toBeTruthy();
    expect(screen.getByText("VIP membership, billed yearly")).toBeTruthy();
    expect(screen.getByText("$89.50/year")).toBeTruthy();
  });

  for (const [locale, item] of [
    ["en", "Inner Circle membership, billed monthly"],
    ["pt-BR", "Assinatura Círculo Íntimo, cobrada mensalmente"],
  ] as const) {
    it(`names the tier it sells on its item line (${locale})`, async () => {
      serve({
        extra: {
          [`GET /api/payments/checkout/${SESSION}/status`]: json(200, {
            status: "pending",
            isVIP: false,
            tier: { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
            plan: "monthly",
            amount: { cents: 2499, currency: "USD" },
          } satisfies CheckoutStatusResponse),
        },
      });
      renderApp(routeTree, `/vip-checkout/test?session=${SESSION}`, { locale });
      expect(await screen.findByText(item)).toBeTruthy();
      expect(screen.queryByText(/VIP membership|Assinatura VIP/)).toBeNull();
    });
  }
});

describe("the membership's plan", () => {
  it("shows the yearly plan, the next renewal date and its amount", async () => {
    serve({ extra: { "GET /api/payments/membership": json(200, membership()) } });
    renderApp(routeTree, "/panel");
    expect((await screen.findByTestId("membership-plan")).textContent).toBe("Yearly");
    expect(screen.getByText("July 15, 2031")).toBeTruthy();
    expect(screen.getByTestId("membership-renewal-amount").textContent).toBe("$99");
  });

  it("in Portuguese, the monthly plan", async () => {
    serve({ extra: { "GET /api/payments/membership": json(200, membership({ plan: "monthly", renewalAmount: { cents: 999, currency: "USD" } })) } });
    renderApp(routeTree, "/panel", { locale: "pt-BR" });
    expect((await screen.findByTestId("membership-plan")).textContent).toBe("Mensal");
    expect(plain(screen.getByTestId("membership-renewal-amount").textContent)).toBe("US$ 9,99");
    expect(screen.getByText("Valor da renovação")).toBeTruthy();
  });

  it("shows no renewal amount while canceling", async () => {
    serve({
      extra: { "GET /api/payments/membership": json(200, membership({ status: "canceling", renewalAmount: null, cancelsAt: "2031-07-15T12:00:00.000Z" })) },
    });
    renderApp(routeTree, "/panel");
    expect((await screen.findByTestId("membership-plan")).textContent).toBe("Yearly");
    expect(screen.queryByTestId("membership-renewal-amount")).toBeNull();
  });
});

describe("switching plans on the local manage page", () => {
  /** Yearly → monthly a minute after paying $99, as the Worker words the terms. */
  const TERMS = {
    plan: "monthly",
    priceCents: 999,
    currency: "USD",
    creditCents: 9900,
    chargeCents: 0,
    leftoverCents: 8901,
    periodEnd: "2031-08-15T12:00:00.000Z",
  };
  const switchServer = () => {
    let current = membership();
    return serve({
      extra: {
        "GET /api/payments/membership": () => json(200, current),
        "GET /api/payments/local/subscription/switch/monthly": json(200, TERMS),
        "POST /api/payments/local/subscription/switch-to-monthly": () => {
          current = membership({ plan: "monthly", renewalAmount: { cents: 999, currency: "USD" }, currentPeriodEnd: "2031-08-15T12:00:00.000Z" });
          return json(200, current);
        },
      },
    });
  };

  it("asks first with what the switch costs and credits, switches nothing until confirmed, then shows the new plan", async () => {
    const api = switchServer();
    renderApp(routeTree, "/vip-membership/manage");
    const switchButton = await screen.findByRole("button", { name: "Switch to monthly" });
    expect(screen.queryByRole("button", { name: "Switch to yearly" })).toBeNull();
    fireEvent.click(switchButton);
    const dialog = await screen.findByRole("dialog", { name: "Switch to the monthly plan?" });
    await waitFor(() => expect(plain(dialog.textContent)).toContain("From now on you pay $9.99 a month, next on August 15, 2031."));
    expect(plain(dialog.textContent)).toContain("The unused part of your current plan, $99.00, is credited. Charged now: $0.00.");
    expect(plain(dialog.textContent)).toContain("The $89.01 of credit left over pays your next payments.");
    expect(api.callsTo("POST /api/payments/local/subscription/switch-to-monthly")).toHaveLength(0);
    expect(screen.getByTestId("membership-plan").textContent).toBe("Yearly");

    fireEvent.click(screen.getByRole("button", { name: "Switch plan" }));
    await waitFor(() => expect(screen.getByTestId("membership-plan").textContent).toBe("Monthly"));
    expect(api.callsTo("POST /api/payments/local/subscription/switch-to-monthly")).toHaveLength(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByRole("button", { name: "Switch to yearly" })).toBeTruthy();
  });

  it("Keep my plan closes the question and changes nothing", async () => {
    const api = switchServer();
    renderApp(routeTree, "/vip-membership/manage");
    fireEvent.click(await screen.findByRole("button", { name: "Switch to monthly" }));
    await screen.findByRole("dialog", { name: "Switch to the monthly plan?" });
    fireEvent.click(screen.getByRole("button", { name: "Keep my plan" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("POST /api/payments/local/subscription/switch-to-monthly")).toHaveLength(0);
    expect(screen.getByTestId("membership-plan").textContent).toBe("Yearly");
  });

  it("asks in Portuguese", async () => {
    switchServer();
    renderApp(routeTree, "/vip-membership/manage", { locale: "pt-BR" });
    fireEvent.click(await screen.findByRole("button", { name: "Mudar para o plano mensal" }));
    const dialog = await screen.findByRole("dialog", { name: "Mudar para o plano mensal?" });
    await waitFor(() =>
      expect(plain(dialog.textContent)).toContain("A partir de agora você paga US$ 9,99 por mês, o próximo pagamento em 15 de agosto de 2031."),
    );
    expect(plain(dialog.textContent)).toContain("A parte não usada do seu plano atual, US$ 99,00, vira crédito. Cobrado agora: US$ 0,00.");
    expect(plain(dialog.textContent)).toContain("Os US$ 89,01 de crédito que sobram pagam os seus próximos pagamentos.");
    expect(screen.getByRole("button", { name: "Manter meu plano" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mudar de plano" })).toBeTruthy();
  });

  it("offers no switch while the membership is set to cancel", async () => {
    serve({ extra: { "GET /api/payments/membership": json(200, membership({ status: "canceling", renewalAmount: null })) } });
    renderApp(routeTree, "/vip-membership/manage");
    expect(await screen.findByRole("button", { name: "Resume membership" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Switch to/ })).toBeNull();
  });
});

describe("the admin's yearly price", () => {
  const SAVED: SiteSettings = {
    sessionTimeoutHours: 24,
    notifications: { newUser: true, newVip: true, ticketPurchase: true, newOrder: true },
    notificationLocale: "en",
    artistName: "Lola Rivera",
    artistBio: { en: "", "pt-BR": "" },
    artistLinks: { website: null, instagram: null, facebook: null, youtube: null },
    artistPortraitUrl: "/media/site/artist-portrait.jpg",
    vipYearlyPriceCents: 9900,
  };
  const response = (settings: SiteSettings): AdminSettingsResponse => ({
    settings,
    site: { name: "Freestyle Lovers", supportEmail: "support@fans.example", adminEmail: "admin@fans.example" },
    viewer: { email: "boss@fans.example", role: "super_admin", roleLabel: "Super Admin" },
  });

  function settingsServer(refusePut?: () => Response) {
    let stored = structuredClone(SAVED);
    const api = serve({
      me: sessionUser({ isAdmin: true }),
      extra: {
        "GET /api/admin/settings": () => json(200, response(stored)),
        "PUT /api/admin/settings": async (request) => {
          if (refusePut) return refusePut();
          stored = { ...stored, ...((await request.json()) as Partial<SiteSettings>) };
          return json(200, response(stored));
        },
      },
    });
    return api;
  }
  const priceField = () => screen.getByLabelText<HTMLInputElement>("Yearly price (USD)");

  it("shows $99.00 with what it saves, and sends the new price in cents only when changed", async () => {
    const api = settingsServer();
    renderApp(routeTree, "/admin/settings");
    const field = await screen.findByLabelText<HTMLInputElement>("Yearly price (USD)");
    expect(field.value).toBe("99.00");
    await waitFor(() => expect(screen.getByText(/The pages will say 2 months free\./)).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await screen.findByText("Settings saved");
    expect(sentJson(api.callsTo("PUT /api/admin/settings")[0] as [RequestInfo, RequestInit])).not.toHaveProperty("vipYearlyPriceCents");
    fireEvent.change(priceField(), { target: { value: "119,5" } });
    expect(screen.getByText(/the yearly plan saves less than a month/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await screen.findByText("Settings saved");
    expect(sentJson(api.callsTo("PUT /api/admin/settings")[1] as [RequestInfo, RequestInit])).toMatchObject({ vipYearlyPriceCents: 11950 });
    expect(priceField().value).toBe("119.50");
  });

  it.each(["0.99", "1000.01", "abc", "99.999", ""])("refuses %j in the form, sending nothing", async (typed) => {
    const api = settingsServer();
    renderApp(routeTree, "/admin/settings");
    fireEvent.change(await screen.findByLabelText("Yearly price (USD)"), { target: { value: typed } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Enter a yearly price from 1 to 1,000, with at most two decimals")).toBeTruthy();
    expect(priceField().getAttribute("aria-invalid")).toBe("true");
    expect(api.callsTo("PUT /api/admin/settings")).toHaveLength(0);
  });

  it("shows the server's refusal at the field, in Portuguese", async () => {
    settingsServer(() =>
      json(400, {
        error: {
          code: "vip_yearly_price_invalid",
          message: "The yearly VIP price must be between 1 and 1000, in whole cents",
          field: "vipYearlyPriceCents",
          params: { min: 1, max: 1000 },
        },
      }),
    );
    renderApp(routeTree, "/admin/settings", { locale: "pt-BR" });
    fireEvent.change(await screen.findByLabelText("Preço anual (USD)"), { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar configurações" }));
    expect(await screen.findByText("Informe um preço anual de 1 a 1.000, com no máximo duas casas decimais")).toBeTruthy();
  });

  it("reads what an admin types as cents", () => {
    expect(yearlyCentsOf("99")).toBe(9900);
    expect(yearlyCentsOf(" 99.5 ")).toBe(9950);
    expect(yearlyCentsOf("99,05")).toBe(9905);
    expect(yearlyCentsOf("1000.00")).toBe(100000);
    expect(yearlyCentsOf("99.999")).toBeNull();
    expect(yearlyCentsOf("-5")).toBeNull();
    expect(yearlyCentsOf("1e3")).toBeNull();
  });
});
