// "Notify me" (app/components/notify-me/NotifyMe.tsx) on the events page and the news box in the
// footer (app/features/newsletter/NewsSignup.tsx, put into the Footer as the root route does),
// against a fake API, in both languages: a member taps once (a pressed toggle, the waiting line);
// a visitor gives an address in the page's language and is asked to confirm; the footer's box
// says sending, then "check your inbox" (the same whatever the address), or its error.
import { createRootRouteWithContext, createRoute, Outlet, type AnyRoute } from "@tanstack/react-router";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicEvent } from "../../worker/contracts/events";
import { Route as EventsRoute } from "../../app/routes/events";
import { Footer } from "../../app/components/layout/Footer";
import { NewsSignup } from "../../app/features/newsletter/NewsSignup";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute, SITE_CONFIG } from "./fixtures/config";

const ANNOUNCED: PublicEvent = {
  id: "ev-announced",
  title: "Neon Nights Live",
  description: null,
  eventDate: "2030-12-06T01:00:00.000Z",
  endDate: null,
  timeZone: "America/New_York",
  online: false,
  venueName: "Hammerstein Ballroom",
  venueAddress: null,
  venueCity: "New York",
  venueState: "NY",
  venueCountry: "USA",
  venuePostalCode: null,
  venueCapacity: null,
  ticketPriceMin: null,
  ticketPriceMax: null,
  currency: "USD",
  externalTicketUrl: null,
  imageUrl: null,
  availability: "available",
  lang: "en",
  past: false,
  saleOpensAt: "2030-11-01T15:00:00.000Z",
};
const ON_SALE: PublicEvent = { ...ANNOUNCED, id: "ev-on-sale", title: "Spring Love Reunion", saleOpensAt: undefined };
/** Not on sale here yet, but with a link to a sale elsewhere: the link, never "Notify me" beside it. */
const LINKED: PublicEvent = { ...ANNOUNCED, id: "ev-linked", title: "Freestyle Night — São Paulo", externalTicketUrl: "https://tickets.example/sao-paulo" };
const PATH = "/api/notify-me/event/ev-announced";

function renderEvents(locale: "en" | "pt-BR", user: ReturnType<typeof sessionUser> | null, extra: ApiRoutes = {}) {
  const api = mockApi({
    "GET /api/auth/me": json(200, { user }),
    ...configRoute(),
    "GET /api/events": json(200, { events: [ANNOUNCED, ON_SALE, LINKED] }),
    // "Remind me" asks for its own state; not what this file tests.
    "GET /api/events/ev-announced/reminder": json(200, { reminded: false, offsets: [1440, 60] }),
    "GET /api/events/ev-on-sale/reminder": json(200, { reminded: false, offsets: [1440, 60] }),
    "GET /api/events/ev-linked/reminder": json(200, { reminded: false, offsets: [1440, 60] }),
    ...extra,
  });
  const root = createTestRoot();
  renderApp(root.addChildren([mountFileRoute(EventsRoute, "/events", root), stubRoute(root, "/virtual-meet")]), "/events", { locale });
  return api;
}

