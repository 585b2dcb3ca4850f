// The cancel dialog's retention offer (decision 103): after the reason, Confirm asks the Worker for
// the offer; shown, the member stays with the discount (only the accept is sent) or declines (the
// cancel with the reason and the decline is sent); no offer cancels at once; a slow read is waited
// for and a failed one cancels nothing, says so and is asked again; a failed accept is said. In both languages; the API is a fake fetch.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MembershipResponse } from "../../worker/contracts/payments";
import type { RetentionOfferResponse } from "../../worker/contracts/tiers/retention-offer-model";
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

const membership = (overrides: Partial<MembershipResponse> = {}): MembershipResponse =>
  activeMembership({
    renewalAmount: { cents: 2499, currency: "USD" },
    tierId: "inner-circle",
    pendingChange: null,
    tier: { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" }, benefits: { en: [], ptBR: [] } },
    moves: [],
    ...overrides,
  });
const OFFER: RetentionOfferResponse = { offer: { percentOff: 15, periods: 3, currency: "usd", renewalCents: 2499, discountedCents: 2124, tax: null } };

const OFFER_API = "/api/payments/subscription/retention-offer";
const CANCEL = "POST /api/payments/subscription/cancel";
const ACCEPT = `POST ${OFFER_API}/accept`;
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

function serve(routes: Parameters<typeof mockApi>[0]) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() as SessionUser }),
    ...configRoute(siteConfig()),
    "GET /api/payments/membership": json(200, membership()),
    [CANCEL]: json(200, membership({ status: "canceling", cancelAtPeriodEnd: true })),
    ...routes,
  });
}

/** Opens the dialog, picks a reason and confirms: the step that asks for the offer. */
async function confirmWithReason(locale: "en" | "pt-BR") {
  const pt = locale === "pt-BR";
  fireEvent.click(await screen.findByRole("button", { name: pt ? "Cancelar assinatura" : "Cancel membership" }));
  const dialog = await screen.findByRole("dialog", { name: pt ? "Cancelar sua assinatura?" : "Cancel your membership?" });
  fireEvent.click(within(dialog).getByRole("radio", { name: pt ? "Custa caro demais" : "It costs too much" }));
  fireEvent.click(within(dialog).getByRole("button", { name: pt ? "Cancelar no fim do período" : "Cancel at period end" }));
  return dialog;
}

