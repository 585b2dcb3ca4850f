// /admin/tickets with tickets sold here, and /admin/tickets/events/$eventId, against a fake API:
// the list's new columns (type, holder, check-in, source), the source filter and the event filter
// (?event=) sent as the API's query, "Show more" asking for the next page with its cursor; the
// per-event page's summary, a bar per type, the door list with its search, sort, print and CSV,
// and its missing, failed and Portuguese states.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route as TicketsRoute } from "../../app/routes/admin/tickets";
import { Route as SalesRoute } from "../../app/routes/admin/tickets_.events.$eventId";
import type { TicketsListResponse, TicketView } from "../../worker/contracts/tickets/admin";
import type { DoorListResponse, TicketSalesResponse } from "../../worker/contracts/tickets/admin-sales";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp } from "./accounts-harness";

const API = "/api/admin/tickets";
const TIME_ZONE = "America/Sao_Paulo";

const sold = (id: string, extra: Partial<TicketView> = {}): TicketView => ({
  id,
  source: "sold",
  orderId: "1042",
  eventId: "ev-mia",
  eventTitle: "Miami Freestyle Heat",
  eventTitlePtBr: "Calor Freestyle em Miami",
  customerEmail: "ana@example.com",
  customerName: "ana_l",
  status: "confirmed",
  price: 25,
  currency: "USD",
  createdAt: "2026-11-20T18:30:00.000Z",
  ticketStatus: "valid",
  storeOrderId: "order-1",
  typeName: "General",
  holderName: "Ana Lopez",
  code: "TKT-AAAA-BBBB",
  checkedInAt: null,
  ...extra,
});

const FIRST: TicketsListResponse = {
  tickets: [
    sold("s1", { checkedInAt: "2026-12-13T01:30:00.000Z" }),
    sold("s2", { status: "cancelled", ticketStatus: "refunded", holderName: null }),
    {
      ...sold("i1", { orderId: "EB-77", source: "imported", ticketStatus: null, storeOrderId: null, typeName: null, holderName: null, code: null }),
      customerName: null,
    },
  ],
  count: 4,
  totals: [{ currency: "USD", amount: 100, count: 4 }],
  truncated: true,
  nextCursor: "1763663400000:i1",
};
const SECOND: TicketsListResponse = { tickets: [sold("s3", { orderId: "1001", holderName: "Bo Last" })], count: 4, totals: FIRST.totals, truncated: false };

const SALES: TicketSalesResponse = {
  event: {
    id: "ev-mia",
    title: "Miami Freestyle Heat",
    titlePtBr: "Calor Freestyle em Miami",
    eventDate: "2026-12-13T01:00:00.000Z",
    timeZone: "America/New_York",
    status: "published",
    currency: "usd",
    capacity: 300,
    taken: 12,
    saleState: "on_sale",
  },
  types: [
    {
      id: "tt-gen",
      name: "General",
      namePtBr: "Pista",
      priceCents: 2500,
      vipOnly: false,
      quantity: 100,
      remaining: 90,
      held: 1,
      sold: 8,
      checkedIn: 3,
      refunded: 1,
      cancelled: 0,
      revenueCents: 20000,
    },
    {
      id: "tt-vip",
      name: "VIP area",
      namePtBr: null,
      priceCents: 8000,
      vipOnly: true,
      quantity: 20,
      remaining: 18,
      held: 0,
      sold: 2,
      checkedIn: 0,
      refunded: 0,
      cancelled: 0,
      revenueCents: 16000,
    },
  ],
  totals: { sold: 10, checkedIn: 3, refunded: 1, cancelled: 0, held: 1, revenueCents: 36000 },
};

