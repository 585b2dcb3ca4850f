// /admin/events and /admin/venues against a fake API that keeps what it is sent: the events table
// (created date, venue, date in the event's zone, '$min - $max', status badge, source) with its
// loading, failed and empty states; the search and filters as query parameters; the event form in
// place of the list, checked in the browser by the Worker's own rules (every message at its field,
// nothing sent), Eventbrite hiding the venue and tickets blocks, a saved venue filling the venue
// fields; the exact create, edit and delete requests; the venues page; both pages in Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as EventsRoute } from "../../app/routes/admin/events";
import { Route as VenuesRoute } from "../../app/routes/admin/venues";
import type { AdminEvent, EventInput } from "../../worker/contracts/admin/events";
import { event } from "./fixtures/admin-event";
import type { AdminVenue } from "../../worker/contracts/admin/venues";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const EVENTS = "/api/admin/events";
const VENUES = "/api/admin/venues";

const MIAMI = event("00000000-0000-4000-8000-000000000001");
const DRAFT = event("00000000-0000-4000-8000-000000000002", {
  title: "Noite Freestyle",
  status: "draft",
  eventDate: "2031-08-10T23:00:00.000Z",
  timeZone: "America/Sao_Paulo",
  venueName: "Casa Neon",
  venueCity: "São Paulo",
  venueState: "SP",
  venueCountry: "BRA",
  ticketPriceMin: 80,
  ticketPriceMax: 80,
  currency: "BRL",
});
const BRITE = event("00000000-0000-4000-8000-000000000003", {
  title: "Synth Night",
  titlePtBR: "Noite do Synth",
  status: "cancelled",
  source: "eventbrite",
  eventbriteId: "eb-77",
  venueName: null,
  venueAddress: null,
  venueCity: null,
  venueState: null,
  venueCountry: null,
  venuePostalCode: null,
  venueCapacity: null,
  ticketPriceMin: null,
  ticketPriceMax: null,
  ticketSaleStart: null,
  ticketSaleEnd: null,
});

const STARLIGHT: AdminVenue = {
  id: "00000000-0000-4000-8000-0000000000aa",
  name: "Starlight Ballroom",
  address: "1250 West 34th Street",
  city: "New York",
  state: "NY",
  country: "USA",
  postalCode: "10001",
  capacity: 2100,
  eventCount: 2,
  createdAt: "2031-01-01T12:00:00.000Z",
  updatedAt: "2031-01-01T12:00:00.000Z",
};
const AURORA: AdminVenue = {
  ...STARLIGHT,
  id: "00000000-0000-4000-8000-0000000000bb",
  name: "Club Aurora",
  address: "9 Rue Ste-Catherine",
  city: "Montréal",
  state: "QC",
  country: "CAN",
  postalCode: null,
  capacity: null,
  eventCount: 0,
};

type ServerOptions = {
  failEvents?: boolean;
  failSave?: "field" | "server" | "eventbrite";
  failDelete?: boolean;
  venueInUse?: number;
  /** The lists answer once this settles (to see them loading). */
  hold?: Promise<void>;
};

/** A promise the test settles when it wants. */
function deferred() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

/** An admin API keeping events and venues in memory, answering as the Worker does. */
function fakeServer(options: ServerOptions = {}) {
  let events = [MIAMI, DRAFT, BRITE];
  let venues = [AURORA, STARLIGHT];
  const matches = (text: string | null, search: string) => (text ?? "").toLowerCase().includes(search.toLowerCase());
  const save = async (request: Request, id: string | null) => {
    if (options.failSave === "field") return apiError(400, "event_date_invalid", "Enter a valid date and time", "eventDate");
    if (options.failSave === "server") return apiError(500, "internal", "Something went wrong. Please try again.");
    if (options.failSave === "eventbrite") return apiError(409, "eventbrite_id_taken", "Another event already uses this Eventbrite event ID");
    const body = (await request.json()) as EventInput;
    const stored = event(id ?? "00000000-0000-4000-8000-000000000099", {
      ...(body as Partial<AdminEvent>),
      eventDate: MIAMI.eventDate,
      ticketSaleStart: null,
      ticketSaleEnd: null,
    });
    events = id ? events.map((e) => (e.id === id ? stored : e)) : [stored, ...events];
    return json(id ? 200 : 201, { event: stored });
  };
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`GET ${EVENTS}`]: async (request) => {
      await options.hold;
      if (options.failEvents) return apiError(500, "internal", "Down");
      const params = new URL(request.url).searchParams;
      const search = params.get("search") ?? "";
      const status = params.get("status") ?? "all";
      const source = params.get("source") ?? "all";
      const found = events.filter(
        (e) =>
          (status === "all" || e.status === status) &&
          (source === "all" || e.source === source) &&
          (!search || matches(e.title, search) || matches(e.venueName, search) || matches(e.venueCity, search)),
      );
      return json(200, { events: found });
    },
    [`POST ${EVENTS}`]: (request) => save(request, null),
    [`PUT ${EVENTS}/${MIAMI.id}`]: (request) => save(request, MIAMI.id),
    [`DELETE ${EVENTS}/${DRAFT.id}`]: () => {
      if (options.failDelete) return apiError(500, "internal", "Down");
      events = events.filter((e) => e.id !== DRAFT.id);
      return json(200, { deleted: DRAFT.id });
    },
    [`GET ${VENUES}`]: async (request) => {
      await options.hold;
      const search = new URL(request.url).searchParams.get("search") ?? "";
      return json(200, { venues: venues.filter((v) => !search || matches(v.name, search) || matches(v.address, search)) });
    },
    [`POST ${VENUES}`]: async (request) => {
      const venue = { ...AURORA, ...((await request.json()) as Partial<AdminVenue>), id: "00000000-0000-4000-8000-0000000000cc", eventCount: 0 };
      venues = [...venues, venue];
      return json(201, { venue });
    },
    [`DELETE ${VENUES}/${STARLIGHT.id}`]: () => {
      const count = options.venueInUse ?? 2;
      return apiError(409, "venue_in_use", `This venue is used by ${count} events and cannot be deleted. Choose another venue for them first.`, undefined, {
        count,
      });
    },
    [`DELETE ${VENUES}/${AURORA.id}`]: () => {
      venues = venues.filter((v) => v.id !== AURORA.id);
      return json(200, { deleted: AURORA.id });
    },
  });
  return { ...api, events: () => events };
}

