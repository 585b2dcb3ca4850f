// Tickets part "types" (decision 055): /api/admin/events/:id/ticket-types. Every route for visitor,
// member, VIP, door staff and banned (refused, nothing written), the administrator's create, edit
// and delete with their audit rows, each form rule a 400 naming its field that stores nothing, only
// custom events in USD or BRL selling (409 event_not_sellable), quantity edits moving remaining by
// the difference in one conditional statement (never below what is sold and held, also against a
// sale racing the edit), a type with sales never deleted, an event with sold tickets never deleted
// (409, not a foreign-key 500), and an event with types keeping its source and currency.
//
// Expectations come from raw SQL against D1 or fixed values, never from the code under test.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, errorOf } from "./helpers";
import { auditCount, cookieFor, expectAdminOnly } from "./admin-gate-matrix";
import { createDoorStaff } from "./check-in-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { insertPaidOrder } from "./paid-order-fixtures";
import { ADMIN_EVENTS_API, type AdminEventResponse, type AdminEventsResponse, type EventInput } from "../../worker/contracts/admin/events";
import {
  ticketTypesApi,
  type AdminTicketTypeResponse,
  type AdminTicketTypesResponse,
  type TicketTypeInput,
} from "../../worker/contracts/tickets/admin-ticket-types";

const D1 = (env as unknown as { DB: D1Database }).DB;

type TypeRow = {
  id: string;
  event_id: string;
  name: string;
  name_pt_br: string | null;
  price_cents: number;
  quantity: number;
  remaining: number;
  per_order_limit: number;
  vip_only: number;
  position: number;
};
const typeRows = async (eventId: string) =>
  (
    await D1.prepare(
      "SELECT id, event_id, name, name_pt_br, price_cents, quantity, remaining, per_order_limit, vip_only, position FROM ticket_types WHERE event_id = ?1 ORDER BY position, id",
    )
      .bind(eventId)
      .all<TypeRow>()
  ).results;
const typeRow = (id: string) =>
  D1.prepare("SELECT quantity, remaining, name, price_cents FROM ticket_types WHERE id = ?1")
    .bind(id)
    .first<{ quantity: number; remaining: number; name: string; price_cents: number }>();
const lastAudit = () =>
  D1.prepare("SELECT action, target_type, target_id, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{
    action: string;
    target_type: string;
    target_id: string;
    summary: string;
  }>();

const general: TicketTypeInput = { name: "General", namePtBr: "Pista", priceCents: 2500, quantity: 100, perOrderLimit: 6, vipOnly: false, position: 0 };

const asAdmin = async (path: string, method = "GET", json?: unknown) => call(path, { method, json, cookie: await cookieFor("admin") });

/** Seats held by an open checkout (a paid order's checkout stands in for it). */
async function holdSeats(eventId: string, typeId: string, quantity: number, state = "held") {
  const { checkoutId } = await insertPaidOrder(D1, {});
  await D1.batch([
    D1.prepare(
      "INSERT INTO ticket_holds (checkout_id, ticket_type_id, event_id, quantity, unit_cents, total_cents, state) VALUES (?1, ?2, ?3, ?4, 2500, ?5, ?6)",
    ).bind(checkoutId, typeId, eventId, quantity, 2500 * quantity, state),
    D1.prepare("UPDATE ticket_types SET remaining = remaining - ?2 WHERE id = ?1").bind(typeId, state === "held" ? quantity : 0),
  ]);
}

