// The event form's ticket types (decision 055) on /admin/events against a fake API: the saved
// custom event's types with price in its currency, sold (and held), left, per-order limit and VIP
// only; adding one in its own dialog (the shared schema's field errors first; the price typed in
// the currency and sent in cents; the event form not submitted); a refused quantity and a refused
// removal read by code in the dialog; removing an unsold type; a new event and an event in another
// currency say why there are none; the load's failure; Portuguese.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route as EventsRoute } from "../../app/routes/admin/events";
import type { AdminEvent } from "../../worker/contracts/admin/events";
import { event as adminEvent } from "./fixtures/admin-event";
import type { AdminTicketType } from "../../worker/contracts/tickets/admin-ticket-types";
import type { GateTierChoice } from "../../worker/contracts/tiers/gate";
import { apiError, createTestRoot, json, mockApi, mountFileRoute, renderApp, sentJson } from "./accounts-harness";

const EVENTS = "/api/admin/events";
const ID = "00000000-0000-4000-8000-000000000001";
const EURO_ID = "00000000-0000-4000-8000-000000000002";

const event = (id: string, overrides: Partial<AdminEvent> = {}): AdminEvent =>
  adminEvent(id, {
    title: "Ticket Night",
    description: null,
    externalTicketUrl: null,
    venuePostalCode: null,
    venueCapacity: 500,
    ticketPriceMin: 25,
    ticketPriceMax: 90,
    ticketsTaken: 3,
    ...overrides,
  });

const type = (id: string, overrides: Partial<AdminTicketType> = {}): AdminTicketType => ({
  id,
  eventId: ID,
  name: "General",
  namePtBr: "Pista",
  priceCents: 2500,
  quantity: 100,
  remaining: 95,
  sold: 3,
  held: 2,
  perOrderLimit: 6,
  vipOnly: false,
  minTierId: null,
  position: 0,
  kind: "venue",
  createdAt: "2031-03-01T12:00:00.000Z",
  updatedAt: "2031-03-01T12:00:00.000Z",
  ...overrides,
});

const GENERAL = type("00000000-0000-4000-8000-0000000000a1");
const UNSOLD = type("00000000-0000-4000-8000-0000000000a2", {
  name: "Balcony",
  namePtBr: null,
  sold: 0,
  held: 0,
  remaining: 40,
  quantity: 40,
  vipOnly: true,
  position: 1,
});

const TIER_CHOICES: GateTierChoice[] = [
  { id: "member", rank: 0, archived: false, name: { en: "Member", ptBR: "Membro" } },
  { id: "vip", rank: 1, archived: false, name: { en: "VIP", ptBR: "VIP" } },
  { id: "inner-circle", rank: 2, archived: false, name: { en: "Inner Circle", ptBR: "Círculo Íntimo" } },
];

function fakeServer({ failTypes = false } = {}) {
  let types = [GENERAL, UNSOLD];
  const TYPES = `${EVENTS}/${ID}/ticket-types`;
  // The list carries each event's types; without them (failTypes) the form asks for them, and that fails.
  const listed = () => (failTypes ? ({ ...event(ID), ticketTypes: undefined } as unknown as AdminEvent) : event(ID, { ticketTypes: types }));
  const api = mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    "GET /api/admin/tier-choices": json(200, { tiers: TIER_CHOICES }),
    [`GET ${EVENTS}`]: () => json(200, { events: [listed(), event(EURO_ID, { title: "Euro Night", currency: "EUR" })] }),
    [`GET ${TYPES}`]: () => (failTypes ? apiError(500, "internal", "Down") : json(200, { ticketTypes: types })),
    [`POST ${TYPES}`]: async (request) => {
      const body = (await request.json()) as Partial<AdminTicketType>;
      const created = type("00000000-0000-4000-8000-0000000000a3", { ...body, namePtBr: body.namePtBr || null, sold: 0, held: 0, remaining: body.quantity });
      types = [...types, created];
      return json(201, { ticketType: created });
    },
    [`PUT ${TYPES}/${GENERAL.id}`]: () => apiError(409, "ticket_quantity_below_sold", "English"),
    [`DELETE ${TYPES}/${GENERAL.id}`]: () => apiError(409, "ticket_type_has_sales", "English"),
    [`DELETE ${TYPES}/${UNSOLD.id}`]: () => {
      types = types.filter((t) => t.id !== UNSOLD.id);
      return json(200, { deleted: UNSOLD.id });
    },
  });
  return api;
}

