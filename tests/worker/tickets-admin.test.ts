// The back office's tickets with tickets sold here (issue 46, part "admin"): /api/admin/tickets
// lists sold tickets (one row per ticket, its order's number and buyer) beside imported orders,
// every filter and the keyset pages across both sources, the Total Value per currency, the CSV's
// rows for sold tickets; per event, the sales per type (after a refund and a cancellation) and the
// door list (JSON and CSV). Every new route: visitor and banned 401, member, VIP and door staff
// 403 (door staff check in, they do not see orders), admin 200; bad input a 400 or 404, never a 500.
//
// Rows come from the shared ticket fixtures (raw SQL); expectations from raw SQL and numbers here.
import { beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, type TestUser } from "./helpers";
import { DOOR_ROLES, count, createRole, exec, rows, type DoorRole } from "./check-in-fixtures";
import { insertIssuedTickets, seedTicketEvent, seedTicketType } from "./ticket-fixtures";
import type { TicketDetailResponse, TicketsListResponse, TicketView } from "../../worker/contracts/tickets/admin";
import type { DoorListResponse, TicketSalesResponse } from "../../worker/contracts/tickets/admin-sales";

const API = "/api/admin/tickets";
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const BOM = "\uFEFF";

const users = {} as Record<Exclude<DoorRole, "visitor">, TestUser>;
const cookieOf = (role: DoorRole) => (role === "visitor" ? undefined : users[role].cookie);
const REFUSED: Record<Exclude<DoorRole, "admin">, [number, string]> = {
  visitor: [401, "unauthorized"],
  banned: [401, "unauthorized"],
  user: [403, "admin_required"],
  vip: [403, "admin_required"],
  door: [403, "admin_required"],
};

