// The waitlist on /tickets (decision 185), against a fake API: the tickets held for the member with
// the show, the quantity, the total at face value and a countdown to the hold's end (fake clock),
// which says once, politely, until when, and that the offer passed when it ends; "Pay now" asks the
// claim's checkout and goes to its url (and says why when it cannot); "Decline" after a
// confirmation; the places with how busy each list is and Leave; "Hand back" with a dialog saying
// what comes back and when, then "Handed back — waiting for a fan" and "Take back"; refusals by
// code; both languages.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicEvent } from "../../worker/contracts/events";
import type { MyTicket, MyTicketEvent, MyTicketsResponse } from "../../worker/contracts/tickets/mine-model";
import type { TicketReturn, WaitlistOffer, WaitlistPlace } from "../../worker/contracts/waitlist/model";
import { Route as TicketsRoute } from "../../app/routes/tickets/index";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const NOW = new Date("2026-11-25T12:00:00Z");

const SHOW: MyTicketEvent = {
  id: "ev-1",
  title: "Summer show",
  startsAt: "2026-12-05T02:00:00.000Z",
  endsAt: "2026-12-05T04:00:00.000Z",
  timeZone: "America/New_York",
  status: "published",
  isOnline: false,
  venueName: "Club Fixture",
  venueAddress: null,
  venueCity: "Miami",
  venueCountry: "USA",
};

const ticket = (overrides: Partial<MyTicket> = {}): MyTicket => ({
  id: "t-1",
  code: "TKT-7K3M-9QXD",
  status: "valid",
  checkedInAt: null,
  typeName: "General",
  priceCents: 2500,
  currency: "usd",
  holderName: null,
  token: "header.payload.signature",
  orderNumber: 1042,
  bought: true,
  transferredAt: null,
  editable: true,
  transferable: true,
  kind: "venue",
  watchUrl: null,
  ...overrides,
});

const TICKETS: MyTicketsResponse = { upcoming: [{ event: SHOW, tickets: [ticket()] }], past: [] };

/** The show waited for, as the public events list names it. */
const WAITED: PublicEvent = {
  id: "ev-2",
  title: "Winter show",
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
  ticketPriceMin: 40,
  ticketPriceMax: 40,
  currency: "USD",
  externalTicketUrl: null,
  imageUrl: null,
  availability: "available",
  lang: "en",
  past: false,
  tickets: {
    state: "on_sale",
    opensAt: null,
    vipOpensAt: null,
    endsAt: "2026-12-20T00:00:00.000Z",
    soldOut: true,
    types: [
      { id: "tt-balcony", name: "Balcony", priceCents: 4000, currency: "usd", perOrderLimit: 4, vipOnly: false, minTier: null, left: null, soldOut: true },
    ],
  },
};

const OFFER: WaitlistOffer = {
  id: "of-1",
  quantity: 2,
  holdUntil: "2026-11-25T12:10:00.000Z",
  unitCents: 4000,
  totalCents: 8000,
  currency: "usd",
  taxAdded: false,
};
const place = (overrides: Partial<WaitlistPlace> = {}): WaitlistPlace => ({
  id: "pl-1",
  ticketTypeId: "tt-balcony",
  eventId: WAITED.id,
  quantity: 2,
  joinedAt: "2026-11-20T12:00:00.000Z",
  busy: "some",
  offer: OFFER,
  ...overrides,
});
const RETURN: TicketReturn = {
  id: "rt-1",
  ticketId: "t-1",
  eventId: SHOW.id,
  status: "listed",
  refundCents: 2500,
  currency: "usd",
  listedAt: "2026-11-25T12:00:00.000Z",
};

function api(places: WaitlistPlace[] | (() => Response), extra: ApiRoutes = {}, returns: TicketReturn[] = []) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() }),
    ...configRoute(),
    "GET /api/tickets": json(200, TICKETS),
    "GET /api/events": json(200, { events: [WAITED] }),
    "GET /api/waitlist/places": typeof places === "function" ? places : json(200, { places }),
    "GET /api/waitlist/returns": json(200, { returns }),
    ...extra,
  });
}

function renderTickets(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([mountFileRoute(TicketsRoute, "/tickets", root), stubRoute(root, "/social/login"), stubRoute(root, "/events")]);
  return renderApp(tree, "/tickets", { locale });
}

