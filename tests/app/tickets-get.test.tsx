// "Get tickets" on an event card (decision 055) on /events against a fake API: the types with their
// prices, "N left", "Sold out" and the VIP-only badge; quantity pickers within the per-order limit
// and what is left; a visitor's e-mail; Buy sends the store's checkout body with the ticket lines
// and a fresh attemptId and goes to the answer's url; the checkout's refusals read by code; the
// sale window ("VIP presale {date}", "On sale {date}") in the venue's zone, in both languages; VIP
// members buy in the presale and VIP-only types, others are shown the way to VIP; an event sold
// elsewhere keeps its link.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicEvent } from "../../worker/contracts/events";
import type { EventTicketSale, PublicTicketType } from "../../worker/contracts/tickets/event-tickets-model";
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
const VIP_AREA: PublicTicketType = {
  id: "tt-vip",
  name: "VIP area",
  priceCents: 9000,
  currency: "usd",
  perOrderLimit: 4,
  vipOnly: true,
  minTier: null,
  left: 3,
  soldOut: false,
};
const BALCONY: PublicTicketType = {
  id: "tt-balcony",
  name: "Balcony",
  priceCents: 4000,
  currency: "usd",
  perOrderLimit: 4,
  vipOnly: false,
  minTier: null,
  left: null,
  soldOut: true,
};

const onSale = (overrides: Partial<EventTicketSale> = {}): EventTicketSale => ({
  state: "on_sale",
  opensAt: null,
  vipOpensAt: null,
  // 19:00 EST on 19 December 2026.
  endsAt: "2026-12-20T00:00:00.000Z",
  soldOut: false,
  types: [GENERAL, VIP_AREA, BALCONY],
  ...overrides,
});

const event = (tickets: EventTicketSale | undefined, overrides: Partial<PublicEvent> = {}): PublicEvent => ({
  id: "ev-tickets",
  title: "Ticket Night",
  description: null,
  eventDate: "2026-12-20T01:00:00.000Z",
  endDate: null,
  timeZone: "America/New_York",
  online: false,
  venueName: "Neon Hall",
  venueAddress: "100 Ocean Drive",
  venueCity: "Miami",
  venueState: "FL",
  venueCountry: "USA",
  venuePostalCode: null,
  venueCapacity: 500,
  ticketPriceMin: 25,
  ticketPriceMax: 90,
  currency: "USD",
  externalTicketUrl: "https://tickets.example.test/elsewhere",
  imageUrl: null,
  availability: "available",
  lang: "en",
  past: false,
  ...(tickets ? { tickets } : {}),
  ...overrides,
});

function api(ev: PublicEvent, user: ReturnType<typeof sessionUser> | null, extra: ApiRoutes = {}) {
  return mockApi({
    "GET /api/auth/me": json(200, { user }),
    ...configRoute(),
    "GET /api/events": json(200, { events: [ev] }),
    ...extra,
  });
}

function renderEvents(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(EventsRoute, "/events", root), stubRoute(root, "/virtual-meet"), stubRoute(root, "/vip-signup")]);
  return renderApp(tree, "/events", { locale });
}

