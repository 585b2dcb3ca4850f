// "Join the waitlist" under a sold-out ticket type on /events (decision 185), against a fake API: a
// visitor's sign-in link back to the card; a member picks how many and joins, reads how busy the
// list is in words and leaves after a confirmation; the Worker's refusals read by their code; a
// member with tickets held for them is sent to pay in My tickets; both languages.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicEvent } from "../../worker/contracts/events";
import type { PublicTicketType } from "../../worker/contracts/tickets/event-tickets-model";
import type { WaitlistBusy, WaitlistPlace } from "../../worker/contracts/waitlist/model";
import { Route as EventsRoute } from "../../app/routes/events";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const GENERAL: PublicTicketType = {
  id: "tt-general",
  name: "General",
  priceCents: 2500,
  currency: "usd",
  perOrderLimit: 6,
  vipOnly: false,
  minTier: null,
  left: null,
  soldOut: false,
};
const BALCONY: PublicTicketType = { ...GENERAL, id: "0b9d7c3e-1f2a-4b5c-8d6e-7f8091a2b3c4", name: "Balcony", perOrderLimit: 4, soldOut: true };

const EVENT: PublicEvent = {
  id: "ev-tickets",
  title: "Ticket Night",
  description: null,
  eventDate: "2026-12-20T01:00:00.000Z",
  endDate: null,
  timeZone: "America/New_York",
  online: false,
  venueName: "Neon Hall",
  venueAddress: null,
  venueCity: "Miami",
  venueState: "FL",
  venueCountry: "USA",
  venuePostalCode: null,
  venueCapacity: 500,
  ticketPriceMin: 25,
  ticketPriceMax: 40,
  currency: "USD",
  externalTicketUrl: null,
  imageUrl: null,
  availability: "available",
  lang: "en",
  past: false,
  tickets: { state: "on_sale", opensAt: null, vipOpensAt: null, endsAt: "2026-12-20T00:00:00.000Z", soldOut: false, types: [GENERAL, BALCONY] },
};

const place = (overrides: Partial<WaitlistPlace> = {}): WaitlistPlace => ({
  id: "5a0f3c1e-2b4d-4e6f-8a9b-0c1d2e3f4a5b",
  ticketTypeId: BALCONY.id,
  eventId: EVENT.id,
  quantity: 2,
  joinedAt: "2026-11-25T11:00:00.000Z",
  busy: "many",
  offer: null,
  ...overrides,
});

const MEMBER = sessionUser();

function api(user: ReturnType<typeof sessionUser> | null, extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user }),
    ...configRoute(),
    "GET /api/events": json(200, { events: [EVENT] }),
    ...extra,
  });
}

function renderEvents(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([
    mountFileRoute(EventsRoute, "/events", root),
    stubRoute(root, "/social/login"),
    stubRoute(root, "/tickets"),
    stubRoute(root, "/virtual-meet"),
    stubRoute(root, "/vip-signup"),
  ]);
  return renderApp(tree, "/events", { locale });
}

/** The Balcony row of the card's ticket types. */
const balconyRow = async () => {
  const tickets = await screen.findByRole("region", { name: (name) => name.endsWith(": Ticket Night") });
  return within(tickets)
    .getAllByRole("listitem")
    .find((li) => li.querySelector(".event-tickets-name")?.textContent === "Balcony")!;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-25T12:00:00Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a visitor", () => {
  it("is asked to sign in, and comes back to the card", async () => {
    const { callsTo } = api(null);
    renderEvents();
    const row = await balconyRow();
    const link = await within(row).findByRole("link", { name: "Sign in to join the waitlist" });
    const href = new URL(link.getAttribute("href")!, "http://localhost");
    expect(href.pathname).toBe("/social/login");
    expect(href.searchParams.get("redirect")).toBe("/events#event-ev-tickets");
    // Only the sold-out type has a waitlist, and a visitor's state is never asked for.
    expect(screen.getAllByRole("link", { name: "Sign in to join the waitlist" })).toHaveLength(1);
    expect(callsTo("GET /api/waitlist/places")).toHaveLength(0);
  });

  it("in Portuguese", async () => {
    api(null);
    renderEvents("pt-BR");
    const tickets = await screen.findByRole("region", { name: (name) => name.endsWith(": Ticket Night") });
    expect(await within(tickets).findByRole("link", { name: "Entre para participar da lista de espera" })).toBeTruthy();
  });
});

