// The VIP membership pages through their real file routes: sign-up, payment result, the profile's
// membership panel, and the local test checkout / manage pages. The API is a fake fetch.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfirmationSearch } from "../../app/features/payments/confirmationSearch";
import { Route as ConfirmationRoute } from "../../app/routes/vip-confirmation";
import { Route as SignupRoute } from "../../app/routes/vip-signup";
import { Route as TestCheckoutRoute } from "../../app/routes/vip-checkout/test";
import { Route as ManageRoute } from "../../app/routes/vip-membership/manage";
import type { CheckoutStatusResponse, MembershipResponse } from "../../worker/contracts/payments";
import type { PublicConfig } from "../../worker/contracts/config";
import type { SessionUser } from "../../worker/contracts/auth";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { activeMembership, membershipPanelRoute } from "./fixtures/membership";
import { configRoute, SITE_CONFIG, siteConfig } from "./fixtures/config";

const root = createTestRoot();
const panelRoute = membershipPanelRoute(root);
const routeTree = root.addChildren([
  mountFileRoute(SignupRoute, "/vip-signup", root),
  mountFileRoute(ConfirmationRoute, "/vip-confirmation", root),
  mountFileRoute(TestCheckoutRoute, "/vip-checkout/test", root),
  mountFileRoute(ManageRoute, "/vip-membership/manage", root),
  panelRoute,
  stubRoute(root, "/social/login"),
  stubRoute(root, "/social"),
  stubRoute(root, "/social/profile/$userId"),
  stubRoute(root, "/music"),
]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const SESSION = "cs_local_0123456789abcdef";

function config(overrides: Partial<PublicConfig["vipPrice"]> = {}): PublicConfig {
  return siteConfig({ vipPrice: { ...SITE_CONFIG.vipPrice, ...overrides } });
}

function membership(overrides: Partial<MembershipResponse> = {}): MembershipResponse {
  return activeMembership({
    ...overrides,
  });
}

/** A checkout's status as the Worker answers it: the monthly plan at $9.99 unless told otherwise. */
const checkoutStatus = (
  status: CheckoutStatusResponse["status"],
  isVIP: boolean,
  plan: CheckoutStatusResponse["plan"] = "monthly",
): CheckoutStatusResponse => ({
  status,
  isVIP,
  tier: { id: "vip", name: { en: "VIP", ptBR: "VIP" } },
  plan,
  amount: { cents: plan === "yearly" ? 9900 : 999, currency: "USD" },
});

function serve({ me = sessionUser() as SessionUser | null, price = {} as Partial<PublicConfig["vipPrice"]>, extra = {} as ApiRoutes } = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(config(price)),
    ...extra,
  });
}

const pathOf = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname;

