// VIP presales (decision 029): what each role sees of an event's presale before, during and after
// it (the clock faked, Date only), the code route's role matrix and answers, a shared code, unique
// codes handed out once each under 20 concurrent claims, the event form's presale rules (a 400
// naming the field, nothing stored), the admin code routes (admins only, audited), and the code
// never in a public answer, the calendar files, the rendered page or its JSON-LD.
//
// Expectations come from raw SQL against D1 or fixed values, never from the code under test.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { events } from "../../worker/db/schema/events";
import type { EventRow, NewEventRow } from "../../worker/db/events";
import { forget } from "../../worker/lib/memo";
import { insertOfferCodes } from "../../worker/db/offer-codes";
import { OFFER_CODE_MAX } from "../../worker/contracts/offer-codes";
import { PRESALE_CODE_MAX, PRESALE_FORM_MESSAGES as P, type PresaleCodeResponse } from "../../worker/contracts/presales";
import { ADMIN_EVENTS_API, type AdminEventResponse, type EventInput } from "../../worker/contracts/admin/events";
import type { EventResponse, EventsResponse } from "../../worker/contracts/events";
import { call, createUser, db, errorOf, ruleError, type Role } from "./helpers";
import { auditCount, expectAdminOnly } from "./admin-gate-matrix";
import { page } from "./pages-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Saturday 21 November 2026, noon in New York. */
const NOW = Date.UTC(2026, 10, 21, 17, 0);
/** The presale of the events below: from tomorrow for two days, the general sale a day later. */
const START = NOW + DAY;
const END = NOW + 3 * DAY;
const GENERAL = NOW + 4 * DAY;
const SHARED = "VIPSHARED-2026";
const TICKETS = "https://tickets.example.com/presale-show";

let serial = 0;
async function addEvent(overrides: Partial<NewEventRow> = {}): Promise<EventRow> {
  serial++;
  const row = await db()
    .insert(events)
    .values({
      id: crypto.randomUUID(),
      title: `Presale show ${serial}`,
      eventDate: new Date(NOW + 10 * DAY),
      status: "published",
      venueName: "Starlight Ballroom",
      venueCity: "New York",
      venueState: "NY",
      ticketPriceMinCents: 4500,
      ticketPriceMaxCents: 12000,
      ticketSaleStart: new Date(NOW - 30 * DAY),
      externalTicketUrl: TICKETS,
      presaleStartsAt: new Date(START),
      presaleEndsAt: new Date(END),
      generalSaleAt: new Date(GENERAL),
      presaleCodeMode: "shared",
      presaleSharedCode: SHARED,
      ...overrides,
    })
    .returning()
    .get();
  forget("events:");
  return row;
}

function setNow(at: number) {
  vi.setSystemTime(at);
  forget("events:");
}

const cookieOf = async (role: Role) => (role === "visitor" ? undefined : (await createUser(role)).cookie);
const askCode = (id: string, cookie?: string) => call(`/api/events/${id}/presale-code`, { method: "POST", cookie });
const listed = async (cookie?: string) => {
  const res = await call("/api/events", { cookie });
  expect(res.status).toBe(200);
  return { text: await res.clone().text(), body: await res.json<EventsResponse>(), cacheControl: res.headers.get("cache-control") };
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  await D1.prepare("DELETE FROM events").run();
  await D1.prepare("DELETE FROM offer_codes").run();
  forget("events:");
});
afterEach(() => {
  vi.useRealTimers();
});

