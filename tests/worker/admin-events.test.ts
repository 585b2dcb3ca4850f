// /api/admin/events and /api/admin/venues: event and venue management for administrators only.
// Every route answers visitor and banned 401, member and VIP 403 (writing nothing), admin 2xx with
// one audit row per write. Each rule of the event form (docs/features.md#back-office-administrators, Events and venues, plus prices in order, the
// sale ending after it starts and a real time zone) is a 400 naming its field that stores nothing.
// Searches and filters; a published event is public at once (the memo is forgotten) and a draft
// never is; a venue used by events cannot be deleted.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, errorOf, ruleError, type TestUser } from "./helpers";
import { cookieFor, expectRefused, NON_ADMIN_ROLES, userOf } from "./admin-gate-matrix";
import {
  ADMIN_EVENTS_API,
  ADMIN_VENUES_API,
  EVENT_FORM_MESSAGES as M,
  type AdminEventResponse,
  type AdminEventsResponse,
  type EventInput,
} from "../../worker/contracts/admin/events";
import type { AdminVenue, AdminVenueResponse, AdminVenuesResponse, VenueInput } from "../../worker/contracts/admin/venues";
import type { EventsResponse } from "../../worker/contracts/events";
import { REMINDER_FORM_MESSAGES } from "../../worker/contracts/reminder-limits";

const D1 = (env as unknown as { DB: D1Database }).DB;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
/** Wall clock time next year, as a datetime-local input gives it. */
const at = (monthDay: string, time = "20:00") => `${NEXT_YEAR}-${monthDay}T${time}`;

/** A complete in-person custom event, as the form sends it. */
const customEvent = (overrides: Partial<EventInput> = {}): EventInput => ({
  title: "Freestyle Forever — Miami",
  description: "Two hours of freestyle classics.",
  eventDate: at("06-15"),
  timeZone: "America/New_York",
  status: "published",
  source: "custom",
  eventbriteId: null,
  externalTicketUrl: "https://tickets.example.com/miami",
  venueName: "Neon Hall",
  venueAddress: "100 Ocean Drive",
  venueCity: "Miami",
  venueState: "FL",
  venueCountry: "USA",
  venuePostalCode: "33139",
  venueCapacity: 1800,
  ticketPriceMin: 45.5,
  ticketPriceMax: 120,
  ticketSaleStart: at("03-01", "10:00"),
  ticketSaleEnd: at("06-15", "18:00"),
  ...overrides,
});

const eventbriteEvent = (overrides: Partial<EventInput> = {}): EventInput => ({
  title: "Eventbrite Night",
  eventDate: at("07-04"),
  source: "eventbrite",
  eventbriteId: `eb-${crypto.randomUUID()}`,
  ...overrides,
});

const venueInput = (overrides: Partial<VenueInput> = {}): VenueInput => ({
  name: "Starlight Ballroom",
  address: "1250 West 34th Street",
  city: "New York",
  state: "NY",
  country: "USA",
  postalCode: "10001",
  capacity: 2100,
  ...overrides,
});

// ----- rows made straight in D1 -----

let serial = 0;

type SeedEvent = {
  title?: string;
  status?: string;
  source?: string;
  venueName?: string | null;
  venueCity?: string | null;
  venueCountry?: string | null;
  venueId?: string | null;
  eventDate?: number;
};

async function seedEvent(seed: SeedEvent = {}): Promise<string> {
  const id = crypto.randomUUID();
  serial++;
  await D1.prepare(
    `INSERT INTO events (id, title, event_date, status, source, eventbrite_id, venue_name, venue_city, venue_country, venue_id, ticket_price_min_cents, ticket_price_max_cents)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1000, 2000)`,
  )
    .bind(
      id,
      seed.title ?? `Seeded ${serial}`,
      seed.eventDate ?? Date.UTC(NEXT_YEAR, 0, 1) + serial * 60_000,
      seed.status ?? "draft",
      seed.source ?? "custom",
      seed.source === "eventbrite" ? `eb-seed-${serial}` : null,
      seed.venueName === undefined ? "Seed Hall" : seed.venueName,
      seed.venueCity === undefined ? "Seedville" : seed.venueCity,
      seed.venueCountry === undefined ? "USA" : seed.venueCountry,
      seed.venueId ?? null,
    )
    .run();
  return id;
}

async function seedVenue(name = `Venue ${++serial}`, address = `${serial} Main Street`): Promise<string> {
  const id = crypto.randomUUID();
  await D1.prepare("INSERT INTO venues (id, name, address, capacity) VALUES (?1, ?2, ?3, 500)").bind(id, name, address).run();
  return id;
}

const row = <T>(query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .first<T>();
const countOf = async (table: string) => (await row<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))!.n;
const auditCount = () => countOf("audit_log");
type AuditRow = { action: string; target_type: string; target_id: string | null; actor_email: string; summary: string };
const lastAudit = () => row<AuditRow>("SELECT * FROM audit_log ORDER BY id DESC LIMIT 1");
type StoredEvent = Record<string, unknown>;
const storedEvent = (id: string) => row<StoredEvent>("SELECT * FROM events WHERE id = ?", id);

let admin: TestUser;

beforeAll(async () => {
  admin = await userOf("admin");
});

const asAdmin = (path: string, options: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}) =>
  call(path, { ...options, cookie: admin.cookie });
const postEvent = (json: unknown) => asAdmin(ADMIN_EVENTS_API, { method: "POST", json });
const putEvent = (id: string, json: unknown) => asAdmin(`${ADMIN_EVENTS_API}/${id}`, { method: "PUT", json });

// ----- every route, every role -----

type Req = { method: string; path: string; json?: unknown };
type Case = { name: string; status: number; action?: string; make(): Promise<Req> };

