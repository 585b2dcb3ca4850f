// The events list against a fake API, on /events and as the landing page renders it (EventsList
// with a limit, outside the events route): the server's order, dates in the event's own zone in
// both languages, venue and place, capacity or TBA, prices per locale and currency, the ticket
// link, the sold-out look of a past event, an online event, loading, failure with retry, the empty
// state, and the calendar links (.ics, Google Calendar, the subscribable feed).
import { createRoute, type AnyRoute } from "@tanstack/react-router";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicEvent } from "../../worker/contracts/events";
import { EventsList } from "../../app/features/events/EventsList";
import { Route as EventsRoute } from "../../app/routes/events";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const NBSP = "\u00a0";

const event = (id: string, title: string, overrides: Partial<PublicEvent> = {}): PublicEvent => ({
  id,
  title,
  description: `${title}: the description.`,
  eventDate: "2026-12-06T01:00:00.000Z",
  endDate: null,
  timeZone: "America/New_York",
  online: false,
  venueName: "Hammerstein Ballroom",
  venueAddress: "311 W 34th St",
  venueCity: "New York",
  venueState: "NY",
  venueCountry: "USA",
  venuePostalCode: "10001",
  venueCapacity: 2500,
  ticketPriceMin: 25,
  ticketPriceMax: 80,
  currency: "USD",
  externalTicketUrl: "https://tickets.example.test/neon-nights",
  imageUrl: null,
  availability: "available",
  lang: "en",
  past: false,
  ...overrides,
});

/** Past (the server lists it first: date ascending), with a ticket URL it must no longer offer. */
const PAST = event("ev-past", "Spring Love Reunion", {
  eventDate: "2025-03-01T00:30:00.000Z",
  venueName: "Fillmore Miami Beach",
  venueCity: "Miami Beach",
  venueState: "FL",
  externalTicketUrl: "https://tickets.example.test/spring-love",
  availability: "sold_out",
  past: true,
});
/** Past too, and older: the archive lists the newest first. */
const OLDER = event("ev-older", "Winter Freestyle Ball", { eventDate: "2025-01-10T01:00:00.000Z", availability: "sold_out", past: true });
const NEON = event("ev-neon", "Neon Nights Live");
const SAO_PAULO = event("ev-sp", "Freestyle Festival São Paulo", {
  eventDate: "2027-01-10T23:00:00.000Z",
  endDate: "2027-01-11T03:30:00.000Z",
  timeZone: "America/Sao_Paulo",
  venueName: "Espaço Unimed",
  venueAddress: "Rua Tagipuru, 795",
  venueCity: "São Paulo",
  venueState: "SP",
  venueCountry: "BRA", // as stored: ISO alpha-3 (decision 037)
  venuePostalCode: "01156-000",
  venueCapacity: null,
  ticketPriceMin: 150,
  ticketPriceMax: 150,
  currency: "BRL",
  externalTicketUrl: "https://tickets.example.test/sp",
});
const ONLINE = event("ev-online", "Virtual Meet & Greet", {
  eventDate: "2026-11-20T22:00:00.000Z",
  timeZone: "UTC",
  online: true,
  description: null,
  venueName: null,
  venueAddress: null,
  venueCity: null,
  venueState: null,
  venueCountry: null,
  venuePostalCode: null,
  venueCapacity: null,
  ticketPriceMin: 0,
  ticketPriceMax: 0,
  externalTicketUrl: null,
});
/** No price known, no ticket link yet. */
const NO_PRICE = event("ev-noprice", "Club Night Announcement", { ticketPriceMin: null, ticketPriceMax: null, externalTicketUrl: null, venueCapacity: 800 });

// Deliberately not in date order after the first: the page keeps the server's order.
const EVENTS = [PAST, NEON, SAO_PAULO, ONLINE, NO_PRICE];

function api(extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    ...configRoute(),
    "GET /api/events": json(200, { events: EVENTS }),
    ...extra,
  });
}

function renderEvents(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(EventsRoute, "/events", root), stubRoute(root, "/virtual-meet")]);
  return renderApp(tree, "/events", { locale });
}