function renderEvents(locale: "en" | "pt-BR" = "en") {
  const root = createTestRoot();
  return renderApp(root.addChildren([mountFileRoute(EventsRoute, "/admin/events", root)]), "/admin/events", { locale });
}

const section = async (name = "Ticket types") => (await screen.findByRole("region", { name })) as HTMLElement;
const cells = (row: HTMLElement) => [...row.querySelectorAll("th, td")].slice(0, 6).map((c) => c.textContent);

async function editEvent(title = "Ticket Night") {
  await screen.findByRole("table", { name: "Events" });
  fireEvent.click(screen.getByRole("button", { name: `Edit ${title}` }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the event form's ticket types", () => {
  it("lists the saved types: price in the event's currency, sold and held, left, per order, VIP only", async () => {
    fakeServer();
    renderEvents();
    await editEvent();
    const types = await section();
    const table = await within(types).findByRole("table", { name: "Ticket types of this event" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map(cells)).toEqual([
      ["General · Pista", "$25.00", "100", "3 (+2 in checkouts)", "95", "6"],
      ["BalconyVIP only", "$25.00", "40", "0", "40", "6"],
    ]);
    expect(within(rows[0]!).getByRole("button", { name: "Edit General" })).toBeTruthy();
    expect(within(rows[1]!).getByRole("button", { name: "Remove Balcony" })).toBeTruthy();
  });

  it("adds a type in its own dialog: field errors first, then the price in cents; the event is not saved", async () => {
    const server = fakeServer();
    renderEvents();
    await editEvent();
    const types = await section();
    await within(types).findByRole("table");
    fireEvent.click(within(types).getByRole("button", { name: "Add ticket type" }));
    const dialog = await screen.findByRole("dialog", { name: "New ticket type" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Name is required")).toBeTruthy();
    expect(within(dialog).getAllByText("Enter a price of 0 or more, with at most two decimals.")).toHaveLength(1);
    expect(within(dialog).getByText("Enter a whole number from 0 to 100000.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name \(English\)/), { target: { value: "Early bird" } });
    fireEvent.change(within(dialog).getByLabelText(/^Price \(USD\)/), { target: { value: "12.50" } });
    fireEvent.change(within(dialog).getByLabelText(/^Quantity/), { target: { value: "40" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "VIP members only" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sentJson(server.callsTo(`POST ${EVENTS}/${ID}/ticket-types`)[0])).toEqual({
      name: "Early bird",
      namePtBr: "",
      priceCents: 1250,
      quantity: 40,
      perOrderLimit: 10,
      position: 2,
      vipOnly: true,
      minTierId: null,
      kind: "venue",
    });
    expect(await within(types).findByText("Early bird")).toBeTruthy();
    expect(server.callsTo(`PUT ${EVENTS}/${ID}`)).toHaveLength(0);
  });

  it("adds an online type (live show) with its kind in the body", async () => {
    const server = fakeServer();
    renderEvents();
    await editEvent();
    const types = await section();
    await within(types).findByRole("table");
    fireEvent.click(within(types).getByRole("button", { name: "Add ticket type" }));
    const dialog = await screen.findByRole("dialog", { name: "New ticket type" });
    fireEvent.change(within(dialog).getByLabelText(/^Name \(English\)/), { target: { value: "Watch online" } });
    fireEvent.change(within(dialog).getByLabelText(/^Price \(USD\)/), { target: { value: "10" } });
    fireEvent.change(within(dialog).getByLabelText(/^Quantity/), { target: { value: "500" } });
    fireEvent.change(within(dialog).getByLabelText(/^Kind/), { target: { value: "online" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo(`POST ${EVENTS}/${ID}/ticket-types`)).toHaveLength(1));
    expect(sentJson(server.callsTo(`POST ${EVENTS}/${ID}/ticket-types`)[0])).toMatchObject({ name: "Watch online", priceCents: 1000, kind: "online" });
  });

  it("a quantity below what is sold, and removing a type with sales, are refused in the dialog with their reason", async () => {
    fakeServer();
    renderEvents();
    await editEvent();
    const types = await section();
    fireEvent.click(await within(types).findByRole("button", { name: "Edit General" }));
    const edit = await screen.findByRole("dialog", { name: "Edit ticket type" });
    expect((within(edit).getByLabelText(/^Price \(USD\)/) as HTMLInputElement).value).toBe("25.00");
    fireEvent.change(within(edit).getByLabelText(/^Quantity/), { target: { value: "1" } });
    fireEvent.click(within(edit).getByRole("button", { name: "Save" }));
    expect((await within(edit).findByRole("alert")).textContent).toBe("The quantity cannot go below the tickets already sold or held in checkouts.");
    fireEvent.click(within(edit).getByRole("button", { name: "Cancel" }));

    fireEvent.click(within(types).getByRole("button", { name: "Remove General" }));
    const remove = await screen.findByRole("dialog", { name: "Remove ticket type" });
    fireEvent.click(within(remove).getByRole("button", { name: "Delete" }));
    expect(await within(remove).findByText(/This type has tickets sold or in checkouts/)).toBeTruthy();
  });

  it("removes an unsold type", async () => {
    const server = fakeServer();
    renderEvents();
    await editEvent();
    const types = await section();
    fireEvent.click(await within(types).findByRole("button", { name: "Remove Balcony" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Remove ticket type" })).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(types).queryByText("Balcony")).toBeNull());
    expect(server.callsTo(`DELETE ${EVENTS}/${ID}/ticket-types/${UNSOLD.id}`)).toHaveLength(1);
  });

  it("a new event says to save first; an event in euros says only USD or BRL sell here; a failed load says so", async () => {
    fakeServer({ failTypes: true });
    renderEvents();
    await screen.findByRole("table", { name: "Events" });
    fireEvent.click(screen.getByRole("button", { name: "Create Event" }));
    expect(within(await section()).getByText("Save the event first, then add its ticket types.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await editEvent("Euro Night");
    expect(within(await section()).getByText(/only for custom events priced in USD or BRL/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await editEvent();
    expect((await within(await section()).findByRole("alert")).textContent).toContain("The ticket types could not be loaded.");
  });

  it.each([
    [
      "en",
      "Ticket types",
      "Add ticket type",
      "New ticket type",
      /^Name \(English\)/,
      /^Price \(USD\)/,
      /^Quantity/,
      /^Lowest membership tier/,
      "Save",
      "Edit Ticket Night",
      ["Any buyer (no tier asked)", "VIP", "Inner Circle"],
    ],
    [
      "pt-BR",
      "Tipos de ingresso",
      "Adicionar tipo de ingresso",
      "Novo tipo de ingresso",
      /^Nome \(inglês\)/,
      /^Preço \(USD\)/,
      /^Quantidade/,
      /^Nível de assinatura mínimo/,
      "Salvar",
      "Editar Ticket Night",
      ["Qualquer comprador (sem nível)", "VIP", "Círculo Íntimo"],
    ],
  ] as const)(
    "a type for a tier and above (%s): the paid tiers to choose from, sent as minTierId",
    async (locale, sectionName, add, title, nameLabel, priceLabel, quantityLabel, tierLabel, saveLabel, editLabel, options) => {
      const server = fakeServer();
      renderEvents(locale);
      await screen.findByRole("table");
      fireEvent.click(screen.getByRole("button", { name: editLabel }));
      const types = await section(sectionName);
      await within(types).findByRole("table");
      fireEvent.click(within(types).getByRole("button", { name: add }));
      const dialog = await screen.findByRole("dialog", { name: title });
      const tier = (await within(dialog).findByLabelText(tierLabel)) as HTMLSelectElement;
      await waitFor(() => expect([...tier.options].map((o) => o.textContent)).toEqual(options));
      fireEvent.change(within(dialog).getByLabelText(nameLabel), { target: { value: "Backstage" } });
      fireEvent.change(within(dialog).getByLabelText(priceLabel), { target: { value: "120" } });
      fireEvent.change(within(dialog).getByLabelText(quantityLabel), { target: { value: "50" } });
      fireEvent.change(tier, { target: { value: "inner-circle" } });
      fireEvent.click(within(dialog).getByRole("button", { name: saveLabel }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(sentJson(server.callsTo(`POST ${EVENTS}/${ID}/ticket-types`)[0])).toMatchObject({
        name: "Backstage",
        priceCents: 12000,
        minTierId: "inner-circle",
      });
    },
  );

  it("in Portuguese", async () => {
    fakeServer();
    renderEvents("pt-BR");
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Editar Ticket Night" }));
    const types = await section("Tipos de ingresso");
    expect(await within(types).findByRole("button", { name: "Adicionar tipo de ingresso" })).toBeTruthy();
    expect(await within(types).findByText("3 (+2 em checkouts)")).toBeTruthy();
  });
});