const CASES: Case[] = [
  { name: "GET /events", status: 200, make: async () => ({ method: "GET", path: `${ADMIN_EVENTS_API}?search=seed&status=draft&source=custom` }) },
  { name: "POST /events", status: 201, action: "event.create", make: async () => ({ method: "POST", path: ADMIN_EVENTS_API, json: customEvent() }) },
  { name: "GET /events/:id", status: 200, make: async () => ({ method: "GET", path: `${ADMIN_EVENTS_API}/${await seedEvent()}` }) },
  {
    name: "PUT /events/:id",
    status: 200,
    action: "event.update",
    make: async () => ({ method: "PUT", path: `${ADMIN_EVENTS_API}/${await seedEvent()}`, json: customEvent() }),
  },
  {
    name: "DELETE /events/:id",
    status: 200,
    action: "event.delete",
    make: async () => ({ method: "DELETE", path: `${ADMIN_EVENTS_API}/${await seedEvent()}` }),
  },
  { name: "GET /venues", status: 200, make: async () => ({ method: "GET", path: `${ADMIN_VENUES_API}?search=main` }) },
  { name: "POST /venues", status: 201, action: "venue.create", make: async () => ({ method: "POST", path: ADMIN_VENUES_API, json: venueInput() }) },
  { name: "GET /venues/:id", status: 200, make: async () => ({ method: "GET", path: `${ADMIN_VENUES_API}/${await seedVenue()}` }) },
  {
    name: "PUT /venues/:id",
    status: 200,
    action: "venue.update",
    make: async () => ({ method: "PUT", path: `${ADMIN_VENUES_API}/${await seedVenue()}`, json: venueInput({ name: "Renamed Hall" }) }),
  },
  {
    name: "DELETE /venues/:id",
    status: 200,
    action: "venue.delete",
    make: async () => ({ method: "DELETE", path: `${ADMIN_VENUES_API}/${await seedVenue()}` }),
  },
];

/** Everything a write could touch, to show that a refused request changed none of it. */
const snapshot = async () =>
  JSON.stringify(await Promise.all(["events", "venues", "audit_log"].map(async (t) => (await D1.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()).results)));

describe("/api/admin/events and /api/admin/venues: every route, every role", () => {
  for (const c of CASES) {
    for (const [role, status] of NON_ADMIN_ROLES) {
      it(`${c.name} as ${role} → ${status}, nothing written`, async () => {
        const req = await c.make();
        const before = await snapshot();
        const res = await call(req.path, { method: req.method, json: req.json, cookie: await cookieFor(role) });
        await expectRefused(res, role);
        expect(await snapshot()).toBe(before);
      });
    }
    it(`${c.name} as admin → ${c.status}${c.action ? `, audited as ${c.action}` : ", nothing audited"}`, async () => {
      const req = await c.make();
      const before = await auditCount();
      const res = await call(req.path, { method: req.method, json: req.json, cookie: admin.cookie });
      expect(res.status, await res.clone().text()).toBe(c.status);
      if (!c.action) {
        expect(await auditCount()).toBe(before);
        return;
      }
      expect(await auditCount()).toBe(before + 1);
      const audit = (await lastAudit())!;
      expect([audit.action, audit.actor_email]).toEqual([c.action, admin.email]);
      expect(JSON.parse(audit.summary)).toBeTypeOf("object");
    });
  }
});

// ----- the event form's rules -----

type Rule = { name: string; body: EventInput | Record<string, unknown>; field: string; message: string };