/** EventsList as the landing page uses it: on a page of someone else's, with a limit. */
function renderLandingList(limit: number) {
  const root = createTestRoot();
  const landing = createRoute({
    getParentRoute: () => root,
    path: "/",
    component: () => (
      <section aria-labelledby="events-title">
        <h2 id="events-title">Upcoming Events</h2>
        <EventsList limit={limit} headingLevel={3} />
      </section>
    ),
  }) as unknown as AnyRoute;
  return renderApp(root.addChildren([landing, stubRoute(root, "/virtual-meet")]), "/");
}

const cards = () => screen.getAllByRole("article");
const card = (title: string) => screen.getByRole("article", { name: title });
const text = (scope: HTMLElement, selector: string) => scope.querySelector(selector)?.textContent ?? null;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("/events in English", () => {
  it("lists the upcoming events in the server's order, each titled by a level-2 heading, in the page's language", async () => {
    const { callsTo } = api();
    renderEvents();
    await screen.findByRole("article", { name: NEON.title });
    const upcoming = cards().filter((c) => !c.closest(".events-past"));
    expect(upcoming.map((c) => within(c).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "Neon Nights Live",
      "Freestyle Festival São Paulo",
      "Virtual Meet & Greet",
      "Club Night Announcement",
    ]);
    expect(callsTo("GET /api/events")).toHaveLength(1);
    const [input] = callsTo("GET /api/events")[0]!;
    expect(String(input instanceof Request ? input.url : input)).toContain("/api/events?lang=en");
  });

  it("shows date and time in the event's own zone, with the zone named", async () => {
    api();
    renderEvents();
    const neon = await screen.findByRole("article", { name: NEON.title });
    // 01:00 UTC on Dec 6 is still Dec 5 in New York.
    expect(text(neon, ".event-date")).toBe("Sat, Dec 5, 2026");
    expect(text(neon, ".event-time")).toBe("8:00 PM EST");
    expect(neon.querySelector("time")!.getAttribute("dateTime")).toBe(NEON.eventDate);
    // The tile shows the same local day.
    expect(text(neon, ".event-tile")).toBe("Dec5");

    const sp = card(SAO_PAULO.title);
    expect(text(sp, ".event-date")).toBe("Sun, Jan 10, 2027");
    expect(text(sp, ".event-time")).toBe("8:00 PM GMT-3");
  });

  it("shows venue, city and state, the country outside the US, the description, capacity or TBA", async () => {
    api();
    renderEvents();
    const neon = await screen.findByRole("article", { name: NEON.title });
    expect(text(neon, ".event-venue")).toBe("Hammerstein Ballroom");
    expect(text(neon, ".event-place")).toBe("New York, NY");
    expect(within(neon).getByText("Neon Nights Live: the description.")).toBeTruthy();
    expect(text(neon, ".event-capacity")).toBe("2,500");

    const sp = card(SAO_PAULO.title);
    expect(text(sp, ".event-place")).toBe("São Paulo, SP, Brazil");
    expect(text(sp, ".event-capacity")).toBe("TBA");
    expect(within(sp).getByText("Capacity")).toBeTruthy();
  });

  it("formats prices with two decimals in the event's currency: a range, one price, Free, or nothing", async () => {
    api();
    renderEvents();
    const neon = await screen.findByRole("article", { name: NEON.title });
    expect(text(neon, ".event-price")).toBe("$25.00 – $80.00");
    expect(text(card(SAO_PAULO.title), ".event-price")).toBe("R$150.00");
    expect(text(card(ONLINE.title), ".event-price")).toBe("Free");
    const noPrice = card(NO_PRICE.title);
    expect(noPrice.querySelector(".event-price")).toBeNull();
    expect(within(noPrice).queryByText("Tickets")).toBeNull();
    expect(text(noPrice, ".event-capacity")).toBe("800");
  });

  it("links the tickets in a new tab, labelled with the event", async () => {
    api();
    renderEvents();
    const neon = await screen.findByRole("article", { name: NEON.title });
    const buy = within(neon).getByRole("link", { name: "Buy tickets for Neon Nights Live (opens in a new tab)" });
    expect(buy.getAttribute("href")).toBe("https://tickets.example.test/neon-nights");
    expect(buy.getAttribute("target")).toBe("_blank");
    expect(buy.getAttribute("rel")).toBe("noopener noreferrer");
    expect(buy.textContent).toBe("Buy Tickets");
    // No ticket URL, no buy link.
    expect(within(card(NO_PRICE.title)).queryByRole("link", { name: /Buy tickets/ })).toBeNull();
  });

  it("lists past shows below, newest first, never as sold out, with nothing to buy or add", async () => {
    api({ "GET /api/events": json(200, { events: [OLDER, ...EVENTS] }) });
    renderEvents();
    const archive = await screen.findByRole("region", { name: "Past shows" });
    expect(
      within(archive)
        .getAllByRole("article")
        .map((c) => within(c).getByRole("heading", { level: 3 }).textContent),
    ).toEqual(["Spring Love Reunion", "Winter Freestyle Ball"]);
    const past = within(archive).getByRole("article", { name: PAST.title });
    expect(past.classList.contains("is-past")).toBe(true);
    expect(past.querySelector(".event-badge-soldout")).toBeNull();
    expect(within(past).queryByRole("button")).toBeNull();
    expect(past.querySelector('a[href="https://tickets.example.test/spring-love"]')).toBeNull();
    expect(within(past).queryByRole("group")).toBeNull();
    // The archive comes after every upcoming event.
    expect(card(NO_PRICE.title).compareDocumentPosition(archive) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.querySelectorAll(".event-badge-soldout")).toHaveLength(0);
  });

  it("shows a future event an admin marked sold out with the badge and an inert buy control", async () => {
    api({ "GET /api/events": json(200, { events: [{ ...NEON, availability: "sold_out" }] }) });
    renderEvents();
    const neon = await screen.findByRole("article", { name: NEON.title });
    expect(text(neon, ".event-badge-soldout")).toBe("Sold out");
    expect(neon.querySelector('a[href="https://tickets.example.test/neon-nights"]')).toBeNull();
    const control = within(neon).getByRole("button", { name: "Buy tickets for Neon Nights Live: sold out" });
    expect(control.getAttribute("aria-disabled")).toBe("true");
    expect(screen.queryByRole("region", { name: "Past shows" })).toBeNull();
  });

  it("shows an online event as 'Online' with a link to /virtual-meet, and no venue", async () => {
    api();
    renderEvents();
    const online = await screen.findByRole("article", { name: ONLINE.title });
    expect(text(online, ".event-online")).toBe("Online");
    expect(online.querySelector(".event-venue")).toBeNull();
    expect(within(online).getByRole("link", { name: "About the virtual meet" }).getAttribute("href")).toBe("/virtual-meet");
    expect(text(online, ".event-date")).toBe("Fri, Nov 20, 2026");
    expect(text(online, ".event-time")).toBe("10:00 PM UTC");
    // No capacity for an online event without one.
    expect(online.querySelector(".event-capacity")).toBeNull();
  });

  it("links a streamed show's watch page ('Watch live', 'The show's page' once past), and no other event's", async () => {
    api({
      "GET /api/events": json(200, { events: [{ ...ONLINE, watchUrl: "/live/ev-online" }, { ...PAST, watchUrl: "/live/ev-past" }, NEON] }),
    });
    const root = createTestRoot();
    const tree = root.addChildren([mountFileRoute(EventsRoute, "/events", root), stubRoute(root, "/virtual-meet"), stubRoute(root, "/live/$eventId")]);
    renderApp(tree, "/events");
    const online = await screen.findByRole("article", { name: ONLINE.title });
    const watch = within(online).getByRole("link", { name: "Watch live: Virtual Meet & Greet" });
    expect([watch.getAttribute("href"), watch.textContent]).toEqual(["/live/ev-online", "Watch live"]);
    const past = within(card(PAST.title)).getByRole("link", { name: "The show's page: Spring Love Reunion" });
    expect([past.getAttribute("href"), past.textContent]).toEqual(["/live/ev-past", "The show's page"]);
    expect(card(NEON.title).querySelector(".event-watch")).toBeNull();
  });

  it("offers each upcoming event as an .ics download and a Google Calendar link", async () => {
    api();
    renderEvents();
    const neon = await screen.findByRole("article", { name: NEON.title });
    const group = within(neon).getByRole("group", { name: "Add Neon Nights Live to your calendar" });
    expect(within(group).getByRole("link", { name: "Download .ics" }).getAttribute("href")).toBe("/api/events/ev-neon/ics");
    const google = within(group).getByRole("link", { name: "Google Calendar (opens in a new tab)" });
    // No end date: two hours (DEFAULT_EVENT_HOURS) after the start.
    expect(google.getAttribute("href")).toBe(
      "https://calendar.google.com/calendar/render?action=TEMPLATE&text=Neon%20Nights%20Live&dates=20261206T010000Z/20261206T030000Z" +
        "&details=Neon%20Nights%20Live%3A%20the%20description." +
        "&location=Hammerstein%20Ballroom%2C%20311%20W%2034th%20St%2C%20New%20York%2C%20NY%2C%2010001&ctz=America%2FNew_York",
    );
    expect(google.getAttribute("target")).toBe("_blank");
    expect(google.getAttribute("rel")).toBe("noopener noreferrer");

    // With an end date, the calendar entry ends then; the country is spelled out.
    const sp = within(card(SAO_PAULO.title)).getByRole("link", { name: "Google Calendar (opens in a new tab)" });
    expect(sp.getAttribute("href")).toBe(
      "https://calendar.google.com/calendar/render?action=TEMPLATE&text=Freestyle%20Festival%20S%C3%A3o%20Paulo&dates=20270110T230000Z/20270111T033000Z" +
        "&details=Freestyle%20Festival%20S%C3%A3o%20Paulo%3A%20the%20description." +
        "&location=Espa%C3%A7o%20Unimed%2C%20Rua%20Tagipuru%2C%20795%2C%20S%C3%A3o%20Paulo%2C%20SP%2C%2001156-000%2C%20Brazil&ctz=America%2FSao_Paulo",
    );
    expect(within(card(SAO_PAULO.title)).getByRole("link", { name: "Download .ics" }).getAttribute("href")).toBe("/api/events/ev-sp/ics");

    // An online event's calendar entry points at the virtual meet page.
    const online = within(card(ONLINE.title)).getByRole("link", { name: "Google Calendar (opens in a new tab)" });
    const origin = window.location.origin;
    expect(online.getAttribute("href")).toBe(
      "https://calendar.google.com/calendar/render?action=TEMPLATE&text=Virtual%20Meet%20%26%20Greet&dates=20261120T220000Z/20261121T000000Z" +
        `&details=${encodeURIComponent(`${origin}/virtual-meet`)}&location=${encodeURIComponent(`${origin}/virtual-meet`)}&ctz=UTC`,
    );
  });

  it("offers the subscribable calendar feed", async () => {
    api();
    renderEvents();
    await screen.findByRole("article", { name: NEON.title });
    expect(screen.getByRole("link", { name: "Subscribe to the calendar" }).getAttribute("href")).toBe("/events.ics");
    expect(screen.getByRole("link", { name: "Open in my calendar app" }).getAttribute("href")).toBe(`webcal://${window.location.host}/events.ics`);
  });

  it("holds the list's place while loading, then shows 'Failed to load events' in red with a retry that asks again", async () => {
    let release: (response: Response) => void = () => {};
    let calls = 0;
    const { callsTo } = api({
      "GET /api/events": () => {
        calls++;
        if (calls === 1) return new Promise<Response>((resolve) => (release = resolve));
        return json(200, { events: [NEON] });
      },
    });
    renderEvents();
    const loading = await screen.findByRole("status");
    expect(loading.textContent).toBe("Loading events...");
    expect(loading.querySelectorAll(".event-card-skeleton")).toHaveLength(3);
    release(apiError(500, "internal", "boom"));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load events");
    expect(alert.classList.contains("error-banner")).toBe(true);
    expect(screen.queryByRole("status")).toBeNull();
    // A 5xx answer is shown at once, not retried behind the page's back.
    expect(callsTo("GET /api/events")).toHaveLength(1);

    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: NEON.title })).toBeTruthy();
    expect(callsTo("GET /api/events")).toHaveLength(2);
    expect(screen.queryByText("Failed to load events")).toBeNull();
  });

  it("says 'No events announced yet' when nothing is published", async () => {
    api({ "GET /api/events": json(200, { events: [] }) });
    renderEvents();
    expect(await screen.findByText("No events announced yet")).toBeTruthy();
    expect(screen.getByText("Check back soon, or follow us on social media for the latest news.")).toBeTruthy();
    expect(screen.queryAllByRole("article")).toHaveLength(0);
  });
});