const DOOR: DoorListResponse = {
  eventId: "ev-mia",
  total: 2,
  checkedIn: 1,
  entries: [
    {
      id: "s1",
      name: "Álvaro Ribeiro",
      named: "holder",
      email: "ana@example.com",
      typeName: "VIP area",
      code: "TKT-AAAA-BBBB",
      checkedInAt: "2026-12-13T01:30:00.000Z",
      checkedInBy: "door_joe",
    },
    {
      id: "s2",
      name: "guest@example.com",
      named: "owner",
      email: "guest@example.com",
      typeName: "General",
      code: "TKT-CCCC-DDDD",
      checkedInAt: null,
      checkedInBy: null,
    },
  ],
};

function fakeServer({ sales = () => json(200, SALES), door = () => json(200, DOOR) }: { sales?: () => Response; door?: () => Response } = {}) {
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${API}`]: (request) => json(200, new URL(request.url).searchParams.get("cursor") ? SECOND : FIRST),
    [`GET ${API}/events/ev-mia`]: () => sales(),
    [`GET ${API}/events/ev-mia/door`]: () => door(),
  });
  const queries = (path: string) =>
    api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .filter((url) => url.pathname === path)
      .map((url) => Object.fromEntries(url.searchParams));
  return { ...api, queries };
}

function render(url: string, locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(
    root.addChildren([mountFileRoute(TicketsRoute, "/admin/tickets", root), mountFileRoute(SalesRoute, "/admin/tickets/events/$eventId", root)]),
    url,
    { locale },
  );
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent?.trim() ?? ""));

beforeEach(() => {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: TIME_ZONE };
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/tickets with tickets sold here", () => {
  it("shows each sold ticket's type, holder, check-in and source, and why a sold ticket is cancelled", async () => {
    fakeServer();
    render("/admin/tickets");
    await screen.findByText("EB-77");
    const table = screen.getByRole("table", { name: "Tickets, newest first" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Order ID", "Event", "Customer", "Status", "Price", "Date", "Ticket type", "Holder", "Checked in", "Source", "Actions"]);
    const [first, second, third] = rowsOf(table).map((cells) => [cells[0], cells[3], cells[6], cells[7], cells[8] !== "", cells[9]]);
    expect(first).toEqual(["1042", "Confirmed", "General", "Ana Lopez", true, "Sold here"]);
    expect(second).toEqual(["1042", "Cancelled (refunded)", "General", "", false, "Sold here"]);
    expect(third).toEqual(["EB-77", "Confirmed", "", "", false, "Imported"]);
    // The event's title leads to its sales and door list.
    expect(within(table).getAllByRole("link", { name: "Miami Freestyle Heat" })[0]!.getAttribute("href")).toBe("/admin/tickets/events/ev-mia");
  });

  it("sends the source filter, and Show more asks for the next page with the cursor and adds it", async () => {
    const server = fakeServer();
    render("/admin/tickets");
    await screen.findByText("EB-77");
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    await screen.findByText("Bo Last");
    expect(server.queries(API).at(-1)).toEqual({ search: "", status: "all", time: "all", tz: TIME_ZONE, cursor: "1763663400000:i1" });
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(screen.getByText("Showing the newest 4 of 4 tickets. Export CSV has them all.")).toBeTruthy();

    const source = screen.getByLabelText("Source") as HTMLSelectElement;
    expect([...source.options].map((o) => o.text)).toEqual(["All Sources", "Sold here", "Imported"]);
    fireEvent.change(source, { target: { value: "sold" } });
    await waitFor(() => expect(server.queries(API).at(-1)).toEqual({ search: "", status: "all", time: "all", tz: TIME_ZONE, source: "sold" }));
    // A new filter starts from its first page again.
    await waitFor(() => expect(screen.queryByText("Bo Last")).toBeNull());
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `${API}/export.csv?search=&status=all&time=all&tz=America%2FSao_Paulo&source=sold`,
    );
  });

  it("opened with ?event=, lists that event's tickets and links its sales page", async () => {
    const server = fakeServer();
    render("/admin/tickets?event=ev-mia");
    await screen.findByText("EB-77");
    expect(server.queries(API)[0]).toEqual({ search: "", status: "all", time: "all", tz: TIME_ZONE, event: "ev-mia" });
    expect(screen.getByText("Event: Miami Freestyle Heat")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sales and door list" }).getAttribute("href")).toBe("/admin/tickets/events/ev-mia");
    expect(screen.getByRole("link", { name: "Show every event" }).getAttribute("href")).toBe("/admin/tickets");
  });
});

describe("/admin/tickets/events/$eventId", () => {
  it("shows the summary, a bar per type in words, and the door list", async () => {
    fakeServer();
    render("/admin/tickets/events/ev-mia");
    expect(await screen.findByRole("heading", { level: 2, name: "Miami Freestyle Heat" })).toBeTruthy();
    const stat = (name: string) =>
      within(screen.getByRole("article", { name })).getByText((_, el) => el?.classList.contains("admin-stat-value") ?? false).textContent;
    expect([stat("Sold"), stat("Checked in"), stat("Revenue"), stat("Capacity")]).toEqual(["10", "3", "$360.00", "12 of 300 taken"]);
    expect(screen.getByText("On sale")).toBeTruthy();
    expect(screen.getByRole("img", { name: "General: 8 sold, 3 checked in, 90 left of 100" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "VIP area: 2 sold, 0 checked in, 18 left of 20" })).toBeTruthy();
    expect(screen.getByText("1 refunded · 0 cancelled · 1 held in open checkouts")).toBeTruthy();

    const door = await screen.findByRole("table", { name: "Valid tickets of this event" });
    expect(rowsOf(door)).toEqual([
      ["Álvaro Ribeiro", "ana@example.com", "VIP area", "TKT-AAAA-BBBB", expect.stringContaining("by door_joe")],
      ["guest@example.com (no holder name: the ticket's owner)", "guest@example.com", "General", "TKT-CCCC-DDDD", "Not yet"],
    ]);
    expect(screen.getByText("1 of 2 checked in")).toBeTruthy();
  });

  it("searches and sorts the door list on the server, prints it, and links its CSV", async () => {
    const server = fakeServer();
    const print = vi.fn();
    vi.stubGlobal("print", print);
    render("/admin/tickets/events/ev-mia");
    await screen.findByRole("table", { name: "Valid tickets of this event" });
    fireEvent.change(screen.getByLabelText("Search the door list"), { target: { value: " alvaro " } });
    await waitFor(() => expect(server.queries(`${API}/events/ev-mia/door`).at(-1)).toEqual({ sort: "name", search: "alvaro" }));
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "checked_in" } });
    await waitFor(() => expect(server.queries(`${API}/events/ev-mia/door`).at(-1)).toEqual({ sort: "checked_in", search: "alvaro" }));
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      `${API}/events/ev-mia/door.csv?sort=checked_in&search=alvaro&tz=America%2FSao_Paulo`,
    );
    fireEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("says when the event does not exist, when the door list is empty, and when loading failed", async () => {
    fakeServer({ sales: () => apiError(404, "event_not_found", "Event not found") });
    render("/admin/tickets/events/ev-mia");
    expect((await screen.findByRole("alert")).textContent).toBe("This event does not exist.");
    cleanup();

    fakeServer({ door: () => json(200, { eventId: "ev-mia", total: 0, checkedIn: 0, entries: [] }) });
    render("/admin/tickets/events/ev-mia");
    expect(await screen.findByText("No tickets to show")).toBeTruthy();
    cleanup();

    fakeServer({ sales: () => apiError(500, "internal", "Down") });
    render("/admin/tickets/events/ev-mia");
    expect(await screen.findByText("Failed to load the sales")).toBeTruthy();
  });

  it("is in Portuguese, with the show's and the type's Portuguese names", async () => {
    fakeServer();
    render("/admin/tickets/events/ev-mia", "pt-BR");
    expect(await screen.findByRole("img", { name: "Pista: 8 vendidos, 3 entraram, 90 restantes de 100" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Calor Freestyle em Miami" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Lista da portaria" })).toBeTruthy();
    expect(screen.getByText("À venda")).toBeTruthy();
  });
});