const RULES: Rule[] = [
  { name: "a missing title", body: customEvent({ title: undefined }), field: "title", message: M.titleRequired },
  { name: "a blank title", body: customEvent({ title: "   " }), field: "title", message: M.titleRequired },
  { name: "a missing event date", body: customEvent({ eventDate: undefined }), field: "eventDate", message: M.eventDateRequired },
  { name: "a blank event date", body: customEvent({ eventDate: "" }), field: "eventDate", message: M.eventDateRequired },
  { name: "an event date that does not exist (30 February)", body: customEvent({ eventDate: at("02-30") }), field: "eventDate", message: M.dateInvalid },
  { name: "an event date that is not a date", body: customEvent({ eventDate: "next friday" }), field: "eventDate", message: M.dateInvalid },
  { name: "an unknown time zone", body: customEvent({ timeZone: "Mars/Olympus_Mons" }), field: "timeZone", message: M.timeZoneInvalid },
  { name: "a blank time zone", body: customEvent({ timeZone: " " }), field: "timeZone", message: M.timeZoneInvalid },
  { name: "an unknown status", body: customEvent({ status: "live" as never }), field: "status", message: M.statusInvalid },
  { name: "an unknown source", body: customEvent({ source: "ticketmaster" as never }), field: "source", message: M.sourceInvalid },
  {
    name: "an Eventbrite event without its Eventbrite event ID",
    body: eventbriteEvent({ eventbriteId: "  " }),
    field: "eventbriteId",
    message: M.eventbriteIdRequired,
  },
  { name: "a ticket URL that is not a URL", body: customEvent({ externalTicketUrl: "tickets dot com" }), field: "externalTicketUrl", message: M.urlInvalid },
  {
    name: "a ticket URL that is not a web address",
    body: customEvent({ externalTicketUrl: "javascript:alert(1)" }),
    field: "externalTicketUrl",
    message: M.urlInvalid,
  },
  { name: "a custom event without a venue name", body: customEvent({ venueName: "" }), field: "venueName", message: M.venueNameRequired },
  { name: "a custom event without a venue address", body: customEvent({ venueAddress: null }), field: "venueAddress", message: M.venueAddressRequired },
  { name: "a custom event without a venue city", body: customEvent({ venueCity: undefined }), field: "venueCity", message: M.venueCityRequired },
  { name: "a custom event without a venue state", body: customEvent({ venueState: " " }), field: "venueState", message: M.venueStateRequired },
  { name: "a country that is no ISO 3166-1 alpha-3 code", body: customEvent({ venueCountry: "XYZ" }), field: "venueCountry", message: M.countryInvalid },
  { name: "an alpha-2 country code", body: customEvent({ venueCountry: "BR" }), field: "venueCountry", message: M.countryInvalid },
  { name: "a currency that is no ISO 4217 code", body: customEvent({ currency: "XYZ" }), field: "currency", message: M.currencyInvalid },
  { name: "a currency in lower case", body: customEvent({ currency: "brl" }), field: "currency", message: M.currencyInvalid },
  { name: "a currency sent as a number", body: { ...customEvent(), currency: 986 }, field: "currency", message: M.currencyInvalid },
  { name: "a custom event without a capacity", body: customEvent({ venueCapacity: null }), field: "venueCapacity", message: M.capacityRequired },
  { name: "a negative capacity", body: customEvent({ venueCapacity: -1 }), field: "venueCapacity", message: M.capacityMin },
  { name: "a capacity that is not a whole number", body: customEvent({ venueCapacity: 12.5 }), field: "venueCapacity", message: M.capacityInvalid },
  { name: "a capacity sent as text", body: { ...customEvent(), venueCapacity: "1800" }, field: "venueCapacity", message: M.capacityInvalid },
  { name: "a custom event without a minimum price", body: customEvent({ ticketPriceMin: null }), field: "ticketPriceMin", message: M.priceMinRequired },
  { name: "a custom event without a maximum price", body: customEvent({ ticketPriceMax: undefined }), field: "ticketPriceMax", message: M.priceMaxRequired },
  { name: "a negative price", body: customEvent({ ticketPriceMin: -0.01 }), field: "ticketPriceMin", message: M.priceMin },
  { name: "a price finer than a cent (step 0.01)", body: customEvent({ ticketPriceMax: 120.005 }), field: "ticketPriceMax", message: M.priceStep },
  { name: "a price sent as text", body: { ...customEvent(), ticketPriceMin: "45" }, field: "ticketPriceMin", message: M.priceInvalid },
  {
    name: "a maximum price below the minimum",
    body: customEvent({ ticketPriceMin: 50, ticketPriceMax: 49.99 }),
    field: "ticketPriceMax",
    message: M.priceOrder,
  },
  { name: "a custom event without a sale start", body: customEvent({ ticketSaleStart: "" }), field: "ticketSaleStart", message: M.saleStartRequired },
  { name: "a custom event without a sale end", body: customEvent({ ticketSaleEnd: null }), field: "ticketSaleEnd", message: M.saleEndRequired },
  { name: "a sale end that is not a date", body: customEvent({ ticketSaleEnd: "2026-13-01T10:00" }), field: "ticketSaleEnd", message: M.dateInvalid },
  {
    name: "a sale end before the sale start",
    body: customEvent({ ticketSaleStart: at("03-01", "10:00"), ticketSaleEnd: at("03-01", "09:59") }),
    field: "ticketSaleEnd",
    message: M.saleOrder,
  },
  { name: "a saved venue that does not exist", body: customEvent({ venueId: crypto.randomUUID() }), field: "venueId", message: M.venueUnknown },
  { name: "a saved venue id that is no id", body: customEvent({ venueId: "starlight" }), field: "venueId", message: M.venueUnknown },
  { name: "a title too long", body: customEvent({ title: "x".repeat(201) }), field: "title", message: M.textTooLong },
  // "Remind me" (decision 045): at least one of 1 week, 1 day, 1 hour, 15 minutes, each once.
  { name: "no reminder time", body: customEvent({ reminderOffsets: [] }), field: "reminderOffsets", message: REMINDER_FORM_MESSAGES.offsetsRequired },
  {
    name: "an unknown reminder time (30 minutes)",
    body: { ...customEvent(), reminderOffsets: [1440, 30] },
    field: "reminderOffsets.1",
    message: REMINDER_FORM_MESSAGES.offsetInvalid,
  },
  {
    name: "a reminder time as text",
    body: { ...customEvent(), reminderOffsets: ["60"] },
    field: "reminderOffsets.0",
    message: REMINDER_FORM_MESSAGES.offsetInvalid,
  },
  {
    name: "reminder times that are no list",
    body: { ...customEvent(), reminderOffsets: 60 },
    field: "reminderOffsets",
    message: REMINDER_FORM_MESSAGES.offsetInvalid,
  },
  {
    name: "a reminder time twice",
    body: customEvent({ reminderOffsets: [60, 60] }),
    field: "reminderOffsets",
    message: REMINDER_FORM_MESSAGES.offsetsRepeated,
  },
];