describe("/events in Portuguese", () => {
  it("formats dates, prices and capacity the Brazilian way, still in the event's zone", async () => {
    const { callsTo } = api();
    renderEvents("pt-BR");
    const neon = await screen.findByRole("article", { name: NEON.title });
    // (This test router gives its loader no language: the list asks in the page's own.)
    expect(callsTo("GET /api/events").map(([input]) => String(input))).toContainEqual(expect.stringContaining("/api/events?lang=pt-BR"));
    expect(text(neon, ".event-date")).toBe("sáb., 5 de dez. de 2026");
    expect(text(neon, ".event-time")).toBe("20:00 GMT-5");
    expect(text(neon, ".event-price")).toBe(`US$${NBSP}25,00 – US$${NBSP}80,00`);
    expect(text(neon, ".event-capacity")).toBe("2.500");
    expect(within(neon).getByRole("link", { name: "Comprar ingressos para Neon Nights Live (abre em uma nova aba)" })).toBeTruthy();
    expect(within(neon).getByRole("group", { name: "Adicionar Neon Nights Live à sua agenda" })).toBeTruthy();
    expect(within(neon).getByRole("link", { name: "Baixar .ics" }).getAttribute("href")).toBe("/api/events/ev-neon/ics");

    const sp = card(SAO_PAULO.title);
    expect(text(sp, ".event-date")).toBe("dom., 10 de jan. de 2027");
    expect(text(sp, ".event-time")).toBe("20:00 BRT");
    expect(text(sp, ".event-price")).toBe(`R$${NBSP}150,00`);
    expect(text(sp, ".event-capacity")).toBe("A confirmar");
    expect(text(sp, ".event-place")).toBe("São Paulo, SP, Brasil");

    const archive = screen.getByRole("region", { name: "Shows anteriores" });
    expect(within(archive).getByRole("article", { name: PAST.title }).querySelector(".event-badge-soldout")).toBeNull();
    expect(text(card(ONLINE.title), ".event-price")).toBe("Gratuito");
    expect(screen.getByRole("link", { name: "Assinar a agenda de eventos" }).getAttribute("href")).toBe("/events.ics");
  });

  it("names the watch link in Portuguese", async () => {
    api({ "GET /api/events": json(200, { events: [{ ...ONLINE, watchUrl: "/live/ev-online" }] }) });
    const root = createTestRoot();
    renderApp(
      root.addChildren([mountFileRoute(EventsRoute, "/events", root), stubRoute(root, "/virtual-meet"), stubRoute(root, "/live/$eventId")]),
      "/events",
      { locale: "pt-BR" },
    );
    const online = await screen.findByRole("article", { name: ONLINE.title });
    expect(within(online).getByRole("link", { name: "Assistir ao vivo: Virtual Meet & Greet" }).textContent).toBe("Assistir ao vivo");
  });

  it("says 'Failed to load events' and the empty state in Portuguese", async () => {
    api({ "GET /api/events": apiError(500, "internal", "boom") });
    renderEvents("pt-BR");
    expect((await screen.findByRole("alert")).textContent).toContain("Falha ao carregar os eventos");
    expect(screen.getByRole("button", { name: "Tentar novamente" })).toBeTruthy();
  });
});

