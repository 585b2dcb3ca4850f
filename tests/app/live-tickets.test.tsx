// A ticket to watch a live show online (decision 113) in /tickets and on its own page: "Watch",
// leading to the show's page, in place of "Show ticket" and the QR; a venue ticket keeps both; a
// refunded online ticket has no way to watch.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MyTicket, MyTicketEvent, MyTicketsResponse } from "../../worker/contracts/tickets/mine-model";
import { Route as TicketsRoute } from "../../app/routes/tickets/index";
import { Route as TicketRoute } from "../../app/routes/tickets/$ticketId";
import { createTestRoot, json, mockApi, mountFileRoute, renderApp, sessionUser, stubRoute } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const ONLINE_EVENT = "7c1e0000-0000-4000-8000-0000000000a1";
const STUDIO: MyTicketEvent = {
  id: ONLINE_EVENT,
  title: "Studio session",
  startsAt: "2026-12-05T02:00:00.000Z",
  endsAt: "2026-12-05T03:00:00.000Z",
  timeZone: "America/New_York",
  status: "published",
  isOnline: true,
  venueName: null,
  venueAddress: null,
  venueCity: null,
  venueCountry: null,
};
const CLUB: MyTicketEvent = {
  ...STUDIO,
  id: "ev-club",
  title: "Club night",
  isOnline: false,
  venueName: "Club Fixture",
  venueCity: "Miami",
  venueCountry: "USA",
};

const ticket = (overrides: Partial<MyTicket> = {}): MyTicket => ({
  id: "t-1",
  code: "TKT-WTCH-2345",
  status: "valid",
  checkedInAt: null,
  typeName: "Online ticket",
  priceCents: 1000,
  currency: "usd",
  holderName: null,
  token: "header.payload.signature",
  orderNumber: 1042,
  bought: true,
  transferredAt: null,
  editable: true,
  transferable: true,
  kind: "online",
  watchUrl: `/live/${ONLINE_EVENT}`,
  ...overrides,
});
const ONLINE = ticket();
const VENUE = ticket({ id: "t-2", code: "TKT-AAAA-BBBB", typeName: "General", kind: "venue", watchUrl: null });
const REFUNDED = ticket({ id: "t-3", code: "TKT-CCCC-DDDD", status: "refunded", token: null, watchUrl: `/live/${ONLINE_EVENT}` });
const LIST: MyTicketsResponse = {
  upcoming: [
    { event: STUDIO, tickets: [ONLINE, REFUNDED] },
    { event: CLUB, tickets: [VENUE] },
  ],
  past: [],
};

function renderAt(url: string) {
  mockApi({
    "GET /api/auth/me": json(200, { user: sessionUser() }),
    ...configRoute(),
    "GET /api/tickets": json(200, LIST),
    "GET /api/tickets/t-1": json(200, { event: STUDIO, ticket: ONLINE }),
  });
  const root = createTestRoot();
  const tree = root.addChildren([
    mountFileRoute(TicketsRoute, "/tickets", root),
    mountFileRoute(TicketRoute, "/tickets/$ticketId", root),
    stubRoute(root, "/social/login"),
    stubRoute(root, "/events"),
    stubRoute(root, "/live/$eventId"),
  ]);
  return renderApp(tree, url);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("online tickets", () => {
  it("have Watch in place of Show ticket in the list; a venue ticket keeps Show ticket; a refunded one has neither Watch", async () => {
    renderAt("/tickets");
    const studio = await screen.findByRole("article", { name: "Studio session" });
    const [online, refunded] = within(studio).getAllByTestId("my-ticket");
    expect(within(online!).getByRole("link", { name: "Watch Studio session" }).getAttribute("href")).toBe(`/live/${ONLINE_EVENT}`);
    expect(within(online!).queryByRole("link", { name: /Show ticket/ })).toBeNull();
    expect(within(refunded!).queryByRole("link", { name: /Watch/ })).toBeNull();
    const club = screen.getByRole("article", { name: "Club night" });
    expect(within(club).getByRole("link", { name: "Show ticket TKT-AAAA-BBBB" })).toBeTruthy();
    expect(within(club).queryByRole("link", { name: /Watch/ })).toBeNull();
  });

  it("show Watch and no QR on their own page", async () => {
    renderAt("/tickets/t-1");
    expect(await screen.findByRole("link", { name: "Watch Studio session" })).toBeTruthy();
    expect(screen.getByText("This ticket is for watching online: no QR code, no door.")).toBeTruthy();
    expect(screen.queryByTestId("ticket-qr")).toBeNull();
  });
});