describe("who may use the ticket-type routes", () => {
  it("visitor and banned get 401, member and VIP 403, door staff 403; nothing is written", async () => {
    const eventId = await seedTicketEvent();
    const typeId = await seedTicketType(eventId);
    const snapshot = () => typeRows(eventId);
    const requests = [
      { method: "GET", path: ticketTypesApi(eventId) },
      { method: "POST", path: ticketTypesApi(eventId), json: general },
      { method: "PUT", path: ticketTypesApi(eventId, typeId), json: { ...general, quantity: 5 } },
      { method: "DELETE", path: ticketTypesApi(eventId, typeId) },
    ];
    const door = await createDoorStaff();
    for (const request of requests) {
      await expectAdminOnly(request, snapshot);
      const before = { audit: await auditCount(), rows: await snapshot() };
      const res = await call(request.path, { method: request.method, json: request.json, cookie: door.cookie });
      expect(res.status, `${request.method} as door staff`).toBe(403);
      expect((await errorOf(res)).code).toBe("admin_required");
      expect({ audit: await auditCount(), rows: await snapshot() }).toEqual(before);
    }
  });
});

describe("an administrator's ticket types", () => {
  it("creates a type (remaining = quantity), audited in its batch, listed with sold and held, and on the admin event", async () => {
    const eventId = await seedTicketEvent();
    const res = await asAdmin(ticketTypesApi(eventId), "POST", general);
    expect(res.status).toBe(201);
    const { ticketType } = await res.json<AdminTicketTypeResponse>();
    expect(ticketType).toMatchObject({
      name: "General",
      namePtBr: "Pista",
      priceCents: 2500,
      quantity: 100,
      remaining: 100,
      sold: 0,
      held: 0,
      perOrderLimit: 6,
      vipOnly: false,
    });
    expect(await typeRows(eventId)).toEqual([
      {
        id: ticketType.id,
        event_id: eventId,
        name: "General",
        name_pt_br: "Pista",
        price_cents: 2500,
        quantity: 100,
        remaining: 100,
        per_order_limit: 6,
        vip_only: 0,
        position: 0,
      },
    ]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "event.ticket_type.create", target_type: "event", target_id: eventId });
    expect(JSON.parse(audit!.summary).after).toMatchObject({ id: ticketType.id, name: "General", priceCents: 2500, quantity: 100 });

    // A VIP-only type after it, a sale and a checkout's hold: the list and the event show them.
    const vip = await (
      await asAdmin(ticketTypesApi(eventId), "POST", { name: "VIP area", priceCents: 9000, quantity: 20, vipOnly: true, position: 1 })
    ).json<AdminTicketTypeResponse>();
    expect(vip.ticketType).toMatchObject({ namePtBr: null, perOrderLimit: 10, vipOnly: true });
    await insertIssuedTickets({ eventId, ticketTypeId: ticketType.id, count: 3 });
    await holdSeats(eventId, ticketType.id, 2);
    const list = await (await asAdmin(ticketTypesApi(eventId))).json<AdminTicketTypesResponse>();
    expect(list.ticketTypes.map((t) => [t.name, t.sold, t.held, t.remaining])).toEqual([
      ["General", 3, 2, 95],
      ["VIP area", 0, 0, 20],
    ]);
    const { event } = await (await asAdmin(`${ADMIN_EVENTS_API}/${eventId}`)).json<AdminEventResponse>();
    expect(event.ticketTypes.map((t) => t.id)).toEqual([ticketType.id, vip.ticketType.id]);
    expect(event.ticketsTaken).toBe(3);
    const { events } = await (await asAdmin(`${ADMIN_EVENTS_API}?search=${encodeURIComponent(event.title)}`)).json<AdminEventsResponse>();
    expect(events.find((e) => e.id === eventId)?.ticketTypes).toHaveLength(2);
  });

  it.each([
    ["a missing name", { ...general, name: "  " }, "name_required", "name"],
    ["a name too long", { ...general, name: "x".repeat(61) }, "ticket_type_name_too_long", "name"],
    ["a Portuguese name too long", { ...general, namePtBr: "x".repeat(61) }, "ticket_type_name_too_long", "namePtBr"],
    ["a negative price", { ...general, priceCents: -1 }, "ticket_type_price_invalid", "priceCents"],
    ["a price in fractions of a cent", { ...general, priceCents: 10.5 }, "ticket_type_price_invalid", "priceCents"],
    ["a price as text", { ...general, priceCents: "25" }, "ticket_type_price_invalid", "priceCents"],
    ["a quantity over the limit", { ...general, quantity: 100_001 }, "ticket_type_quantity_invalid", "quantity"],
    ["a per-order limit of 0", { ...general, perOrderLimit: 0 }, "ticket_type_per_order_limit_invalid", "perOrderLimit"],
    ["a per-order limit over 20", { ...general, perOrderLimit: 21 }, "ticket_type_per_order_limit_invalid", "perOrderLimit"],
    ["a negative position", { ...general, position: -1 }, "ticket_type_position_invalid", "position"],
    ["an unknown field", { ...general, stock: 5 }, "invalid_input", undefined],
  ])("refuses %s with a 400 naming its rule and field, storing nothing", async (_label, body, code, field) => {
    const eventId = await seedTicketEvent();
    const typeId = await seedTicketType(eventId);
    const before = { audit: await auditCount(), rows: await typeRows(eventId) };
    for (const [method, path] of [
      ["POST", ticketTypesApi(eventId)],
      ["PUT", ticketTypesApi(eventId, typeId)],
    ] as const) {
      const res = await asAdmin(path, method, body);
      expect(res.status, method).toBe(400);
      const error = await errorOf(res);
      expect(error.code, method).toBe(code);
      if (field) expect(error.field, method).toBe(field);
    }
    expect({ audit: await auditCount(), rows: await typeRows(eventId) }).toEqual(before);
  });

  it("a body that is not JSON is a 400, an unknown event or type a 404", async () => {
    const eventId = await seedTicketEvent();
    const typeId = await seedTicketType(eventId);
    const otherEvent = await seedTicketEvent();
    const bad = await call(ticketTypesApi(eventId), {
      method: "POST",
      body: "{name",
      headers: { "Content-Type": "application/json" },
      cookie: await cookieFor("admin"),
    });
    expect(bad.status).toBe(400);
    for (const [method, path, code] of [
      ["GET", ticketTypesApi(crypto.randomUUID()), "event_not_found"],
      ["POST", ticketTypesApi("not-an-id"), "event_not_found"],
      ["PUT", ticketTypesApi(eventId, crypto.randomUUID()), "ticket_type_not_found"],
      ["PUT", ticketTypesApi(otherEvent, typeId), "ticket_type_not_found"],
      ["DELETE", ticketTypesApi(eventId, "nope"), "ticket_type_not_found"],
    ] as const) {
      const res = await asAdmin(path, method, method === "GET" || method === "DELETE" ? undefined : general);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(res)).code).toBe(code);
    }
    expect(await typeRows(otherEvent)).toEqual([]);
  });

  it.each([
    ["an Eventbrite event", { source: "eventbrite" as const }],
    ["an event priced in euros", { currency: "EUR" as unknown as "USD" }],
  ])("refuses types for %s: 409 event_not_sellable", async (_label, seed) => {
    const eventId = await seedTicketEvent(seed);
    const audit = await auditCount();
    const res = await asAdmin(ticketTypesApi(eventId), "POST", general);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("event_not_sellable");
    expect(await typeRows(eventId)).toEqual([]);
    expect(await auditCount()).toBe(audit);
  });

  it("an event in BRL sells; the ninth type is 409 ticket_types_full", async () => {
    const eventId = await seedTicketEvent({ currency: "BRL" });
    for (let i = 0; i < 8; i++) expect((await asAdmin(ticketTypesApi(eventId), "POST", { ...general, position: i })).status).toBe(201);
    const res = await asAdmin(ticketTypesApi(eventId), "POST", general);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("ticket_types_full");
    expect(await typeRows(eventId)).toHaveLength(8);
  });

  it("eight types added at once by racing requests stop at eight", async () => {
    const eventId = await seedTicketEvent();
    const cookie = await cookieFor("admin");
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(ticketTypesApi(eventId), { method: "POST", json: general, cookie })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    expect(await typeRows(eventId)).toHaveLength(8);
  });
});

