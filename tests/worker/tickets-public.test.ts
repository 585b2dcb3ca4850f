// Tickets part "types" (decision 055): the `tickets` block of the public event answers
// (/api/events, /api/events/:id, and the server-rendered /events built from them). Its sale state
// at each boundary of the sale window and the VIP presale with a fake clock (Date only), the
// answers' max-age cut to the next change, VIP-only types, "N left" only from TICKET_LIMITS.fewLeft
// down, sold out by type and by the venue's capacity, names in the language asked for, the counts
// read fresh after a sale (not from the events memo), a ticket-type write renewing the content
// version, and events sold elsewhere unchanged.
//
// Expectations come from raw SQL against D1 or fixed values, never from the code under test.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call } from "./helpers";
import { cookieFor } from "./admin-gate-matrix";
import { forget } from "../../worker/lib/memo";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import { ticketTypesApi } from "../../worker/contracts/tickets/admin-ticket-types";
import { TICKET_LIMITS } from "../../worker/contracts/tickets/event-tickets-model";
import type { EventResponse, EventsResponse, PublicEvent } from "../../worker/contracts/events";
import { page, rootOf } from "./pages-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Saturday 21 November 2026, noon in New York. */
const NOW = Date.UTC(2026, 10, 21, 17, 0);
const isoOf = (ms: number) => new Date(ms).toISOString();

/** The presale [P1, P2), its general sale G, the form's sale start S (after G) and end E, the show at SHOW. */
const P1 = NOW + HOUR;
const P2 = NOW + DAY;
const G = NOW + 2 * DAY;
const S = NOW + 3 * DAY;
const E = NOW + 9 * DAY;
const SHOW = NOW + 10 * DAY;

const listed = async (lang = "en") => {
  const res = await call(`/api/events?lang=${lang}`);
  expect(res.status).toBe(200);
  return { events: (await res.json<EventsResponse>()).events, cacheControl: res.headers.get("cache-control") };
};
const shown = async (id: string, lang = "en"): Promise<PublicEvent> => (await listed(lang)).events.find((e) => e.id === id)!;
const one = async (id: string) => {
  const res = await call(`/api/events/${id}`);
  expect(res.status).toBe(200);
  return { event: (await res.json<EventResponse>()).event, cacheControl: res.headers.get("cache-control") };
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  await D1.prepare("DELETE FROM event_tickets").run();
  await D1.prepare("DELETE FROM ticket_types").run();
  await D1.prepare("DELETE FROM events").run();
  forget("events:");
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the sale state at each boundary", () => {
  it("upcoming → VIP presale → upcoming → on sale → ended, with the times and the max-age cut to each change", async () => {
    const id = await seedTicketEvent({ eventDate: SHOW, ticketSaleStart: S, ticketSaleEnd: E, presale: { startsAt: P1, endsAt: P2, generalSaleAt: G } });
    await seedTicketType(id);
    forget("events:");
    const steps: [number, string, string | null, string | null, string][] = [
      // [at, state, opensAt, vipOpensAt, max-age]
      [NOW, "upcoming", isoOf(S), isoOf(P1), "public, max-age=60"],
      [P1 - 5_000, "upcoming", isoOf(S), isoOf(P1), "public, max-age=5"],
      [P1, "vip_presale", isoOf(S), isoOf(P1), "public, max-age=60"],
      [P2 - 1, "vip_presale", isoOf(S), isoOf(P1), "public, max-age=0"],
      [P2, "upcoming", isoOf(S), null, "public, max-age=60"],
      [S - 2_000, "upcoming", isoOf(S), null, "public, max-age=2"],
      [S, "on_sale", null, null, "public, max-age=60"],
      [E - 30_000, "on_sale", null, null, "public, max-age=30"],
      [E, "ended", null, null, "public, max-age=60"],
    ];
    for (const [at, state, opensAt, vipOpensAt, cacheControl] of steps) {
      // The memo holds rows, not states: the same remembered rows turn at each moment.
      vi.setSystemTime(at);
      const list = await listed();
      const tickets = list.events.find((e) => e.id === id)!.tickets!;
      expect({ state: tickets.state, opensAt: tickets.opensAt, vipOpensAt: tickets.vipOpensAt, endsAt: tickets.endsAt }, isoOf(at)).toEqual({
        state,
        opensAt,
        vipOpensAt,
        endsAt: isoOf(E),
      });
      expect(list.cacheControl, isoOf(at)).toBe(cacheControl);
      const single = await one(id);
      expect(single.event.tickets?.state, isoOf(at)).toBe(state);
      expect(single.cacheControl, isoOf(at)).toBe(cacheControl);
    }
  });

  it("without a sale start or presale it is on sale at once, until the show starts", async () => {
    const id = await seedTicketEvent({ eventDate: SHOW });
    await seedTicketType(id);
    expect((await shown(id)).tickets).toMatchObject({ state: "on_sale", opensAt: null, vipOpensAt: null, endsAt: isoOf(SHOW) });
    vi.setSystemTime(SHOW);
    expect((await shown(id)).tickets?.state).toBe("ended");
  });
});