describe("the event form's rules, on create and on edit", () => {
  for (const rule of RULES) {
    it(`POST refuses ${rule.name}: 400 naming ${rule.field}, nothing stored`, async () => {
      const [events, audits] = [await countOf("events"), await auditCount()];
      const res = await postEvent(rule.body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: ruleError(rule.message, rule.field) });
      expect([await countOf("events"), await auditCount()]).toEqual([events, audits]);
    });
  }

  for (const rule of RULES.filter((_, i) => i % 3 === 0)) {
    it(`PUT refuses ${rule.name} too, leaving the event as it was`, async () => {
      const id = await seedEvent({ title: "Untouched" });
      const before = await storedEvent(id);
      const audits = await auditCount();
      const res = await putEvent(id, rule.body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: ruleError(rule.message, rule.field) });
      expect(await storedEvent(id)).toEqual(before);
      expect(await auditCount()).toBe(audits);
    });
  }

  it("refuses unknown fields, malformed JSON and a body that is not an object, never with a 500", async () => {
    const events = await countOf("events");
    const id = await seedEvent();
    const unknown = await postEvent({ ...customEvent(), price: 10 });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).code).toBe("invalid_input");
    for (const body of ["{", "[]", "null", '"text"']) {
      for (const res of [
        await asAdmin(ADMIN_EVENTS_API, { method: "POST", body, headers: { "content-type": "application/json" } }),
        await asAdmin(`${ADMIN_EVENTS_API}/${id}`, { method: "PUT", body, headers: { "content-type": "application/json" } }),
      ]) {
        expect(res.status, body).toBe(400);
      }
    }
    expect(await countOf("events")).toBe(events + 1);
  });

  it("needs only the title, date and Eventbrite event ID for an Eventbrite event: no venue, no prices", async () => {
    const res = await postEvent(eventbriteEvent({ eventbriteId: " 987654 " }));
    expect(res.status, await res.clone().text()).toBe(201);
    const { event } = await res.json<AdminEventResponse>();
    const stored = (await storedEvent(event.id))!;
    expect(stored).toMatchObject({
      source: "eventbrite",
      eventbrite_id: "987654",
      status: "draft",
      venue_name: null,
      venue_capacity: null,
      ticket_price_min_cents: null,
      ticket_sale_start: null,
    });
  });

  it("stores blanks as null, capacity as an integer and prices as cents, with the defaults", async () => {
    const res = await postEvent(
      customEvent({
        description: "   ",
        venuePostalCode: "",
        externalTicketUrl: " ",
        status: undefined,
        venueCountry: undefined,
        ticketPriceMin: 45.5,
        ticketPriceMax: 120.99,
      }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const { event } = await res.json<AdminEventResponse>();
    expect(await storedEvent(event.id)).toMatchObject({
      description: null,
      venue_postal_code: null,
      external_ticket_url: null,
      status: "draft",
      venue_country: "USA",
      venue_capacity: 1800,
      ticket_price_min_cents: 4550,
      ticket_price_max_cents: 12099,
      currency: "USD",
    });
    expect(event).toMatchObject({ ticketPriceMin: 45.5, ticketPriceMax: 120.99, venueCapacity: 1800, description: null });
  });

  it("reads the date and time as wall clock time in the event's zone, daylight saving included", async () => {
    const summer = (await (await postEvent(customEvent({ eventDate: at("07-01"), timeZone: "America/New_York" }))).json<AdminEventResponse>()).event;
    expect(summer.eventDate).toBe(new Date(Date.UTC(NEXT_YEAR, 6, 2, 0, 0)).toISOString()); // 20:00 EDT (UTC-4)
    const winter = (
      await (
        await postEvent(customEvent({ eventDate: at("12-05"), timeZone: "America/New_York", ticketSaleEnd: at("12-05", "18:00") }))
      ).json<AdminEventResponse>()
    ).event;
    expect(winter.eventDate).toBe(new Date(Date.UTC(NEXT_YEAR, 11, 6, 1, 0)).toISOString()); // 20:00 EST (UTC-5)
    const mexico = (
      await (await postEvent(customEvent({ eventDate: at("06-15"), timeZone: "America/Mexico_City", venueCountry: "MEX" }))).json<AdminEventResponse>()
    ).event;
    expect(mexico.eventDate).toBe(new Date(Date.UTC(NEXT_YEAR, 5, 16, 2, 0)).toISOString()); // 20:00 CST (UTC-6)
    expect(mexico).toMatchObject({ timeZone: "America/Mexico_City", venueCountry: "MEX" });
    expect((await storedEvent(mexico.id))!.ticket_sale_start).toBe(Date.UTC(NEXT_YEAR, 2, 1, 16, 0));
    // An instant with its offset is taken as it is.
    const instant = (await (await postEvent(customEvent({ eventDate: `${NEXT_YEAR}-06-15T23:30:00Z` }))).json<AdminEventResponse>()).event;
    expect(instant.eventDate).toBe(`${NEXT_YEAR}-06-15T23:30:00.000Z`);
  });

  it("stores an event in Brazil with its currency, BRL by default from the country (decision 037)", async () => {
    const res = await postEvent(customEvent({ venueCountry: "BRA", timeZone: "America/Sao_Paulo", ticketPriceMin: 150, ticketPriceMax: 150 }));
    expect(res.status, await res.clone().text()).toBe(201);
    const { event } = await res.json<AdminEventResponse>();
    expect(event).toMatchObject({ venueCountry: "BRA", currency: "BRL", ticketPriceMin: 150 });
    expect((await storedEvent(event.id))!).toMatchObject({ venue_country: "BRA", currency: "BRL", ticket_price_min_cents: 15000 });
    // A currency the form sends wins over the country's; an edit can change it.
    const dollars = (await (await postEvent(customEvent({ venueCountry: "BRA", currency: "USD" }))).json<AdminEventResponse>()).event;
    expect((await storedEvent(dollars.id))!).toMatchObject({ venue_country: "BRA", currency: "USD" });
    const edited = await putEvent(dollars.id, customEvent({ venueCountry: "ARG", currency: "ARS" }));
    expect(edited.status).toBe(200);
    expect((await storedEvent(dollars.id))!).toMatchObject({ venue_country: "ARG", currency: "ARS" });
    expect((await storedEvent((await (await postEvent(customEvent())).json<AdminEventResponse>()).event.id))!.currency).toBe("USD");
  });

  it("lets an edited event keep a venue country from before every country was offered, but not pick a new unknown one", async () => {
    const id = await seedEvent({ venueCountry: "Brasil" });
    const kept = await putEvent(id, customEvent({ venueCountry: "Brasil", title: "Noite Freestyle" }));
    expect(kept.status, await kept.clone().text()).toBe(200);
    expect((await storedEvent(id))!).toMatchObject({ venue_country: "Brasil", title: "Noite Freestyle" });
    const other = await putEvent(id, customEvent({ venueCountry: "Argentina" }));
    expect(await other.json()).toEqual({ error: ruleError(M.countryInvalid, "venueCountry") });
    const canada = await putEvent(id, customEvent({ venueCountry: "CAN" }));
    expect(canada.status).toBe(200);
    expect((await storedEvent(id))!.venue_country).toBe("CAN");
  });

  it("refuses an Eventbrite event ID another event has (409), storing nothing", async () => {
    const first = await postEvent(eventbriteEvent({ eventbriteId: "eb-taken" }));
    expect(first.status).toBe(201);
    const [events, audits] = [await countOf("events"), await auditCount()];
    const again = await postEvent(eventbriteEvent({ eventbriteId: "eb-taken", title: "Copy" }));
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: "eventbrite_id_taken", message: "Another event already uses this Eventbrite event ID" });
    expect([await countOf("events"), await auditCount()]).toEqual([events, audits]);
  });

  it("keeps a virtual meet's join link and needs no venue for it", async () => {
    const res = await postEvent(
      customEvent({
        online: true,
        joinUrl: "https://meet.example.com/vip",
        venueCountry: null,
        venueName: null,
        venueAddress: null,
        venueCity: null,
        venueState: null,
        venueCapacity: null,
        ticketPriceMin: null,
        ticketPriceMax: null,
        ticketSaleStart: null,
        ticketSaleEnd: null,
      }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const { event } = await res.json<AdminEventResponse>();
    expect(await storedEvent(event.id)).toMatchObject({ is_online: 1, join_url: "https://meet.example.com/vip", venue_name: null, venue_country: null });
    expect(JSON.parse((await lastAudit())!.summary).after).not.toHaveProperty("joinUrl");
  });
});