function renderEvents(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(EventsRoute, "/admin/events", root)]), "/admin/events", { locale });
}

function renderVenues(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(VenuesRoute, "/admin/venues", root)]), "/admin/venues", { locale });
}

const bodyRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const rowTexts = () => bodyRows().map((r) => [...r.querySelectorAll("th, td")].slice(0, 6).map((c) => c.textContent));
const titles = () => bodyRows().map((r) => r.querySelector("th .admin-events-title")?.textContent);
const lastQuery = (server: ReturnType<typeof fakeServer>) => {
  const calls = server.callsTo(`GET ${EVENTS}`);
  const [input] = calls[calls.length - 1]!;
  return new URL(String(input), "http://localhost").search;
};
/** A field by its accessible name (the required asterisk is not part of it). */
const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const box = (name: string) => screen.getByLabelText(new RegExp(`^${name.replace(/[()]/g, "\\$&")}( \\*)?$`)) as HTMLInputElement;
const change = (name: string, value: string) => fireEvent.change(box(name), { target: { value } });
const errorOf = (name: string) => {
  const input = box(name);
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains("field-error"))?.textContent ?? null;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/admin/events: the list", () => {
  it("shows 'Loading events...', then every event with its created date, venue, date in its zone, price range, status and source", async () => {
    const hold = deferred();
    fakeServer({ hold: hold.promise });
    renderEvents();
    expect(await screen.findByText("Loading events...")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Event Management" })).toBeTruthy();
    hold.release();
    await screen.findByRole("table", { name: "Events" });
    expect(rowTexts()).toEqual([
      ["Freestyle Forever — MiamiCreated Mar 1, 2031", "Neon HallMiami, FL", "Fri, Dec 5, 2031 · 8:00 PM EST", "$45.50 - $120.00", "Published", "Custom"],
      ["Noite FreestyleCreated Mar 1, 2031", "Casa NeonSão Paulo, SP", "Sun, Aug 10, 2031 · 8:00 PM GMT-3", "R$80.00 - R$80.00", "Draft", "Custom"],
      ["Synth NightCreated Mar 1, 2031", "Not set", "Fri, Dec 5, 2031 · 8:00 PM EST", "Not set", "Cancelled", "Eventbrite"],
    ]);
    const miami = bodyRows()[0]!;
    expect(within(miami).getByText("Published").className).toContain("badge");
    for (const action of ["View", "Edit", "Delete"]) expect(within(miami).getByRole("button", { name: `${action} Freestyle Forever — Miami` })).toBeTruthy();
  });

  it("asks the server again for the search (after the typing pauses), the status and the source", async () => {
    const server = fakeServer();
    renderEvents();
    await screen.findByRole("table");
    expect(screen.getByPlaceholderText("Search events...")).toBe(screen.getByRole("searchbox", { name: "Search events" }));
    const status = screen.getByRole("combobox", { name: "Status" }) as HTMLSelectElement;
    const source = screen.getByRole("combobox", { name: "Source" }) as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toEqual(["All Status", "Published", "Draft", "Cancelled"]);
    expect([...source.options].map((o) => o.text)).toEqual(["All Sources", "Custom", "Eventbrite"]);
    expect(lastQuery(server)).toBe("");

    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "NEON" } });
    await waitFor(() => expect(lastQuery(server)).toBe("?search=NEON"));
    await waitFor(() => expect(titles()).toEqual(["Freestyle Forever — Miami", "Noite Freestyle"]));

    fireEvent.change(status, { target: { value: "draft" } });
    await waitFor(() => expect(lastQuery(server)).toBe("?search=NEON&status=draft"));
    await waitFor(() => expect(titles()).toEqual(["Noite Freestyle"]));

    fireEvent.change(status, { target: { value: "all" } });
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "" } });
    fireEvent.change(source, { target: { value: "eventbrite" } });
    await waitFor(() => expect(lastQuery(server)).toBe("?source=eventbrite"));
    await waitFor(() => expect(titles()).toEqual(["Synth Night"]));
  });

  it("says 'No events found' with a hint when nothing matches", async () => {
    fakeServer();
    renderEvents();
    await screen.findByRole("table");
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "nowhere" } });
    expect(await screen.findByText("No events found")).toBeTruthy();
    expect(screen.getByText("Try adjusting your search criteria")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says 'Failed to load events' with a retry when the list cannot load", async () => {
    const server = fakeServer({ failEvents: true });
    renderEvents();
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load events");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(server.callsTo(`GET ${EVENTS}`).length).toBeGreaterThanOrEqual(2));
  });

  it("shows every field of an event read-only on View", async () => {
    fakeServer();
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "View Noite Freestyle" }));
    const dialog = screen.getByRole("dialog", { name: "Noite Freestyle" });
    const details = Object.fromEntries([...dialog.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(details).toMatchObject({
      Status: "Draft",
      "Event date and time": "Sun, Aug 10, 2031 · 8:00 PM GMT-3",
      "Time zone": "America/Sao_Paulo",
      "Venue name": "Casa Neon",
      Country: "Brazil",
      Capacity: "1,800",
    });
    expect(within(dialog).getByText("Only published events are shown on the public events page.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("/admin/events: the form", () => {
  async function openCreate() {
    const server = fakeServer();
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Create Event" }));
    expect(screen.getByRole("heading", { level: 2, name: "Create Event" })).toBeTruthy();
    return server;
  }

  /** Fills a complete in-person event. */
  function fillCustom() {
    change("Title", "  Midnight Radio Live ");
    change("Description", "The album, live.");
    change("Event date and time", "2031-06-15T20:00");
    change("External ticket URL", "https://tickets.example.com/midnight");
    change("Venue name", "Neon Hall");
    change("Address", "100 Ocean Drive");
    change("City", "Miami");
    change("State", "FL");
    change("Capacity", "1800");
    change("Minimum price", "45.5");
    change("Maximum price", "120");
    change("Ticket sale start", "2031-03-01T10:00");
    change("Ticket sale end", "2031-06-15T18:00");
  }

  it("opens in place of the list with every field and the defaults", async () => {
    await openCreate();
    expect(screen.queryByRole("table")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: "Create Event" }));
    for (const name of ["Title", "Description", "Eventbrite event ID", "External ticket URL", "Venue name", "Address", "City", "State", "Postal code"])
      expect(field(name)).toBeTruthy();
    expect((box("Event date and time") as HTMLInputElement).type).toBe("datetime-local");
    expect((box("Time zone") as unknown as HTMLSelectElement).value).toBe("America/New_York");
    expect((box("Status") as unknown as HTMLSelectElement).value).toBe("draft");
    expect((box("Source") as unknown as HTMLSelectElement).value).toBe("custom");
    // Every ISO country, named and sorted in the admin's language (decision 037).
    const country = box("Country") as unknown as HTMLSelectElement;
    const options = [...country.options].map((o) => [o.value, o.text]);
    expect(options).toHaveLength(249);
    expect(options).toContainEqual(["BRA", "Brazil"]);
    expect(options.slice(0, 2)).toEqual([
      ["AFG", "Afghanistan"],
      ["ALA", "Åland Islands"],
    ]);
    expect(country.value).toBe("USA");
    const currency = box("Currency") as unknown as HTMLSelectElement;
    expect(currency.value).toBe("USD");
    expect([...currency.options].find((o) => o.value === "BRL")?.text).toBe("BRL · Brazilian Real");
    // Choosing Brazil sets the currency to the real; the admin may still pick another.
    fireEvent.change(country, { target: { value: "BRA" } });
    expect(currency.value).toBe("BRL");
    expect(screen.getAllByText("In BRL, to the cent.")).toHaveLength(2);
    fireEvent.change(currency, { target: { value: "USD" } });
    expect(currency.value).toBe("USD");
    const capacity = box("Capacity");
    expect([capacity.type, capacity.min, capacity.step]).toEqual(["number", "0", "1"]);
    const price = box("Minimum price");
    expect([price.type, price.min, price.step]).toEqual(["number", "0", "0.01"]);
    expect(box("Ticket sale end").type).toBe("datetime-local");
    expect(field("Title").required).toBe(true);
    expect(field("Postal code").required).toBe(false);
  });

  it("checks every required field of a custom event before sending, each message tied to its field", async () => {
    const server = await openCreate();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const expected: [string, string][] = [
      ["Title", "Title is required"],
      ["Event date and time", "Event date and time is required"],
      ["Venue name", "Venue name is required"],
      ["Address", "Venue address is required"],
      ["City", "Venue city is required"],
      ["State", "Venue state is required"],
      ["Capacity", "Venue capacity is required"],
      ["Minimum price", "Minimum price is required"],
      ["Maximum price", "Maximum price is required"],
      ["Ticket sale start", "Ticket sale start is required"],
      ["Ticket sale end", "Ticket sale end is required"],
    ];
    for (const [name, message] of expected) {
      expect(box(name).getAttribute("aria-invalid"), name).toBe("true");
      expect(errorOf(name), name).toBe(message);
    }
    expect(box("Postal code").getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("11 fields need attention.");
    expect(document.activeElement).toBe(field("Title"));
    expect(server.callsTo(`POST ${EVENTS}`)).toHaveLength(0);
  });

  it("applies the number, URL, order and date rules in the browser too", async () => {
    const server = await openCreate();
    fillCustom();
    change("External ticket URL", "javascript:alert(1)");
    change("Capacity", "12.5");
    change("Minimum price", "10.999");
    change("Ticket sale end", "2031-02-01T10:00");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(errorOf("External ticket URL")).toBe("Enter a valid web address (https://...)");
    expect(errorOf("Capacity")).toBe("Capacity must be a whole number");
    expect(errorOf("Minimum price")).toBe("Price can have at most two decimals");
    expect(errorOf("Ticket sale end")).toBe("Ticket sale end must be on or after the sale start");

    change("External ticket URL", "");
    change("Capacity", "-1");
    change("Minimum price", "130");
    change("Ticket sale end", "2031-06-15T18:00");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(errorOf("External ticket URL")).toBeNull();
    expect(errorOf("Capacity")).toBe("Capacity must be 0 or more");
    expect(errorOf("Maximum price")).toBe("Maximum price must be at least the minimum price");
    expect(errorOf("Ticket sale end")).toBeNull();
    expect(server.callsTo(`POST ${EVENTS}`)).toHaveLength(0);
  });

  it("hides the venue and tickets blocks for an Eventbrite event, which needs its Eventbrite event ID", async () => {
    const server = await openCreate();
    expect(screen.getByRole("group", { name: "Venue" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Tickets" })).toBeTruthy();
    fireEvent.change(box("Source"), { target: { value: "eventbrite" } });
    expect(screen.queryByRole("group", { name: "Venue" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Tickets" })).toBeNull();
    expect(screen.queryByLabelText(/^Venue name/)).toBeNull();
    expect(screen.queryByLabelText(/^Minimum price/)).toBeNull();
    expect(field("Eventbrite event ID").required).toBe(true);

    change("Title", "Synthwave Weekender");
    change("Event date and time", "2031-07-04T21:00");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(errorOf("Eventbrite event ID")).toBe("Eventbrite event ID is required");
    expect(server.callsTo(`POST ${EVENTS}`)).toHaveLength(0);

    change("Eventbrite event ID", " 123456789 ");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`POST ${EVENTS}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`POST ${EVENTS}`)[0])).toMatchObject({
      title: "Synthwave Weekender",
      source: "eventbrite",
      eventbriteId: "123456789",
      venueName: null,
      venueCountry: null,
      venueCapacity: null,
      ticketPriceMin: null,
      ticketSaleStart: null,
    });
  });

  it("fills the venue fields from a saved venue, and sends the exact request, blanks as null and numbers as numbers", async () => {
    const server = await openCreate();
    fillCustom();
    const picker = box("Saved venue") as unknown as HTMLSelectElement;
    await waitFor(() =>
      expect([...picker.options].map((o) => o.text)).toEqual(["None (type the venue below)", "Club Aurora (Montréal)", "Starlight Ballroom (New York)"]),
    );
    fireEvent.change(picker, { target: { value: AURORA.id } });
    expect([
      field("Venue name").value,
      field("Address").value,
      field("City").value,
      field("State").value,
      (box("Country") as unknown as HTMLSelectElement).value,
      field("Postal code").value,
      box("Capacity").value,
    ]).toEqual(["Club Aurora", "9 Rue Ste-Catherine", "Montréal", "QC", "CAN", "", ""]);
    change("Capacity", "800");
    fireEvent.change(box("Time zone"), { target: { value: "America/Toronto" } });
    fireEvent.change(box("Status"), { target: { value: "published" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(server.callsTo(`POST ${EVENTS}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`POST ${EVENTS}`)[0])).toEqual({
      title: "Midnight Radio Live",
      description: "The album, live.",
      titlePtBR: null,
      descriptionPtBR: null,
      soldOut: false,
      eventDate: "2031-06-15T20:00",
      timeZone: "America/Toronto",
      status: "published",
      source: "custom",
      eventbriteId: null,
      externalTicketUrl: "https://tickets.example.com/midnight",
      online: false,
      joinUrl: null,
      venueId: AURORA.id,
      venueName: "Club Aurora",
      venueAddress: "9 Rue Ste-Catherine",
      venueCity: "Montréal",
      venueState: "QC",
      venueCountry: "CAN",
      venuePostalCode: null,
      venueCapacity: 800,
      currency: "CAD",
      ticketPriceMin: 45.5,
      ticketPriceMax: 120,
      ticketSaleStart: "2031-03-01T10:00",
      ticketSaleEnd: "2031-06-15T18:00",
      reminderOffsets: [1440, 60],
      // Meets and the door pass for VIP and above: the form's default.
      vipMinTierId: null,
    } satisfies EventInput);
    // Back to the list, which shows the new event and says so.
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Event created");
    await waitFor(() => expect(titles()[0]).toBe("Midnight Radio Live"));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Create Event" }));
  });

  it("edits an event: the form holds its values (times in its own zone) and Save sends PUT", async () => {
    const server = fakeServer();
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Edit Freestyle Forever — Miami" }));
    expect(screen.getByRole("heading", { level: 2, name: "Edit Event" })).toBeTruthy();
    expect(field("Title").value).toBe("Freestyle Forever — Miami");
    expect(box("Event date and time").value).toBe("2031-12-05T20:00");
    expect(box("Ticket sale start").value).toBe("2031-09-01T10:00");
    expect(box("Minimum price").value).toBe("45.5");
    expect(box("Capacity").value).toBe("1800");
    expect((box("Status") as unknown as HTMLSelectElement).value).toBe("published");
    change("Title", "Freestyle Forever — Miami Beach");
    fireEvent.change(box("Status"), { target: { value: "cancelled" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)[0])).toMatchObject({
      title: "Freestyle Forever — Miami Beach",
      status: "cancelled",
      eventDate: "2031-12-05T20:00",
      ticketSaleStart: "2031-09-01T10:00",
      ticketSaleEnd: "2031-12-05T18:00",
      venueCapacity: 1800,
      ticketPriceMin: 45.5,
    });
    expect(await screen.findByText("Event saved")).toBeTruthy();
    await waitFor(() => expect(titles()).toContain("Freestyle Forever — Miami Beach"));
  });

  it("Cancel goes back to the list and sends nothing", async () => {
    const server = await openCreate();
    change("Title", "Never mind");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByRole("table")).toBeTruthy();
    expect(server.callsTo(`POST ${EVENTS}`)).toHaveLength(0);
  });

  it("opens an event in Brazil with Brazil and its currency chosen, and sends them back", async () => {
    const server = fakeServer();
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Edit Noite Freestyle" }));
    const country = box("Country") as unknown as HTMLSelectElement;
    expect(country.value).toBe("BRA");
    expect(country.options[country.selectedIndex]!.text).toBe("Brazil");
    expect((box("Currency") as unknown as HTMLSelectElement).value).toBe("BRL");
    expect(box("Minimum price").value).toBe("80");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`PUT ${EVENTS}/${DRAFT.id}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${EVENTS}/${DRAFT.id}`)[0])).toMatchObject({ venueCountry: "BRA", currency: "BRL" });
  });

  it.each([
    ["a field the server refuses", "field" as const, "Event date and time", "Enter a valid date and time"],
    ["an Eventbrite event ID another event has", "eventbrite" as const, "Eventbrite event ID", "Another event already uses this Eventbrite event ID"],
  ])("shows %s at its field, with 'Failed to save event'", async (_what, failSave, name, message) => {
    fakeServer({ failSave });
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Edit Freestyle Forever — Miami" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(errorOf(name)).toBe(message));
    expect(screen.getByRole("alert").textContent).toBe("Failed to save event");
    expect(screen.getByRole("heading", { level: 2, name: "Edit Event" })).toBeTruthy();
  });

  it("says 'Failed to save event' when the server fails, keeping the form", async () => {
    fakeServer({ failSave: "server" });
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Edit Freestyle Forever — Miami" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to save event");
    expect(field("Title").value).toBe("Freestyle Forever — Miami");
  });
});