const offers = async (name = "Tickets held for you") => (await screen.findByRole("region", { name })) as HTMLElement;
const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

beforeEach(() => {
  // The countdown's ticks are faked; the rest of the page's timers stay real.
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("tickets held for the member", () => {
  it("say that tax is added when they are released seats where the store adds tax", async () => {
    api([place({ offer: { ...OFFER, taxAdded: true } })]);
    renderTickets();
    const offer = await within(await offers()).findByRole("article", { name: "Winter show" });
    expect(offer.textContent).toContain("$80.00 at face value, plus tax where it applies");
  });

  it("show the show, how many, the total at face value and the time left, said once; then that the hold passed", async () => {
    api([place()]);
    renderTickets();
    const block = await offers();
    const offer = await within(block).findByRole("article", { name: "Winter show" });
    expect(offer.textContent).toContain("Balcony");
    expect(offer.textContent).toContain("2 tickets");
    expect(offer.textContent).toContain("$80.00 at face value");
    expect(within(offer).getByRole("timer").textContent).toBe("10:00 left to pay");
    // Announced after the first tick, and only once: the timer itself is not a live region.
    const status = within(offer).getByRole("status");
    expect(status.textContent).toBe("");
    tick(1_000);
    expect(within(offer).getByRole("timer").textContent).toBe("9:59 left to pay");
    expect(status.textContent).toMatch(/^These tickets are held for you until .+\. Pay before then or they go to the next fan\.$/);
    const said = status.textContent;
    tick(5_000);
    expect(status.textContent).toBe(said);
    expect(within(offer).getByRole("timer").textContent).toBe("9:54 left to pay");

    tick(10 * 60_000);
    expect(within(offer).queryByRole("timer")).toBeNull();
    expect(status.textContent).toContain("This offer has passed");
    expect(within(offer).queryByRole("button", { name: /Pay now/ })).toBeNull();
  });

  it("Pay now asks the claim's checkout and goes to its page", async () => {
    const assign = vi.fn();
    vi.spyOn(window.location, "assign").mockImplementation(assign);
    const { callsTo } = api([place()], { "POST /api/waitlist/offers/of-1/checkout": json(200, { url: "https://checkout.example.test/s/1" }) });
    renderTickets();
    const block = await offers();
    fireEvent.click(await within(block).findByRole("button", { name: "Pay now for Winter show" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.example.test/s/1"));
    expect(callsTo("POST /api/waitlist/offers/of-1/checkout")).toHaveLength(1);
    expect(within(block).getByRole("button", { name: "Pay now for Winter show" }).textContent).toBe("Opening the checkout...");
  });

  it.each([
    [
      "a claim after the hold",
      apiError(409, "waitlist_offer_gone", "gone"),
      "This offer has passed: its hold ran out or it went to someone else. Nothing was charged.",
    ],
    ["no claim route yet", apiError(404, "not_found", "Not found"), "The checkout could not be opened. Please try again."],
  ])("Pay now says why it cannot open: %s", async (_, answer, text) => {
    const assign = vi.fn();
    vi.spyOn(window.location, "assign").mockImplementation(assign);
    api([place()], { "POST /api/waitlist/offers/of-1/checkout": answer });
    renderTickets();
    const block = await offers();
    fireEvent.click(await within(block).findByRole("button", { name: "Pay now for Winter show" }));
    expect((await within(block).findByRole("alert")).textContent).toBe(text);
    expect(assign).not.toHaveBeenCalled();
  });

  it("Decline asks first, then the offer passes on and the member keeps the place", async () => {
    let places = [place()];
    const { callsTo } = api(() => json(200, { places }), {
      "POST /api/waitlist/offers/of-1/decline": () => {
        places = [place({ offer: null })];
        return new Response(null, { status: 204 });
      },
    });
    renderTickets();
    const block = await offers();
    fireEvent.click(await within(block).findByRole("button", { name: "Decline the tickets for Winter show" }));
    const dialog = screen.getByRole("dialog", { name: "Decline these tickets?" });
    expect(dialog.textContent).toContain("You keep your place on the waitlist");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep the offer" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(callsTo("POST /api/waitlist/offers/of-1/decline")).toHaveLength(0);

    fireEvent.click(within(block).getByRole("button", { name: "Decline the tickets for Winter show" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Decline the offer" }));
    expect(await screen.findByText("Offer declined: the tickets went to the next fan. You keep your place.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Tickets held for you" })).toBeNull());
    const places_ = screen.getByRole("region", { name: "Your waitlist places" });
    expect(within(places_).getByTestId("waitlist-place").textContent).toContain("Some fans are waiting");
  });

  it("in Portuguese", async () => {
    api([place()]);
    renderTickets("pt-BR");
    const block = await offers("Ingressos reservados para você");
    const offer = await within(block).findByRole("article", { name: "Winter show" });
    expect(offer.textContent).toContain("2 ingressos");
    expect(within(offer).getByRole("timer").textContent).toBe("10:00 para pagar");
    expect(within(offer).getByRole("button", { name: "Pagar agora por Winter show" })).toBeTruthy();
    tick(11 * 60_000);
    expect(within(offer).getByRole("status").textContent).toContain("Esta oferta passou");
  });
});

describe("the member's places", () => {
  it("list each show and type with how busy it is, and Leave after confirming", async () => {
    let places = [place({ offer: null, busy: "many" })];
    const { callsTo } = api(() => json(200, { places }), {
      "DELETE /api/waitlist/places/pl-1": () => {
        places = [];
        return new Response(null, { status: 204 });
      },
    });
    renderTickets();
    const list = await screen.findByRole("region", { name: "Your waitlist places" });
    const row = await within(list).findByTestId("waitlist-place");
    await waitFor(() => expect(row.textContent).toContain("Winter show · Balcony"));
    expect(row.textContent).toContain("Many fans are waiting");
    expect(screen.queryByRole("region", { name: "Tickets held for you" })).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Leave the waitlist for Winter show · Balcony" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Leave the waitlist?" })).getByRole("button", { name: "Leave the waitlist" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Your waitlist places" })).toBeNull());
    expect(callsTo("DELETE /api/waitlist/places/pl-1")).toHaveLength(1);
  });

  it("show nothing when there are none, and say quietly when they cannot be read", async () => {
    api([]);
    renderTickets();
    await screen.findByRole("article", { name: "Summer show" });
    expect(screen.queryByRole("region", { name: "Your waitlist places" })).toBeNull();
    cleanup();

    api(() => apiError(500, "internal", "boom"));
    renderTickets();
    expect(await screen.findByText("Your waitlist places could not be loaded.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("Hand back", () => {
  it("says what comes back and when, hands back on confirming, then offers Take back", async () => {
    let returns: TicketReturn[] = [];
    const { callsTo } = mockApi({
      "GET /api/auth/me": json(200, { user: sessionUser() }),
      ...configRoute(),
      "GET /api/tickets": json(200, TICKETS),
      "GET /api/waitlist/places": json(200, { places: [] }),
      "GET /api/waitlist/returns": () => json(200, { returns }),
      "POST /api/waitlist/returns": () => {
        returns = [RETURN];
        return json(201, { return: RETURN });
      },
      "DELETE /api/waitlist/returns/rt-1": () => {
        returns = [{ ...RETURN, status: "withdrawn" }];
        return new Response(null, { status: 204 });
      },
    });
    renderTickets();
    const [row] = await screen.findAllByTestId("my-ticket");
    const handBack = await within(row!).findByRole("button", { name: "Hand back ticket TKT-7K3M-9QXD" });
    expect(handBack.textContent).toBe("Hand back");
    fireEvent.click(handBack);
    const dialog = screen.getByRole("dialog", { name: "Hand this ticket back?" });
    expect(dialog.textContent).toContain("What you get back: $25.00, the price you paid for it. No service fee is kept.");
    expect(dialog.textContent).toContain("When: when a fan on the waitlist pays; until then the ticket stays yours");
    fireEvent.click(within(dialog).getByRole("button", { name: "Hand it back" }));
    const returned = await within(row!).findByTestId("ticket-returned");
    expect(returned.textContent).toContain("Handed back — waiting for a fan");
    expect(returned.textContent).toContain("You get $25.00 back when a fan pays for it.");
    expect(sentJson(callsTo("POST /api/waitlist/returns")[0])).toEqual({ ticketId: "t-1" });
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(within(returned).getByRole("button", { name: "Take back ticket TKT-7K3M-9QXD" }));
    expect(await within(row!).findByRole("button", { name: "Hand back ticket TKT-7K3M-9QXD" })).toBeTruthy();
    expect(callsTo("DELETE /api/waitlist/returns/rt-1")).toHaveLength(1);
  });

  it("once offered to a fan, says so with no Take back; and a refusal to take back reads by its code", async () => {
    api([], { "DELETE /api/waitlist/returns/rt-1": apiError(409, "waitlist_return_offered", "offered") }, [RETURN]);
    renderTickets();
    const [row] = await screen.findAllByTestId("my-ticket");
    const returned = await within(row!).findByTestId("ticket-returned");
    fireEvent.click(within(returned).getByRole("button", { name: "Take back ticket TKT-7K3M-9QXD" }));
    expect((await within(returned).findByRole("alert")).textContent).toBe(
      "A fan on the waitlist has been offered this ticket: it can no longer be taken back.",
    );
    cleanup();

    api([], {}, [{ ...RETURN, status: "offered" }]);
    renderTickets();
    const [again] = await screen.findAllByTestId("my-ticket");
    const offered = await within(again!).findByTestId("ticket-returned");
    expect(offered.textContent).toContain("Handed back — offered to a fan");
    expect(within(offered).queryByRole("button")).toBeNull();
  });

  it.each([
    ["en", "waitlist_returns_closed", "This show takes no returns now: keep the ticket or transfer it to a friend."],
    ["pt-BR", "waitlist_already_returned", "Este ingresso já foi devolvido."],
  ] as const)("says why the Worker refused (%s, %s), in the dialog", async (locale, code, text) => {
    api([], { "POST /api/waitlist/returns": apiError(409, code, "refused") });
    renderTickets(locale);
    const [row] = await screen.findAllByTestId("my-ticket");
    fireEvent.click(
      await within(row!).findByRole("button", { name: locale === "en" ? "Hand back ticket TKT-7K3M-9QXD" : "Devolver o ingresso TKT-7K3M-9QXD" }),
    );
    const dialog = screen.getByRole("dialog");
    if (locale === "pt-BR")
      expect(dialog.textContent).toMatch(/O que você recebe de volta: US\$\s25,00, o preço que pagou\. Nenhuma taxa de serviço é retida\./);
    fireEvent.click(within(dialog).getByRole("button", { name: locale === "en" ? "Hand it back" : "Devolver o ingresso" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(text);
  });

  it("is not offered once returns have closed before the show, nor on a ticket that can no longer change hands", async () => {
    vi.setSystemTime(new Date("2026-12-05T00:30:00Z"));
    const { callsTo } = api([]);
    const { queryClient } = renderTickets();
    const [row] = await screen.findAllByTestId("my-ticket");
    await waitFor(() => expect(queryClient.getQueryState(["waitlist", "returns"])?.status).toBe("success"));
    expect(within(row!).getByRole("button", { name: "Transfer ticket TKT-7K3M-9QXD" })).toBeTruthy();
    expect(within(row!).queryByRole("button", { name: /Hand back/ })).toBeNull();
    expect(callsTo("GET /api/waitlist/returns")).toHaveLength(1);
    cleanup();

    vi.setSystemTime(NOW);
    const used = mockApi({
      "GET /api/auth/me": json(200, { user: sessionUser() }),
      ...configRoute(),
      "GET /api/tickets": json(200, {
        upcoming: [{ event: SHOW, tickets: [ticket({ status: "checked_in", checkedInAt: NOW.toISOString(), transferable: false, editable: false })] }],
        past: [],
      }),
      "GET /api/waitlist/places": json(200, { places: [] }),
      "GET /api/waitlist/returns": json(200, { returns: [] }),
    });
    renderTickets();
    const [usedRow] = await screen.findAllByTestId("my-ticket");
    expect(within(usedRow!).getByText(/Used at/)).toBeTruthy();
    expect(within(usedRow!).queryByRole("button", { name: /Hand back/ })).toBeNull();
    // A used ticket's returns are not even asked for.
    expect(used.callsTo("GET /api/waitlist/returns")).toHaveLength(0);
  });
});