const get = (path: string, cookie = users.admin.cookie) => call(path, { cookie });
async function list(params: Record<string, string>): Promise<TicketsListResponse> {
  const res = await get(`${API}?${new URLSearchParams(params)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<TicketsListResponse>();
}
const textOf = async (res: Response) => new TextDecoder("utf-8", { ignoreBOM: true, fatal: true }).decode(await res.arrayBuffer());

let serial = 0;
async function importOrder(o: { orderId: string; eventId: string; email?: string; status?: string; cents?: number; currency?: string; at: number }) {
  const id = `imp-${++serial}`;
  const title = (await rows<{ title: string }>("SELECT title FROM events WHERE id = ?1", o.eventId))[0]!.title;
  await exec(
    "INSERT INTO tickets (id, order_id, event_id, event_title, customer_email, status, price_paid_cents, currency, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    id,
    o.orderId,
    o.eventId,
    title,
    o.email ?? `imported${serial}@example.com`,
    o.status ?? "confirmed",
    o.cents ?? 4000,
    o.currency ?? "USD",
    o.at,
  );
  return id;
}

// ----- the show: Miami (USD, two types), Lisbon (BRL, cancelled), an event sold elsewhere -----

const NOW = Date.now();
let miami: string;
let general: string;
let vipArea: string;
let lisbon: string;
let pista: string;
let elsewhere: string;
let buyer: TestUser;
let newOwner: TestUser;
/** The sold orders, by what they hold. */
const orders = {} as Record<
  "twoGeneral" | "vipChecked" | "guestRefunded" | "oneGeneral" | "transferred" | "lisbon",
  Awaited<ReturnType<typeof insertIssuedTickets>>
>;

beforeAll(async () => {
  for (const role of DOOR_ROLES) if (role !== "visitor") users[role] = await createRole(role);
  buyer = users.user;
  newOwner = users.vip;
  miami = await seedTicketEvent({ title: "Admin Sold Miami", venueCapacity: 300 });
  await exec("UPDATE events SET title_pt_br = 'Vendido no Admin, Miami' WHERE id = ?1", miami);
  general = await seedTicketType(miami, { name: "General", priceCents: 2500, quantity: 100 });
  vipArea = await seedTicketType(miami, { name: "VIP area", priceCents: 8000, quantity: 20, position: 1 });
  lisbon = await seedTicketEvent({ title: "Admin Sold Lisbon", currency: "BRL", venueCapacity: null });
  pista = await seedTicketType(lisbon, { name: "Pista", priceCents: 12000, quantity: 50 });
  elsewhere = await seedTicketEvent({ title: "Admin Sold Elsewhere", source: "eventbrite" });

  orders.twoGeneral = await insertIssuedTickets({
    eventId: miami,
    ticketTypeId: general,
    count: 2,
    userId: buyer.id,
    email: buyer.email,
    paidAt: NOW - 5 * HOUR,
  });
  orders.vipChecked = await insertIssuedTickets({
    eventId: miami,
    ticketTypeId: vipArea,
    priceCents: 8000,
    userId: buyer.id,
    email: buyer.email,
    holderName: "Álvaro Ribeiro",
    checkedInAt: NOW - HOUR,
    checkedInBy: users.door.id,
    paidAt: NOW - 4 * HOUR,
  });
  orders.guestRefunded = await insertIssuedTickets({
    eventId: miami,
    ticketTypeId: general,
    count: 2,
    email: "guest-refund@example.com",
    status: "refunded",
    paidAt: NOW - 3 * HOUR,
  });
  orders.oneGeneral = await insertIssuedTickets({
    eventId: miami,
    ticketTypeId: general,
    email: "guest-zed@example.com",
    holderName: "zed Walker",
    paidAt: NOW - 40 * DAY,
  });
  orders.transferred = await insertIssuedTickets({
    eventId: miami,
    ticketTypeId: general,
    userId: buyer.id,
    email: buyer.email,
    ownerUserId: newOwner.id,
    ownerEmail: newOwner.email,
    paidAt: NOW - 2 * HOUR,
  });
  orders.lisbon = await insertIssuedTickets({
    eventId: lisbon,
    ticketTypeId: pista,
    currency: "brl",
    priceCents: 12000,
    email: "lisboa@example.com",
    status: "cancelled",
    paidAt: NOW - 6 * HOUR,
  });
  // Imported orders: one for Miami (same instant as a sold ticket: the pages' tie-break), others elsewhere.
  await importOrder({ orderId: "EB-MIA-1", eventId: miami, at: NOW - 5 * HOUR, cents: 3000 });
  await importOrder({ orderId: "EB-ELS-1", eventId: elsewhere, status: "pending", at: NOW - 1 * HOUR, cents: 1500 });
  await importOrder({ orderId: "EB-ELS-2", eventId: elsewhere, status: "cancelled", at: NOW - 10 * DAY, cents: 2000, email: "soldgone@example.com" });
  await importOrder({ orderId: "EB-ELS-3", eventId: elsewhere, currency: "BRL", at: NOW - 7 * HOUR, cents: 9990 });
});

const soldRows = (body: TicketsListResponse) => body.tickets.filter((t) => t.source === "sold");
const ids = (body: TicketsListResponse) => body.tickets.map((t) => t.id);

// ----- every new route, every role -----

describe("the back office's ticket routes, every role", () => {
  const paths = () => [
    `${API}?source=sold&event=${miami}`,
    `${API}/export.csv?source=sold`,
    `${API}/events/${miami}`,
    `${API}/events/${miami}/door?sort=name`,
    `${API}/events/${miami}/door.csv`,
    `${API}/${orders.vipChecked.tickets[0]!.id}`,
  ];
  for (const role of DOOR_ROLES) {
    it(`as ${role}: ${role === "admin" ? "200" : REFUSED[role as Exclude<DoorRole, "admin">].join(" ")}, nothing changed`, async () => {
      const snapshot = () => rows("SELECT id, status, holder_name, checked_in_at, token_version FROM event_tickets ORDER BY id");
      const [before, audits] = [await snapshot(), await count("SELECT count(*) AS n FROM audit_log")];
      for (const path of paths()) {
        const res = await call(path, { cookie: cookieOf(role) });
        if (role === "admin") {
          expect(res.status, path).toBe(200);
          await res.arrayBuffer();
        } else {
          const [status, code] = REFUSED[role as Exclude<DoorRole, "admin">];
          expect(res.status, `${path} as ${role}`).toBe(status);
          expect((await errorOf(res)).code).toBe(code);
        }
      }
      expect(await snapshot()).toEqual(before);
      expect(await count("SELECT count(*) AS n FROM audit_log")).toBe(audits);
    });
  }
});

// ----- the list -----

describe("GET /: sold tickets beside imported orders", () => {
  it("shows one row per sold ticket with its order number, buyer, type, holder, check-in and source", async () => {
    const body = await list({ event: miami });
    // 2 + 1 + 2 + 1 + 1 sold tickets and one imported order.
    expect(body.count).toBe(8);
    expect(body.tickets.map((t) => t.source).sort()).toEqual(["imported", ...Array(7).fill("sold")]);
    const vip = body.tickets.find((t) => t.id === orders.vipChecked.tickets[0]!.id)!;
    expect(vip).toEqual<TicketView>({
      id: orders.vipChecked.tickets[0]!.id,
      source: "sold",
      orderId: String(orders.vipChecked.number),
      eventId: miami,
      eventTitle: "Admin Sold Miami",
      eventTitlePtBr: "Vendido no Admin, Miami",
      customerEmail: buyer.email,
      customerName: buyer.username,
      status: "confirmed",
      price: 80,
      currency: "USD",
      createdAt: new Date(NOW - 4 * HOUR).toISOString(),
      ticketStatus: "valid",
      storeOrderId: orders.vipChecked.orderId,
      typeName: "VIP area",
      holderName: "Álvaro Ribeiro",
      code: orders.vipChecked.tickets[0]!.code,
      checkedInAt: new Date(NOW - HOUR).toISOString(),
    });
    const refunded = body.tickets.filter((t) => t.storeOrderId === orders.guestRefunded.orderId);
    expect(refunded.map((t) => [t.status, t.ticketStatus, t.customerName, t.customerEmail])).toEqual([
      ["cancelled", "refunded", null, "guest-refund@example.com"],
      ["cancelled", "refunded", null, "guest-refund@example.com"],
    ]);
    const imported = body.tickets.find((t) => t.source === "imported")!;
    expect(imported).toMatchObject({
      orderId: "EB-MIA-1",
      ticketStatus: null,
      typeName: null,
      holderName: null,
      code: null,
      checkedInAt: null,
      storeOrderId: null,
    });
  });

  it("filters by source, status (valid is Confirmed; refunded and cancelled are Cancelled; nothing sold is Pending), event and time", async () => {
    expect((await list({ source: "sold" })).count).toBe(8);
    expect((await list({ source: "imported" })).tickets.map((t) => t.orderId).sort()).toEqual(["EB-ELS-1", "EB-ELS-2", "EB-ELS-3", "EB-MIA-1"]);
    const confirmed = await list({ status: "confirmed", source: "sold" });
    expect(confirmed.tickets.every((t) => t.ticketStatus === "valid")).toBe(true);
    expect(confirmed.count).toBe(5);
    const cancelled = await list({ status: "cancelled" });
    expect(cancelled.tickets.map((t) => t.ticketStatus ?? t.orderId).sort()).toEqual(["EB-ELS-2", "cancelled", "refunded", "refunded"]);
    expect((await list({ status: "pending" })).tickets.map((t) => t.orderId)).toEqual(["EB-ELS-1"]);
    expect((await list({ status: "pending", source: "sold" })).count).toBe(0);
    expect((await list({ event: lisbon })).tickets.map((t) => t.storeOrderId)).toEqual([orders.lisbon.orderId]);
    expect((await list({ event: "no-such-event" })).count).toBe(0);
    // Last 7 Days: Zed's ticket (40 days ago) and the imported EB-ELS-2 (10 days ago) are out.
    const week = await list({ time: "7d", tz: "UTC" });
    expect(week.count).toBe(10);
    expect(week.tickets.some((t) => t.storeOrderId === orders.oneGeneral.orderId || t.orderId === "EB-ELS-2")).toBe(false);
  });

  it("searches a sold ticket by its order number (with or without #), buyer e-mail, code and holder name", async () => {
    const number = String(orders.twoGeneral.number);
    expect(soldRows(await list({ search: number, source: "sold" })).map((t) => t.storeOrderId)).toEqual([orders.twoGeneral.orderId, orders.twoGeneral.orderId]);
    expect((await list({ search: `#${number}`, source: "sold" })).count).toBe(2);
    expect((await list({ search: "GUEST-REFUND@", source: "sold" })).count).toBe(2);
    expect(ids(await list({ search: orders.oneGeneral.tickets[0]!.code.toLowerCase() }))).toEqual([orders.oneGeneral.tickets[0]!.id]);
    expect(ids(await list({ search: "RIBEIRO" }))).toEqual([orders.vipChecked.tickets[0]!.id]);
    expect((await list({ search: "admin sold lisbon" })).count).toBe(1);
  });

  it("sums Total Value per currency over the filtered rows of both sources, never adding currencies", async () => {
    const all = await list({});
    // USD: sold 2×25 + 80 + 2×25 (refunded) + 25 + 25, imported 30 + 15 + 20; BRL: sold 120 (cancelled), imported 99.90.
    expect(all.totals).toEqual([
      { currency: "USD", amount: 295, count: 10 },
      { currency: "BRL", amount: 219.9, count: 2 },
    ]);
    expect(all.count).toBe(12);
    // Only what still counts: confirmed rows.
    expect((await list({ status: "confirmed" })).totals).toEqual([
      { currency: "USD", amount: 210, count: 6 },
      { currency: "BRL", amount: 99.9, count: 1 },
    ]);
  });

  it("pages across both sources with a cursor: every row once, newest first, ties broken by id, count and totals for all", async () => {
    const expected = (
      await rows<{ id: string }>(
        `SELECT id, created_at FROM (SELECT id, created_at FROM tickets UNION ALL SELECT id, created_at FROM event_tickets) ORDER BY created_at DESC, id DESC`,
      )
    ).map((r) => r.id);
    expect(expected).toHaveLength(12);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const body = await list({ limit: "5", ...(cursor ? { cursor } : {}) });
      expect(body.count).toBe(12);
      expect(body.totals.map((t) => t.count)).toEqual([10, 2]);
      seen.push(...ids(body));
      expect(body.truncated).toBe(body.nextCursor !== undefined);
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected);
    // A filtered walk: sold Miami tickets two at a time.
    const sold: string[] = [];
    cursor = undefined;
    do {
      const body = await list({ limit: "2", source: "sold", event: miami, ...(cursor ? { cursor } : {}) });
      expect(body.tickets.length).toBeLessThanOrEqual(2);
      sold.push(...ids(body));
      cursor = body.nextCursor;
    } while (cursor);
    expect(sold).toEqual(expected.filter((id) => soldMiamiIds().includes(id)));
  });

  it("refuses bad paging and filters with a 400, nothing else", async () => {
    for (const query of [
      "cursor=abc",
      "cursor=12:",
      `cursor=${"9".repeat(16)}:x`,
      "limit=0",
      "limit=501",
      "limit=two",
      "source=store",
      `event=${"e".repeat(101)}`,
      "page=2",
    ]) {
      const res = await get(`${API}?${query}`);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).code, query).toBe("invalid_input");
    }
  });

  it("gives a sold ticket's detail with its event", async () => {
    const ticket = orders.transferred.tickets[0]!;
    const res = await get(`${API}/${ticket.id}`);
    expect(res.status).toBe(200);
    const body = await res.json<TicketDetailResponse>();
    expect(body.ticket).toMatchObject({
      id: ticket.id,
      source: "sold",
      orderId: String(orders.transferred.number),
      customerEmail: buyer.email,
      typeName: "General",
    });
    expect(body.event).toMatchObject({ id: miami, title: "Admin Sold Miami", status: "published" });
  });
});