describe("the retention offer in the cancel dialog", () => {
  it("offers the Worker's discount in Portuguese; staying sends only the accept and closes the dialog", async () => {
    const api = serve({ [`GET ${OFFER_API}`]: json(200, OFFER), [ACCEPT]: json(200, membership()) });
    renderApp(routeTree, "/panel", { locale: "pt-BR" });
    const dialog = await confirmWithReason("pt-BR");
    const offer = await within(dialog).findByTestId("retention-offer");
    expect(plain(offer.querySelector("p")?.textContent)).toBe(
      "Antes de ir: fique e ganhe 15% de desconto nas próximas 3 renovações, US$ 21,24 em vez de US$ 24,99. Esta oferta é feita uma única vez.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Ficar com o desconto" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo(ACCEPT)).toHaveLength(1);
    expect(api.callsTo(CANCEL)).toHaveLength(0);
  });

  it("declining in English sends the cancel with the reason, never the accept", async () => {
    const api = serve({ [`GET ${OFFER_API}`]: json(200, { offer: { ...OFFER.offer!, periods: 1 } }) });
    renderApp(routeTree, "/panel", { locale: "en" });
    const dialog = await confirmWithReason("en");
    const offer = await within(dialog).findByTestId("retention-offer");
    expect(plain(offer.querySelector("p")?.textContent)).toBe(
      "Before you go: stay and get 15% off your next renewal, $21.24 instead of $24.99. This offer is made once.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "No thanks, cancel" }));
    await waitFor(() => expect(api.callsTo(CANCEL)).toHaveLength(1));
    expect(sentJson(api.callsTo(CANCEL)[0] as [RequestInfo, RequestInit])).toEqual({ reason: "too_expensive", offerDeclined: true });
    expect(api.callsTo(ACCEPT)).toHaveLength(0);
  });

  it.each([
    { locale: "en" as const, cents: 404, line: "Tax (Germany) of $4.04 is added to each renewal." },
    { locale: "pt-BR" as const, cents: 404, line: "Impostos (Alemanha) de US$ 4,04 são somados a cada renovação." },
    { locale: "en" as const, cents: null, line: "Tax (Germany) is added to each renewal." },
    { locale: "pt-BR" as const, cents: null, line: "Impostos (Alemanha) são somados a cada renovação." },
  ])("says the tax of each discounted renewal before Stay ($locale, amount $cents)", async ({ locale, cents, line }) => {
    serve({ [`GET ${OFFER_API}`]: json(200, { offer: { ...OFFER.offer!, tax: { jurisdiction: "DE", behavior: "exclusive", cents } } }) });
    renderApp(routeTree, "/panel", { locale });
    const dialog = await confirmWithReason(locale);
    await within(dialog).findByTestId("retention-offer");
    expect(plain(within(dialog).getByTestId("retention-offer-tax").textContent)).toBe(line);
  });

  it("says no tax where none is collected", async () => {
    serve({ [`GET ${OFFER_API}`]: json(200, OFFER) });
    renderApp(routeTree, "/panel", { locale: "en" });
    const dialog = await confirmWithReason("en");
    await within(dialog).findByTestId("retention-offer");
    expect(within(dialog).queryByTestId("retention-offer-tax")).toBeNull();
  });

  it("cancels at once when the Worker makes no offer, without a decline", async () => {
    const api = serve({ [`GET ${OFFER_API}`]: json(200, { offer: null }) });
    renderApp(routeTree, "/panel", { locale: "pt-BR" });
    const dialog = await confirmWithReason("pt-BR");
    await waitFor(() => expect(api.callsTo(CANCEL)).toHaveLength(1));
    expect(sentJson(api.callsTo(CANCEL)[0] as [RequestInfo, RequestInit])).toEqual({ reason: "too_expensive" });
    expect(within(dialog).queryByTestId("retention-offer")).toBeNull();
    expect(api.callsTo(ACCEPT)).toHaveLength(0);
  });

  it("a failed offer read cancels nothing and says so (pt-BR); Confirm asks again and shows the offer", async () => {
    let reads = 0;
    const api = serve({
      [`GET ${OFFER_API}`]: () => (++reads === 1 ? apiError(500, "internal_error", "Boom") : json(200, OFFER)),
    });
    renderApp(routeTree, "/panel", { locale: "pt-BR" });
    const dialog = await confirmWithReason("pt-BR");
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Não conseguimos verificar se há uma oferta para você. Nada foi cancelado; tente de novo.",
    );
    expect(api.callsTo(CANCEL)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar no fim do período" }));
    expect(await within(dialog).findByTestId("retention-offer")).toBeTruthy();
    expect(api.callsTo(CANCEL)).toHaveLength(0);
  });

  it("a slow offer read is waited for (en): nothing is cancelled until it answers, then the offer shows", async () => {
    let answer: (res: Response) => void = () => {};
    const api = serve({ [`GET ${OFFER_API}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp(routeTree, "/panel", { locale: "en" });
    const dialog = await confirmWithReason("en");
    await waitFor(() => expect(api.callsTo(`GET ${OFFER_API}`)).toHaveLength(1));
    expect(within(dialog).queryByTestId("retention-offer")).toBeNull();
    expect(api.callsTo(CANCEL)).toHaveLength(0);
    answer(json(200, OFFER));
    expect(await within(dialog).findByTestId("retention-offer")).toBeTruthy();
    expect(api.callsTo(CANCEL)).toHaveLength(0);
  });

  it("says a failed offer read in English too", async () => {
    serve({ [`GET ${OFFER_API}`]: apiError(503, "unavailable", "Down") });
    renderApp(routeTree, "/panel", { locale: "en" });
    const dialog = await confirmWithReason("en");
    expect((await within(dialog).findByRole("alert")).textContent).toBe("We could not check for an offer for you. Nothing was cancelled; please try again.");
  });

  it("says so in Portuguese when the discount could not be applied, and cancels nothing", async () => {
    const api = serve({ [`GET ${OFFER_API}`]: json(200, OFFER), [ACCEPT]: apiError(502, "payment_failed", "Payment failed") });
    renderApp(routeTree, "/panel", { locale: "pt-BR" });
    const dialog = await confirmWithReason("pt-BR");
    fireEvent.click(await within(dialog).findByRole("button", { name: "Ficar com o desconto" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Não foi possível aplicar o desconto. Tente novamente.");
    expect(api.callsTo(CANCEL)).toHaveLength(0);
  });
});