describe("/admin/events: delete", () => {
  it("deletes only after 'Are you sure you want to delete this event?', and Cancel sends nothing", async () => {
    const server = fakeServer();
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Delete Noite Freestyle" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Event" });
    expect(within(dialog).getByText("Are you sure you want to delete this event?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.callsTo(`DELETE ${EVENTS}/${DRAFT.id}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete Noite Freestyle" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo(`DELETE ${EVENTS}/${DRAFT.id}`)).toHaveLength(1);
    await waitFor(() => expect(titles()).toEqual(["Freestyle Forever — Miami", "Synth Night"]));
    expect(screen.getByRole("status").textContent).toBe("Event deleted");
  });

  it("says 'Failed to delete event' in the dialog when the delete fails", async () => {
    fakeServer({ failDelete: true });
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Delete Noite Freestyle" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect((await within(screen.getByRole("dialog")).findByRole("alert")).textContent).toBe("Failed to delete event");
  });
});

describe("/admin/venues", () => {
  it("shows 'Loading venues...', then Venue Name, Address and Capacity, and searches name and address", async () => {
    const hold = deferred();
    const server = fakeServer({ hold: hold.promise });
    renderVenues();
    expect(await screen.findByText("Loading venues...")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Venue Management" })).toBeTruthy();
    hold.release();
    const table = await screen.findByRole("table", { name: "Venues" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Venue Name", "Address", "Capacity", "Actions"]);
    expect(bodyRows().map((r) => [...r.querySelectorAll("th, td")].slice(0, 3).map((c) => c.textContent))).toEqual([
      ["Club Aurora", "9 Rue Ste-Catherine, Montréal, QC", "Not set"],
      ["Starlight Ballroom", "1250 West 34th Street, New York, NY", "2,100"],
    ]);
    fireEvent.change(screen.getByRole("searchbox", { name: "Search venues" }), { target: { value: "34th" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const calls = server.callsTo(`GET ${VENUES}`);
    expect(new URL(String(calls[calls.length - 1]![0]), "http://localhost").search).toBe("?search=34th");
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "nowhere" } });
    expect(await screen.findByText("No venues found")).toBeTruthy();
  });

  it("creates a venue with the form in place of the list, checking name and address first", async () => {
    const server = fakeServer();
    renderVenues();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Create Venue" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(errorOf("Venue name")).toBe("Venue name is required");
    expect(errorOf("Address")).toBe("Venue address is required");
    expect(server.callsTo(`POST ${VENUES}`)).toHaveLength(0);
    change("Venue name", "Roseland");
    change("Address", "239 W 52nd St");
    change("Capacity", "3200");
    fireEvent.change(box("Country"), { target: { value: "MEX" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`POST ${VENUES}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`POST ${VENUES}`)[0])).toEqual({
      name: "Roseland",
      address: "239 W 52nd St",
      city: null,
      state: null,
      country: "MEX",
      postalCode: null,
      capacity: 3200,
    });
    expect(await screen.findByText("Venue created")).toBeTruthy();
  });

  it("says how many events use a venue it cannot delete, and deletes one no event uses", async () => {
    const server = fakeServer({ venueInUse: 3 });
    renderVenues();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Delete Starlight Ballroom" }));
    expect(within(screen.getByRole("dialog", { name: "Delete Venue" })).getByText("Are you sure you want to delete this venue?")).toBeTruthy();
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect((await within(screen.getByRole("dialog")).findByRole("alert")).textContent).toBe(
      "This venue is used by 3 events and cannot be deleted. Choose another venue for them first.",
    );
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));

    fireEvent.click(screen.getByRole("button", { name: "Delete Club Aurora" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo(`DELETE ${VENUES}/${AURORA.id}`)).toHaveLength(1);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
  });

  it("shows a venue read-only on View, with how many events use it", async () => {
    fakeServer();
    renderVenues();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "View Starlight Ballroom" }));
    const dialog = screen.getByRole("dialog", { name: "Starlight Ballroom" });
    expect(within(dialog).getByText("2 events")).toBeTruthy();
    expect(within(dialog).getByText("United States")).toBeTruthy();
  });
});

describe("in Portuguese", () => {
  it("shows the events page, its filters, states and form messages in pt-BR", async () => {
    const hold = deferred();
    fakeServer({ hold: hold.promise });
    renderEvents("pt-BR");
    expect(await screen.findByText("Carregando eventos...")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Gerenciamento de eventos" })).toBeTruthy();
    hold.release();
    await screen.findByRole("table", { name: "Eventos" });
    expect(screen.getByPlaceholderText("Buscar eventos...")).toBeTruthy();
    const status = screen.getByRole("combobox", { name: "Status" }) as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toEqual(["Todos os status", "Publicado", "Rascunho", "Cancelado"]);
    expect([...(screen.getByRole("combobox", { name: "Origem" }) as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      "Todas as origens",
      "Próprio",
      "Eventbrite",
    ]);
    expect(within(bodyRows()[0]!).getByText("Publicado")).toBeTruthy();
    expect(within(bodyRows()[0]!).getByText("US$ 45,50 - US$ 120,00")).toBeTruthy();
    // A show's Portuguese title where it has one, in the row and in its buttons' names.
    expect(titles()).toEqual(["Freestyle Forever — Miami", "Noite Freestyle", "Noite do Synth"]);
    expect(screen.getByRole("button", { name: "Editar Noite do Synth" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Criar evento" }));
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(errorOf("Título")).toBe("O título é obrigatório");
    expect(errorOf("Preço mínimo")).toBe("O preço mínimo é obrigatório");
    expect(screen.getByRole("alert").textContent).toBe("11 campos precisam de atenção.");
    const pais = box("País") as unknown as HTMLSelectElement;
    expect(pais.options[pais.selectedIndex]!.text).toBe("Estados Unidos");
    expect([...pais.options].find((o) => o.value === "BRA")?.text).toBe("Brasil");
    fireEvent.change(pais, { target: { value: "BRA" } });
    expect((box("Moeda") as unknown as HTMLSelectElement).value).toBe("BRL");

    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    await screen.findByRole("table");
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "nada" } });
    expect(await screen.findByText("Nenhum evento encontrado")).toBeTruthy();
    expect(screen.getByText("Tente ajustar os critérios de busca")).toBeTruthy();
  });

  it("shows the venues page and a venue in use in pt-BR", async () => {
    const hold = deferred();
    fakeServer({ venueInUse: 1, hold: hold.promise });
    renderVenues("pt-BR");
    expect(await screen.findByText("Carregando locais...")).toBeTruthy();
    hold.release();
    const table = await screen.findByRole("table", { name: "Locais" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Nome do local", "Endereço", "Capacidade", "Ações"]);
    fireEvent.click(screen.getByRole("button", { name: "Excluir Starlight Ballroom" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Excluir" }));
    expect((await within(screen.getByRole("dialog")).findByRole("alert")).textContent).toBe(
      "Este local é usado por 1 evento e não pode ser excluído. Escolha outro local para ele antes.",
    );
  });
});

describe("the event form's VIP presale (decision 029)", () => {
  /** The fake server, plus the counts of MIAMI's unique presale codes (while `countsFail` says no, they fail). */
  function presaleServer(countsFail = () => false) {
    const server = fakeServer();
    const base = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith(`${EVENTS}/${MIAMI.id}/presale-codes`)
        ? Promise.resolve(countsFail() ? apiError(500, "internal", "Down") : json(200, { total: 20, claimed: 5, left: 15 }))
        : base(input, init),
    );
    return server;
  }

  it("is off by default; on, it checks its dates, counts unique codes, imports them, and sends a shared code", async () => {
    const server = presaleServer();
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Edit Freestyle Forever — Miami" }));
    const toggle = screen.getByRole("checkbox", { name: /This event has a VIP presale/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.queryByLabelText(/^Presale start/)).toBeNull();
    fireEvent.click(toggle);

    // The end before the start is refused at its field, nothing sent.
    change("Presale start", "2031-11-01T10:00");
    change("Presale end", "2031-10-01T10:00");
    fireEvent.change(box("Presale codes"), { target: { value: "unique" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The presale must end after it starts")).toBeTruthy();
    expect(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)).toHaveLength(0);

    // Unique codes: the saved event's counts and the shared import dialog.
    expect(await screen.findByText("15 of 20 codes left")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Import codes" }));
    expect(await screen.findByRole("dialog", { name: "Presale codes — Freestyle Forever — Miami" })).toBeTruthy();
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));

    // A shared code instead, and the request carries the presale.
    change("Presale end", "2031-11-03T10:00");
    fireEvent.change(box("Presale codes"), { target: { value: "shared" } });
    change("Presale code", "MIAMI-VIP");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)[0])).toMatchObject({
      presaleCodeMode: "shared",
      presaleStartsAt: "2031-11-01T10:00",
      presaleEndsAt: "2031-11-03T10:00",
      generalSaleAt: null,
      presaleSharedCode: "MIAMI-VIP",
    });
  });

  it("says the codes could not be counted, with a way to try again, when their counts fail", async () => {
    let fail = true;
    presaleServer(() => fail);
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Edit Freestyle Forever — Miami" }));
    fireEvent.click(screen.getByRole("checkbox", { name: /This event has a VIP presale/ }));
    fireEvent.change(box("Presale codes"), { target: { value: "unique" } });
    expect(screen.getByText("Counting codes...")).toBeTruthy();
    // A 5xx is tried once more (a second later) before the part gives up.
    const alert = await screen.findByRole("alert", {}, { timeout: 4000 });
    expect(alert.textContent).toBe("The codes could not be counted.Try again");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("15 of 20 codes left")).toBeTruthy();
  });

  it("shows a unique presale's codes left in the list", async () => {
    fakeServer();
    const server = mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${EVENTS}`]: json(200, { events: [event(MIAMI.id, { presaleCodeMode: "unique", presaleCodes: { total: 20, claimed: 5, left: 15 } })] }),
    });
    renderEvents("pt-BR");
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Pré-venda VIP · 15 de 20 códigos restantes")).toBeTruthy();
    expect(server.callsTo(`GET ${EVENTS}`).length).toBeGreaterThan(0);
  });
});

describe("the event form's Portuguese texts and sold out (decision 031)", () => {
  it("edits them and sends them; blanks go as null", async () => {
    const server = fakeServer();
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Edit Freestyle Forever — Miami" }));
    expect(field("Title in Portuguese").value).toBe("");
    expect((screen.getByRole("checkbox", { name: /^Sold out/ }) as HTMLInputElement).checked).toBe(false);
    change("Title in Portuguese", " Freestyle para sempre — Miami ");
    change("Description in Portuguese", "Duas horas de clássicos.");
    fireEvent.click(screen.getByRole("checkbox", { name: /^Sold out/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)[0])).toMatchObject({
      title: "Freestyle Forever — Miami",
      titlePtBR: "Freestyle para sempre — Miami",
      descriptionPtBR: "Duas horas de clássicos.",
      soldOut: true,
    });
  });

  it("labels them in Portuguese", async () => {
    fakeServer();
    renderEvents("pt-BR");
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Criar evento" }));
    expect(field("Título em português").value).toBe("");
    expect(field("Descrição em português").value).toBe("");
    expect(screen.getByText("Opcional: quem lê em português vê o texto em inglês onde este estiver em branco.")).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /^Esgotado/ })).toBeTruthy();
  });
});