function soldMiamiIds() {
  return [orders.twoGeneral, orders.vipChecked, orders.guestRefunded, orders.oneGeneral, orders.transferred].flatMap((o) => o.tickets.map((t) => t.id));
}

describe("GET /export.csv with sold tickets", () => {
  it("has a row per sold ticket in the spec's six columns: order number, event, buyer e-mail, mapped status, price, local date", async () => {
    const res = await get(`${API}/export.csv?source=sold&event=${miami}&tz=Asia/Tokyo&search=guest-`);
    expect(res.status).toBe(200);
    // Tokyo has no daylight saving: always UTC+9, whole seconds.
    const zoned = (ms: number) => `${new Date(Math.floor(ms / 1000) * 1000 + 9 * HOUR).toISOString().slice(0, 19)}+09:00`;
    const refunded = `"${orders.guestRefunded.number}","Admin Sold Miami","guest-refund@example.com","cancelled","25.00","${zoned(NOW - 3 * HOUR)}"`;
    const zed = `"${orders.oneGeneral.number}","Admin Sold Miami","guest-zed@example.com","confirmed","25.00","${zoned(NOW - 40 * DAY)}"`;
    expect(await textOf(res)).toBe(`${BOM}"Order ID","Event","Customer","Status","Price","Date"\r\n${refunded}\r\n${refunded}\r\n${zed}`);
  });
});