// ----- reading, editing, deleting -----

describe("GET, PUT and DELETE /api/admin/events/:id", () => {
  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of [crypto.randomUUID(), "not-an-id", "1%27%20OR%201=1"]) {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const res = await asAdmin(`${ADMIN_EVENTS_API}/${id}`, { method, json: method === "PUT" ? customEvent() : undefined });
        expect(res.status, `${method} ${id}`).toBe(404);
        expect((await errorOf(res)).code).toBe("event_not_found");
      }
    }
  });

  it("shows any event, draft included, with every field", async () => {
    const created = (await (await postEvent(customEvent({ status: "draft" }))).json<AdminEventResponse>()).event;
    const res = await asAdmin(`${ADMIN_EVENTS_API}/${created.id}`);
    const { event } = await res.json<AdminEventResponse>();
    expect(event).toEqual(created);
    expect(event).toMatchObject({
      status: "draft",
      venueName: "Neon Hall",
      ticketPriceMin: 45.5,
      currency: "USD",
      online: false,
      joinUrl: null,
      venueId: null,
    });
  });

  it("replaces every form field on edit and records only what changed", async () => {
    const created = (await (await postEvent(customEvent())).json<AdminEventResponse>()).event;
    const res = await putEvent(created.id, customEvent({ title: "Freestyle Forever — Miami Beach", venueCapacity: 2000, venuePostalCode: "" }));
    expect(res.status).toBe(200);
    const { event } = await res.json<AdminEventResponse>();
    expect(event).toMatchObject({
      id: created.id,
      title: "Freestyle Forever — Miami Beach",
      venueCapacity: 2000,
      venuePostalCode: null,
      createdAt: created.createdAt,
    });
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_type, audit.target_id]).toEqual(["event.update", "event", created.id]);
    expect(JSON.parse(audit.summary)).toEqual({
      before: { title: "Freestyle Forever — Miami", venuePostalCode: "33139", venueCapacity: 1800 },
      after: { title: "Freestyle Forever — Miami Beach", venuePostalCode: null, venueCapacity: 2000 },
    });
  });

  it("records a changed description as a structured detail (its text left out)", async () => {
    const created = (await (await postEvent(customEvent())).json<AdminEventResponse>()).event;
    expect((await putEvent(created.id, customEvent({ description: "A new text." }))).status).toBe(200);
    expect(JSON.parse((await lastAudit())!.summary)).toEqual({
      before: {},
      after: {},
      detail: { kind: "event_texts_changed", fields: ["description"] },
      note: "description changed",
    });
  });

  it("deletes an event with an audit row of what it was, keeping its ticket orders", async () => {
    const created = (await (await postEvent(customEvent({ title: "Farewell Show" }))).json<AdminEventResponse>()).event;
    const res = await asAdmin(`${ADMIN_EVENTS_API}/${created.id}`, { method: "DELETE" });
    expect(await res.json()).toEqual({ deleted: created.id });
    expect(await storedEvent(created.id)).toBeNull();
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_id]).toEqual(["event.delete", created.id]);
    expect(JSON.parse(audit.summary)).toMatchObject({ before: { title: "Farewell Show", status: "published" }, after: null });
  });

  it("records a new event's fields in its audit row", async () => {
    const created = (await (await postEvent(customEvent())).json<AdminEventResponse>()).event;
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_type, audit.target_id, audit.actor_email]).toEqual(["event.create", "event", created.id, admin.email]);
    expect(JSON.parse(audit.summary).after).toMatchObject({
      title: "Freestyle Forever — Miami",
      status: "published",
      venueName: "Neon Hall",
      ticketPriceMin: 45.5,
      ticketPriceMax: 120,
    });
  });
});

// ----- "Remind me" (decision 045) -----