describe("what the public answers say of a presale, by time", () => {
  const ROLES: Role[] = ["visitor", "user", "vip", "admin"];

  it("before: the dates and 'upcoming' for everyone, no ticket link, no code; the code route says not open", async () => {
    const event = await addEvent();
    for (const role of ROLES) {
      const { text, body } = await listed(await cookieOf(role));
      const shown = body.events.find((e) => e.id === event.id)!;
      expect(shown.presale, role).toEqual({
        startsAt: new Date(START).toISOString(),
        endsAt: new Date(END).toISOString(),
        generalSaleAt: new Date(GENERAL).toISOString(),
        state: "upcoming",
      });
      expect(shown.externalTicketUrl, role).toBeNull();
      expect(text).not.toContain(SHARED);
      expect(text).not.toContain(TICKETS);
    }
    const res = await askCode(event.id, await cookieOf("vip"));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("presale_not_open");
  });

  it("during: 'open' for everyone in the public answer, still without link or code; a VIP's code route gives both", async () => {
    const event = await addEvent();
    setNow(START);
    for (const role of ROLES) {
      const { text, body } = await listed(await cookieOf(role));
      expect(body.events[0]!.presale?.state, role).toBe("open");
      expect(body.events[0]!.externalTicketUrl, role).toBeNull();
      expect(text).not.toContain(SHARED);
    }
    const one = await call(`/api/events/${event.id}`);
    expect((await one.json<EventResponse>()).event).toMatchObject({ externalTicketUrl: null, presale: { state: "open" } });
    const res = await askCode(event.id, await cookieOf("vip"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ code: SHARED, ticketUrl: TICKETS, claimedAt: null });
  });

  it("between the presale end and the general sale: 'closed', no link, and no code", async () => {
    const event = await addEvent();
    setNow(END + HOUR);
    const { body } = await listed();
    expect(body.events[0]).toMatchObject({ externalTicketUrl: null, presale: { state: "closed" } });
    const res = await askCode(event.id, await cookieOf("vip"));
    expect([res.status, (await errorOf(res)).code]).toEqual([409, "presale_not_open"]);
  });

  it("after the general sale opens: the event as without a presale, the link for everyone, no code", async () => {
    const event = await addEvent();
    setNow(GENERAL);
    const { body } = await listed();
    expect(body.events[0]).not.toHaveProperty("presale");
    expect(body.events[0]!.externalTicketUrl).toBe(TICKETS);
    const res = await askCode(event.id, await cookieOf("admin"));
    expect([res.status, (await errorOf(res)).code]).toEqual([409, "presale_not_open"]);
  });

  it("cuts the list's max-age to the seconds before the next change, and turns at once at that moment", async () => {
    await addEvent();
    expect((await listed()).cacheControl).toBe("public, max-age=60");
    setNow(START - 10_000);
    const before = await listed();
    expect(before.cacheControl).toBe("public, max-age=10");
    expect(before.body.events[0]!.presale?.state).toBe("upcoming");
    // The memo holds rows, not states: no forget() here, the same remembered rows turn.
    vi.setSystemTime(START);
    expect((await listed()).body.events[0]!.presale?.state).toBe("open");
    vi.setSystemTime(GENERAL - 1_500);
    expect((await listed()).cacheControl).toBe("public, max-age=1");
    vi.setSystemTime(GENERAL);
    const after = await listed();
    expect(after.cacheControl).toBe("public, max-age=60");
    expect(after.body.events[0]!.externalTicketUrl).toBe(TICKETS);
  });

  it("an event without a presale keeps its shape and its link", async () => {
    const plain = await addEvent({ presaleCodeMode: "none", presaleStartsAt: null, presaleEndsAt: null, generalSaleAt: null, presaleSharedCode: null });
    const { body } = await listed();
    expect(body.events[0]).not.toHaveProperty("presale");
    expect(body.events[0]!.externalTicketUrl).toBe(TICKETS);
    const res = await askCode(plain.id, await cookieOf("vip"));
    expect([res.status, (await errorOf(res)).code]).toEqual([404, "presale_not_found"]);
  });
});

describe("POST /api/events/:id/presale-code", () => {
  it.each([
    ["visitor", 401, "unauthorized"],
    ["user", 403, "vip_required"],
    ["banned", 401, "unauthorized"],
  ] as const)("refuses a %s with %i %s", async (role, status, code) => {
    const event = await addEvent();
    setNow(START);
    const res = await askCode(event.id, await cookieOf(role));
    expect([res.status, (await errorOf(res)).code]).toEqual([status, code]);
  });

  it.each(["vip", "admin"] as const)("gives a %s the shared code and the ticket link", async (role) => {
    const event = await addEvent();
    setNow(START + HOUR);
    const res = await askCode(event.id, await cookieOf(role));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: SHARED, ticketUrl: TICKETS, claimedAt: null });
  });

  it("answers 404 for a bad id, an unknown, a draft and a cancelled event", async () => {
    const cookie = await cookieOf("vip");
    const draft = await addEvent({ status: "draft" });
    const cancelled = await addEvent({ status: "cancelled" });
    setNow(START);
    for (const id of ["not-an-id", crypto.randomUUID(), draft.id, cancelled.id, "..%2f..%2fadmin"]) {
      const res = await askCode(id, cookie);
      expect([res.status, (await errorOf(res)).code], id).toEqual([404, "event_not_found"]);
    }
  });

  it("refuses a request from another site (CSRF) before anything else", async () => {
    const event = await addEvent();
    setNow(START);
    const res = await call(`/api/events/${event.id}/presale-code`, {
      method: "POST",
      cookie: await cookieOf("vip"),
      headers: { origin: "https://evil.example" },
    });
    expect([res.status, (await errorOf(res)).code]).toEqual([403, "csrf"]);
  });
});