describe("changing a type's quantity", () => {
  it("moves remaining by the difference; below what is sold and held is 409 and changes nothing", async () => {
    const eventId = await seedTicketEvent();
    const typeId = await seedTicketType(eventId, { quantity: 10 });
    await insertIssuedTickets({ eventId, ticketTypeId: typeId, count: 3 });
    await holdSeats(eventId, typeId, 2);
    // A released hold gave its seats back: it counts for nothing.
    await holdSeats(eventId, typeId, 4, "released");
    expect(await typeRow(typeId)).toMatchObject({ quantity: 10, remaining: 5 });

    const up = await asAdmin(ticketTypesApi(eventId, typeId), "PUT", { ...general, name: "General admission", quantity: 20 });
    expect(up.status).toBe(200);
    expect((await up.json<AdminTicketTypeResponse>()).ticketType).toMatchObject({ quantity: 20, remaining: 15, sold: 3, held: 2, name: "General admission" });
    expect(await typeRow(typeId)).toMatchObject({ quantity: 20, remaining: 15, name: "General admission" });
    const audit = await lastAudit();
    expect(audit!.action).toBe("event.ticket_type.update");
    expect(JSON.parse(audit!.summary)).toMatchObject({ before: { quantity: 10, name: "General" }, after: { quantity: 20, name: "General admission" } });

    // Down to exactly what is sold and held: nothing left.
    expect((await asAdmin(ticketTypesApi(eventId, typeId), "PUT", { ...general, quantity: 5 })).status).toBe(200);
    expect(await typeRow(typeId)).toMatchObject({ quantity: 5, remaining: 0 });

    const count = await auditCount();
    const below = await asAdmin(ticketTypesApi(eventId, typeId), "PUT", { ...general, quantity: 4, priceCents: 1 });
    expect(below.status).toBe(409);
    expect((await errorOf(below)).code).toBe("ticket_quantity_below_sold");
    expect(await typeRow(typeId)).toMatchObject({ quantity: 5, remaining: 0, price_cents: 2500 });
    expect(await auditCount()).toBe(count);
  });

  it("a sale racing a lowered quantity never leaves remaining below zero or past the quantity", async () => {
    for (let round = 0; round < 5; round++) {
      const eventId = await seedTicketEvent();
      const typeId = await seedTicketType(eventId, { quantity: 10 });
      const cookie = await cookieFor("admin");
      // The checkout's conditional take of 6 seats against the admin lowering the quantity to 5.
      const [take, edit] = await Promise.all([
        D1.prepare("UPDATE ticket_types SET remaining = remaining - 6 WHERE id = ?1 AND remaining >= 6").bind(typeId).run(),
        call(ticketTypesApi(eventId, typeId), { method: "PUT", json: { ...general, quantity: 5 }, cookie }),
      ]);
      const row = (await typeRow(typeId))!;
      const taken = take.meta.changes === 1 ? 6 : 0;
      expect(row.remaining).toBeGreaterThanOrEqual(0);
      expect(row.remaining).toBe(row.quantity - taken);
      // Both cannot win: 6 taken of a quantity of 5 would be below zero.
      expect(taken === 6 && edit.status === 200).toBe(false);
      if (edit.status !== 200) expect((await errorOf(edit)).code).toBe("ticket_quantity_below_sold");
    }
  });
});

