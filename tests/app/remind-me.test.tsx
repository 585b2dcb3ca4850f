// "Remind me" on the events page (app/features/events/RemindMe.tsx) against a fake API: a member
// toggles it in one click (a pressed toggle button, the offsets said in words, the browser's zone
// sent); a visitor opens the inline form, sends an address in the page's language and is asked to
// confirm from their inbox, with the bot check's token (a refusal told and retried with a fresh
// one); a refused address shows the site's text. Both languages.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicEvent } from "../../worker/contracts/events";
import { Route as EventsRoute } from "../../app/routes/events";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute, siteConfig } from "./fixtures/config";

const NEON: PublicEvent = {
  id: "ev-neon",
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
};
const PAST: PublicEvent = { ...NEON, id: "ev-past", title: "Spring Love Reunion", eventDate: "2025-03-01T00:30:00.000Z", past: true, availability: "sold_out" };
const PATH = "/api/events/ev-neon/reminder";

function render(locale: "en" | "pt-BR", user: ReturnType<typeof sessionUser> | null, extra: ApiRoutes = {}, config = siteConfig()) {
  const api = mockApi({ "GET /api/auth/me": json(200, { user }), ...configRoute(config), "GET /api/events": json(200, { events: [PAST, NEON] }), ...extra });
  const root = createTestRoot();
  renderApp(root.addChildren([mountFileRoute(EventsRoute, "/events", root), stubRoute(root, "/virtual-meet")]), "/events", { locale });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("Remind me", () => {
  it("a member toggles it: pressed, the offsets in words, the browser's zone sent; pressed again removes it", async () => {
    let reminded = false;
    const api = render("en", sessionUser(), {
      [`GET ${PATH}`]: () => json(200, { reminded, offsets: [1440, 60] }),
      [`POST ${PATH}`]: () => ((reminded = true), json(200, { status: "active", offsets: [1440, 60] })),
      [`DELETE ${PATH}`]: () => ((reminded = false), json(200, { reminded: false, offsets: [1440, 60] })),
    });
    const button = await waitFor(() => {
      const found = screen.getByRole("button", { name: "Remind me of Neon Nights Live" });
      expect(found.getAttribute("aria-pressed")).toBe("false");
      return found;
    });
    // A past show has no button.
    expect(screen.queryByRole("button", { name: "Remind me of Spring Love Reunion" })).toBeNull();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(button.getAttribute("aria-pressed")).toBe("false");

    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getByText("Reminder set — we'll e-mail you 24 hours and 1 hour before")).toBeTruthy();
    expect(sentJson(api.callsTo(`POST ${PATH}`)[0] as never)).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });

    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("false"));
    expect(api.callsTo(`DELETE ${PATH}`)).toHaveLength(1);
    expect(screen.queryByText(/Reminder set/)).toBeNull();
  });

  it("in Portuguese for a member", async () => {
    render("pt-BR", sessionUser(), { [`GET ${PATH}`]: json(200, { reminded: true, offsets: [10080, 15] }) });
    await waitFor(() => expect(screen.getByRole("button", { name: "Lembrar-me de Neon Nights Live" }).getAttribute("aria-pressed")).toBe("true"));
    expect(screen.getByText("Lembrete ativado — vamos te enviar um e-mail 1 semana e 15 minutos antes")).toBeTruthy();
  });

  it("a visitor opens the form, sends the address in the page's language and is asked to confirm", async () => {
    const api = render("pt-BR", null, { [`POST ${PATH}`]: json(200, { status: "pending", offsets: [1440, 60] }) });
    const button = await screen.findByRole("button", { name: "Lembrar-me de Neon Nights Live" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByLabelText("Seu e-mail")).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    fireEvent.change(screen.getByLabelText("Seu e-mail"), { target: { value: "fan@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Quero um lembrete" }));
    expect(await screen.findByText("Confira sua caixa de entrada para confirmar o lembrete.")).toBeTruthy();
    expect(sentJson(api.callsTo(`POST ${PATH}`)[0] as never)).toEqual({
      email: "fan@example.com",
      locale: "pt-BR",
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // No member state is asked for.
    expect(api.callsTo(`GET ${PATH}`)).toHaveLength(0);
  });

  it("a visitor's request carries the bot check's token; a refusal is told in the page's language and the retry takes a fresh token", async () => {
    for (const [locale, open, label, send, refused, sent] of [
      [
        "en",
        "Remind me of Neon Nights Live",
        "Your e-mail",
        "Send me a reminder",
        "The check that you are not a bot did not pass. Please try again.",
        "Check your inbox to confirm your reminder.",
      ],
      [
        "pt-BR",
        "Lembrar-me de Neon Nights Live",
        "Seu e-mail",
        "Quero um lembrete",
        "A verificação de que você não é um robô não passou. Tente novamente.",
        "Confira sua caixa de entrada para confirmar o lembrete.",
      ],
    ] as const) {
      let issued = 0;
      let answers = 0;
      const api = render(
        locale,
        null,
        {
          "GET /api/dev/bot-check/reminder": () => json(200, { token: `local-token-${++issued}` }),
          [`POST ${PATH}`]: () => (++answers === 1 ? apiError(403, "bot_check_failed", "refused") : json(200, { status: "pending", offsets: [1440, 60] })),
        },
        siteConfig({ botCheck: { mode: "local" } }),
      );
      fireEvent.click(await screen.findByRole("button", { name: open }));
      fireEvent.change(screen.getByLabelText(label), { target: { value: "fan@example.com" } });
      await waitFor(() => expect(api.callsTo("GET /api/dev/bot-check/reminder").length).toBeGreaterThan(0));
      fireEvent.click(screen.getByRole("button", { name: send }));
      expect((await screen.findByRole("alert")).textContent).toContain(refused);
      fireEvent.click(screen.getByRole("button", { name: send }));
      expect(await screen.findByText(sent)).toBeTruthy();
      const tokens = api.callsTo(`POST ${PATH}`).map(([, init]) => new Headers(init?.headers).get("x-bot-check"));
      expect(tokens).toHaveLength(2);
      expect(tokens[0]).toMatch(/^local-token-\d+$/);
      expect(tokens[1]).toMatch(/^local-token-\d+$/);
      expect(tokens[1]).not.toBe(tokens[0]);
      cleanup();
    }
  });

  it("a refused address shows the site's text for its code, in English", async () => {
    render("en", null, { [`POST ${PATH}`]: apiError(400, "email_invalid", "Please enter a valid email address", "email") });
    fireEvent.click(await screen.findByRole("button", { name: "Remind me of Neon Nights Live" }));
    fireEvent.change(screen.getByLabelText("Your e-mail"), { target: { value: "fan@refused.example" } });
    fireEvent.click(screen.getByRole("button", { name: "Send me a reminder" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Please enter a valid email address");
    expect(screen.getByLabelText("Your e-mail").getAttribute("aria-invalid")).toBe("true");
  });

  it("a mistyped address is told before anything is sent, in the page's language", async () => {
    for (const [locale, open, label, send, message] of [
      ["en", "Remind me of Neon Nights Live", "Your e-mail", "Send me a reminder", "Enter a valid e-mail address."],
      ["pt-BR", "Lembrar-me de Neon Nights Live", "Seu e-mail", "Quero um lembrete", "Informe um endereço de e-mail válido."],
    ] as const) {
      const api = render(locale, null, { [`POST ${PATH}`]: json(200, { status: "pending" }) });
      fireEvent.click(await screen.findByRole("button", { name: open }));
      fireEvent.change(screen.getByLabelText(label), { target: { value: "nope" } });
      fireEvent.click(screen.getByRole("button", { name: send }));
      expect((await screen.findByRole("alert")).textContent).toBe(message);
      expect(api.callsTo(`POST ${PATH}`)).toHaveLength(0);
      cleanup();
    }
  });
});