describe("the event form's reminder times and the reminders asked for", () => {
  const storedOffsets = async (id: string) => JSON.parse((await row<{ r: string }>("SELECT reminder_offsets AS r FROM events WHERE id = ?", id))!.r);

  it("stores the chosen times, answers them, and records a change in the event update's audit row", async () => {
    const res = await postEvent(customEvent({ reminderOffsets: [10080, 15] }));
    expect(res.status, await res.clone().text()).toBe(201);
    const { event } = await res.json<AdminEventResponse>();
    expect(event.reminderOffsets).toEqual([10080, 15]);
    expect(await storedOffsets(event.id)).toEqual([10080, 15]);
    expect(JSON.parse((await lastAudit())!.summary).after).toMatchObject({ reminderOffsets: [10080, 15] });

    const audits = await auditCount();
    const put = await putEvent(event.id, customEvent({ reminderOffsets: [60] }));
    expect(put.status).toBe(200);
    expect((await put.json<AdminEventResponse>()).event.reminderOffsets).toEqual([60]);
    expect(await storedOffsets(event.id)).toEqual([60]);
    expect(await auditCount()).toBe(audits + 1);
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_id]).toEqual(["event.update", event.id]);
    expect(JSON.parse(audit.summary)).toEqual({ before: { reminderOffsets: [10080, 15] }, after: { reminderOffsets: [60] } });
  });

  it("keeps 1 day and 1 hour for an event sent without the field", async () => {
    const { event } = await (await postEvent(customEvent())).json<AdminEventResponse>();
    expect(event.reminderOffsets).toEqual([1440, 60]);
    expect(await storedOffsets(event.id)).toEqual([1440, 60]);
    const brite = await (await postEvent(eventbriteEvent())).json<AdminEventResponse>();
    expect(await storedOffsets(brite.event.id)).toEqual([1440, 60]);
  });

  it("refuses a PUT without any reminder time, leaving the stored times as they were", async () => {
    const { event } = await (await postEvent(customEvent({ reminderOffsets: [15] }))).json<AdminEventResponse>();
    const audits = await auditCount();
    const res = await putEvent(event.id, customEvent({ reminderOffsets: [] }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: ruleError(REMINDER_FORM_MESSAGES.offsetsRequired, "reminderOffsets") });
    expect(await storedOffsets(event.id)).toEqual([15]);
    expect(await auditCount()).toBe(audits);
  });

  it("says how many reminders each event has, active and pending, in the list and on one event; the counts are not audited", async () => {
    const asked = await seedEvent({ title: "Reminder Count Show", status: "published" });
    const quiet = await seedEvent({ title: "Reminder Count Quiet", status: "published" });
    const start = Date.UTC(NEXT_YEAR, 0, 1);
    for (const [n, status] of [
      [1, "active"],
      [2, "active"],
      [3, "pending"],
      [4, "done"],
    ] as const) {
      await D1.prepare("INSERT INTO event_reminders (id, event_id, email, status, token_hash, notified_start, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)")
        .bind(crypto.randomUUID(), asked, `fan${n}@example.com`, status, status === "pending" ? `hash-${asked}` : null, start)
        .run();
    }
    const list = await (await asAdmin(`${ADMIN_EVENTS_API}?search=reminder%20count`)).json<AdminEventsResponse>();
    expect(Object.fromEntries(list.events.map((e) => [e.id, e.reminders]))).toEqual({
      [asked]: { active: 2, pending: 1 },
      [quiet]: { active: 0, pending: 0 },
    });
    const one = await (await asAdmin(`${ADMIN_EVENTS_API}/${asked}`)).json<AdminEventResponse>();
    expect(one.event.reminders).toEqual({ active: 2, pending: 1 });

    expect((await putEvent(asked, customEvent({ title: "Reminder Count Show" }))).status).toBe(200);
    expect(JSON.parse((await lastAudit())!.summary).after).not.toHaveProperty("reminders");
  });
});

// ----- search and filters -----

describe("GET /api/admin/events: search and filters", () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    await D1.prepare("DELETE FROM events").run();
    ids.saoPaulo = await seedEvent({
      title: "Noite Freestyle",
      venueName: "Casa Neon",
      venueCity: "São Paulo",
      status: "published",
      eventDate: Date.UTC(NEXT_YEAR, 4, 1),
    });
    ids.miami = await seedEvent({
      title: "Miami Heat Party",
      venueName: "Ocean Club",
      venueCity: "Miami",
      status: "draft",
      eventDate: Date.UTC(NEXT_YEAR, 5, 1),
    });
    ids.brite = await seedEvent({
      title: "Synth Night",
      venueName: "The Neon Room",
      venueCity: "Chicago",
      status: "cancelled",
      source: "eventbrite",
      eventDate: Date.UTC(NEXT_YEAR, 6, 1),
    });
    ids.online = await seedEvent({ title: "VIP Meet", venueName: null, venueCity: null, status: "published", eventDate: Date.UTC(NEXT_YEAR, 7, 1) });
  });

  const list = async (query: string) => {
    const res = await asAdmin(`${ADMIN_EVENTS_API}${query}`);
    expect(res.status, query).toBe(200);
    return (await res.json<AdminEventsResponse>()).events.map((e) => e.id);
  };

  it("lists every event, latest date first, whatever its status and source", async () => {
    expect(await list("")).toEqual([ids.online, ids.brite, ids.miami, ids.saoPaulo]);
    expect(await list("?search=&status=all&source=all")).toEqual([ids.online, ids.brite, ids.miami, ids.saoPaulo]);
  });

  it("searches title, venue name and venue city in any case, accents included", async () => {
    expect(await list("?search=FREESTYLE")).toEqual([ids.saoPaulo]);
    expect(await list("?search=neon")).toEqual([ids.brite, ids.saoPaulo]);
    expect(await list(`?search=${encodeURIComponent("SÃO PAULO")}`)).toEqual([ids.saoPaulo]);
    expect(await list("?search=chicago")).toEqual([ids.brite]);
    expect(await list("?search=%20%20miami%20")).toEqual([ids.miami]);
    expect(await list("?search=nowhere")).toEqual([]);
    // Percent and underscore are text, not patterns.
    expect(await list("?search=%25")).toEqual([]);
  });

  it("filters by status and by source, together with the search", async () => {
    expect(await list("?status=published")).toEqual([ids.online, ids.saoPaulo]);
    expect(await list("?status=draft")).toEqual([ids.miami]);
    expect(await list("?status=cancelled")).toEqual([ids.brite]);
    expect(await list("?source=eventbrite")).toEqual([ids.brite]);
    expect(await list("?source=custom")).toEqual([ids.online, ids.miami, ids.saoPaulo]);
    expect(await list("?status=published&search=neon")).toEqual([ids.saoPaulo]);
    expect(await list("?status=draft&source=eventbrite")).toEqual([]);
  });

  it("refuses an unknown filter value", async () => {
    for (const query of ["?status=live", "?source=ticketmaster", `?search=${"x".repeat(201)}`]) {
      const res = await asAdmin(`${ADMIN_EVENTS_API}${query}`);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
  });
});

