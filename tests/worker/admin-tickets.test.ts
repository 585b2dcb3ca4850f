// /api/admin/tickets: ticket orders for administrators only. Every route answers visitor and banned
// 401, member and VIP 403 (writing nothing), admin 2xx; the list's search, status and time filters
// (Today in the admin's zone, Last 7 Days, Last 30 Days one calendar month back) and its total
// value per currency; tickets.csv byte for byte (BOM, header, CRLF, quoting, formula cells
// neutralised, only the filtered rows); the import of a provider's CSV: the preview's columns and
// suggested mapping, BOM, CRLF, quoted commas, other delimiters, duplicates in the file and
// already stored, row errors by row number, 0 valid rows, not a CSV, more rows than one INSERT
// takes, and its audit row. Malformed input is a 400, never a 500, and never loses a row unsaid.
//
// Expectations come from raw SQL against D1 and from instants computed here, never from the code
// under test.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, type TestUser } from "./helpers";
import { cookieFor, expectRefused, NON_ADMIN_ROLES, userOf } from "./admin-gate-matrix";
import { JSON_BODY_MAX_BYTES } from "../../worker/contracts/limits";
import type { ImportPreviewResponse, ImportResponse, TicketDetailResponse, TicketsListResponse } from "../../worker/contracts/tickets/admin";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/tickets";
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const BOM = "\uFEFF";