describe("a member", () => {
  it("joins with a quantity up to the type's limit, reads how busy the list is, and leaves after confirming", async () => {
    let places: WaitlistPlace[] = [];
    const { callsTo } = api(MEMBER, {
      "GET /api/waitlist/places": () => json(200, { places }),
      "POST /api/waitlist/places": () => {
        places = [place({ quantity: 3 })];
        return json(201, { place: places[0] });
      },
      [`DELETE /api/waitlist/places/${place().id}`]: () => {
        places = [];
        return new Response(null, { status: 204 });
      },
    });
    renderEvents();
    const row = await balconyRow();
    const quantity = await within(row).findByRole("combobox", { name: "How many Balcony tickets to wait for" });
    expect(Array.from(quantity.querySelectorAll("option")).map((o) => o.textContent)).toEqual(["1", "2", "3", "4"]);
    fireEvent.change(quantity, { target: { value: "3" } });
    const join = within(row).getByRole("button", { name: "Join the waitlist for Balcony" });
    expect(join.textContent).toBe("Join the waitlist");
    fireEvent.click(join);
    expect(await within(row).findByText("You're on the waitlist — many fans are waiting")).toBeTruthy();
    expect(sentJson(callsTo("POST /api/waitlist/places")[0])).toEqual({ ticketTypeId: BALCONY.id, quantity: 3 });

    fireEvent.click(within(row).getByRole("button", { name: "Leave the waitlist for Balcony" }));
    const dialog = screen.getByRole("dialog", { name: "Leave the waitlist?" });
    // The first focus is the safe answer: a stray Enter keeps the place.
    expect(document.activeElement?.textContent).toBe("Stay on it");
    fireEvent.click(within(dialog).getByRole("button", { name: "Leave the waitlist" }));
    await waitFor(() => expect(callsTo(`DELETE /api/waitlist/places/${place().id}`)).toHaveLength(1));
    expect(await within(row).findByRole("button", { name: "Join the waitlist for Balcony" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it.each([
    ["en", "waitlist_closed", "The waitlist for this show is closed."],
    ["en", "waitlist_already_joined", "You are already on the waitlist for this ticket type."],
    ["en", "tier_required", "This ticket type is for a higher tier: only its members may wait for it."],
    ["pt-BR", "waitlist_closed", "A lista de espera deste show está encerrada."],
    ["pt-BR", "waitlist_not_sold_out", "Este tipo de ingresso voltou a ser vendido: compre-o."],
  ] as const)("says why the Worker refused a join (%s, %s), and nothing changes", async (locale, code, text) => {
    api(MEMBER, { "GET /api/waitlist/places": json(200, { places: [] }), "POST /api/waitlist/places": apiError(409, code, "refused") });
    renderEvents(locale);
    const tickets = await screen.findByRole("region", { name: (name) => name.endsWith(": Ticket Night") });
    const join = await within(tickets).findByRole("button", {
      name: locale === "en" ? "Join the waitlist for Balcony" : "Entrar na lista de espera de Balcony",
    });
    fireEvent.click(join);
    expect((await within(tickets).findByRole("alert")).textContent).toBe(text);
    expect(within(tickets).getByRole("button", { name: join.getAttribute("aria-label")! })).toBeTruthy();
  });

  it.each([
    ["en", "few", "You're on the waitlist — a few fans are waiting"],
    ["en", "some", "You're on the waitlist — some fans are waiting"],
    ["pt-BR", "few", "Você está na lista de espera — poucos fãs estão esperando"],
    ["pt-BR", "many", "Você está na lista de espera — muitos fãs estão esperando"],
  ] as const)("says how busy the list is in words (%s, %s), never a number", async (locale, busy: WaitlistBusy, text) => {
    api(MEMBER, { "GET /api/waitlist/places": json(200, { places: [place({ busy })] }) });
    renderEvents(locale);
    const tickets = await screen.findByRole("region", { name: (name) => name.endsWith(": Ticket Night") });
    expect(await within(tickets).findByText(text)).toBeTruthy();
  });

  it("with tickets held for them, is sent to pay in My tickets", async () => {
    const offer = {
      id: "of-1",
      quantity: 2,
      holdUntil: "2026-11-25T12:30:00.000Z",
      unitCents: 4000,
      totalCents: 8000,
      currency: "usd" as const,
      taxAdded: false,
    };
    api(MEMBER, { "GET /api/waitlist/places": json(200, { places: [place({ offer })] }) });
    renderEvents();
    const row = await balconyRow();
    const link = await within(row).findByRole("link", { name: "Tickets are held for you: pay in My tickets" });
    expect(link.getAttribute("href")).toBe("/tickets");
  });

  it("keeps the line's place while its state loads", async () => {
    api(MEMBER, { "GET /api/waitlist/places": () => new Promise<Response>(() => {}) as unknown as Response });
    renderEvents();
    const row = await balconyRow();
    await waitFor(() => expect(row.querySelector(".waitlist-line")?.textContent).toBe("Checking the waitlist..."));
    expect(within(row).queryByRole("button", { name: /Join the waitlist/ })).toBeNull();
  });

  it("says quietly when its state cannot be read, with a way to ask again", async () => {
    let failing = true;
    api(MEMBER, { "GET /api/waitlist/places": () => (failing ? apiError(500, "internal", "boom") : json(200, { places: [] })) });
    renderEvents();
    const row = await balconyRow();
    expect(await within(row).findByText("Your place on the waitlist could not be checked.")).toBeTruthy();
    // Quiet: the card's alerts are the purchase's.
    expect(within(row).queryByRole("alert")).toBeNull();
    failing = false;
    fireEvent.click(within(row).getByRole("button", { name: "Check the waitlist again" }));
    expect(await within(row).findByRole("button", { name: "Join the waitlist for Balcony" })).toBeTruthy();
  });
});