describe("deleting", () => {
  it("a type nothing was sold of goes, audited; one with tickets or in a checkout is 409", async () => {
    const eventId = await seedTicketEvent();
    const unsold = await seedTicketType(eventId, { name: "Unsold" });
    const sold = await seedTicketType(eventId, { name: "Sold" });
    const held = await seedTicketType(eventId, { name: "Held" });
    await insertIssuedTickets({ eventId, ticketTypeId: sold, count: 1, status: "refunded" });
    await holdSeats(eventId, held, 1, "released");

    const res = await asAdmin(ticketTypesApi(eventId, unsold), "DELETE");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: unsold });
    expect(await typeRow(unsold)).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: "event.ticket_type.delete", target_id: eventId });

    for (const typeId of [sold, held]) {
      const count = await auditCount();
      const refused = await asAdmin(ticketTypesApi(eventId, typeId), "DELETE");
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).code).toBe("ticket_type_has_sales");
      expect(await typeRow(typeId)).not.toBeNull();
      expect(await auditCount()).toBe(count);
    }
  });

  it("an event that sold tickets is 409 event_has_tickets, not a 500; one with unsold types goes with them", async () => {
    const soldEvent = await seedTicketEvent();
    const typeId = await seedTicketType(soldEvent);
    await insertIssuedTickets({ eventId: soldEvent, ticketTypeId: typeId, count: 1 });
    const count = await auditCount();
    const refused = await asAdmin(`${ADMIN_EVENTS_API}/${soldEvent}`, "DELETE");
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("event_has_tickets");
    expect(await D1.prepare("SELECT id FROM events WHERE id = ?1").bind(soldEvent).first()).not.toBeNull();
    expect(await auditCount()).toBe(count);

    const heldEvent = await seedTicketEvent();
    await holdSeats(heldEvent, await seedTicketType(heldEvent), 1);
    expect((await errorOf(await asAdmin(`${ADMIN_EVENTS_API}/${heldEvent}`, "DELETE"))).code).toBe("event_has_tickets");

    const unsoldEvent = await seedTicketEvent();
    await seedTicketType(unsoldEvent);
    expect((await asAdmin(`${ADMIN_EVENTS_API}/${unsoldEvent}`, "DELETE")).status).toBe(200);
    expect(await typeRows(unsoldEvent)).toEqual([]);
  });
});

