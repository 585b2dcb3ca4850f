// The store's checkout pages through their real file routes: the local test checkout for a cart
// (the Worker's lines and totals, the test address of a physical cart, Pay / Decline / Abandon) and
// the return page (polling, then the order number and what comes next, or back to the cart), in
// both languages. The API is a fake fetch.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as TestCheckoutRoute } from "../../app/routes/store_.checkout.test";
import { Route as ThanksRoute } from "../../app/routes/store_.thanks";
import type { CheckoutSummaryResponse, StoreCheckoutStatusResponse } from "../../worker/contracts/store/checkout";
import { CART_STORAGE_KEY } from "../../worker/contracts/store/model";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, stubRoute, type ApiRoutes } from "./accounts-harness";

const root = createTestRoot();
const routeTree = root.addChildren([
  mountFileRoute(TestCheckoutRoute, "/store/checkout/test", root),
  mountFileRoute(ThanksRoute, "/store/thanks", root),
  stubRoute(root, "/store/cart"),
  stubRoute(root, "/store"),
  stubRoute(root, "/collection"),
]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

const SESSION = "cs_local_0123456789abcdef0123456789abcdef";
const SUMMARY_API = `GET /api/store/checkouts/${SESSION}`;
const STATUS_API = `GET /api/store/checkouts/${SESSION}/status`;

function summary(overrides: Partial<CheckoutSummaryResponse> = {}): CheckoutSummaryResponse {
  return {
    id: SESSION,
    status: "open",
    mode: "local",
    email: "fan@example.com",
    currency: "usd",
    lines: [
      { productId: "shirt", kind: "merch", title: "Tour Shirt", variantLabel: "M / Black", quantity: 2, unitCents: 2500, totalCents: 5000, vipPrice: true },
      { productId: "album", kind: "digital", title: "Freestyle Nights", variantLabel: null, quantity: 1, unitCents: 900, totalCents: 900, vipPrice: false },
    ],
    tickets: [],
    subtotalCents: 5900,
    discountCents: 750,
    shippingCents: 1000,
    totalCents: 6150,
    promoCode: "TOUR15",
    needsShipping: true,
    shippingCountry: "BR",
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    ...overrides,
  };
}

const digitalOnly = () =>
  summary({
    lines: [summary().lines[1]!],
    subtotalCents: 900,
    discountCents: 0,
    shippingCents: 0,
    totalCents: 900,
    promoCode: null,
    needsShipping: false,
    shippingCountry: null,
  });

const serve = (routes: ApiRoutes) => mockApi(routes);
const TAX_API = `POST /api/store/local/checkouts/${SESSION}/tax`;
const notCollected = (totalCents: number) =>
  json(200, { status: "not_collected", jurisdiction: "BR", behavior: "exclusive", amountCents: totalCents, taxCents: 0, totalCents, demo: true });
const pathOf = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname;

describe("/store/checkout/test", () => {
  it("shows the Worker's lines and totals, and Pay sends the test address of a physical cart", async () => {
    const api = serve({
      [SUMMARY_API]: json(200, summary()),
      [TAX_API]: notCollected(6150),
      [`POST /api/store/local/checkouts/${SESSION}/pay`]: json(200, { redirectTo: `/store/thanks?session_id=${SESSION}` }),
      [STATUS_API]: json(200, { status: "open", orderNumber: null } satisfies StoreCheckoutStatusResponse),
    });
    const { router } = renderApp(routeTree, `/store/checkout/test?session=${SESSION}`);
    expect(await screen.findByText("TEST MODE")).toBeTruthy();
    expect(await screen.findByText("Tour Shirt")).toBeTruthy();
    expect(screen.getByText("$50.00")).toBeTruthy();
    expect(screen.getByText("VIP price")).toBeTruthy();
    expect(screen.getByText("Discount (TOUR15)")).toBeTruthy();
    expect(screen.getByText("−$7.50")).toBeTruthy();
    expect(screen.getByText("Ships to Brazil")).toBeTruthy();
    // The order's total, and the total to pay once the Worker's tax answer is in: no tax here.
    expect(await screen.findByText("Total to pay")).toBeTruthy();
    expect(screen.getAllByText("$61.50")).toHaveLength(2);
    expect((screen.getByLabelText("Country") as HTMLInputElement).value).toBe("Brazil");
    fireEvent.change(screen.getByLabelText("Address"), { target: { value: "Rua Oscar Freire, 10" } });
    fireEvent.click(screen.getByRole("button", { name: "Pay $61.50" }));
    await waitFor(() => expect(pathOf(router)).toBe("/store/thanks"));
    expect(sentJson(api.callsTo(`POST /api/store/local/checkouts/${SESSION}/pay`)[0])).toEqual({
      name: "Test Buyer",
      address: { line1: "Rua Oscar Freire, 10", line2: "apto 42", city: "São Paulo", state: "SP", postalCode: "01304-001", country: "BR" },
    });
  });

  it("asks for the missing parts of the address instead of paying", async () => {
    const api = serve({ [SUMMARY_API]: json(200, summary()), [TAX_API]: notCollected(6150) });
    renderApp(routeTree, `/store/checkout/test?session=${SESSION}`);
    fireEvent.change(await screen.findByLabelText("City"), { target: { value: " " } });
    fireEvent.click(screen.getByRole("button", { name: "Pay $61.50" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Fill in the address, city and postal code.");
    expect(api.callsTo(`POST /api/store/local/checkouts/${SESSION}/pay`)).toHaveLength(0);
  });

  it("asks a digital cart's buyer where they are, shows the Worker's DEMO tax for it, and Pay sends the place", async () => {
    const api = serve({
      [SUMMARY_API]: json(200, digitalOnly()),
      [TAX_API]: json(200, { status: "collected", jurisdiction: "DE", behavior: "exclusive", amountCents: 900, taxCents: 171, totalCents: 1071, demo: true }),
      [`POST /api/store/local/checkouts/${SESSION}/pay`]: json(200, { redirectTo: `/store/thanks?session_id=${SESSION}` }),
      [STATUS_API]: json(200, { status: "open", orderNumber: null } satisfies StoreCheckoutStatusResponse),
    });
    const { router } = renderApp(routeTree, `/store/checkout/test?session=${SESSION}`);
    expect(await screen.findByText(/^DEMO tax rates/)).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Pay $9.00" })).toBeTruthy();
    expect(screen.getByText("Choose your country to see the tax.")).toBeTruthy();
    expect(api.callsTo(TAX_API)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "DE" } });
    expect(await screen.findByText("Tax (Germany, DEMO rate)")).toBeTruthy();
    expect(screen.getByText("$1.71")).toBeTruthy();
    expect(sentJson(api.callsTo(TAX_API)[0])).toEqual({ country: "DE", state: null });
    fireEvent.change(screen.getByLabelText("Business tax ID (optional)"), { target: { value: "DE123456789" } });
    fireEvent.click(screen.getByRole("button", { name: "Pay $10.71" }));
    await waitFor(() => expect(pathOf(router)).toBe("/store/thanks"));
    expect(sentJson(api.callsTo(`POST /api/store/local/checkouts/${SESSION}/pay`)[0])).toEqual({
      billing: { country: "DE", state: null, postalCode: null, taxId: "DE123456789" },
    });
  });

  it("pays a digital cart without an address; Decline and Abandon go where the Worker says", async () => {
    const api = serve({
      [SUMMARY_API]: json(200, digitalOnly()),
      [`POST /api/store/local/checkouts/${SESSION}/decline`]: json(200, { redirectTo: "/store/cart" }),
    });
    const { router } = renderApp(routeTree, `/store/checkout/test?session=${SESSION}`);
    expect(await screen.findByRole("button", { name: "Pay $9.00" })).toBeTruthy();
    expect(screen.queryByLabelText("Address")).toBeNull();
    expect(screen.queryByText("Shipping")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Decline payment" }));
    await waitFor(() => expect(pathOf(router)).toBe("/store/cart"));
    expect(api.callsTo(`POST /api/store/local/checkouts/${SESSION}/decline`)).toHaveLength(1);
  });

  it("says a finished checkout is finished, and an unknown one is not found", async () => {
    serve({ [SUMMARY_API]: json(200, summary({ status: "paid" })) });
    renderApp(routeTree, `/store/checkout/test?session=${SESSION}`);
    expect(await screen.findByText("This checkout is already finished.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Pay/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to the cart" }).getAttribute("href")).toBe("/store/cart");
    cleanup();
    serve({ [SUMMARY_API]: apiError(404, "store_checkout_not_found", "No such checkout") });
    renderApp(routeTree, `/store/checkout/test?session=${SESSION}`);
    expect((await screen.findByRole("alert")).textContent).toContain("Checkout not found.");
  });

  it("names the buyer's tier on a member-priced line, in both languages", async () => {
    const tiered = () => {
      const [shirt, album] = summary().lines;
      return summary({ lines: [{ ...shirt!, priceTier: { en: "Inner Circle", ptBR: "Círculo Íntimo" } }, album!] });
    };
    serve({ [SUMMARY_API]: json(200, tiered()) });
    renderApp(routeTree, `/store/checkout/test?session=${SESSION}`);
    expect(await screen.findByText("Inner Circle price")).toBeTruthy();
    expect(screen.queryByText("VIP price")).toBeNull();
    cleanup();
    serve({ [SUMMARY_API]: json(200, tiered()) });
    renderApp(routeTree, `/store/checkout/test?session=${SESSION}`, { locale: "pt-BR" });
    expect(await screen.findByText("Preço Círculo Íntimo")).toBeTruthy();
  });

  it("speaks Portuguese, with amounts in reais", async () => {
    serve({ [SUMMARY_API]: json(200, summary({ currency: "brl", totalCents: 12800 })) });
    renderApp(routeTree, `/store/checkout/test?session=${SESSION}`, { locale: "pt-BR" });
    expect(await screen.findByText("MODO DE TESTE")).toBeTruthy();
    expect(await screen.findByRole("button", { name: /^Pagar R\$\s128,00$/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Recusar pagamento" })).toBeTruthy();
    expect((screen.getByLabelText("País") as HTMLInputElement).value).toBe("Brasil");
  });
});

describe("/store/thanks", () => {
  it("confirms, then shows the order number, the receipt's address and what comes next, and empties the browser's cart", async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ productId: "album" }]));
    let polls = 0;
    serve({
      [STATUS_API]: () => {
        polls++;
        return json(200, polls < 2 ? { status: "open", orderNumber: null } : { status: "paid", orderNumber: 1042 });
      },
      [SUMMARY_API]: json(200, summary({ status: "paid" })),
    });
    renderApp(routeTree, `/store/thanks?session_id=${SESSION}`);
    expect(await screen.findByRole("heading", { name: "Confirming your payment..." })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Thank you for your order!" }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText("Order #1042")).toBeTruthy();
    expect(await screen.findByText("We have e-mailed your receipt to fan@example.com.")).toBeTruthy();
    expect(screen.getByText(/Your downloads are ready/)).toBeTruthy();
    expect(screen.getByText(/e-mail you the tracking number/)).toBeTruthy();
    expect(screen.queryByText(/gift VIP codes/)).toBeNull();
    expect(screen.getByRole("link", { name: "Open my collection" }).getAttribute("href")).toBe("/collection");
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("an order of tickets: the ticket lines with their event's date, what comes next and the tickets page; the cart stays", async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ productId: "shirt" }]));
    const ticket = {
      ticketTypeId: "tt-general",
      eventId: "ev-1",
      eventTitle: "Summer Show",
      eventDate: "2026-12-20T01:00:00.000Z",
      timeZone: "America/New_York",
      typeName: "General",
      quantity: 2,
      unitCents: 2500,
      totalCents: 5000,
    };
    serve({
      [STATUS_API]: json(200, { status: "paid", orderNumber: 1043 }),
      [SUMMARY_API]: json(
        200,
        summary({
          status: "paid",
          lines: [],
          tickets: [ticket],
          subtotalCents: 5000,
          discountCents: 0,
          shippingCents: 0,
          totalCents: 5000,
          needsShipping: false,
        }),
      ),
    });
    renderApp(routeTree, `/store/thanks?session_id=${SESSION}`);
    expect(await screen.findByText(/Summer Show: General/, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText(/Dec 19, 2026, 8:00/)).toBeTruthy();
    expect(screen.getByText(/are in the receipt and on your tickets page/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open my tickets" }).getAttribute("href")).toBe("/tickets");
    expect(screen.queryByRole("link", { name: "Open my collection" })).toBeNull();
    // Nothing of the cart was bought: the shirt waiting in it is still there.
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(JSON.stringify([{ productId: "shirt" }]));
  });

  it.each([
    ["failed", "Payment failed", "Back to the cart", "/store/cart"],
    ["expired", "Checkout expired", "Back to the cart", "/store/cart"],
  ] as const)("a %s checkout says so and leads back to the cart, keeping the cart", async (status, title, link, href) => {
    localStorage.setItem(CART_STORAGE_KEY, "[]");
    serve({ [STATUS_API]: json(200, { status, orderNumber: null }) });
    renderApp(routeTree, `/store/thanks?session_id=${SESSION}`);
    expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
    expect(screen.getByRole("link", { name: link }).getAttribute("href")).toBe(href);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe("[]");
  });

  it("has nothing to confirm without a session, or for someone else's", async () => {
    const api = serve({ [STATUS_API]: apiError(404, "store_checkout_not_found", "No such checkout") });
    renderApp(routeTree, "/store/thanks");
    expect(await screen.findByRole("heading", { name: "Nothing to confirm" })).toBeTruthy();
    expect(api.fetchMock).not.toHaveBeenCalled();
    cleanup();
    renderApp(routeTree, `/store/thanks?session_id=${SESSION}`);
    expect(await screen.findByRole("heading", { name: "Nothing to confirm" })).toBeTruthy();
  });

  it("stops polling after a while and offers to check again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serve({ [STATUS_API]: json(200, { status: "open", orderNumber: null }) });
    renderApp(routeTree, `/store/thanks?session_id=${SESSION}`);
    expect(await screen.findByRole("heading", { name: "Confirming your payment..." })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(await screen.findByRole("heading", { name: "Still confirming your payment" })).toBeTruthy();
    const polls = api.callsTo(STATUS_API).length;
    expect(polls).toBeGreaterThan(5);
    expect(polls).toBeLessThan(30);
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    expect(await screen.findByRole("heading", { name: "Confirming your payment..." })).toBeTruthy();
  });

  it("speaks Portuguese", async () => {
    serve({ [STATUS_API]: json(200, { status: "paid", orderNumber: 1001 }), [SUMMARY_API]: json(200, digitalOnly()) });
    renderApp(routeTree, `/store/thanks?session_id=${SESSION}`, { locale: "pt-BR" });
    expect(await screen.findByRole("heading", { name: "Obrigado pelo seu pedido!" })).toBeTruthy();
    expect(screen.getByText("Pedido nº 1001")).toBeTruthy();
    expect(await screen.findByText(/Seus downloads estão prontos/)).toBeTruthy();
  });
});
