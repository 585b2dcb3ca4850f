// /tickets and /tickets/$ticketId against a fake API: tickets grouped by event (upcoming, then
// past) with their status, code and date in the event's time zone; the empty state; a failed load
// with retry; the name at the door edited inline (and the Worker's refusal said); a transfer through
// its dialog, which warns that the old QR stops; one printable ticket with its QR; a ticket that is
// not theirs; Portuguese; and a visitor sent to sign in.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MyTicket, MyTicketEvent, MyTicketResponse, MyTicketsResponse } from "../../worker/contracts/tickets/mine-model";
import { Route as TicketsRoute } from "../../app/routes/tickets/index";
import { Route as TicketRoute } from "../../app/routes/tickets/$ticketId";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson, sessionUser, stubRoute, type ApiRoutes } from "./accounts-harness";
import { configRoute } from "./fixtures/config";

const SHOW: MyTicketEvent = {
  id: "ev-1",
  title: "Summer show",
  // 9 PM in New York on Friday 4 December.
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
const OLD_SHOW: MyTicketEvent = { ...SHOW, id: "ev-0", title: "Spring show", startsAt: "2026-04-01T23:00:00.000Z", endsAt: "2026-04-02T01:00:00.000Z" };

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

const FULL: MyTicketsResponse = {
  upcoming: [{ event: SHOW, tickets: [ticket({ holderName: "Ana Souza" }), ticket({ id: "t-2", code: "TKT-AAAA-BBBB", bought: false })] }],
  past: [
    {
      event: OLD_SHOW,
      tickets: [
        ticket({
          id: "t-3",
          code: "TKT-CCCC-DDDD",
          status: "checked_in",
          checkedInAt: "2026-04-02T01:04:00.000Z",
          token: null,
          editable: false,
          transferable: false,
        }),
        ticket({ id: "t-4", code: "TKT-EEEE-FFFF", status: "refunded", token: null, editable: false, transferable: false }),
      ],
    },
  ],
};
const EMPTY: MyTicketsResponse = { upcoming: [], past: [] };

function api(list: MyTicketsResponse | ApiRoutes[string], extra: ApiRoutes = {}, me: ReturnType<typeof sessionUser> | null = sessionUser()) {
  return mockApi({
    "GET /api/auth/me": json(200, { user: me }),
    ...configRoute(),
    "GET /api/tickets": typeof list === "function" || list instanceof Response ? list : json(200, list),
    ...extra,
  });
}

function renderTickets(url = "/tickets", locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  const tree = root.addChildren([
    mountFileRoute(TicketsRoute, "/tickets", root),
    mountFileRoute(TicketRoute, "/tickets/$ticketId", root),
    stubRoute(root, "/social/login"),
    stubRoute(root, "/events"),
  ]);
  return renderApp(tree, url, { locale });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/tickets", () => {
  it("groups tickets by event, upcoming then past, with status, code, name at the door and the date in the event's time zone", async () => {
    const { callsTo } = api(FULL);
    renderTickets();
    const upcoming = await screen.findByRole("region", { name: "Upcoming" });
    const show = within(upcoming).getByRole("article", { name: "Summer show" });
    expect(show.textContent).toContain("Fri, Dec 4, 2026, 9:00 PM EST");
    expect(show.textContent).toContain("Club Fixture, Miami");
    const [first, second] = within(show).getAllByTestId("my-ticket");
    expect(within(first!).getByText("Valid")).toBeTruthy();
    expect(within(first!).getByText("TKT-7K3M-9QXD")).toBeTruthy();
    expect(within(first!).getByTestId("ticket-holder").textContent).toBe("Ana Souza");
    expect(within(first!).getByRole("link", { name: "Show ticket TKT-7K3M-9QXD" }).getAttribute("href")).toBe("/tickets/t-1");
    expect(within(second!).getByText(/Transferred to you/)).toBeTruthy();
    expect(within(second!).getByTestId("ticket-holder").textContent).toBe("Not set");

    const past = screen.getByRole("region", { name: "Past" });
    const [used, refunded] = within(past).getAllByTestId("my-ticket");
    expect(within(used!).getByText("Used at 9:04 PM")).toBeTruthy();
    expect(within(refunded!).getByText("Refunded")).toBeTruthy();
    // Neither may be changed any more.
    expect(within(past).queryByRole("button", { name: /Edit name|Transfer/ })).toBeNull();
    expect(callsTo("GET /api/tickets")[0]![0].toString()).toContain("lang=en");
  });

  it("shows the empty state with a way to the events", async () => {
    api(EMPTY);
    renderTickets();
    expect(await screen.findByText("No tickets yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See the events" }).getAttribute("href")).toBe("/events");
  });

  it("shows a failed load with a retry that loads again", async () => {
    let failing = true;
    api(() => (failing ? apiError(500, "internal", "Internal error") : json(200, FULL)));
    renderTickets();
    expect((await screen.findByRole("alert")).textContent).toContain("Your tickets could not be loaded");
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Summer show" })).toBeTruthy();
  });

  it("edits the name at the door inline, by keyboard too, and says why the Worker refused one", async () => {
    let refuse = false;
    const saved: MyTicketResponse = { event: SHOW, ticket: ticket({ holderName: "Maria Silva" }) };
    const { callsTo } = api(FULL, {
      "PUT /api/tickets/t-1/holder": () => (refuse ? apiError(409, "ticket_holder_locked", "locked") : json(200, saved)),
    });
    renderTickets();
    await screen.findByRole("article", { name: "Summer show" });
    // The button's name begins with what it shows (axe's label-content-name-mismatch).
    const edit = screen.getByRole("button", { name: "Edit name for ticket TKT-7K3M-9QXD" });
    expect(edit.textContent).toBe("Edit name");
    fireEvent.click(edit);
    const field = screen.getByRole("textbox", { name: "Name at the door for ticket TKT-7K3M-9QXD" });
    expect((field as HTMLInputElement).value).toBe("Ana Souza");
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: "Maria Silva" } });
    fireEvent.submit(field.closest("form")!);
    await waitFor(() => expect(callsTo("PUT /api/tickets/t-1/holder")).toHaveLength(1));
    expect(sentJson(callsTo("PUT /api/tickets/t-1/holder")[0])).toEqual({ holderName: "Maria Silva" });
    expect(await screen.findByText("Name saved")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Name at the door for ticket TKT-7K3M-9QXD" })).toBeNull();

    refuse = true;
    fireEvent.click(screen.getByRole("button", { name: "Edit name for ticket TKT-7K3M-9QXD" }));
    fireEvent.submit(screen.getByRole("textbox", { name: "Name at the door for ticket TKT-7K3M-9QXD" }).closest("form")!);
    expect(await screen.findByText("The doors have opened: the name on this ticket can no longer be changed.")).toBeTruthy();
    // Escape leaves the form without saving.
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Name at the door for ticket TKT-7K3M-9QXD" }), { key: "Escape" });
    expect(screen.queryByRole("textbox", { name: "Name at the door for ticket TKT-7K3M-9QXD" })).toBeNull();
  });

  it("transfers through a dialog that warns the old QR stops working, and says to whom it went", async () => {
    let answer: Response = apiError(404, "ticket_recipient_not_found", "No member");
    const { callsTo } = api(FULL, { "POST /api/tickets/t-1/transfer": () => answer });
    renderTickets();
    await screen.findByRole("article", { name: "Summer show" });
    fireEvent.click(screen.getByRole("button", { name: "Transfer ticket TKT-7K3M-9QXD" }));
    const dialog = screen.getByRole("dialog", { name: "Transfer this ticket" });
    expect(dialog.textContent).toContain("this ticket's QR code and code stop working at once");
    const confirm = within(dialog).getByRole("button", { name: "Transfer the ticket" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Their username"), { target: { value: " nobody " } });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText("No member has this username.")).toBeTruthy();
    expect(sentJson(callsTo("POST /api/tickets/t-1/transfer")[0])).toEqual({ username: "nobody" });

    answer = json(200, { transferred: true, to: "friend_1" });
    fireEvent.change(within(dialog).getByLabelText("Their username"), { target: { value: "friend_1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Transfer the ticket" }));
    expect(await screen.findByText("The ticket is now friend_1's.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(callsTo("GET /api/tickets").length).toBeGreaterThan(1));
  });

  it("says why the waitlist keeps a ticket from a transfer, in both languages", async () => {
    let answer = apiError(409, "ticket_handed_back", "Handed back");
    api(FULL, { "POST /api/tickets/t-1/transfer": () => answer });
    renderTickets();
    await screen.findByRole("article", { name: "Summer show" });
    fireEvent.click(screen.getByRole("button", { name: "Transfer ticket TKT-7K3M-9QXD" }));
    const dialog = screen.getByRole("dialog", { name: "Transfer this ticket" });
    fireEvent.change(within(dialog).getByLabelText("Their username"), { target: { value: "friend_1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Transfer the ticket" }));
    expect(await within(dialog).findByText("This ticket is handed back to the waitlist: take it back before transferring it.")).toBeTruthy();
    cleanup();

    answer = apiError(409, "ticket_from_waitlist", "From the waitlist");
    api(FULL, { "POST /api/tickets/t-1/transfer": () => answer });
    renderTickets("/tickets", "pt-BR");
    fireEvent.click(await screen.findByRole("button", { name: "Transferir o ingresso TKT-7K3M-9QXD" }));
    const pt = screen.getByRole("dialog", { name: "Transferir este ingresso" });
    fireEvent.change(within(pt).getByLabelText("Nome de usuário"), { target: { value: "friend_1" } });
    fireEvent.click(within(pt).getByRole("button", { name: "Transferir o ingresso" }));
    expect(await within(pt).findByText("Este ingresso foi comprado pela lista de espera: você pode devolvê-lo, mas não transferi-lo.")).toBeTruthy();
  });

  it("in Portuguese", async () => {
    api(EMPTY);
    renderTickets("/tickets", "pt-BR");
    expect(await screen.findByText("Nenhum ingresso ainda")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver os eventos" })).toBeTruthy();
    cleanup();

    api(FULL);
    renderTickets("/tickets", "pt-BR");
    const edit = await screen.findByRole("button", { name: "Editar nome do ingresso TKT-7K3M-9QXD" });
    expect(edit.textContent).toBe("Editar nome");
  });

  it("sends a visitor to sign in", async () => {
    api(EMPTY, {}, null);
    renderTickets();
    expect((await screen.findByTestId("stub-page")).textContent).toBe("/social/login");
  });
});

describe("/tickets/$ticketId", () => {
  it("shows one ticket to print: the QR, event, date in its time zone, venue, type, name and code", async () => {
    const { callsTo } = api(EMPTY, { "GET /api/tickets/t-1": json(200, { event: SHOW, ticket: ticket({ holderName: "Ana Souza" }) }) });
    const print = vi.fn();
    vi.stubGlobal("print", print);
    renderTickets("/tickets/t-1");
    const sheet = await screen.findByRole("article", { name: "Summer show" });
    expect(await within(sheet).findByTestId("ticket-qr")).toBeTruthy();
    expect(within(sheet).getByRole("img", { name: "QR code of your ticket for Summer show" })).toBeTruthy();
    expect(within(sheet).getByTestId("ticket-code").textContent).toBe("TKT-7K3M-9QXD");
    expect(sheet.textContent).toContain("Fri, Dec 4, 2026, 9:00 PM EST");
    expect(sheet.textContent).toContain("Club Fixture, Miami");
    expect(sheet.textContent).toContain("General");
    expect(within(sheet).getByTestId("ticket-holder").textContent).toBe("Ana Souza");
    fireEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole("link", { name: "All your tickets" }).getAttribute("href")).toBe("/tickets");
    expect(callsTo("GET /api/tickets/t-1")).toHaveLength(1);
  });

  it("a used ticket has no QR", async () => {
    api(EMPTY, {
      "GET /api/tickets/t-3": json(200, { event: OLD_SHOW, ticket: FULL.past[0]!.tickets[0] }),
    });
    renderTickets("/tickets/t-3");
    expect(await screen.findByText("This ticket no longer admits anyone.")).toBeTruthy();
    expect(screen.queryByTestId("ticket-qr")).toBeNull();
    expect(screen.queryByRole("button", { name: /Transfer/ })).toBeNull();
  });

  it("someone else's (or an unknown) ticket: there is no such ticket here", async () => {
    api(EMPTY, { "GET /api/tickets/nope": apiError(404, "ticket_not_found", "Not found") });
    renderTickets("/tickets/nope");
    expect(await screen.findByText("There is no such ticket among yours.")).toBeTruthy();
  });

  it("after a transfer it says where the ticket went and asks for it no more", async () => {
    const { callsTo } = api(EMPTY, {
      "GET /api/tickets/t-1": json(200, { event: SHOW, ticket: ticket() }),
      "POST /api/tickets/t-1/transfer": json(200, { transferred: true, to: "friend_1" }),
    });
    renderTickets("/tickets/t-1");
    await screen.findByRole("article", { name: "Summer show" });
    fireEvent.click(screen.getByRole("button", { name: "Transfer ticket TKT-7K3M-9QXD" }));
    fireEvent.change(screen.getByLabelText("Their username"), { target: { value: "friend_1" } });
    fireEvent.click(screen.getByRole("button", { name: "Transfer the ticket" }));
    expect(await screen.findByText("The ticket is now friend_1's.")).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Summer show" })).toBeNull();
    expect(callsTo("GET /api/tickets/t-1")).toHaveLength(1);
  });
});