describe("an event with ticket types", () => {
  const form = (overrides: Partial<EventInput> = {}): EventInput => ({
    title: "Ticket show",
    eventDate: `${new Date().getUTCFullYear() + 1}-06-15T20:00`,
    timeZone: "America/New_York",
    status: "published",
    source: "custom",
    venueName: "Club",
    venueAddress: "1 Main St",
    venueCity: "Miami",
    venueState: "FL",
    venueCountry: "USA",
    venueCapacity: 500,
    currency: "USD",
    ticketPriceMin: 25,
    ticketPriceMax: 90,
    ticketSaleStart: `${new Date().getUTCFullYear() + 1}-03-01T10:00`,
    ticketSaleEnd: `${new Date().getUTCFullYear() + 1}-06-15T18:00`,
    ...overrides,
  });

  it("keeps its source and currency (409 event_has_ticket_types); other edits save", async () => {
    const eventId = await seedTicketEvent();
    await seedTicketType(eventId);
    for (const overrides of [{ currency: "BRL" }, { currency: "EUR" }, { source: "eventbrite" as const, eventbriteId: "eb-1" }]) {
      const res = await asAdmin(`${ADMIN_EVENTS_API}/${eventId}`, "PUT", form(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(409);
      expect((await errorOf(res)).code).toBe("event_has_ticket_types");
    }
    expect(await D1.prepare("SELECT currency, source FROM events WHERE id = ?1").bind(eventId).first()).toEqual({ currency: "USD", source: "custom" });
    expect((await asAdmin(`${ADMIN_EVENTS_API}/${eventId}`, "PUT", form({ title: "Renamed" }))).status).toBe(200);

    // Without types the currency is free to change.
    const bare = await seedTicketEvent();
    expect((await asAdmin(`${ADMIN_EVENTS_API}/${bare}`, "PUT", form({ currency: "EUR" }))).status).toBe(200);
  });
});