describe("the event form's reminder times and the reminders asked for (decision 045)", () => {
  const check = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;
  const ticked = (names: string[]) => names.filter((name) => check(name).checked);
  const ASKED = event(MIAMI.id, { reminderOffsets: [1440, 60], reminders: { active: 3, pending: 1 } });

  it("offers 1 week, 1 day, 1 hour and 15 minutes, 1 day and 1 hour ticked for a new event, and needs one", async () => {
    const server = fakeServer();
    renderEvents();
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Edit Freestyle Forever — Miami" }));
    const names = ["1 week before", "1 day before", "1 hour before", "15 minutes before"];
    expect(within(screen.getByRole("group", { name: "Reminders" })).getAllByRole("checkbox")).toHaveLength(4);
    expect(ticked(names)).toEqual(["1 day before", "1 hour before"]);
    fireEvent.click(check("1 day before"));
    fireEvent.click(check("1 hour before"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(errorOf("1 week before")).toBe("Choose at least one reminder time");
    expect(errorOf("15 minutes before")).toBe("Choose at least one reminder time");
    expect(document.activeElement).toBe(check("1 week before"));
    expect(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)).toHaveLength(0);

    // Ticked in any order, sent longest first.
    fireEvent.click(check("15 minutes before"));
    fireEvent.click(check("1 week before"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)[0])).toMatchObject({ reminderOffsets: [10080, 15] });
    expect(await screen.findByText("Event saved")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Create Event" }));
    expect(ticked(names)).toEqual(["1 day before", "1 hour before"]);
  });

  it("shows how many reminders an event has in the list, its View and its form", async () => {
    fakeServer();
    mockApi({ "GET /api/auth/me": json(200, { user: null }), [`GET ${EVENTS}`]: json(200, { events: [ASKED, DRAFT] }) });
    renderEvents();
    const table = await screen.findByRole("table");
    expect(within(table).getAllByText("3 reminders · 1 to confirm")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "View Freestyle Forever — Miami" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("1 day before, 1 hour before")).toBeTruthy();
    expect(within(dialog).getByText("3 reminders · 1 to confirm")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    fireEvent.click(screen.getByRole("button", { name: "Edit Freestyle Forever — Miami" }));
    expect(within(screen.getByRole("group", { name: "Reminders" })).getByText("Reminders asked for: 3 reminders · 1 to confirm")).toBeTruthy();
  });

  it("says it all in Portuguese", async () => {
    const server = fakeServer();
    mockApi({
      "GET /api/auth/me": json(200, { user: null }),
      [`GET ${EVENTS}`]: json(200, { events: [ASKED, DRAFT] }),
      [`PUT ${EVENTS}/${MIAMI.id}`]: json(200, { event: ASKED }),
    });
    renderEvents("pt-BR");
    const table = await screen.findByRole("table");
    expect(within(table).getByText("3 lembretes · 1 a confirmar")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Editar Freestyle Forever — Miami" }));
    const group = screen.getByRole("group", { name: "Lembretes" });
    expect(
      within(group)
        .getAllByRole("checkbox")
        .map((c) => c.closest("div")!.textContent),
    ).toEqual(["1 semana antes", "1 dia antes", "1 hora antes", "15 minutos antes"]);
    expect(within(group).getByText("Quem toca em 'Lembrar-me' neste evento recebe um e-mail em cada momento escolhido. Pelo menos um.")).toBeTruthy();
    expect(within(group).getByText("Lembretes pedidos: 3 lembretes · 1 a confirmar")).toBeTruthy();
    fireEvent.click(check("1 dia antes"));
    fireEvent.click(check("1 hora antes"));
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(errorOf("1 semana antes")).toBe("Escolha pelo menos um momento para o lembrete");
    expect(server.callsTo(`PUT ${EVENTS}/${MIAMI.id}`)).toHaveLength(0);
  });
});