describe("/vip-signup", () => {
  it("shows the six benefits and the configured price, formatted for the locale", async () => {
    serve({ me: null, price: { amountCents: 1234, currency: "EUR" } });
    renderApp(routeTree, "/vip-signup");
    expect(await screen.findByRole("heading", { level: 1, name: "Become a VIP Member" })).toBeTruthy();
    const cards = screen.getAllByRole("listitem");
    expect(cards).toHaveLength(6);
    for (const title of ["Early Access", "Exclusive Content", "Virtual Meets", "Priority Access", "Exclusive Events", "Special Perks"]) {
      expect(screen.getByRole("heading", { level: 3, name: title })).toBeTruthy();
    }
    // Each benefit links to where it lives; a visitor's pass link asks them to sign in first.
    const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(href("Presales on Events")).toBe("/events");
    expect(href("Your VIP pass")).toBe("/social/login");
    expect(href("Listening parties")).toBe("/events#listening-parties");
    expect(href("See the perks")).toBe("/perks");
    expect(href("Virtual meets")).toBe("/virtual-meet");
    // From configuration, never a literal: a different price shows up as such.
    expect(await screen.findByText("€12.34/month")).toBeTruthy();
  });

  it("formats the price for Brazilian Portuguese", async () => {
    serve();
    renderApp(routeTree, "/vip-signup", { locale: "pt-BR" });
    expect(await screen.findByText(/US\$\s9,99\/mês/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Seja VIP Agora" })).toBeTruthy();
  });

  it("sends a visitor to sign in, and back to this page afterwards", async () => {
    const api = serve({ me: null });
    const { router } = renderApp(routeTree, "/vip-signup");
    const join = await screen.findByRole("button", { name: "Join VIP Now" });
    await waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(join);
    await screen.findByTestId("stub-page");
    expect(pathOf(router)).toBe("/social/login");
    expect(router.state.location.search).toEqual({ redirect: "/vip-signup" });
    expect(api.callsTo("POST /api/payments/checkout")).toHaveLength(0);
  });

  it("a member's Join shows 'Processing...' while busy, then goes to the checkout page", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = serve({
      extra: {
        "POST /api/payments/checkout": async () => {
          await held;
          return json(200, { url: `/vip-checkout/test?session=${SESSION}` });
        },
        [`GET /api/payments/checkout/${SESSION}/status`]: json(200, checkoutStatus("pending", false)),
      },
    });
    const { router } = renderApp(routeTree, "/vip-signup");
    const join = await screen.findByRole("button", { name: "Join VIP Now" });
    await waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(join);
    const busy = await screen.findByRole("button", { name: "Processing..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const body = sentJson(api.callsTo("POST /api/payments/checkout")[0] as [RequestInfo, RequestInit]) as { attemptId: string };
    expect(body.attemptId).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => release());
    await screen.findByRole("heading", { level: 1, name: "Test checkout" });
    expect(pathOf(router)).toBe("/vip-checkout/test");
  });

  it("says 'Payment failed. Please try again.' when checkout fails, and lets the member retry", async () => {
    serve({ extra: { "POST /api/payments/checkout": apiError(502, "payment_failed", "Payment failed. Please try again.") } });
    renderApp(routeTree, "/vip-signup");
    const join = await screen.findByRole("button", { name: "Join VIP Now" });
    await waitFor(() => expect((join as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(join);
    expect((await screen.findByRole("alert")).textContent).toBe("Payment failed. Please try again.");
    expect((screen.getByRole("button", { name: "Join VIP Now" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows an administrator that their account includes every VIP benefit, with the way to the music, instead of Join", async () => {
    const api = serve({ me: sessionUser({ isAdmin: true, isVIP: false }) });
    renderApp(routeTree, "/vip-signup");
    expect((await screen.findByRole("status")).textContent).toBe("Your admin account includes every VIP benefit.");
    expect(screen.getByRole("link", { name: "Go to the music" }).getAttribute("href")).toBe("/music");
    expect(screen.queryByRole("button", { name: "Join VIP Now" })).toBeNull();
    expect(screen.queryByText("You'll be asked to sign in first.")).toBeNull();
    expect(api.callsTo("POST /api/payments/checkout")).toHaveLength(0);
    expect(api.callsTo("GET /api/payments/membership")).toHaveLength(0);
    cleanup();

    serve({ me: sessionUser({ isAdmin: true }) });
    renderApp(routeTree, "/vip-signup", { locale: "pt-BR" });
    expect((await screen.findByRole("status")).textContent).toBe("Sua conta de administrador inclui todos os benefícios VIP.");
    expect(screen.getByRole("link", { name: "Ir para as músicas" }).getAttribute("href")).toBe("/music");
  });

  it("shows a VIP member their membership instead of a second checkout", async () => {
    serve({ me: sessionUser({ isVIP: true }), extra: { "GET /api/payments/membership": json(200, membership()) } });
    renderApp(routeTree, "/vip-signup");
    expect(await screen.findByText("You're a VIP member")).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: "VIP Membership" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join VIP Now" })).toBeNull();
  });
});

describe("/vip-confirmation", () => {
  it("polls until the server confirms VIP, then welcomes the member and refreshes the session user", async () => {
    let polls = 0;
    serve({
      extra: {
        [`GET /api/payments/checkout/${SESSION}/status`]: () => {
          polls++;
          return json(200, polls < 2 ? checkoutStatus("pending", false) : checkoutStatus("complete", true));
        },
      },
    });
    const { queryClient } = renderApp(routeTree, `/vip-confirmation?session_id=${SESSION}`);
    expect(await screen.findByRole("heading", { name: "Confirming your payment..." })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Welcome to VIP!" }, { timeout: 4000 })).toBeTruthy();
    expect(polls).toBeGreaterThanOrEqual(2);
    const link = screen.getByRole("link", { name: "Go to Social Hub" });
    expect(link.getAttribute("href")).toBe("/social");
    // The header badge and the VIP gates read ['me']: it must be refetched from the server.
    await waitFor(() => expect(queryClient.getQueryState(["me"])?.isInvalidated).toBe(true));
  });

  it("shows 'Payment Failed' with Try Again when the checkout failed", async () => {
    serve({ extra: { [`GET /api/payments/checkout/${SESSION}/status`]: json(200, checkoutStatus("failed", false)) } });
    renderApp(routeTree, `/vip-confirmation?session_id=${SESSION}&redirect_status=failed`);
    expect(await screen.findByRole("heading", { name: "Payment Failed" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("There was an error processing your payment. Please try again.");
    expect(screen.getByRole("link", { name: "Try Again" }).getAttribute("href")).toBe("/vip-signup");
  });

  const LATEST = "GET /api/payments/checkout/latest/status";
  const nothingToConfirm = async () => {
    expect(await screen.findByRole("heading", { level: 1, name: "Nothing to confirm" })).toBeTruthy();
    expect(
      screen.getByText("We couldn't find a VIP checkout of yours waiting for confirmation. To become VIP, start from the VIP membership page."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "See VIP membership" }).getAttribute("href")).toBe("/vip-signup");
    expect(screen.queryByText("Payment Failed")).toBeNull();
    expect(screen.queryByText("Confirming your payment...")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  };

  it("says there is nothing to confirm for someone else's or an unknown session (404), not 'Payment Failed'", async () => {
    const api = serve({ extra: { [`GET /api/payments/checkout/${SESSION}/status`]: apiError(404, "not_found", "Not found") } });
    renderApp(routeTree, `/vip-confirmation?session_id=${SESSION}`);
    await nothingToConfirm();
    expect(api.callsTo(`GET /api/payments/checkout/${SESSION}/status`)).toHaveLength(1); // a 404 is final: no polling
  });

  it("opened by hand (no checkout in the URL): nothing to confirm, a link to VIP sign-up, no status request, nothing logged", async () => {
    const consoleError = vi.spyOn(console, "error");
    const api = serve({ extra: { [LATEST]: apiError(404, "not_found", "Not found") } });
    renderApp(routeTree, "/vip-confirmation");
    await nothingToConfirm();
    // The browser would log the 404 of a status request: none is made.
    expect(api.callsTo(LATEST)).toHaveLength(0);
    expect(api.fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes("/api/payments/checkout"))).toEqual([]);
    expect(api.callsTo("GET /api/payments/membership")).toHaveLength(0);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it("reads the spec's payment_intent return and settles at once when the member has no checkout", async () => {
    const api = serve({ extra: { [LATEST]: apiError(404, "not_found", "Not found") } });
    renderApp(routeTree, "/vip-confirmation?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_456&redirect_status=succeeded");
    await nothingToConfirm();
    // The member's own latest checkout is asked about; the intent and its secret go nowhere.
    expect(api.callsTo(LATEST)).toHaveLength(1);
    const urls = api.fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.filter((url) => url.includes("pi_123"))).toEqual([]);
  });

  it("keeps only the spec's parameters, of the expected shape", () => {
    expect(
      parseConfirmationSearch({
        session_id: SESSION,
        payment_intent: "pi_123",
        payment_intent_client_secret: "pi_123_secret_456",
        redirect_status: "succeeded",
        is_vip: "true",
      }),
    ).toEqual({ session_id: SESSION, payment_intent: "pi_123", payment_intent_client_secret: "pi_123_secret_456", redirect_status: "succeeded" });
    expect(parseConfirmationSearch({ session_id: "<script>", payment_intent_client_secret: ["x"] })).toEqual({
      session_id: undefined,
      payment_intent: undefined,
      payment_intent_client_secret: undefined,
      redirect_status: undefined,
    });
  });

  it("with redirect_status=succeeded and a pending checkout of theirs, it never claims success before the server does", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = serve({ extra: { [LATEST]: json(200, checkoutStatus("pending", false)) } });
    renderApp(routeTree, "/vip-confirmation?payment_intent=pi_123&redirect_status=succeeded");
    expect(await screen.findByRole("heading", { name: "Confirming your payment..." })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(await screen.findByRole("heading", { name: "Still confirming your payment" })).toBeTruthy();
    expect(screen.queryByText("Welcome to VIP!")).toBeNull();
    const polls = api.callsTo(LATEST).length;
    expect(polls).toBeGreaterThan(5); // it kept asking the server, every 1.5 s...
    expect(polls).toBeLessThan(30); // ...and stopped after the bounded wait
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    expect(await screen.findByRole("heading", { name: "Confirming your payment..." })).toBeTruthy();
  });

  it("welcomes a member whose latest checkout the server confirms, without a session id in the URL", async () => {
    serve({ extra: { [LATEST]: json(200, checkoutStatus("complete", true)) } });
    renderApp(routeTree, "/vip-confirmation?payment_intent=pi_123&redirect_status=succeeded");
    expect(await screen.findByRole("heading", { name: "Welcome to VIP!" })).toBeTruthy();
  });

  it("shows 'Payment Failed' when the provider reports a failure for the member's own checkout", async () => {
    serve({ extra: { [LATEST]: json(200, checkoutStatus("pending", false)) } });
    renderApp(routeTree, "/vip-confirmation?payment_intent=pi_123&redirect_status=failed");
    expect(await screen.findByRole("heading", { name: "Payment Failed" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try Again" }).getAttribute("href")).toBe("/vip-signup");
  });

  it("says there is nothing to confirm when the provider reports a failure but the member has no checkout", async () => {
    serve({ extra: { [LATEST]: apiError(404, "not_found", "Not found") } });
    renderApp(routeTree, "/vip-confirmation?payment_intent=pi_123&redirect_status=failed");
    await nothingToConfirm();
  });

  it("speaks Portuguese when there is nothing to confirm", async () => {
    const api = serve({ extra: { [LATEST]: apiError(404, "not_found", "Not found") } });
    renderApp(routeTree, "/vip-confirmation", { locale: "pt-BR" });
    expect(await screen.findByRole("heading", { level: 1, name: "Nada para confirmar" })).toBeTruthy();
    expect(api.callsTo(LATEST)).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Ver a assinatura VIP" }).getAttribute("href")).toBe("/vip-signup");
  });
});

describe("MembershipPanel", () => {
  it("shows an active membership with its next renewal date and Manage membership", async () => {
    serve({ extra: { "GET /api/payments/membership": json(200, membership()) } });
    renderApp(routeTree, "/panel");
    expect(await screen.findByTestId("membership-status")).toHaveProperty("textContent", "Active");
    expect(screen.getByText("July 15, 2031")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Manage membership" })).toBeTruthy();
  });

  it("shows 'Cancels on DATE' for a membership canceled at period end", async () => {
    serve({
      extra: { "GET /api/payments/membership": json(200, membership({ status: "canceling", cancelAtPeriodEnd: true, cancelsAt: "2031-07-15T12:00:00.000Z" })) },
    });
    renderApp(routeTree, "/panel");
    expect((await screen.findByTestId("membership-status")).textContent).toBe("Cancels on July 15, 2031");
  });

  it("shows past due with the grace deadline", async () => {
    serve({ extra: { "GET /api/payments/membership": json(200, membership({ status: "past_due", graceEndsAt: "2031-07-18T12:00:00.000Z" })) } });
    renderApp(routeTree, "/panel");
    expect((await screen.findByTestId("membership-status")).textContent).toBe("Payment past due");
    expect(screen.getByText(/Update your card by July 18, 2031/)).toBeTruthy();
  });

  it("shows an ended membership with Join VIP again", async () => {
    serve({ extra: { "GET /api/payments/membership": json(200, membership({ status: "ended", isVIP: false, currentPeriodEnd: null })) } });
    renderApp(routeTree, "/panel");
    expect((await screen.findByTestId("membership-status")).textContent).toBe("Ended");
    expect(screen.getByRole("link", { name: "Join VIP again" }).getAttribute("href")).toBe("/vip-signup");
  });

  it("renders nothing for a member who never subscribed", async () => {
    const api = serve({
      extra: { "GET /api/payments/membership": json(200, membership({ status: "none", isVIP: false, currentPeriodEnd: null, canManage: false })) },
    });
    const { container } = renderApp(routeTree, "/panel");
    await waitFor(() => expect(api.callsTo("GET /api/payments/membership")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(container.textContent).toBe("");
  });

  it("Manage membership opens the portal URL the server gives", async () => {
    serve({ extra: { "GET /api/payments/membership": json(200, membership()), "POST /api/payments/portal": json(200, { url: "/vip-membership/manage" }) } });
    const { router } = renderApp(routeTree, "/panel");
    fireEvent.click(await screen.findByRole("button", { name: "Manage membership" }));
    await screen.findByRole("heading", { level: 1, name: "Manage membership" });
    expect(pathOf(router)).toBe("/vip-membership/manage");
  });

  it("sends the browser to Stripe's portal for an outside URL", async () => {
    const assign = vi.fn();
    vi.spyOn(window.location, "assign").mockImplementation(assign);
    serve({
      extra: {
        "GET /api/payments/membership": json(200, membership()),
        "POST /api/payments/portal": json(200, { url: "https://billing.stripe.com/p/session/test" }),
      },
    });
    renderApp(routeTree, "/panel");
    fireEvent.click(await screen.findByRole("button", { name: "Manage membership" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://billing.stripe.com/p/session/test"));
  });
});

describe("local test checkout page", () => {
  it("is marked TEST MODE and pays through the server, then goes to the result page", async () => {
    const api = serve({
      extra: {
        [`GET /api/payments/checkout/${SESSION}/status`]: json(200, checkoutStatus("pending", false)),
        [`POST /api/payments/local/checkout/${SESSION}/pay`]: json(200, { redirectTo: `/vip-confirmation?session_id=${SESSION}` }),
      },
    });
    const { router } = renderApp(routeTree, `/vip-checkout/test?session=${SESSION}`);
    expect(await screen.findByText("TEST MODE")).toBeTruthy();
    const pay = await screen.findByRole("button", { name: "Pay $9.99" });
    expect(screen.getByRole("button", { name: "Decline payment" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    fireEvent.click(pay);
    await waitFor(() => expect(pathOf(router)).toBe("/vip-confirmation"));
    expect(api.callsTo(`POST /api/payments/local/checkout/${SESSION}/pay`)).toHaveLength(1);
  });

  it("asks where the member is, shows the Worker's DEMO tax, and Pay sends the place (decision 093)", async () => {
    const api = serve({
      extra: {
        [`GET /api/payments/checkout/${SESSION}/status`]: json(200, checkoutStatus("pending", false)),
        [`POST /api/payments/local/checkout/${SESSION}/tax`]: json(200, {
          status: "collected",
          jurisdiction: "DE",
          behavior: "exclusive",
          amountCents: 999,
          taxCents: 190,
          totalCents: 1189,
          demo: true,
        }),
        [`POST /api/payments/local/checkout/${SESSION}/pay`]: json(200, { redirectTo: `/vip-confirmation?session_id=${SESSION}` }),
      },
    });
    const { router } = renderApp(routeTree, `/vip-checkout/test?session=${SESSION}`);
    expect(await screen.findByText(/^DEMO tax rates of the local checkout/)).toBeTruthy();
    fireEvent.change(await screen.findByLabelText("Country"), { target: { value: "DE" } });
    expect(await screen.findByText("Tax (Germany, DEMO rate): $1.90, added to the price")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Pay $11.89" }));
    await waitFor(() => expect(pathOf(router)).toBe("/vip-confirmation"));
    expect(sentJson(api.callsTo(`POST /api/payments/local/checkout/${SESSION}/pay`)[0])).toEqual({ billing: { country: "DE", state: null } });
  });

  it("names the tax's country in the reader's language", async () => {
    serve({
      extra: {
        [`GET /api/payments/checkout/${SESSION}/status`]: json(200, checkoutStatus("pending", false)),
        [`POST /api/payments/local/checkout/${SESSION}/tax`]: json(200, {
          status: "collected",
          jurisdiction: "DE",
          behavior: "exclusive",
          amountCents: 999,
          taxCents: 190,
          totalCents: 1189,
          demo: true,
        }),
      },
    });
    renderApp(routeTree, `/vip-checkout/test?session=${SESSION}`, { locale: "pt-BR" });
    fireEvent.change(await screen.findByLabelText("País"), { target: { value: "DE" } });
    expect(await screen.findByText(/^Impostos \(Alemanha, alíquota DEMO\): US\$\s1,90, somados ao preço$/)).toBeTruthy();
  });

  it("an offer's checkout shows and pays the offer's first month, not the full price", async () => {
    serve({
      extra: {
        [`GET /api/payments/checkout/${SESSION}/status`]: json(200, { ...checkoutStatus("pending", false), firstPeriodCents: 599 }),
      },
    });
    renderApp(routeTree, `/vip-checkout/test?session=${SESSION}`);
    expect((await screen.findByTestId("offer-first-period")).textContent).toBe("First month $5.99 with your offer, then the price above");
    expect(await screen.findByRole("button", { name: "Pay $5.99" })).toBeTruthy();
  });

  it("says the offer's first year in Portuguese", async () => {
    serve({
      extra: {
        [`GET /api/payments/checkout/${SESSION}/status`]: json(200, { ...checkoutStatus("pending", false, "yearly"), firstPeriodCents: 4950 }),
      },
    });
    renderApp(routeTree, `/vip-checkout/test?session=${SESSION}`, { locale: "pt-BR" });
    expect((await screen.findByTestId("offer-first-period")).textContent).toBe("Primeiro ano por US$\u00a049,50 com a sua oferta, depois o preço acima");
  });

  it("says so when the checkout is already finished", async () => {
    serve({ extra: { [`GET /api/payments/checkout/${SESSION}/status`]: json(200, checkoutStatus("complete", true)) } });
    renderApp(routeTree, `/vip-checkout/test?session=${SESSION}`);
    expect(await screen.findByText("This checkout is already finished.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Pay/ })).toBeNull();
  });

  it("says 'Checkout not found.' for a session that is not the member's", async () => {
    serve({ extra: { [`GET /api/payments/checkout/${SESSION}/status`]: apiError(404, "not_found", "Not found") } });
    renderApp(routeTree, `/vip-checkout/test?session=${SESSION}`);
    expect((await screen.findByRole("alert")).textContent).toBe("Checkout not found.");
  });
});

describe("local manage page", () => {
  it("cancels at period end and shows the new state", async () => {
    let current = membership();
    const api = serve({
      extra: {
        "GET /api/payments/membership": () => json(200, current),
        "POST /api/payments/local/subscription/cancel-at-period-end": () => {
          current = membership({ status: "canceling", cancelAtPeriodEnd: true, cancelsAt: "2031-07-15T12:00:00.000Z" });
          return json(200, current);
        },
      },
    });
    renderApp(routeTree, "/vip-membership/manage");
    expect(await screen.findByText("TEST MODE")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Cancel at period end" }));
    await waitFor(() => expect(screen.getByTestId("membership-status").textContent).toBe("Cancels on July 15, 2031"));
    expect(screen.getByRole("button", { name: "Resume membership" })).toBeTruthy();
    expect(api.callsTo("POST /api/payments/local/subscription/cancel-at-period-end")).toHaveLength(1);
  });

  it("offers nothing to a member without a membership", async () => {
    serve({ extra: { "GET /api/payments/membership": json(200, membership({ status: "none", isVIP: false, currentPeriodEnd: null, canManage: false })) } });
    renderApp(routeTree, "/vip-membership/manage");
    expect(await screen.findByText("You don't have a membership to manage.")).toBeTruthy();
    const card = screen.getByRole("heading", { level: 1, name: "Manage membership" }).parentElement!;
    expect(within(card).queryAllByRole("button")).toHaveLength(0);
  });
});