describe("unique presale codes", () => {
  const codes = (n: number) => Array.from({ length: n }, (_, i) => `PRE-${String(i + 1).padStart(3, "0")}`);
  const uniqueEvent = () => addEvent({ presaleCodeMode: "unique", presaleSharedCode: null });

  it("gives 20 VIPs racing through the route 20 distinct codes, and a 21st a clean 409", async () => {
    const event = await uniqueEvent();
    await insertOfferCodes(db(), { kind: "presale", id: event.id }, codes(20));
    setNow(START + HOUR);
    const vips = await Promise.all(Array.from({ length: 21 }, () => createUser("vip")));
    const answers = await Promise.all(vips.slice(0, 20).map((vip) => askCode(event.id, vip.cookie)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const got = await Promise.all(answers.map((r) => r.json<PresaleCodeResponse>()));
    expect(new Set(got.map((g) => g.code)).size).toBe(20);
    expect(got.every((g) => g.ticketUrl === TICKETS && g.claimedAt === new Date(START + HOUR).toISOString())).toBe(true);
    const late = await askCode(event.id, vips[20]!.cookie);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toEqual({
      code: "presale_codes_gone",
      message: "All presale codes have been handed out",
      params: { generalSaleAt: new Date(GENERAL).toISOString() },
    });
    const stored = await D1.prepare("SELECT count(DISTINCT claimed_by) AS members, count(claimed_at) AS claimed FROM offer_codes WHERE pool_id = ?")
      .bind(event.id)
      .first<{ members: number; claimed: number }>();
    expect(stored).toEqual({ members: 20, claimed: 20 });
  });

  it("gives the same VIP the same code every time, and nobody else that code", async () => {
    const event = await uniqueEvent();
    await insertOfferCodes(db(), { kind: "presale", id: event.id }, codes(3));
    setNow(START);
    const vip = await createUser("vip");
    const first = await (await askCode(event.id, vip.cookie)).json<PresaleCodeResponse>();
    vi.setSystemTime(START + HOUR);
    const again = await (await askCode(event.id, vip.cookie)).json<PresaleCodeResponse>();
    expect(again).toEqual(first);
    const other = await (await askCode(event.id, (await createUser("vip")).cookie)).json<PresaleCodeResponse>();
    expect(other.code).not.toBe(first.code);
  });

  it("keeps a claimed code out of every public answer, calendar and the rendered page, even the claimant's", async () => {
    const event = await uniqueEvent();
    await insertOfferCodes(db(), { kind: "presale", id: event.id }, ["SECRET-UNIQUE-1"]);
    const shared = await addEvent({ title: "Shared presale show" });
    setNow(START);
    const vip = await createUser("vip");
    expect((await (await askCode(event.id, vip.cookie)).json<PresaleCodeResponse>()).code).toBe("SECRET-UNIQUE-1");
    const paths = [
      "/api/events",
      `/api/events/${event.id}`,
      `/api/events/${shared.id}`,
      "/events.ics",
      `/api/events/${event.id}/ics`,
      `/api/events/${shared.id}/ics`,
    ];
    for (const cookie of [undefined, vip.cookie]) {
      for (const path of paths) {
        const text = await (await call(path, { cookie })).text();
        expect(text, path).not.toMatch(/SECRET-UNIQUE-1|VIPSHARED-2026/);
        expect(text, path).not.toContain(TICKETS);
      }
      for (const path of ["/events", "/"]) {
        const res = await page(path, { headers: cookie ? { cookie } : {} });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html, path).toContain(shared.title);
        expect(html, path).not.toMatch(/SECRET-UNIQUE-1|VIPSHARED-2026/);
        expect(html, path).not.toContain(TICKETS);
      }
    }
  });
});

describe("JSON-LD offers", () => {
  const LD = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/;
  const offersOf = async () => {
    const html = await (await page("/events")).text();
    return (JSON.parse(LD.exec(html)![1]!) as { offers?: Record<string, string> }[]).map((e) => e.offers);
  };

  it("are valid from the general sale, in the venue's zone, and link the events page until then", async () => {
    await addEvent();
    setNow(START + HOUR);
    const [offers] = await offersOf();
    // 25 November 2026, noon in New York (EST).
    expect(offers).toMatchObject({ validFrom: "2026-11-25T12:00:00-05:00", url: "https://fans.test/events" });
    expect(JSON.stringify(offers)).not.toContain(SHARED);
    setNow(GENERAL);
    expect((await offersOf())[0]).toMatchObject({ validFrom: "2026-11-25T12:00:00-05:00", url: TICKETS });
  });
});

// ----- the event form's presale block -----

const NEXT = "2026";
/** A complete in-person custom event with a presale, as the form sends it (New York wall time). */
const presaleEvent = (overrides: Partial<EventInput> = {}): EventInput => ({
  title: "Presale Night",
  eventDate: `${NEXT}-12-20T20:00`,
  timeZone: "America/New_York",
  status: "published",
  source: "custom",
  externalTicketUrl: TICKETS,
  venueName: "Neon Hall",
  venueAddress: "100 Ocean Drive",
  venueCity: "Miami",
  venueState: "FL",
  venueCountry: "USA",
  venueCapacity: 1800,
  ticketPriceMin: 45,
  ticketPriceMax: 120,
  ticketSaleStart: `${NEXT}-11-01T10:00`,
  ticketSaleEnd: `${NEXT}-12-20T18:00`,
  presaleCodeMode: "shared",
  presaleStartsAt: `${NEXT}-12-01T10:00`,
  presaleEndsAt: `${NEXT}-12-03T10:00`,
  generalSaleAt: `${NEXT}-12-04T10:00`,
  presaleSharedCode: SHARED,
  ...overrides,
});

describe("the event form's presale", () => {
  let adminCookie: string;
  beforeEach(async () => {
    adminCookie = (await createUser("admin")).cookie;
  });
  const post = (json: unknown) => call(ADMIN_EVENTS_API, { method: "POST", json, cookie: adminCookie });
  const eventsRows = async () => JSON.stringify((await D1.prepare("SELECT * FROM events ORDER BY id").all()).results);

  it("stores a presale in the event's zone, the general sale at the end when left blank", async () => {
    const res = await post(presaleEvent({ generalSaleAt: null }));
    expect(res.status).toBe(201);
    const { event } = await res.json<AdminEventResponse>();
    expect(event).toMatchObject({
      presaleCodeMode: "shared",
      presaleStartsAt: "2026-12-01T15:00:00.000Z",
      presaleEndsAt: "2026-12-03T15:00:00.000Z",
      generalSaleAt: "2026-12-03T15:00:00.000Z",
      presaleSharedCode: SHARED,
      presaleCodes: null,
    });
    const row = await D1.prepare("SELECT presale_code_mode, general_sale_at, presale_shared_code FROM events WHERE id = ?").bind(event.id).first();
    expect(row).toEqual({ presale_code_mode: "shared", general_sale_at: Date.UTC(2026, 11, 3, 15), presale_shared_code: SHARED });
    // The audit row notes the code, never shows it.
    const audit = await D1.prepare("SELECT summary FROM audit_log WHERE target_id = ?").bind(event.id).first<{ summary: string }>();
    expect(audit!.summary).not.toContain(SHARED);
  });

  it("clears every presale field when the presale is off, and counts a unique presale's codes", async () => {
    const off = await (await post(presaleEvent({ presaleCodeMode: "none" }))).json<AdminEventResponse>();
    expect(off.event).toMatchObject({ presaleCodeMode: "none", presaleStartsAt: null, presaleEndsAt: null, generalSaleAt: null, presaleSharedCode: null });
    const unique = await (await post(presaleEvent({ presaleCodeMode: "unique" }))).json<AdminEventResponse>();
    expect(unique.event).toMatchObject({ presaleCodeMode: "unique", presaleSharedCode: null, presaleCodes: { total: 0, claimed: 0, left: 0 } });
  });

  const LONG = "A".repeat(OFFER_CODE_MAX + 1);
  it.each([
    ["presaleStartsAt", { presaleStartsAt: "2026-13-01T10:00" }, "Enter a valid date and time"],
    ["presaleStartsAt", { presaleStartsAt: null }, P.startRequired],
    ["presaleEndsAt", { presaleEndsAt: "" }, P.endRequired],
    ["presaleEndsAt", { presaleEndsAt: `${NEXT}-11-30T10:00` }, P.order],
    ["presaleEndsAt", { presaleEndsAt: `${NEXT}-12-01T10:00` }, P.order],
    ["generalSaleAt", { generalSaleAt: `${NEXT}-12-02T10:00` }, P.generalSaleOrder],
    ["presaleStartsAt", { presaleStartsAt: `${NEXT}-12-21T10:00`, presaleEndsAt: `${NEXT}-12-22T10:00`, generalSaleAt: null }, P.afterEvent],
    ["generalSaleAt", { generalSaleAt: `${NEXT}-12-20T20:00` }, P.afterEvent],
    ["presaleSharedCode", { presaleSharedCode: null }, P.codeRequired],
    ["presaleSharedCode", { presaleSharedCode: "   " }, P.codeRequired],
    ["presaleSharedCode", { presaleSharedCode: LONG }, P.codeInvalid],
    ["presaleSharedCode", { presaleSharedCode: "two words" }, P.codeInvalid],
    ["presaleCodeMode", { presaleCodeMode: "everyone" }, P.modeInvalid],
  ] as const)("refuses %s: %j with a 400 naming it, storing nothing", async (field, overrides, message) => {
    const before = [await eventsRows(), await auditCount()];
    const res = await post(presaleEvent(overrides as Partial<EventInput>));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: ruleError(message, field) });
    expect([await eventsRows(), await auditCount()]).toEqual(before);
  });

  it("names each rule by its code: a code too long says its limit", async () => {
    const res = await post(presaleEvent({ presaleSharedCode: LONG }));
    expect(await errorOf(res)).toMatchObject({ code: "event_presale_code_invalid", field: "presaleSharedCode", params: { max: 64 } });
    expect(PRESALE_CODE_MAX).toBe(OFFER_CODE_MAX);
    const late = await post(presaleEvent({ generalSaleAt: `${NEXT}-12-21T10:00` }));
    expect(await errorOf(late)).toMatchObject({ code: "event_presale_after_event", field: "generalSaleAt" });
  });

  it("leaves a stored event as it was when an edit's presale is refused", async () => {
    const { event } = await (await post(presaleEvent())).json<AdminEventResponse>();
    const before = [await eventsRows(), await auditCount()];
    const res = await call(`${ADMIN_EVENTS_API}/${event.id}`, {
      method: "PUT",
      json: presaleEvent({ presaleEndsAt: `${NEXT}-11-01T10:00` }),
      cookie: adminCookie,
    });
    expect([res.status, (await errorOf(res)).code]).toEqual([400, "event_presale_order"]);
    expect([await eventsRows(), await auditCount()]).toEqual(before);
  });
});