// ----- per event: the sales summary and the door list -----

describe("GET /events/:eventId: sales per type", () => {
  it("counts sold, checked in, voided and held per type, revenue net of refunds, the capacity and seats taken", async () => {
    // A checkout still open holds 3 VIP seats (the FK needs a checkout: a paid fixture order's is enough).
    await exec(
      "INSERT INTO ticket_holds (checkout_id, ticket_type_id, event_id, quantity, unit_cents, total_cents, state) SELECT checkout_id, ?1, ?2, 3, 8000, 24000, 'held' FROM orders WHERE id = ?3",
      vipArea,
      miami,
      orders.vipChecked.orderId,
    );
    await exec("UPDATE ticket_types SET remaining = remaining - 3 WHERE id = ?1", vipArea);
    await exec("UPDATE events SET tickets_taken = tickets_taken + 3 WHERE id = ?1", miami);

    const res = await get(`${API}/events/${miami}`);
    expect(res.status).toBe(200);
    const body = await res.json<TicketSalesResponse>();
    expect(body.event).toEqual({
      id: miami,
      title: "Admin Sold Miami",
      titlePtBr: "Vendido no Admin, Miami",
      eventDate: expect.any(String),
      timeZone: "America/New_York",
      status: "published",
      currency: "usd",
      capacity: 300,
      taken: 10,
      saleState: "on_sale",
    });
    expect(body.types.map((t) => [t.name, t.quantity, t.remaining, t.held, t.sold, t.checkedIn, t.refunded, t.cancelled, t.revenueCents])).toEqual([
      ["General", 100, 94, 0, 4, 0, 2, 0, 10000],
      ["VIP area", 20, 16, 3, 1, 1, 0, 0, 8000],
    ]);
    expect(body.totals).toEqual({ sold: 5, checkedIn: 1, refunded: 2, cancelled: 0, held: 3, revenueCents: 18000 });
  });

  it("follows a refund and a cancellation as they happen: the tickets leave sold and revenue", async () => {
    const before = (await (await get(`${API}/events/${miami}`)).json<TicketSalesResponse>()).totals;
    // Checkout's refund voids Zed's ticket; then the event is cancelled (the cancellation job's status).
    await exec("UPDATE event_tickets SET status = 'refunded', voided_at = ?2 WHERE order_id = ?1 AND status = 'valid'", orders.oneGeneral.orderId, NOW);
    let after = (await (await get(`${API}/events/${miami}`)).json<TicketSalesResponse>()).totals;
    expect(after).toEqual({ ...before, sold: before.sold - 1, refunded: before.refunded + 1, revenueCents: before.revenueCents - 2500 });
    await exec("UPDATE event_tickets SET status = 'cancelled', voided_at = ?2 WHERE event_id = ?1 AND status = 'valid'", lisbon, NOW);
    const lisbonSales = await (await get(`${API}/events/${lisbon}`)).json<TicketSalesResponse>();
    expect(lisbonSales.event).toMatchObject({ currency: "brl", capacity: null, taken: 1 });
    expect(lisbonSales.types.map((t) => [t.name, t.sold, t.cancelled, t.revenueCents])).toEqual([["Pista", 0, 1, 0]]);
    // Put Zed's ticket back for the door list below.
    await exec("UPDATE event_tickets SET status = 'valid', voided_at = NULL WHERE order_id = ?1", orders.oneGeneral.orderId);
    after = (await (await get(`${API}/events/${miami}`)).json<TicketSalesResponse>()).totals;
    expect(after).toEqual(before);
  });

  it("is empty for an event sold elsewhere, and a 404 for no such event, a 400 for a malformed id", async () => {
    const body = await (await get(`${API}/events/${elsewhere}`)).json<TicketSalesResponse>();
    expect(body.types).toEqual([]);
    expect(body.event.saleState).toBeNull();
    expect(body.totals).toEqual({ sold: 0, checkedIn: 0, refunded: 0, cancelled: 0, held: 0, revenueCents: 0 });
    for (const path of [`${API}/events/no-such-event`, `${API}/events/no-such-event/door`, `${API}/events/no-such-event/door.csv`]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).code).toBe("event_not_found");
    }
    const long = await get(`${API}/events/${"e".repeat(101)}`);
    expect(long.status).toBe(400);
    expect((await errorOf(long)).code).toBe("invalid_input");
  });
});