const row = <T>(query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .first<T>();
const rows = async <T>(query: string, ...binds: unknown[]) =>
  (
    await D1.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;
const auditCount = async () => (await row<{ n: number }>("SELECT count(*) AS n FROM audit_log"))!.n;
const lastAudit = () => row<{ action: string; target_type: string; actor_email: string; summary: string }>("SELECT * FROM audit_log ORDER BY id DESC LIMIT 1");

// ----- rows made straight in D1 -----

let serial = 0;

async function seedEvent(title: string, { currency = "USD", id = `t-event-${++serial}` } = {}): Promise<string> {
  await D1.prepare("INSERT INTO events (id, title, event_date, status, currency) VALUES (?1, ?2, ?3, 'published', ?4)")
    .bind(id, title, Date.now() + 30 * DAY, currency)
    .run();
  return id;
}

type SeedTicket = {
  orderId: string;
  eventId: string;
  email?: string;
  name?: string | null;
  status?: string;
  cents?: number;
  currency?: string;
  at?: number;
  title?: string;
};

async function seedTicket(t: SeedTicket): Promise<string> {
  const id = `t-ticket-${++serial}`;
  const title = t.title ?? (await row<{ title: string }>("SELECT title FROM events WHERE id = ?", t.eventId))!.title;
  await D1.prepare(
    "INSERT INTO tickets (id, order_id, event_id, event_title, customer_email, customer_name, status, price_paid_cents, currency, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
  )
    .bind(
      id,
      t.orderId,
      t.eventId,
      title,
      t.email ?? `fan${serial}@example.com`,
      t.name ?? null,
      t.status ?? "confirmed",
      t.cents ?? 4500,
      t.currency ?? "USD",
      t.at ?? Date.now() - HOUR,
    )
    .run();
  return id;
}

// ----- requests -----

const list = async (cookie: string, params: Record<string, string>) => {
  const res = await call(`${API}?${new URLSearchParams(params)}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<TicketsListResponse>();
};
/** The body as sent, the byte-order mark kept (Response.text() drops it). */
const textOf = async (res: Response) => new TextDecoder("utf-8", { ignoreBOM: true, fatal: true }).decode(await res.arrayBuffer());
const orderIds = (body: TicketsListResponse) => body.tickets.map((t) => t.orderId);
const preview = (cookie: string | undefined, csv: string | Uint8Array) =>
  call(`${API}/import/preview`, { method: "POST", body: csv, cookie, headers: { "content-type": "text/csv" } });
const importCsv = (cookie: string | undefined, json: unknown) => call(`${API}/import`, { json, cookie });

async function imported(cookie: string, json: unknown): Promise<ImportResponse> {
  const res = await importCsv(cookie, json);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<ImportResponse>();
}

/** Zones without daylight saving, so their midnight is a fixed offset from UTC's. */
const FIXED_ZONES = { "Asia/Tokyo": 9 * 60, "America/Sao_Paulo": -3 * 60, "Asia/Kolkata": 5 * 60 + 30 } as const;

/** When the current local day began in a fixed-offset zone. */
function localMidnight(now: number, offsetMinutes: number): number {
  const wall = now + offsetMinutes * MIN;
  return wall - (wall % DAY) - offsetMinutes * MIN;
}

/** One calendar month before `now` in UTC, on the month's last day when it is shorter. */
function oneMonthBackUtc(now: number): number {
  const d = new Date(now);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Date.UTC(y, m - 1, Math.min(day, lastDay)) + (now - Date.UTC(y, m, day));
}

let admin: TestUser;
let newYork: string;
let miami: string;
let saoPaulo: string;

beforeAll(async () => {
  admin = await userOf("admin");
  newYork = await seedEvent("Freestyle Forever — New York");
  miami = await seedEvent("Miami Freestyle Heat");
  saoPaulo = await seedEvent("Noite Freestyle — São Paulo", { currency: "BRL" });
});

// ----- every route, every role -----

type Req = { method: string; path: string; body?: string; json?: unknown; status: number; writes?: boolean };

const SAMPLE_CSV = `Order ID,Event,Email,Price\r\nROLE-${Date.now()},Miami Freestyle Heat,role@example.com,10.00\r\n`;

const CASES: { name: string; make(): Promise<Req> }[] = [
  { name: "GET /", make: async () => ({ method: "GET", path: `${API}?search=nothing&status=all&time=all&tz=UTC`, status: 200 }) },
  { name: "GET /export.csv", make: async () => ({ method: "GET", path: `${API}/export.csv?time=7d&tz=UTC`, status: 200 }) },
  {
    name: "GET /:id",
    make: async () => ({ method: "GET", path: `${API}/${await seedTicket({ orderId: `ROLE-ID-${++serial}`, eventId: newYork })}`, status: 200 }),
  },
  { name: "POST /import/preview", make: async () => ({ method: "POST", path: `${API}/import/preview`, body: SAMPLE_CSV, status: 200 }) },
  {
    name: "POST /import",
    make: async () => ({
      method: "POST",
      path: `${API}/import`,
      json: {
        csv: `Order ID,Event,Email,Price\r\nROLE-IMP-${++serial},Miami Freestyle Heat,role@example.com,10.00\r\n`,
        mapping: { orderId: 0, event: 1, email: 2, price: 3 },
      },
      status: 200,
      writes: true,
    }),
  },
];

const send = (req: Req, cookie?: string) => call(req.path, { method: req.method, body: req.body, json: req.json, cookie });
const ticketCount = async () => (await row<{ n: number }>("SELECT count(*) AS n FROM tickets"))!.n;

describe("/api/admin/tickets: every route, every role", () => {
  for (const c of CASES) {
    for (const [role, status] of NON_ADMIN_ROLES) {
      it(`${c.name} as ${role} → ${status}, nothing written`, async () => {
        const req = await c.make();
        const [audits, stored] = [await auditCount(), await ticketCount()];
        const res = await send(req, await cookieFor(role));
        await expectRefused(res, role);
        expect([await auditCount(), await ticketCount()]).toEqual([audits, stored]);
      });
    }
    it(`${c.name} as admin → 2xx`, async () => {
      const req = await c.make();
      const [audits, stored] = [await auditCount(), await ticketCount()];
      const res = await send(req, admin.cookie);
      expect(res.status, await res.clone().text()).toBe(req.status);
      if (req.writes) {
        expect(await ticketCount()).toBe(stored + 1);
        expect(await auditCount()).toBe(audits + 1);
        const audit = (await lastAudit())!;
        expect([audit.action, audit.target_type, audit.actor_email]).toEqual(["ticket.import", "ticket", admin.email]);
      } else {
        expect([await auditCount(), await ticketCount()]).toEqual([audits, stored]);
      }
    });
  }
});

// ----- the list -----

describe("GET /: search, status, total value", () => {
  beforeAll(async () => {
    await seedTicket({ orderId: "SRCH-0001", eventId: newYork, email: "ana@example.com", status: "confirmed", cents: 4550 });
    await seedTicket({ orderId: "SRCH-0002", eventId: miami, email: "BOB@Example.com", status: "pending", cents: 12025 });
    await seedTicket({ orderId: "srch-0003", eventId: miami, email: "cy@example.com", status: "cancelled", cents: 5500, name: "Search Only By Name" });
    await seedTicket({ orderId: "SRCH-0004", eventId: saoPaulo, email: "dani@example.com.br", status: "confirmed", cents: 18000, currency: "BRL" });
  });

  it("matches the order id, the event title and the e-mail, case-insensitively, newest first", async () => {
    expect(orderIds(await list(admin.cookie, { search: "srch-000" })).sort()).toEqual(["SRCH-0001", "SRCH-0002", "SRCH-0004", "srch-0003"]);
    expect(orderIds(await list(admin.cookie, { search: "SRCH-0003" }))).toEqual(["srch-0003"]);
    expect(
      orderIds(await list(admin.cookie, { search: "MIAMI freestyle" }))
        .filter((id) => /srch/i.test(id))
        .sort(),
    ).toEqual(["SRCH-0002", "srch-0003"]);
    expect(orderIds(await list(admin.cookie, { search: "bob@example" }))).toEqual(["SRCH-0002"]);
    expect(orderIds(await list(admin.cookie, { search: "são paulo" }))).toContain("SRCH-0004");
    // Not the customer's name, and no wildcard: % and _ are plain characters.
    expect((await list(admin.cookie, { search: "Search Only By Name" })).tickets).toEqual([]);
    expect((await list(admin.cookie, { search: "SRCH%" })).tickets).toEqual([]);
    expect((await list(admin.cookie, { search: "SRCH_000" })).tickets).toEqual([]);
  });

  it("filters by status, and an empty or 'all' status means any", async () => {
    expect(orderIds(await list(admin.cookie, { search: "srch-", status: "pending" }))).toEqual(["SRCH-0002"]);
    expect(orderIds(await list(admin.cookie, { search: "srch-", status: "cancelled" }))).toEqual(["srch-0003"]);
    expect((await list(admin.cookie, { search: "srch-", status: "" })).count).toBe(4);
    expect((await list(admin.cookie, { search: "srch-", status: "all", time: "" })).count).toBe(4);
  });

  it("sums the price of the filtered rows per currency, and shows each ticket as the API promises", async () => {
    const all = await list(admin.cookie, { search: "srch-" });
    expect(all.count).toBe(4);
    expect(all.truncated).toBe(false);
    expect(all.totals).toEqual([
      { currency: "USD", amount: 220.75, count: 3 },
      { currency: "BRL", amount: 180, count: 1 },
    ]);
    const usdOnly = await list(admin.cookie, { search: "srch-", status: "confirmed" });
    expect(usdOnly.totals).toEqual([
      { currency: "BRL", amount: 180, count: 1 },
      { currency: "USD", amount: 45.5, count: 1 },
    ]);
    const ticket = all.tickets.find((t) => t.orderId === "SRCH-0002")!;
    expect(ticket).toMatchObject({
      eventId: miami,
      eventTitle: "Miami Freestyle Heat",
      customerEmail: "BOB@Example.com",
      status: "pending",
      price: 120.25,
      currency: "USD",
    });
    expect(Date.parse(ticket.createdAt)).toBeGreaterThan(Date.now() - 2 * HOUR);
    const none = await list(admin.cookie, { search: "no-such-ticket-anywhere" });
    expect(none).toEqual({ tickets: [], count: 0, totals: [], truncated: false });
  });

  it("refuses bad filters with a 400: unknown status, time or zone, an extra parameter, a search too long", async () => {
    for (const query of ["status=refunded", "time=yesterday", "tz=Mars/Olympus", "page=2", `search=${"x".repeat(101)}`]) {
      const res = await call(`${API}?${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
  });
});

describe("GET /: time filters", () => {
  it("Today runs from local midnight to the next, in the admin's zone (two zones, same instants)", async () => {
    const now = Date.now();
    for (const [zone, offset] of Object.entries(FIXED_ZONES)) {
      const start = localMidnight(now, offset);
      const tag = `TODAY-${zone.replace(/\W/g, "")}`;
      await seedTicket({ orderId: `${tag}-before`, eventId: newYork, at: start - 1 });
      await seedTicket({ orderId: `${tag}-first`, eventId: newYork, at: start });
      await seedTicket({ orderId: `${tag}-last`, eventId: newYork, at: start + DAY - 1 });
      await seedTicket({ orderId: `${tag}-after`, eventId: newYork, at: start + DAY });
      expect(orderIds(await list(admin.cookie, { search: tag, time: "today", tz: zone }))).toEqual([`${tag}-last`, `${tag}-first`]);
    }
    // Tokyo's midnight is 9 hours before UTC's: its first minute of today is not São Paulo's today.
    const tokyoStart = localMidnight(now, FIXED_ZONES["Asia/Tokyo"]);
    const saoPauloStart = localMidnight(now, FIXED_ZONES["America/Sao_Paulo"]);
    const inSaoPaulo = await list(admin.cookie, { search: "TODAY-AsiaTokyo", time: "today", tz: "America/Sao_Paulo" });
    const expected = [tokyoStart - 1, tokyoStart, tokyoStart + DAY - 1, tokyoStart + DAY].filter(
      (at) => at >= saoPauloStart && at < saoPauloStart + DAY,
    ).length;
    expect(inSaoPaulo.count).toBe(expected);
  });

  it("Last 7 Days runs from the same time a week ago to now; later dates are not in it", async () => {
    const now = Date.now();
    await seedTicket({ orderId: "WEEK-in", eventId: miami, at: now - 7 * DAY + 5 * MIN });
    await seedTicket({ orderId: "WEEK-out", eventId: miami, at: now - 7 * DAY - 5 * MIN });
    await seedTicket({ orderId: "WEEK-future", eventId: miami, at: now + 2 * HOUR });
    expect(orderIds(await list(admin.cookie, { search: "WEEK-", time: "7d", tz: "UTC" }))).toEqual(["WEEK-in"]);
    expect((await list(admin.cookie, { search: "WEEK-", time: "all", tz: "UTC" })).count).toBe(3);
  });

  it("Last 30 Days runs from one calendar month back to now", async () => {
    const now = Date.now();
    const monthBack = oneMonthBackUtc(now);
    await seedTicket({ orderId: "MONTH-in", eventId: miami, at: monthBack + 5 * MIN, cents: 1000 });
    await seedTicket({ orderId: "MONTH-out", eventId: miami, at: monthBack - 5 * MIN, cents: 2000 });
    await seedTicket({ orderId: "MONTH-recent", eventId: miami, at: now - DAY, cents: 300 });
    await seedTicket({ orderId: "MONTH-old", eventId: miami, at: now - 40 * DAY, cents: 4000 });
    const body = await list(admin.cookie, { search: "MONTH-", time: "30d", tz: "UTC" });
    expect(orderIds(body)).toEqual(["MONTH-recent", "MONTH-in"]);
    expect(body.totals).toEqual([{ currency: "USD", amount: 13, count: 2 }]);
  });
});

describe("GET /:id", () => {
  it("gives the ticket with its event; an unknown id is a 404", async () => {
    const id = await seedTicket({ orderId: "DETAIL-1", eventId: saoPaulo, name: "Dani Souza", cents: 45000, currency: "BRL" });
    const res = await call(`${API}/${id}`, { cookie: admin.cookie });
    const body = await res.json<TicketDetailResponse>();
    expect(body.ticket).toMatchObject({
      id,
      orderId: "DETAIL-1",
      customerName: "Dani Souza",
      price: 450,
      currency: "BRL",
      eventTitle: "Noite Freestyle — São Paulo",
    });
    expect(body.event).toMatchObject({ id: saoPaulo, title: "Noite Freestyle — São Paulo", status: "published", online: false });

    const missing = await call(`${API}/no-such-ticket`, { cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("ticket_not_found");
  });

  it("keeps a ticket whose event was deleted, with the title it was stored with", async () => {
    const gone = await seedEvent("One Night Only");
    const id = await seedTicket({ orderId: "ORPHAN-1", eventId: gone });
    await D1.prepare("DELETE FROM events WHERE id = ?").bind(gone).run();
    const body = await (await call(`${API}/${id}`, { cookie: admin.cookie })).json<TicketDetailResponse>();
    expect(body.ticket).toMatchObject({ eventId: null, eventTitle: "One Night Only" });
    expect(body.event).toBeNull();
    expect(orderIds(await list(admin.cookie, { search: "one night only" }))).toEqual(["ORPHAN-1"]);
  });
});

// ----- the export -----

describe("GET /export.csv", () => {
  const NY_WINTER = Date.UTC(2026, 2, 5, 19, 30, 0); // 14:30 in New York (UTC-5)
  const NY_SUMMER = Date.UTC(2026, 6, 4, 16, 0, 0); // 12:00 in New York (UTC-4)
  let hostile: string;

  beforeAll(async () => {
    hostile = await seedEvent('=HYPERLINK("http://evil.example";"Rock, Roll")');
    await seedTicket({ orderId: "=XP-1+2", eventId: newYork, email: "plain@example.com", cents: 4550, at: NY_WINTER });
    await seedTicket({ orderId: "XP-2", eventId: hostile, email: "@attacker.example", status: "pending", cents: 0, at: NY_WINTER - HOUR });
    await seedTicket({ orderId: "-5 XP-3", eventId: newYork, email: "+tab\tand\r\nnewline@example.com", status: "cancelled", cents: 12000, at: NY_SUMMER });
    await seedTicket({ orderId: "XQ-other", eventId: miami, status: "pending", at: NY_WINTER });
  });

  const exportOf = async (query: string) => {
    const res = await call(`${API}/export.csv?${query}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    return res;
  };
  // Every field quoted: a spreadsheet splitting on ';' (Excel in pt-BR) keeps each one a single cell.
  const HEADER = '"Order ID","Event","Customer","Status","Price","Date"';
  const ROW_3 = `"'-5 XP-3","Freestyle Forever — New York","'+tab\tand\r\nnewline@example.com","cancelled","120.00","2026-07-04T12:00:00-04:00"`;
  const ROW_1 = `"'=XP-1+2","Freestyle Forever — New York","plain@example.com","confirmed","45.50","2026-03-05T14:30:00-05:00"`;
  const ROW_2 = `"XP-2","'=HYPERLINK(""http://evil.example"";""Rock, Roll"")","'@attacker.example","pending","0.00","2026-03-05T13:30:00-05:00"`;

  it("is tickets.csv of the filtered rows: BOM, header, CRLF, RFC 4180 quoting, formula cells neutralised, local dates with their offset", async () => {
    const res = await exportOf("search=xp-&status=&time=all&tz=America/New_York");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="tickets.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true, fatal: true }).decode(bytes)).toBe(`${BOM}${HEADER}\r\n${ROW_3}\r\n${ROW_1}\r\n${ROW_2}`);
  });

  it("follows every filter: status, time and zone", async () => {
    expect(await textOf(await exportOf("search=XP-&status=pending&tz=America/New_York"))).toBe(`${BOM}${HEADER}\r\n${ROW_2}`);
    // None of them is from the last 7 days: the header alone (papaparse ends it with a CRLF).
    expect(await textOf(await exportOf("search=XP-&time=7d"))).toBe(`${BOM}${HEADER}\r\n`);
    // The same instant in another zone.
    const text = await textOf(await exportOf("search=XP-2&tz=Asia/Kolkata"));
    expect(text.endsWith(',"pending","0.00","2026-03-06T00:00:00+05:30"')).toBe(true);
  });

  it("refuses bad filters with a 400", async () => {
    const res = await call(`${API}/export.csv?time=forever`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });
});

// ----- the import -----

const MAPPING = { orderId: 0, event: 1, email: 2, price: 3 };

describe("POST /import/preview", () => {
  it("reads the header and first rows (BOM, CRLF, quoted commas) and suggests a mapping from the names and values", async () => {
    const csv =
      BOM +
      [
        "Order #,Event Name,Buyer Name,Customer,Ticket Price,Order Status,Order Date,Notes",
        'A-1,Miami Freestyle Heat,"Lopez, Ana",ana@example.com,"$1,234.50",Paid,2026-11-01 20:15,"says ""hi"""',
        "A-2,Miami Freestyle Heat,Bo,bo@example.com,45.00,Refunded,2026-11-02,",
        "",
        "A-3,Miami Freestyle Heat,Cy,cy@example.com,45.00,Pending,2026-11-03,",
      ].join("\r\n") +
      "\r\n";
    const res = await preview(admin.cookie, csv);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json<ImportPreviewResponse>();
    expect(body.columns).toEqual(["Order #", "Event Name", "Buyer Name", "Customer", "Ticket Price", "Order Status", "Order Date", "Notes"]);
    expect(body.delimiter).toBe(",");
    expect(body.mapping).toEqual({ orderId: 0, event: 1, email: 3, price: 4, status: 5, date: 6, name: 2 });
    expect(body.rows[0]).toEqual(["A-1", "Miami Freestyle Heat", "Lopez, Ana", "ana@example.com", "$1,234.50", "Paid", "2026-11-01 20:15", 'says "hi"']);
    expect(body.rows).toHaveLength(3);
    expect(body.rowCount).toBe(3);
  });

  it("finds a semicolon or tab delimiter, and maps this site's own export back to its fields", async () => {
    const semi = await (
      await preview(admin.cookie, "Order ID;Event;Customer;Status;Price;Date\nX-1;Miami Freestyle Heat;x@example.com;confirmed;45,00;2026-03-05\n")
    ).json<ImportPreviewResponse>();
    expect(semi.delimiter).toBe(";");
    expect(semi.mapping).toEqual({ orderId: 0, event: 1, email: 2, price: 4, status: 3, date: 5, name: null });
    const tab = await (await preview(admin.cookie, "order_id\tevent_title\temail\tamount\nX-1\tMiami\tx@example.com\t1\n")).json<ImportPreviewResponse>();
    expect([tab.delimiter, tab.mapping.orderId, tab.mapping.event, tab.mapping.email, tab.mapping.price]).toEqual(["\t", 0, 1, 2, 3]);
  });

  it("refuses what is not a CSV with a 400 not_csv: empty, binary, one column, an unclosed quote", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    for (const body of ["", "   \r\n", png, "just one column\nvalue\n", 'a,b\n"unclosed,1\n2,3\n']) {
      const res = await preview(admin.cookie, body);
      expect(res.status, String(body)).toBe(400);
      expect((await errorOf(res)).code).toBe("not_csv");
    }
    const unclosed = await preview(admin.cookie, 'Order,Event\nA,B\n"unclosed,1\n2,3\n');
    expect((await errorOf(unclosed)).message).toBe("Row 3: a quoted value is never closed");
  });

  it("answers a body over the API's limit with a 413, not a 500", async () => {
    const res = await preview(admin.cookie, `a,b\n${"x,y\n".repeat(JSON_BODY_MAX_BYTES / 4 + 10)}`);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe("payload_too_large");
  });
});

describe("POST /import", () => {
  type Stored = {
    order_id: string;
    event_id: string;
    event_title: string;
    customer_email: string;
    customer_name: string | null;
    status: string;
    price_paid_cents: number;
    currency: string;
    created_at: number;
  };
  const stored = (prefix: string) => rows<Stored>("SELECT * FROM tickets WHERE order_id LIKE ?1 ORDER BY order_id", `${prefix}%`);

  it("imports valid rows: event by title (any case) or id, status normalised, price parsed, date in the admin's zone, currency from the event", async () => {
    const csv = [
      "Order,Event,E-mail,Price,Status,Date,Name",
      'IMP1-a,miami freestyle heat,Ana@Example.com,"$1,234.50",Paid,2026-11-01 20:15,"  Lopez,  Ana "',
      `IMP1-b,${saoPaulo},bo@example.com,"R$ 450,00",Refunded,2026-11-02T10:00:00Z,`,
      "IMP1-c,Freestyle Forever — New York,cy@example.com,45,pending,2026-11-03 09:30:00-05:00,Cy",
    ].join("\r\n");
    const before = await auditCount();
    const body = await imported(admin.cookie, { csv: BOM + csv, mapping: { ...MAPPING, status: 4, date: 5, name: 6 }, tz: "America/Sao_Paulo" });
    expect(body).toEqual({ rows: 3, imported: 3, skipped: 0, failed: 0, skips: [], errors: [] });
    expect(await stored("IMP1-")).toEqual([
      expect.objectContaining({
        order_id: "IMP1-a",
        event_id: miami,
        event_title: "Miami Freestyle Heat",
        customer_email: "ana@example.com",
        customer_name: "Lopez, Ana",
        status: "confirmed",
        price_paid_cents: 123450,
        currency: "USD",
        created_at: Date.UTC(2026, 10, 1, 23, 15),
      }),
      expect.objectContaining({
        order_id: "IMP1-b",
        event_id: saoPaulo,
        customer_name: null,
        status: "cancelled",
        price_paid_cents: 45000,
        currency: "BRL",
        created_at: Date.UTC(2026, 10, 2, 10),
      }),
      expect.objectContaining({ order_id: "IMP1-c", event_id: newYork, status: "pending", price_paid_cents: 4500, created_at: Date.UTC(2026, 10, 3, 14, 30) }),
    ]);
    expect(await auditCount()).toBe(before + 1);
    const audit = (await lastAudit())!;
    expect([audit.action, audit.target_type, audit.actor_email]).toEqual(["ticket.import", "ticket", admin.email]);
    expect(JSON.parse(audit.summary)).toEqual({
      after: { imported: 3, skipped: 0, failed: 0, rows: 3 },
      detail: { kind: "ticket_csv_import", firstRow: 2, lastRow: 4 },
      note: "CSV import, file rows 2-4",
    });
  });

  it("without status and date columns: confirmed, placed now", async () => {
    const start = Date.now();
    await imported(admin.cookie, { csv: "Order,Event,Email,Price\nIMP2-a,Miami Freestyle Heat,a@example.com,10\n", mapping: MAPPING });
    const [ticket] = await stored("IMP2-");
    expect(ticket).toMatchObject({ status: "confirmed", price_paid_cents: 1000 });
    expect(ticket!.created_at).toBeGreaterThanOrEqual(start);
    expect(ticket!.created_at).toBeLessThanOrEqual(Date.now());
  });

  it("skips order ids already stored and repeated in the file, naming each row; CRLF and empty lines keep the row numbers", async () => {
    await seedTicket({ orderId: "IMP3-stored", eventId: miami, email: "first@example.com", cents: 999 });
    const csv = [
      "Order,Event,Email,Price",
      "IMP3-a,Miami Freestyle Heat,a@example.com,10", // row 2
      "IMP3-stored,Miami Freestyle Heat,b@example.com,20", // row 3
      "", // row 4: empty
      "IMP3-a,Miami Freestyle Heat,c@example.com,30", // row 5
      "IMP3-b,Miami Freestyle Heat,d@example.com,40", // row 6
    ].join("\r\n");
    const body = await imported(admin.cookie, { csv, mapping: MAPPING });
    expect(body).toMatchObject({ rows: 4, imported: 2, skipped: 2, failed: 0, errors: [] });
    expect(body.skips.map((s) => [s.row, s.code, s.value])).toEqual([
      [3, "already_stored", "IMP3-stored"],
      [5, "duplicate_in_file", "IMP3-a"],
    ]);
    expect((await stored("IMP3-")).map((t) => [t.order_id, t.customer_email, t.price_paid_cents])).toEqual([
      ["IMP3-a", "a@example.com", 1000],
      ["IMP3-b", "d@example.com", 4000],
      ["IMP3-stored", "first@example.com", 999],
    ]);
    // The same file again: every row already stored, nothing written, no audit row.
    const before = await auditCount();
    const again = await imported(admin.cookie, { csv, mapping: MAPPING });
    expect(again).toMatchObject({ rows: 4, imported: 0, skipped: 4, failed: 0 });
    expect(await auditCount()).toBe(before);
  });

  it("reports every problem of each refused row by its row number, and imports the rest", async () => {
    await seedEvent("Twin Show");
    await seedEvent("Twin Show");
    const csv = [
      "Order,Event,Email,Price,Status,Date,Name",
      "IMP4-ok,Miami Freestyle Heat,ok@example.com,10,confirmed,2026-01-02,", // 2
      ",Nowhere Fest,not-an-email,-5,maybe,03/05/2026,", // 3
      "IMP4-twin,twin show,t@example.com,1.234,confirmed,2026-13-01,", // 4
      `IMP4-long-${"x".repeat(100)},,x@example.com,abc,,2026-02-30,${"N".repeat(201)}`, // 5
      "IMP4-short,Miami Freestyle Heat,s@example.com", // 6
      '"IMP4-quoted, comma",Miami Freestyle Heat,q@example.com,"1.234,56",cancelado,2026-02-01T00:00:00+09:00,"Quoted, Name"', // 7
      "IMP4-stray,Miami Freestyle Heat,s@example.com,1,confirmed,2026-01-02,,oops", // 8
      "IMP4-trailing,Miami Freestyle Heat,t@example.com,2,confirmed,2026-01-02,,,", // 9: empty cells past the header are fine
    ].join("\n");
    const body = await imported(admin.cookie, { csv, mapping: { ...MAPPING, status: 4, date: 5, name: 6 } });
    expect(body).toMatchObject({ rows: 8, imported: 3, skipped: 0, failed: 5 });
    expect(body.errors.map((e) => [e.row, e.code])).toEqual([
      [3, "order_id_missing"],
      [3, "event_unknown"],
      [3, "email_invalid"],
      [3, "status_unknown"],
      [3, "price_invalid"],
      [3, "date_invalid"],
      [4, "event_ambiguous"],
      [4, "date_invalid"],
      [5, "order_id_too_long"],
      [5, "event_missing"],
      [5, "status_unknown"],
      [5, "price_invalid"],
      [5, "date_invalid"],
      [5, "name_too_long"],
      [6, "malformed_row"],
      [8, "malformed_row"],
    ]);
    expect(body.errors.find((e) => e.row === 3 && e.code === "event_unknown")!.value).toBe("Nowhere Fest");
    for (const e of body.errors) expect(e.message).toMatch(/\w/);
    expect((await stored("IMP4-")).map((t) => [t.order_id, t.customer_name, t.status, t.price_paid_cents, t.created_at])).toEqual([
      ["IMP4-ok", null, "confirmed", 1000, expect.any(Number)],
      ["IMP4-quoted, comma", "Quoted, Name", "cancelled", 123456, Date.UTC(2026, 0, 31, 15)],
      ["IMP4-trailing", null, "confirmed", 200, expect.any(Number)],
    ]);
  });

  it("0 valid rows: a 200 that stores nothing and lists why; a header without rows: 400 no_rows", async () => {
    const before = [await auditCount(), await ticketCount()];
    const body = await imported(admin.cookie, {
      csv: "Order,Event,Email,Price\nIMP5-a,Nowhere,x@example.com,1\nIMP5-b,Miami Freestyle Heat,bad,1\n",
      mapping: MAPPING,
    });
    expect(body).toMatchObject({ rows: 2, imported: 0, skipped: 0, failed: 2 });
    expect(body.errors.map((e) => [e.row, e.code])).toEqual([
      [2, "event_unknown"],
      [3, "email_invalid"],
    ]);
    expect([await auditCount(), await ticketCount()]).toEqual(before);

    for (const csv of ["Order,Event,Email,Price\n", "Order,Event,Email,Price\r\n\r\n\r\n"]) {
      const res = await importCsv(admin.cookie, { csv, mapping: MAPPING });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("no_rows");
    }
  });

  it("refuses bad bodies with a 400, storing nothing: not a CSV, not JSON, a mapping missing a field or naming no column, a bad row number", async () => {
    const before = [await auditCount(), await ticketCount()];
    const csv = "Order,Event,Email,Price\nIMP6-a,Miami Freestyle Heat,a@example.com,1\n";
    const cases: [unknown, string][] = [
      [{ csv: "\u0000\u0001binary", mapping: MAPPING }, "not_csv"],
      [{ csv: "one column only\nvalue", mapping: MAPPING }, "not_csv"],
      [{ csv, mapping: { ...MAPPING, price: 9 } }, "mapping_invalid"],
      [{ csv, mapping: { orderId: 0, event: 1, email: 2 } }, "invalid_input"],
      [{ csv, mapping: { ...MAPPING, orderId: "Order" } }, "invalid_input"],
      [{ csv, mapping: MAPPING, firstRow: 1 }, "invalid_input"],
      [{ csv, mapping: MAPPING, tz: "Nowhere/Land" }, "invalid_input"],
      [{ csv: "", mapping: MAPPING }, "invalid_input"],
      [{ mapping: MAPPING }, "invalid_input"],
      [{ csv, mapping: MAPPING, extra: true }, "invalid_input"],
      [[csv], "invalid_input"],
    ];
    for (const [json, code] of cases) {
      const res = await importCsv(admin.cookie, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await errorOf(res)).code, JSON.stringify(json)).toBe(code);
    }
    const notJson = await call(`${API}/import`, { method: "POST", body: "{not json", cookie: admin.cookie, headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    const plainCsv = await call(`${API}/import`, { method: "POST", body: csv, cookie: admin.cookie, headers: { "content-type": "text/csv" } });
    expect(plainCsv.status).toBe(400);
    expect([await auditCount(), await ticketCount()]).toEqual(before);
  });

  it("numbers the rows of a later piece of a file from its firstRow", async () => {
    const body = await imported(admin.cookie, {
      csv: "Order,Event,Email,Price\nIMP7-a,Miami Freestyle Heat,a@example.com,1\nIMP7-b,Miami Freestyle Heat,nope,1\n",
      mapping: MAPPING,
      firstRow: 801,
    });
    expect(body.errors.map((e) => e.row)).toEqual([802]);
    expect(JSON.parse((await lastAudit())!.summary).note).toBe("CSV import, file rows 801-802");
  });

  it("stores more rows than one INSERT statement takes, all in one batch with one audit row", async () => {
    const count = 1100;
    const lines = Array.from({ length: count }, (_, i) => `B${i},${miami},b${i}@x.io,${i % 50}.5`);
    const csv = `o,e,m,p\n${lines.join("\n")}`;
    expect(JSON.stringify({ csv, mapping: MAPPING }).length).toBeLessThan(JSON_BODY_MAX_BYTES);
    const before = await auditCount();
    const body = await imported(admin.cookie, { csv, mapping: MAPPING });
    expect(body).toMatchObject({ rows: count, imported: count, skipped: 0, failed: 0 });
    const sums = (await row<{ n: number; cents: number }>(
      "SELECT count(*) AS n, sum(price_paid_cents) AS cents FROM tickets WHERE order_id GLOB 'B[0-9]*' AND customer_email LIKE '%@x.io'",
    ))!;
    expect(sums).toEqual({ n: count, cents: lines.reduce((n, _, i) => n + (i % 50) * 100 + 50, 0) });
    expect(await auditCount()).toBe(before + 1);
  });

  it("imports this site's own export as it was: same tickets, same instants", async () => {
    const zone = "America/New_York";
    await seedTicket({
      orderId: "RT-1",
      eventId: saoPaulo,
      email: "rt1@example.com",
      status: "pending",
      cents: 18050,
      currency: "BRL",
      at: Date.UTC(2026, 5, 1, 12, 0, 5),
    });
    await seedTicket({ orderId: "RT-2", eventId: miami, email: "rt2@example.com", status: "cancelled", cents: 0, at: Date.UTC(2026, 0, 1, 4, 59, 59) });
    const file = await textOf(await call(`${API}/export.csv?search=RT-&tz=${zone}`, { cookie: admin.cookie }));
    expect(file.startsWith(BOM)).toBe(true);
    const before = await stored("RT-");
    await D1.prepare("DELETE FROM tickets WHERE order_id LIKE 'RT-%'").run();

    const { mapping } = await (await preview(admin.cookie, file)).json<ImportPreviewResponse>();
    const body = await imported(admin.cookie, { csv: file, mapping, tz: zone });
    expect(body).toMatchObject({ rows: 2, imported: 2, failed: 0 });
    const after = await stored("RT-");
    const comparable = (t: Stored) => ({ ...t, id: undefined });
    expect(after.map(comparable)).toEqual(before.map(comparable));
  });
});