describe("EventsList on the landing page", () => {
  it("brings its own messages, uses level-3 headings and shows the next upcoming events up to the limit", async () => {
    api();
    renderLandingList(2);
    await screen.findByRole("article", { name: NEON.title });
    expect(cards().map((c) => within(c).getByRole("heading", { level: 3 }).textContent)).toEqual(["Neon Nights Live", "Freestyle Festival São Paulo"]);
    // Its own strings resolve (not their ids) outside the events route.
    expect(within(card(NEON.title)).getByRole("link", { name: "Download .ics" })).toBeTruthy();
    expect(text(card(SAO_PAULO.title), ".event-capacity")).toBe("TBA");
    // The subscription is the /events page's, not the list's.
    expect(screen.queryByRole("link", { name: "Subscribe to the calendar" })).toBeNull();
  });

  it("never lists a past show among the upcoming events, and has no archive", async () => {
    api({ "GET /api/events": json(200, { events: [PAST, NEON] }) });
    renderLandingList(3);
    await screen.findByRole("article", { name: NEON.title });
    expect(cards().map((c) => within(c).getByRole("heading", { level: 3 }).textContent)).toEqual(["Neon Nights Live"]);
    expect(screen.queryByText("Past shows")).toBeNull();
  });

  it("shows the empty state there too", async () => {
    api({ "GET /api/events": json(200, { events: [] }) });
    renderLandingList(3);
    await waitFor(() => expect(screen.getByText("No events announced yet")).toBeTruthy());
  });
});