describe("GET /events/:eventId/door: the door list", () => {
  const door = async (query = "") => {
    const res = await get(`${API}/events/${miami}/door${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json<DoorListResponse>();
  };

  it("lists valid tickets only, by name (the holder's, else the owner's account name, else the e-mail), accents and case aside", async () => {
    const body = await door();
    expect([body.total, body.checkedIn]).toEqual([5, 1]);
    expect(body.entries.map((e) => e.name)).toEqual(
      ["Álvaro Ribeiro", buyer.username, buyer.username, newOwner.username, "zed Walker"].sort((x, y) =>
        x.localeCompare(y, "en", { sensitivity: "base", numeric: true }),
      ),
    );
    const alvaro = body.entries.find((e) => e.name === "Álvaro Ribeiro")!;
    expect(alvaro).toEqual({
      id: orders.vipChecked.tickets[0]!.id,
      name: "Álvaro Ribeiro",
      named: "holder",
      email: buyer.email,
      typeName: "VIP area",
      code: orders.vipChecked.tickets[0]!.code,
      checkedInAt: new Date(NOW - HOUR).toISOString(),
      checkedInBy: users.door.username,
    });
    // The transferred ticket is on the list under its new owner's name.
    expect(body.entries.find((e) => e.id === orders.transferred.tickets[0]!.id)).toMatchObject({
      name: newOwner.username,
      named: "owner",
      email: newOwner.email,
    });
    // A refunded ticket is not on the door list.
    expect(body.entries.some((e) => e.email === "guest-refund@example.com")).toBe(false);
  });

  it("sorts by type or by check-in (still expected first), and searches names, e-mails and codes without accents", async () => {
    expect((await door("?sort=type")).entries.map((e) => e.typeName)).toEqual(["General", "General", "General", "General", "VIP area"]);
    const byCheckIn = (await door("?sort=checked_in")).entries;
    expect(byCheckIn.map((e) => e.checkedInAt === null)).toEqual([true, true, true, true, false]);
    expect((await door("?search=alvaro")).entries.map((e) => e.name)).toEqual(["Álvaro Ribeiro"]);
    const search = await door(`?search=${orders.oneGeneral.tickets[0]!.code.toLowerCase()}`);
    expect(search.entries.map((e) => e.name)).toEqual(["zed Walker"]);
    expect(search.total).toBe(5);
    expect((await door("?search=nobody-here")).entries).toEqual([]);
  });

  it("refuses a bad sort, an extra parameter, a search too long and an unknown zone with a 400", async () => {
    for (const query of ["sort=age", "page=2", `search=${"x".repeat(101)}`, "tz=Mars/Olympus"]) {
      const res = await get(`${API}/events/${miami}/door.csv?${query}`);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
  });

  it("door-list.csv holds the same rows for the door: name, e-mail, type, code, check-in in the admin's zone", async () => {
    const res = await get(`${API}/events/${miami}/door.csv?sort=type&tz=UTC&search=a`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="door-list.csv"');
    const list = await door("?sort=type&search=a");
    const lines = list.entries.map(
      (e) => `"${e.name}","${e.email}","${e.typeName}","${e.code}","${e.checkedInAt ? `${e.checkedInAt.slice(0, 19)}+00:00` : ""}"`,
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(await textOf(res)).toBe(`${BOM}"Name","E-mail","Ticket type","Code","Checked in"\r\n${lines.join("\r\n")}`);
  });
});