const VIP = sessionUser({ isVIP: true });
const MEMBER = sessionUser();
const squash = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
/** The block by the start of its name ("Get tickets: <event>"). */
const block = async (title = "Get tickets") => (await screen.findByRole("region", { name: (name) => name.startsWith(`${title}: `) })) as HTMLElement;
const lines = (el: HTMLElement) => Array.from(el.querySelectorAll(".event-tickets-line")).map((p) => squash(p.textContent));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-25T12:00:00Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("Get tickets, on sale", () => {
  it("lists the types with prices, N left, Sold out and VIP only; no outside link", async () => {
    api(event(onSale()), null);
    renderEvents();
    const tickets = await block();
    expect(lines(tickets)).toEqual(["On sale until Sat, Dec 19, 2026, 7:00 PM EST"]);
    const items = within(tickets).getAllByRole("listitem");
    expect(items.map((li) => squash(li.querySelector(".event-tickets-name")?.textContent))).toEqual(["General", "VIP areaVIP only", "Balcony"]);
    expect(items.map((li) => squash(li.querySelector(".event-tickets-price")?.textContent))).toEqual(["$25.00", "$90.00", "$40.00"]);
    expect(items.map((li) => squash(li.querySelector(".event-tickets-left")?.textContent))).toEqual(["", "3 left", "Sold out"]);
    // A visitor picks General only: the VIP-only and the sold-out types have no picker.
    expect(
      within(tickets)
        .getAllByRole("combobox")
        .map((s) => s.getAttribute("aria-label")),
    ).toEqual(["How many General tickets"]);
    expect(within(tickets).getByRole("link", { name: "Become a VIP" })).toBeTruthy();
    const card = screen.getByRole("article", { name: "Ticket Night" });
    expect(within(card).queryByRole("link", { name: "Buy tickets for Ticket Night (opens in a new tab)" })).toBeNull();
  });

  it("a picker offers up to the per-order limit, or what is left when fewer", async () => {
    api(event(onSale()), VIP);
    renderEvents();
    const tickets = await block();
    await within(tickets).findByRole("combobox", { name: "How many VIP area tickets" });
    const options = (name: string) => within(tickets).getByRole("combobox", { name }).querySelectorAll("option").length - 1;
    expect(options("How many General tickets")).toBe(6);
    expect(options("How many VIP area tickets")).toBe(3);
    expect(within(tickets).queryByRole("link", { name: "Become a VIP" })).toBeNull();
  });

  it("a visitor's Buy sends the ticket lines, the e-mail and a fresh attempt, and goes to the answer's url", async () => {
    const server = api(event(onSale()), null, { "POST /api/store/checkout": json(200, { url: "/store/checkout/local/cs_1" }) });
    renderEvents();
    const tickets = await block();
    // After the page's first render, which reads the origin.
    const assign = vi.fn();
    vi.spyOn(window.location, "assign").mockImplementation(assign);
    const buy = within(tickets).getByRole("button", { name: "Buy tickets" });
    // Nothing picked, no e-mail: both said, nothing sent.
    fireEvent.click(buy);
    expect(within(tickets).getByText("Choose how many tickets you want.")).toBeTruthy();
    expect(within(tickets).getByText("Enter a valid e-mail address.")).toBeTruthy();
    fireEvent.change(within(tickets).getByRole("combobox", { name: "How many General tickets" }), { target: { value: "2" } });
    fireEvent.change(within(tickets).getByLabelText("Your e-mail for the tickets"), { target: { value: " fan@example.test " } });
    fireEvent.click(buy);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/store/checkout/local/cs_1"));
    const calls = server.callsTo("POST /api/store/checkout");
    expect(calls).toHaveLength(1);
    const body = sentJson(calls[0]) as Record<string, unknown>;
    expect(body).toEqual({
      currency: "usd",
      lines: [],
      tickets: [{ ticketTypeId: "tt-general", quantity: 2 }],
      attemptId: expect.any(String),
      email: "fan@example.test",
    });
    expect(body.attemptId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ["sold_out", 409, "Sold out: someone else took the last tickets. Choose fewer or another type."],
    ["tickets_not_on_sale", 409, "Tickets for this event are not on sale right now."],
    ["tickets_vip_only", 403, "These tickets are for VIP members only."],
    ["quantity_over_limit", 400, "That is more tickets than one order may hold."],
  ])("a member's refused checkout (%s) reads as its text, and the page stays", async (code, status, text) => {
    const server = api(event(onSale()), MEMBER, { "POST /api/store/checkout": apiError(status, code, "English") });
    renderEvents();
    const tickets = await block();
    // A member's tickets go to their account's address: no e-mail field once the session is known.
    await vi.waitFor(() => expect(within(tickets).queryByLabelText("Your e-mail for the tickets")).toBeNull());
    fireEvent.change(within(tickets).getByRole("combobox", { name: "How many General tickets" }), { target: { value: "1" } });
    fireEvent.click(within(tickets).getByRole("button", { name: "Buy tickets" }));
    expect((await within(tickets).findByRole("alert")).textContent).toBe(text);
    expect((sentJson(server.callsTo("POST /api/store/checkout")[0]) as Record<string, unknown>).email).toBeUndefined();
  });

  it("sold out: says so, with no pickers and no Buy", async () => {
    api(event(onSale({ soldOut: true, types: [{ ...GENERAL, soldOut: true }] })), null);
    renderEvents();
    const tickets = await block();
    expect(lines(tickets)).toEqual(["Sold out"]);
    expect(within(tickets).queryByRole("combobox")).toBeNull();
    expect(within(tickets).queryByRole("button", { name: "Buy tickets" })).toBeNull();
  });
});

describe("Get tickets before the sale", () => {
  const upcoming = onSale({ state: "upcoming", opensAt: "2026-11-28T17:00:00.000Z", vipOpensAt: "2026-11-26T15:00:00.000Z" });

  it("says when the VIP presale and the sale open, in the venue's zone, and offers nothing to buy", async () => {
    api(event(upcoming), VIP);
    renderEvents();
    const tickets = await block();
    expect(lines(tickets)).toEqual(["VIP presale Thu, Nov 26, 2026, 10:00 AM EST", "On sale Sat, Nov 28, 2026, 12:00 PM EST"]);
    expect(within(tickets).queryByRole("combobox")).toBeNull();
    expect(within(tickets).getAllByRole("listitem")).toHaveLength(3);
  });

  it("in Portuguese", async () => {
    api(event(upcoming, { lang: "pt-BR" }), null);
    renderEvents("pt-BR");
    const tickets = await block("Comprar ingressos");
    expect(lines(tickets)).toEqual([
      expect.stringMatching(/^Pré-venda VIP qui\., 26 de nov\. de 2026/),
      expect.stringMatching(/^À venda sáb\., 28 de nov\. de 2026/),
    ]);
    expect(within(tickets).getByText("Restam 3")).toBeTruthy();
    expect(within(tickets).getAllByText("Esgotado")).toHaveLength(1);
  });
});

describe("a type for a tier", () => {
  const BACKSTAGE: PublicTicketType = {
    ...VIP_AREA,
    id: "tt-backstage",
    name: "Backstage",
    minTier: { id: "inner-circle", name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
  };

  it.each([
    ["en", "Get tickets", "BackstageInner Circle and above"],
    ["pt-BR", "Comprar ingressos", "BackstageCírculo Íntimo e acima"],
  ] as const)("names the tier that may buy it (%s), in place of VIP only", async (locale, title, name) => {
    api(event(onSale({ types: [GENERAL, BACKSTAGE] }), { lang: locale }), null);
    renderEvents(locale);
    const items = within(await block(title)).getAllByRole("listitem");
    expect(items.map((li) => squash(li.querySelector(".event-tickets-name")?.textContent))).toEqual(["General", name]);
  });
});

describe("Get tickets in the VIP presale", () => {
  const presale = onSale({ state: "vip_presale", opensAt: "2026-11-28T17:00:00.000Z", vipOpensAt: "2026-11-24T15:00:00.000Z" });

  it("a VIP member picks and buys; a member is shown the way to VIP", async () => {
    api(event(presale), VIP);
    renderEvents();
    let tickets = await block();
    expect(lines(tickets)).toEqual(["VIP presale on now: VIP members buy before everyone else", "On sale Sat, Nov 28, 2026, 12:00 PM EST"]);
    expect(await within(tickets).findAllByRole("combobox")).toHaveLength(2);
    cleanup();

    api(event(presale), MEMBER);
    renderEvents();
    tickets = await block();
    await within(tickets).findByRole("link", { name: "Become a VIP" });
    expect(within(tickets).queryByRole("combobox")).toBeNull();
    expect(within(tickets).queryByRole("button", { name: "Buy tickets" })).toBeNull();
  });
});

describe("an event sold elsewhere", () => {
  it("keeps its outside ticket link and has no Get tickets", async () => {
    api(event(undefined), null);
    renderEvents();
    const card = await screen.findByRole("article", { name: "Ticket Night" });
    expect(within(card).getByRole("link", { name: "Buy tickets for Ticket Night (opens in a new tab)" }).getAttribute("href")).toBe(
      "https://tickets.example.test/elsewhere",
    );
    expect(within(card).queryByRole("region", { name: /^Get tickets/ })).toBeNull();
  });
});