// ----- the public pages -----

describe("the public pages follow at once", () => {
  beforeEach(async () => {
    await D1.prepare("DELETE FROM events").run();
  });

  const publicIds = async () => (await (await call("/api/events")).json<EventsResponse>()).events.map((e) => e.id);

  it("shows a created published event in GET /api/events and the calendar feed at once, though the list was memoized", async () => {
    expect(await publicIds()).toEqual([]); // memoized now, for 30 seconds
    const { event } = await (await postEvent(customEvent({ title: "Just Announced" }))).json<AdminEventResponse>();
    expect(await publicIds()).toEqual([event.id]);
    expect(await (await call("/events.ics")).text()).toContain("Just Announced");
    expect((await call(`/api/events/${event.id}`)).status).toBe(200);
  });

  it("never shows a draft, and hides an event at once when it goes back to draft, is cancelled or deleted", async () => {
    const draft = (await (await postEvent(customEvent({ status: "draft", title: "Secret Show" }))).json<AdminEventResponse>()).event;
    expect(await publicIds()).toEqual([]);
    expect((await call(`/api/events/${draft.id}`)).status).toBe(404);
    expect(await (await call("/events.ics")).text()).not.toContain("Secret Show");

    await putEvent(draft.id, customEvent({ status: "published", title: "Secret Show" }));
    expect(await publicIds()).toEqual([draft.id]);
    await putEvent(draft.id, customEvent({ status: "draft", title: "Secret Show" }));
    expect(await publicIds()).toEqual([]);
    await putEvent(draft.id, customEvent({ status: "cancelled", title: "Secret Show" }));
    expect(await publicIds()).toEqual([]);

    const shown = (await (await postEvent(customEvent({ title: "Short Lived" }))).json<AdminEventResponse>()).event;
    expect(await publicIds()).toEqual([shown.id]);
    await asAdmin(`${ADMIN_EVENTS_API}/${shown.id}`, { method: "DELETE" });
    expect(await publicIds()).toEqual([]);
  });

  it("shows an edit of a published event at once", async () => {
    const { event } = await (await postEvent(customEvent({ title: "Old Title" }))).json<AdminEventResponse>();
    expect((await (await call("/api/events")).json<EventsResponse>()).events[0]!.title).toBe("Old Title");
    await putEvent(event.id, customEvent({ title: "New Title", ticketPriceMin: 10, ticketPriceMax: 10 }));
    expect((await (await call("/api/events")).json<EventsResponse>()).events[0]).toMatchObject({ title: "New Title", ticketPriceMin: 10, ticketPriceMax: 10 });
  });
});

// ----- venues -----