// ----- the admin routes of unique codes -----

describe("/api/admin/events/:id/presale-codes", () => {
  const CSV = "Order,Access Code\n1,AC-001\n2,AC-002\n3,AC-003\n";
  const api = (id: string) => `${ADMIN_EVENTS_API}/${id}/presale-codes`;
  const poolRows = async (id: string) => (await D1.prepare("SELECT code, claimed_by FROM offer_codes WHERE pool_id = ? ORDER BY id").bind(id).all()).results;

  it("answers every non-admin role 401 or 403 admin_required, changing nothing", async () => {
    const event = await addEvent({ presaleCodeMode: "unique", presaleSharedCode: null });
    await insertOfferCodes(db(), { kind: "presale", id: event.id }, ["KEEP-1"]);
    const snapshot = () => poolRows(event.id);
    await expectAdminOnly({ method: "GET", path: api(event.id) }, snapshot);
    await expectAdminOnly({ method: "POST", path: `${api(event.id)}/preview`, body: CSV, headers: { "content-type": "text/csv" } }, snapshot);
    await expectAdminOnly({ method: "POST", path: `${api(event.id)}/import`, json: { csv: CSV, column: 1, firstRow: 2 } }, snapshot);
    await expectAdminOnly({ method: "DELETE", path: api(event.id) }, snapshot);
  });

  it("previews, imports (audited), counts, and removes only the unclaimed codes (audited)", async () => {
    const admin = await createUser("admin");
    const asAdmin = (path: string, init: { method?: string; json?: unknown; body?: string } = {}) => call(path, { ...init, cookie: admin.cookie });
    const event = await addEvent({ presaleCodeMode: "unique", presaleSharedCode: null });

    const preview = await asAdmin(`${api(event.id)}/preview`, { method: "POST", body: CSV });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ columns: ["Order", "Access Code"], column: 1, rowCount: 3 });

    const audits = await auditCount();
    const imported = await asAdmin(`${api(event.id)}/import`, { json: { csv: CSV, column: 1, firstRow: 2 } });
    expect(await imported.json()).toEqual({ rows: 3, added: 3, alreadyStored: 0, invalid: 0, issues: [] });
    expect(await auditCount()).toBe(audits + 1);
    const audit = await D1.prepare("SELECT action, target_id, actor_email, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{
      action: string;
      target_id: string;
      actor_email: string;
      summary: string;
    }>();
    expect(audit).toMatchObject({ action: "event.presale_codes.import", target_id: event.id, actor_email: admin.email });
    expect(JSON.parse(audit!.summary)).toEqual({ after: { rows: 3, added: 3, alreadyStored: 0, invalid: 0 } });
    expect(audit!.summary).not.toContain("AC-00");

    setNow(START);
    await askCode(event.id, (await createUser("vip")).cookie);
    expect(await (await asAdmin(api(event.id))).json()).toEqual({ total: 3, claimed: 1, left: 2 });
    const listed = await (await asAdmin(`${ADMIN_EVENTS_API}/${event.id}`)).json<AdminEventResponse>();
    expect(listed.event.presaleCodes).toEqual({ total: 3, claimed: 1, left: 2 });

    const removed = await asAdmin(api(event.id), { method: "DELETE" });
    expect(await removed.json()).toEqual({ deleted: 2, codes: { total: 1, claimed: 1, left: 0 } });
    const last = await D1.prepare("SELECT action, summary FROM audit_log ORDER BY id DESC LIMIT 1").first<{
      action: string;
      target_id: string;
      actor_email: string;
      summary: string;
    }>();
    expect([last!.action, JSON.parse(last!.summary)]).toEqual(["event.presale_codes.delete", { after: { deleted: 2 } }]);
    expect((await poolRows(event.id)).map((r) => r.code)).toEqual(["AC-001"]);
  });

  it("refuses a bad body with a 400 and an unknown event with a 404, storing nothing", async () => {
    const admin = await createUser("admin");
    const event = await addEvent({ presaleCodeMode: "unique", presaleSharedCode: null });
    for (const json of [{ csv: "", column: 0 }, { csv: CSV, column: -1 }, { csv: CSV, column: 5, firstRow: 2 }, { csv: CSV, column: 1, extra: true }, "text"]) {
      const res = await call(`${api(event.id)}/import`, { json, cookie: admin.cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    for (const id of ["nope", crypto.randomUUID()]) {
      const res = await call(`${api(id)}/import`, { json: { csv: CSV, column: 1 }, cookie: admin.cookie });
      expect([res.status, (await errorOf(res)).code]).toEqual([404, "event_not_found"]);
    }
    expect(await poolRows(event.id)).toEqual([]);
  });

  it("deletes an event's pool, claimed codes too, with the event", async () => {
    const admin = await createUser("admin");
    const event = await addEvent({ presaleCodeMode: "unique", presaleSharedCode: null });
    const other = await addEvent({ presaleCodeMode: "unique", presaleSharedCode: null });
    await insertOfferCodes(db(), { kind: "presale", id: event.id }, ["GONE-1", "GONE-2"]);
    await insertOfferCodes(db(), { kind: "presale", id: other.id }, ["STAYS-1"]);
    setNow(START);
    await askCode(event.id, (await createUser("vip")).cookie);
    const res = await call(`${ADMIN_EVENTS_API}/${event.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await poolRows(event.id)).toEqual([]);
    expect(await poolRows(other.id)).toHaveLength(1);
  });
});