describe("the types", () => {
  it("carry price, currency, per-order limit and VIP-only, in order, named in the language asked for", async () => {
    const id = await seedTicketEvent({ currency: "BRL" });
    const vip = await seedTicketType(id, { name: "VIP area", namePtBr: "Área VIP", priceCents: 9000, vipOnly: true, position: 1, perOrderLimit: 2 });
    const general = await seedTicketType(id, { name: "General", namePtBr: null, priceCents: 2500, position: 0 });
    const en = (await shown(id)).tickets!;
    expect(en.types).toEqual([
      { id: general, name: "General", priceCents: 2500, currency: "brl", perOrderLimit: 10, vipOnly: false, minTier: null, left: null, soldOut: false },
      { id: vip, name: "VIP area", priceCents: 9000, currency: "brl", perOrderLimit: 2, vipOnly: true, minTier: null, left: null, soldOut: false },
    ]);
    const pt = (await shown(id, "pt-BR")).tickets!;
    // A type without a Portuguese name keeps its English one.
    expect(pt.types.map((t) => t.name)).toEqual(["General", "Área VIP"]);
  });

  it(`"N left" only from ${TICKET_LIMITS.fewLeft} down, sold out by type, the whole sale sold out when every type is`, async () => {
    const id = await seedTicketEvent({ venueCapacity: null });
    const many = await seedTicketType(id, { quantity: 100, remaining: 11, position: 0 });
    const few = await seedTicketType(id, { quantity: 100, remaining: 10, position: 1 });
    const none = await seedTicketType(id, { quantity: 100, remaining: 0, position: 2 });
    const tickets = (await shown(id)).tickets!;
    expect(tickets.types.map((t) => [t.id, t.left, t.soldOut])).toEqual([
      [many, null, false],
      [few, 10, false],
      [none, null, true],
    ]);
    expect(tickets.soldOut).toBe(false);
    await D1.prepare("UPDATE ticket_types SET remaining = 0 WHERE event_id = ?1").bind(id).run();
    expect((await shown(id)).tickets).toMatchObject({ soldOut: true });
  });

  it("the venue's capacity caps every type: a few seats left shows on each, none left is sold out", async () => {
    const id = await seedTicketEvent({ venueCapacity: 50, ticketsTaken: 47 });
    await seedTicketType(id, { quantity: 100, position: 0 });
    await seedTicketType(id, { quantity: 100, remaining: 2, position: 1 });
    expect((await shown(id)).tickets!.types.map((t) => t.left)).toEqual([3, 2]);
    await D1.prepare("UPDATE events SET tickets_taken = 50 WHERE id = ?1").bind(id).run();
    const full = (await shown(id)).tickets!;
    expect(full.soldOut).toBe(true);
    expect(full.types.map((t) => [t.left, t.soldOut])).toEqual([
      [null, true],
      [null, true],
    ]);
  });

  it("follow the sales at once, though the event rows are remembered", async () => {
    const id = await seedTicketEvent({ venueCapacity: 500 });
    const typeId = await seedTicketType(id, { quantity: 12 });
    expect((await shown(id)).tickets!.types[0]!.left).toBeNull();
    // No forget(): the events memo still holds the row from before the sale.
    await insertIssuedTickets({ eventId: id, ticketTypeId: typeId, count: 4 });
    expect((await shown(id)).tickets!.types[0]!.left).toBe(8);
    expect((await one(id)).event.tickets!.types[0]!.left).toBe(8);
  });
});

describe("the server-rendered events page", () => {
  it("renders Get tickets with the types, prices and N left, in the language asked for", async () => {
    const id = await seedTicketEvent({ title: "Rendered show", eventDate: SHOW });
    await seedTicketType(id, { name: "General", namePtBr: "Pista", priceCents: 2500, position: 0 });
    await seedTicketType(id, { name: "VIP area", namePtBr: "Área VIP", priceCents: 9000, quantity: 20, remaining: 3, vipOnly: true, position: 1 });
    const en = await page("/events");
    expect(en.status).toBe(200);
    const html = rootOf(await en.text());
    for (const text of ["Get tickets", "General", "$25.00", "VIP area", "$90.00", "3 left", "VIP only", "Buy tickets"]) expect(html, text).toContain(text);
    const pt = rootOf(await (await page("/events?lang=pt-BR")).text());
    for (const text of ["Comprar ingressos", "Pista", "Área VIP", "Restam 3"]) expect(pt, text).toContain(text);
  });
});

describe("events that sell no tickets here", () => {
  it("keep their shape: no types, sold elsewhere, another currency; drafts never show their types", async () => {
    const plain = await seedTicketEvent({ title: "No types" });
    const eventbrite = await seedTicketEvent({ title: "Eventbrite", source: "eventbrite" });
    const euros = await seedTicketEvent({ title: "Euros", currency: "EUR" as unknown as "USD" });
    const draft = await seedTicketEvent({ title: "Draft", status: "draft" });
    // Rows an admin could not make through the routes, written straight: the answers still ignore them.
    for (const id of [eventbrite, euros, draft]) await seedTicketType(id);
    const { events } = await listed();
    expect(events.map((e) => e.title).sort()).toEqual(["Euros", "Eventbrite", "No types"]);
    for (const event of events) expect(event, event.title).not.toHaveProperty("tickets");
    expect((await one(plain)).event).not.toHaveProperty("tickets");
    expect((await call(`/api/events/${draft}`)).status).toBe(404);
  });
});

describe("the edge cache", () => {
  it("a ticket-type write renews the content version, so cached public answers are left behind", async () => {
    vi.useRealTimers();
    const id = await seedTicketEvent();
    const version = () => D1.prepare("SELECT version FROM content_version WHERE id = 1").first<{ version: string }>();
    const before = await version();
    const res = await call(ticketTypesApi(id), { method: "POST", json: { name: "General", priceCents: 2500, quantity: 10 }, cookie: await cookieFor("admin") });
    expect(res.status).toBe(201);
    expect(await version()).not.toEqual(before);
  });
});