function renderFooter(locale: "en" | "pt-BR", extra: ApiRoutes = {}) {
  const api = mockApi({ "GET /api/auth/me": json(200, { user: null }), ...configRoute(), ...extra });
  const root = createRootRouteWithContext<object>()({
    component: () => (
      <>
        <Outlet />
        <Footer newsSignup={<NewsSignup />} />
      </>
    ),
  });
  const page = createRoute({ getParentRoute: () => root, path: "/", component: () => <p>page</p> }) as unknown as AnyRoute;
  renderApp(root.addChildren([page]) as unknown as AnyRoute, "/", { locale });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("Notify me on an event not yet on sale", () => {
  it("a member taps once: pressed and told when; tapped again withdraws; an event on sale has no button", async () => {
    let waiting = false;
    const api = renderEvents("en", sessionUser(), {
      [`GET ${PATH}`]: () => json(200, { waiting }),
      [`POST ${PATH}`]: () => ((waiting = true), json(200, { status: "waiting" })),
      [`DELETE ${PATH}`]: () => ((waiting = false), json(200, { waiting: false })),
    });
    const button = await screen.findByRole("button", { name: "Notify me when tickets for Neon Nights Live go on sale" });
    expect(screen.queryByRole("button", { name: /Notify me when tickets for Spring Love Reunion/ })).toBeNull();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(button.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getByText("We'll tell you when tickets go on sale.")).toBeTruthy();
    expect(api.callsTo(`POST ${PATH}`)).toHaveLength(1);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("false"));
    expect(api.callsTo(`DELETE ${PATH}`)).toHaveLength(1);
  });

  it("in Portuguese for a member already waiting", async () => {
    renderEvents("pt-BR", sessionUser(), { [`GET ${PATH}`]: json(200, { waiting: true }) });
    const name = "Avise-me quando os ingressos para Neon Nights Live estiverem à venda";
    await waitFor(() => expect(screen.getByRole("button", { name }).getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getByText("Vamos avisar você quando os ingressos estiverem à venda.")).toBeTruthy();
  });

  it("a visitor sends an address in the page's language and is asked to confirm", async () => {
    const api = renderEvents("pt-BR", null, { [`POST ${PATH}`]: json(200, { status: "pending" }) });
    const button = await screen.findByRole("button", { name: "Avise-me quando os ingressos para Neon Nights Live estiverem à venda" });
    fireEvent.click(button);
    fireEvent.change(screen.getByLabelText("Seu e-mail", { selector: ".notify-me-form input" }), { target: { value: "fan@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Confira sua caixa de entrada: abra o link que enviamos para confirmar.")).toBeTruthy();
    expect(sentJson(api.callsTo(`POST ${PATH}`)[0] as never)).toEqual({ email: "fan@example.com", locale: "pt-BR" });
    expect(api.callsTo(`GET ${PATH}`)).toHaveLength(0);
  });

  for (const [locale, name, label, send, message] of [
    ["en", "Notify me when tickets for Neon Nights Live go on sale", "Your e-mail", "Send", "Enter a valid e-mail address."],
    ["pt-BR", "Avise-me quando os ingressos para Neon Nights Live estiverem à venda", "Seu e-mail", "Enviar", "Informe um endereço de e-mail válido."],
  ] as const) {
    it(`a visitor's mistyped address is told in the page's language (${locale}), not the browser's, and nothing is sent`, async () => {
      const api = renderEvents(locale, null, { [`POST ${PATH}`]: json(200, { status: "pending" }) });
      fireEvent.click(await screen.findByRole("button", { name }));
      const field = screen.getByLabelText(label, { selector: ".notify-me-form input" });
      expect((field.closest("form") as HTMLFormElement).noValidate).toBe(true);
      fireEvent.change(field, { target: { value: "fan@example" } });
      fireEvent.click(screen.getByRole("button", { name: send }));
      expect((await screen.findByRole("alert")).textContent).toBe(message);
      expect(field.getAttribute("aria-invalid")).toBe("true");
      expect(document.activeElement).toBe(field);
      expect(api.callsTo(`POST ${PATH}`)).toHaveLength(0);
      // Typing again clears it; a whole address goes.
      fireEvent.change(field, { target: { value: "fan@example.com" } });
      expect(screen.queryByRole("alert")).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: send }));
      await waitFor(() => expect(api.callsTo(`POST ${PATH}`)).toHaveLength(1));
    });
  }

  it("an event with a link to its tickets offers the link, not Notify me, in both languages", async () => {
    for (const [locale, notify] of [
      ["en", /Notify me when tickets for Freestyle Night/],
      ["pt-BR", /Avise-me quando os ingressos para Freestyle Night/],
    ] as const) {
      renderEvents(locale, null);
      // The event without a link offers it (once the session is known)...
      expect(
        await screen.findByRole("button", { name: locale === "en" ? /^Notify me when tickets for Neon/ : /^Avise-me quando os ingressos para Neon/ }),
      ).toBeTruthy();
      // ...the one with a link offers the link alone.
      const card = screen.getByRole("article", { name: "Freestyle Night — São Paulo" });
      expect(card.querySelector('a[href="https://tickets.example/sao-paulo"]')).not.toBeNull();
      expect(screen.queryByRole("button", { name: notify })).toBeNull();
      cleanup();
    }
  });

  it("a sale that opened meanwhile says so, in English", async () => {
    renderEvents("en", sessionUser(), {
      [`GET ${PATH}`]: json(200, { waiting: false }),
      [`POST ${PATH}`]: apiError(409, "already_on_sale", "Tickets for this event are already on sale"),
    });
    const button = await screen.findByRole("button", { name: "Notify me when tickets for Neon Nights Live go on sale" });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText("Tickets are on sale already: reload the page.")).toBeTruthy();
  });
});

describe("the footer's news box", () => {
  it("sends the address with the news box's source in English and says to check the inbox", async () => {
    const api = renderFooter("en", { "POST /api/newsletter/subscribe": json(202, { ok: true }) });
    expect(await screen.findByRole("heading", { name: "Get the news" })).toBeTruthy();
    // Word for word the sentence the Worker stores with the consent (consentText "news_box").
    const consent = `Send me ${SITE_CONFIG.brandName} news by e-mail. A confirmation e-mail follows; I can unsubscribe at any time.`;
    expect(await screen.findByText(consent)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Your e-mail"), { target: { value: "  fan@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByText("Check your inbox: open the link we sent to confirm your subscription.")).toBeTruthy();
    expect(sentJson(api.callsTo("POST /api/newsletter/subscribe")[0] as never)).toEqual({ email: "fan@example.com", locale: "en", source: "news_box" });
  });

  it("in Portuguese: a bad address is refused before sending, a refused request says why", async () => {
    const api = renderFooter("pt-BR", { "POST /api/newsletter/subscribe": apiError(429, "rate_limited", "Too many requests") });
    expect(await screen.findByRole("heading", { name: "Receba as novidades" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Seu e-mail"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Inscrever-se" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Digite um endereço de e-mail válido.");
    expect(api.callsTo("POST /api/newsletter/subscribe")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Seu e-mail"), { target: { value: "fan@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Inscrever-se" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Muitas tentativas. Aguarde alguns minutos e tente de novo."));
    expect(sentJson(api.callsTo("POST /api/newsletter/subscribe")[0] as never)).toEqual({ email: "fan@example.com", locale: "pt-BR", source: "news_box" });
  });
});