describe("/api/admin/venues", () => {
  const listVenues = async (query = "") => (await (await asAdmin(`${ADMIN_VENUES_API}${query}`)).json<AdminVenuesResponse>()).venues;

  it("stores a venue in Brazil, and edits it to another country (any ISO 3166-1 alpha-3 code)", async () => {
    const res = await asAdmin(ADMIN_VENUES_API, {
      method: "POST",
      json: { name: "Audio", address: "Av. Francisco Matarazzo 694", city: "São Paulo", state: "SP", country: "BRA" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { venue } = await res.json<AdminVenueResponse>();
    expect(venue).toMatchObject({ country: "BRA", city: "São Paulo" });
    expect((await row<{ country: string }>("SELECT country FROM venues WHERE id = ?", venue.id))!.country).toBe("BRA");
    const edited = await asAdmin(`${ADMIN_VENUES_API}/${venue.id}`, { method: "PUT", json: { name: "Audio", address: "Av. 9 de Julio", country: "ARG" } });
    expect(edited.status).toBe(200);
    expect((await row<{ country: string }>("SELECT country FROM venues WHERE id = ?", venue.id))!.country).toBe("ARG");
  });

  it("creates a venue with blanks as null and USA by default, audited", async () => {
    const res = await asAdmin(ADMIN_VENUES_API, {
      method: "POST",
      json: { name: "  Club Aurora ", address: "9 Rue Ste-Catherine", city: "Montréal", state: "QC", country: "CAN", postalCode: " ", capacity: 800 },
    });
    expect(res.status).toBe(201);
    const { venue } = await res.json<AdminVenueResponse>();
    expect(venue).toMatchObject({
      name: "Club Aurora",
      address: "9 Rue Ste-Catherine",
      city: "Montréal",
      state: "QC",
      country: "CAN",
      postalCode: null,
      capacity: 800,
      eventCount: 0,
    });
    const usa = (await (await asAdmin(ADMIN_VENUES_API, { method: "POST", json: { name: "Roseland", address: "239 W 52nd St" } })).json<AdminVenueResponse>())
      .venue;
    expect(usa).toMatchObject({ country: "USA", city: null, capacity: null });
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_type, audit.target_id]).toEqual(["venue.create", "venue", usa.id]);
    expect(JSON.parse(audit.summary)).toEqual({
      after: { name: "Roseland", address: "239 W 52nd St", city: null, state: null, country: "USA", postalCode: null, capacity: null },
    });
  });

  const VENUE_RULES: [string, Record<string, unknown>, string, string][] = [
    ["a missing name", { name: undefined }, "name", M.venueNameRequired],
    ["a blank address", { address: "  " }, "address", M.venueAddressRequired],
    ["an unknown country", { country: "XYZ" }, "country", M.countryInvalid],
    ["a country by name", { country: "Brazil" }, "country", M.countryInvalid],
    ["a negative capacity", { capacity: -5 }, "capacity", M.capacityMin],
    ["a capacity that is not a whole number", { capacity: 10.5 }, "capacity", M.capacityInvalid],
    ["an unknown field", { seats: 10 }, "", 'Unrecognized key: "seats"'],
  ];
  for (const [name, change, field, message] of VENUE_RULES) {
    it(`refuses ${name} on create and on edit, storing nothing`, async () => {
      const id = await seedVenue("Unchanged Hall");
      const [venues, audits] = [await countOf("venues"), await auditCount()];
      for (const res of [
        await asAdmin(ADMIN_VENUES_API, { method: "POST", json: { ...venueInput(), ...change } }),
        await asAdmin(`${ADMIN_VENUES_API}/${id}`, { method: "PUT", json: { ...venueInput(), ...change } }),
      ]) {
        expect(res.status).toBe(400);
        const body = await res.json<{ error: { code: string; message: string; field?: string } }>();
        expect(body.error).toEqual(ruleError(message, field));
        expect(body.error.field ?? "").toBe(field);
      }
      expect([await countOf("venues"), await auditCount()]).toEqual([venues, audits]);
      expect((await row<{ name: string }>("SELECT name FROM venues WHERE id = ?", id))!.name).toBe("Unchanged Hall");
    });
  }

  it("searches name and address in any case, ordered by name", async () => {
    await D1.prepare("UPDATE events SET venue_id = NULL").run();
    await D1.prepare("DELETE FROM venues").run();
    const zebra = await seedVenue("zebra lounge", "1 Ocean Avenue");
    const apollo = await seedVenue("Apollo Theater", "253 W 125th St");
    const blue = await seedVenue("Blue Note", "131 W 3rd St, Ocean Side");
    expect((await listVenues()).map((v) => v.id)).toEqual([apollo, blue, zebra]);
    expect((await listVenues("?search=OCEAN")).map((v) => v.id)).toEqual([blue, zebra]);
    expect((await listVenues("?search=apollo")).map((v) => v.id)).toEqual([apollo]);
    expect((await listVenues("?search=w%20125")).map((v) => v.id)).toEqual([apollo]);
    expect(await listVenues("?search=nowhere")).toEqual([]);
  });

  it("edits a venue without rewriting the events filled from it, recording what changed", async () => {
    const venue = (await (await asAdmin(ADMIN_VENUES_API, { method: "POST", json: venueInput({ name: "Palladium" }) })).json<AdminVenueResponse>()).venue;
    const event = (await (await postEvent(customEvent({ venueId: venue.id, venueName: "Palladium" }))).json<AdminEventResponse>()).event;
    const res = await asAdmin(`${ADMIN_VENUES_API}/${venue.id}`, { method: "PUT", json: venueInput({ name: "The Palladium", capacity: 2500 }) });
    expect((await res.json<AdminVenueResponse>()).venue).toMatchObject({ name: "The Palladium", capacity: 2500, eventCount: 1 });
    expect(JSON.parse((await lastAudit())!.summary)).toEqual({
      before: { name: "Palladium", capacity: 2100 },
      after: { name: "The Palladium", capacity: 2500 },
    });
    expect((await storedEvent(event.id))!.venue_name).toBe("Palladium");
  });

  it("refuses to delete a venue used by events (409, saying how many), and deletes it once none is", async () => {
    const venue = await seedVenue("Busy Hall");
    const first = (await (await postEvent(customEvent({ venueId: venue }))).json<AdminEventResponse>()).event;
    expect(first.venueId).toBe(venue);
    const one = await asAdmin(`${ADMIN_VENUES_API}/${venue}`, { method: "DELETE" });
    expect(one.status).toBe(409);
    expect(await errorOf(one)).toEqual({
      code: "venue_in_use",
      message: "This venue is used by 1 event and cannot be deleted. Choose another venue for it first.",
      params: { count: 1 },
    });

    await seedEvent({ venueId: venue });
    await seedEvent({ venueId: venue, source: "eventbrite" });
    const audits = await auditCount();
    const three = await asAdmin(`${ADMIN_VENUES_API}/${venue}`, { method: "DELETE" });
    expect(three.status).toBe(409);
    expect((await errorOf(three)).message).toBe("This venue is used by 3 events and cannot be deleted. Choose another venue for them first.");
    expect(await row("SELECT id FROM venues WHERE id = ?", venue)).not.toBeNull();
    expect(await auditCount()).toBe(audits);
    expect((await (await asAdmin(`${ADMIN_VENUES_API}/${venue}`)).json<AdminVenueResponse>()).venue.eventCount).toBe(3);

    // Unlinked from the first by an edit, the others deleted: now it can go.
    await putEvent(first.id, customEvent({ venueId: null }));
    await D1.prepare("DELETE FROM events WHERE venue_id = ?").bind(venue).run();
    const gone = await asAdmin(`${ADMIN_VENUES_API}/${venue}`, { method: "DELETE" });
    expect(await gone.json()).toEqual({ deleted: venue });
    expect(await row("SELECT id FROM venues WHERE id = ?", venue)).toBeNull();
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_id]).toEqual(["venue.delete", venue]);
    expect(JSON.parse(audit.summary)).toMatchObject({ before: { name: "Busy Hall" }, after: null });
  });

  it("answers 404 for an unknown or malformed venue id", async () => {
    for (const id of [crypto.randomUUID(), "busy-hall"]) {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const res = await asAdmin(`${ADMIN_VENUES_API}/${id}`, { method, json: method === "PUT" ? venueInput() : undefined });
        expect(res.status, `${method} ${id}`).toBe(404);
        expect((await errorOf(res)).code).toBe("venue_not_found");
      }
    }
  });

  it("lists each venue with how many events use it", async () => {
    const venue = await seedVenue("Counted Hall");
    await seedEvent({ venueId: venue });
    await seedEvent({ venueId: venue });
    const listed: AdminVenue | undefined = (await listVenues("?search=counted")).find((v) => v.id === venue);
    expect(listed?.eventCount).toBe(2);
  });
});
