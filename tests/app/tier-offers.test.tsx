// Upgrade and win-back offers in the SPA (decision 101): the settings page's section (its fields,
// the body it saves, the server's refusal at its field) and a free member's offer card on the
// membership page (the Worker's prices, claiming a plan, an expired offer), in both languages. The
// API is a fake fetch.
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { createRoute, type AnyRoute } from "@tanstack/react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OffersSettingsSection } from "../../app/features/admin/offers/OffersSettingsSection";
import { OfferCard } from "../../app/features/offers/OfferCard";
import type { OfferSettingsResponse, OffersResponse } from "../../worker/contracts/tiers/offers-model";
import { apiError, createTestRoot, json, mockApi, renderApp, sentJson, sessionUser, stubRoute } from "./accounts-harness";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(component: () => React.ReactNode, locale: "en" | "pt-BR") {
  const root = createTestRoot();
  const page = createRoute({ getParentRoute: () => root, path: "/page", component }) as unknown as AnyRoute;
  return renderApp(root.addChildren([page, stubRoute(root, "/vip-checkout/test")]), "/page", { locale });
}

const SETTINGS: OfferSettingsResponse = {
  settings: {
    enabled: false,
    thresholds: { plays: 20, likes: 5, eventsAttended: 0, purchases: 0 },
    percentOff: 20,
    tierId: "vip",
    winBack: { enabled: false, percentOff: 30 },
  },
  tiers: [
    { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
    { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
  ],
};

describe("the settings page's offers section", () => {
  it("saves every setting together, as numbers", async () => {
    const api = mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      "GET /api/admin/offers": json(200, SETTINGS),
      "PUT /api/admin/offers": (req: Request) => req.json().then((body) => json(200, { ...SETTINGS, settings: body })),
    });
    renderAt(() => <OffersSettingsSection />, "en");
    fireEvent.click(await screen.findByLabelText("Send upgrade offers to engaged free members"));
    fireEvent.change(screen.getByLabelText("Tracks played"), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText("Events attended (tickets checked in)"), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText("Percent off the first period"), { target: { value: "35" } });
    fireEvent.change(screen.getByLabelText("Tier offered"), { target: { value: "inner-circle" } });
    fireEvent.click(screen.getByLabelText("Send one win-back offer to members whose paid membership ended"));
    fireEvent.click(screen.getByRole("button", { name: "Save offer settings" }));
    expect(await screen.findByText("Offer settings saved.")).toBeTruthy();
    expect(sentJson(api.callsTo("PUT /api/admin/offers")[0])).toEqual({
      enabled: true,
      thresholds: { plays: 3, likes: 5, eventsAttended: 1, purchases: 0 },
      percentOff: 35,
      tierId: "inner-circle",
      winBack: { enabled: true, percentOff: 30 },
    });
  });

  it("refuses a percent out of range before sending, in Portuguese", async () => {
    const api = mockApi({ "GET /api/auth/me": json(200, { user: null }), "GET /api/admin/offers": json(200, SETTINGS) });
    renderAt(() => <OffersSettingsSection />, "pt-BR");
    expect(await screen.findByRole("heading", { name: "Ofertas de upgrade e de retorno" })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText("Percentual de desconto no primeiro período"), { target: { value: "95" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar configurações das ofertas" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Digite um percentual inteiro de 1 a 90.");
    expect(api.callsTo("PUT /api/admin/offers")).toHaveLength(0);
  });

  it("shows the server's refusal of the tier at the tier", async () => {
    mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      "GET /api/admin/offers": json(200, SETTINGS),
      "PUT /api/admin/offers": apiError(400, "offer_tier_invalid", "Offers are for a paid tier that is not archived", "tierId"),
    });
    renderAt(() => <OffersSettingsSection />, "en");
    fireEvent.click(await screen.findByRole("button", { name: "Save offer settings" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a paid tier that is not archived.");
    expect(screen.getByLabelText("Tier offered").getAttribute("aria-invalid")).toBe("true");
  });
});

const OFFER: OffersResponse = {
  offers: [
    {
      id: "5b1e0c0d9a4f4e6b8c7d6e5f4a3b2c1d",
      kind: "upgrade",
      tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
      percentOff: 30,
      issuedAt: "2026-11-20T12:00:00.000Z",
      expiresAt: "2026-11-27T12:00:00.000Z",
      prices: {
        monthly: { fullCents: 999, firstPeriodCents: 699, currency: "USD" },
        yearly: { fullCents: 9900, firstPeriodCents: 6930, currency: "USD" },
      },
    },
  ],
};

describe("a free member's offer card", () => {
  it("shows the offer with the Worker's prices and claims the chosen plan, going to its checkout", async () => {
    const api = mockApi({
      "GET /api/auth/me": json(200, { user: sessionUser() }),
      "GET /api/offers": json(200, OFFER),
      [`POST /api/offers/${OFFER.offers[0]!.id}/claim`]: json(200, { url: "/vip-checkout/test?session=cs_local_1" }),
    });
    renderAt(() => <OfferCard />, "en");
    expect(await screen.findByRole("heading", { name: "An offer for you: 30% off VIP" })).toBeTruthy();
    expect(screen.getByText(/Claim it by November 27, 2026/)).toBeTruthy();
    expect(screen.getByText(/First month \$6\.99 instead of \$9\.99, then \$9\.99 a month/)).toBeTruthy();
    expect(screen.getByText(/First year \$69\.30 instead of \$99\.00, then \$99\.00 a year/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Claim: yearly" }));
    expect(await screen.findByTestId("stub-page")).toBeTruthy();
    expect(sentJson(api.callsTo(`POST /api/offers/${OFFER.offers[0]!.id}/claim`)[0])).toEqual({ plan: "yearly" });
  });

  it("says so in Portuguese, and an expired offer's claim says it expired", async () => {
    mockApi({
      "GET /api/auth/me": json(200, { user: sessionUser() }),
      "GET /api/offers": json(200, { offers: [{ ...OFFER.offers[0]!, kind: "win_back" }] }),
      [`POST /api/offers/${OFFER.offers[0]!.id}/claim`]: apiError(410, "offer_expired", "This offer has expired"),
    });
    renderAt(() => <OfferCard />, "pt-BR");
    expect(await screen.findByRole("heading", { name: "Volte para o VIP: 30% de desconto" })).toBeTruthy();
    expect(screen.getByText(/Primeiro mês por US\$ 6,99 em vez de US\$ 9,99/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Resgatar: mensal" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Esta oferta expirou.");
  });

  it("offers only the plans the tier is sold on (Inner Circle monthly here)", async () => {
    const inner = {
      ...OFFER.offers[0]!,
      tier: { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
      percentOff: 20,
      prices: { monthly: { fullCents: 2499, firstPeriodCents: 1999, currency: "USD" } },
    };
    mockApi({ "GET /api/auth/me": json(200, { user: sessionUser() }), "GET /api/offers": json(200, { offers: [inner] }) });
    renderAt(() => <OfferCard />, "en");
    expect(await screen.findByRole("heading", { name: "An offer for you: 20% off Inner Circle" })).toBeTruthy();
    expect(screen.getByText(/First month \$19\.99 instead of \$24\.99, then \$24\.99 a month/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Claim: monthly" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Claim: yearly" })).toBeNull();
  });

  it("shows nothing to a VIP member (no request for offers)", async () => {
    const api = mockApi({ "GET /api/auth/me": json(200, { user: sessionUser({ isVIP: true }) }), "GET /api/offers": json(200, OFFER) });
    const { queryClient } = renderAt(() => <OfferCard />, "en");
    // Once the session is read, the card has decided.
    await vi.waitFor(() => expect(queryClient.getQueryData(["auth", "me"]) ?? api.callsTo("GET /api/auth/me").length).toBeTruthy());
    expect(screen.queryByRole("heading")).toBeNull();
    expect(api.callsTo("GET /api/offers")).toHaveLength(0);
  });
});
