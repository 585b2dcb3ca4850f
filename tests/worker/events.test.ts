// Events: the public list, one event, virtual meets (the join link's window and who gets it), the
// calendar downloads and feed, and the schema.org JSON-LD in the landing page (performed by the
// artist named in the site settings, organized by the brand). Draft and cancelled
// events never leave the Worker, by any of these ways. The clock is faked (Date only) so every
// date is exact.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { events } from "../../worker/db/schema/events";
import { siteSettings } from "../../worker/db/schema/operations";
import type { EventRow, NewEventRow } from "../../worker/db/events";
import { forget } from "../../worker/lib/memo";
import { toZonedIso, utcOffsetMinutes } from "../../worker/contracts/time-zones";
import type { EventResponse, EventsResponse, PublicEvent, VirtualMeetsResponse } from "../../worker/contracts/events";
import { ORIGIN, call, createUser, db, errorOf, type Role } from "./helpers";
import { headOf, page, rootOf, textOf } from "./pages-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
/** wrangler.toml's CHAT_PERSONA_NAME: the artist's name until an admin saves one. */
const PERSONA = (env as unknown as { CHAT_PERSONA_NAME: string }).CHAT_PERSONA_NAME;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Saturday 21 November 2026, noon in New York. */
const NOW = Date.UTC(2026, 10, 21, 17, 0);

const ROLES: Role[] = ["visitor", "user", "vip", "admin", "banned"];

let serial = 0;
/** A published custom event in New York, `at` ms from now unless given; anything overridden. */
async function addEvent(overrides: Partial<NewEventRow> & { at?: number } = {}): Promise<EventRow> {
  serial++;
  const { at = 10 * DAY, ...rest } = overrides;
  return db()
    .insert(events)
    .values({
      id: crypto.randomUUID(),
      title: `Show ${serial}`,
      description: `The ${serial}th show.`,
      eventDate: new Date(NOW + at),
      status: "published",
      venueName: "Starlight Ballroom",
      venueAddress: "1250 Broadway",
      venueCity: "New York",
      venueState: "NY",
      venueCountry: "USA",
      venuePostalCode: "10001",
      venueCapacity: 2100,
      ticketPriceMinCents: 4500,
      ticketPriceMaxCents: 12000,
      externalTicketUrl: `https://tickets.example.com/show-${serial}`,
      ...rest,
    })
    .returning()
    .get();
}

const addMeet = (overrides: Partial<NewEventRow> & { at?: number } = {}) =>
  addEvent({
    title: "VIP Virtual Meet & Greet",
    isOnline: true,
    joinUrl: `https://meet.example.com/vip-${serial + 1}`,
    venueName: null,
    venueAddress: null,
    venueCity: null,
    venueState: null,
    venueCountry: null,
    venuePostalCode: null,
    venueCapacity: null,
    ticketPriceMinCents: null,
    ticketPriceMaxCents: null,
    externalTicketUrl: null,
    ...overrides,
  });

type Caller = { role: Role; cookie?: string };
async function callerOf(role: Role): Promise<Caller> {
  return role === "visitor" ? { role } : { role, cookie: (await createUser(role)).cookie };
}

const getJson = async <T>(path: string, cookie?: string) => {
  const res = await call(path, { cookie });
  expect(res.status, path).toBe(200);
  return res.json<T>();
};
const listIds = async (cookie?: string) => (await getJson<EventsResponse>("/api/events", cookie)).events.map((e) => e.id);
const meetsOf = async (cookie?: string) => (await getJson<VirtualMeetsResponse>("/api/events/virtual", cookie)).meets;

/** Moves the faked clock, with a cold events memo (the per-isolate cache keeps 30 s). */
function setNow(at: number) {
  vi.setSystemTime(at);
  forget("events:");
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  await D1.prepare("DELETE FROM events").run();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("GET /api/events", () => {
  it("lists published events only, by date, past ones back to 180 days", async () => {
    const later = await addEvent({ at: 100 * DAY });
    const soon = await addEvent({ at: 10 * DAY });
    const recentPast = await addEvent({ at: -45 * DAY });
    const edgeOfList = await addEvent({ at: -180 * DAY });
    await addEvent({ at: -180 * DAY - 1 });
    await addEvent({ at: -400 * DAY });
    await addEvent({ at: 5 * DAY, status: "draft" });
    await addEvent({ at: 6 * DAY, status: "cancelled" });
    const meet = await addMeet({ at: HOUR });
    expect(await listIds()).toEqual([edgeOfList.id, recentPast.id, meet.id, soon.id, later.id]);
  });

  it("orders events at the same time by id, so the order never flips between requests", async () => {
    const a = await addEvent({ id: "00000000-0000-4000-8000-00000000000b", at: 3 * DAY });
    const b = await addEvent({ id: "00000000-0000-4000-8000-00000000000a", at: 3 * DAY });
    expect(await listIds()).toEqual([b.id, a.id]);
  });

  it("shows an event in the public shape: decimal prices, its zone, and nothing private", async () => {
    const row = await addEvent({
      at: 150 * DAY,
      title: "Noite Freestyle — São Paulo",
      description: "A noite inteira de freestyle.",
      endDate: new Date(NOW + 150 * DAY + 4 * HOUR),
      timeZone: "America/Sao_Paulo",
      venueName: "Casa Neon",
      venueAddress: "Rua Augusta, 1500",
      venueCity: "São Paulo",
      venueState: "SP",
      venueCountry: "BRA",
      venuePostalCode: "01304-001",
      venueCapacity: null,
      ticketPriceMinCents: 18050,
      ticketPriceMaxCents: 45000,
      currency: "BRL",
      imageKey: "covers/satin-and-neon.png",
      source: "eventbrite",
      eventbriteId: "eb-123",
      ticketSaleStart: new Date(NOW - 10 * DAY),
      ticketSaleEnd: new Date(NOW + 150 * DAY),
    });
    const body = await getJson<EventsResponse>("/api/events");
    expect(body.events).toEqual([
      {
        id: row.id,
        title: "Noite Freestyle — São Paulo",
        description: "A noite inteira de freestyle.",
        eventDate: new Date(NOW + 150 * DAY).toISOString(),
        endDate: new Date(NOW + 150 * DAY + 4 * HOUR).toISOString(),
        timeZone: "America/Sao_Paulo",
        online: false,
        venueName: "Casa Neon",
        venueAddress: "Rua Augusta, 1500",
        venueCity: "São Paulo",
        venueState: "SP",
        venueCountry: "BRA",
        venuePostalCode: "01304-001",
        venueCapacity: null,
        ticketPriceMin: 180.5,
        ticketPriceMax: 450,
        currency: "BRL",
        externalTicketUrl: row.externalTicketUrl,
        imageUrl: "/media/covers/satin-and-neon.png",
        availability: "available",
        lang: "en",
        past: false,
      } satisfies PublicEvent,
    ]);
  });

  it("never shows a join URL, and an online event without a venue shows nulls", async () => {
    const meet = await addMeet({ at: 5 * MIN, joinUrl: "https://meet.example.com/secret-room" });
    const res = await call("/api/events", { cookie: (await createUser("vip")).cookie });
    const text = await res.text();
    expect(text).not.toContain("secret-room");
    const [event] = (JSON.parse(text) as EventsResponse).events;
    expect(event).toMatchObject({
      id: meet.id,
      online: true,
      venueName: null,
      venueCity: null,
      venueCapacity: null,
      ticketPriceMin: null,
      ticketPriceMax: null,
    });
    expect(Object.keys(event!)).not.toContain("joinUrl");
  });

  it("shows a started or past event as sold out, an upcoming one as available", async () => {
    const past = await addEvent({ at: -45 * DAY });
    const started = await addEvent({ at: -MIN });
    const now = await addEvent({ at: 0 });
    const upcoming = await addEvent({ at: MIN });
    const body = await getJson<EventsResponse>("/api/events");
    expect(Object.fromEntries(body.events.map((e) => [e.id, e.availability]))).toEqual({
      [past.id]: "sold_out",
      [started.id]: "sold_out",
      [now.id]: "sold_out",
      [upcoming.id]: "available",
    });
  });

  it("moves an event to sold out, and out of the list after 180 days, as time passes", async () => {
    const row = await addEvent({ at: HOUR });
    expect((await getJson<EventsResponse>("/api/events")).events.map((e) => e.availability)).toEqual(["available"]);
    setNow(NOW + HOUR);
    expect((await getJson<EventsResponse>("/api/events")).events.map((e) => e.availability)).toEqual(["sold_out"]);
    setNow(NOW + HOUR + 180 * DAY);
    expect(await listIds()).toEqual([row.id]);
    // A memo filled a moment ago still holds the event; the 180-day cut is applied per request.
    vi.setSystemTime(NOW + HOUR + 180 * DAY + 1);
    expect(await listIds()).toEqual([]);
  });

  it("shows a zone the runtime does not know as UTC instead of failing", async () => {
    await addEvent({ timeZone: "Mars/Olympus_Mons" });
    const body = await getJson<EventsResponse>("/api/events");
    expect(body.events.map((e) => e.timeZone)).toEqual(["UTC"]);
  });

  it.each(ROLES)("answers %s with the same public list, cacheable briefly", async (role) => {
    const shown = await addEvent({ at: 2 * DAY });
    await addEvent({ at: 3 * DAY, status: "draft" });
    await addEvent({ at: 4 * DAY, status: "cancelled" });
    const { cookie } = await callerOf(role);
    const res = await call("/api/events", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect((await res.json<EventsResponse>()).events.map((e) => e.id)).toEqual([shown.id]);
  });
});

describe("GET /api/events/:id", () => {
  it("answers a published event, however old", async () => {
    const row = await addEvent({ at: -700 * DAY, ticketPriceMinCents: 2999, ticketPriceMaxCents: 2999 });
    const res = await call(`/api/events/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const { event } = await res.json<EventResponse>();
    expect(event).toMatchObject({
      id: row.id,
      title: row.title,
      availability: "sold_out",
      ticketPriceMin: 29.99,
      ticketPriceMax: 29.99,
      currency: "USD",
      timeZone: "America/New_York",
    });
  });

  it.each(ROLES)("answers %s: the published event, and 404 event_not_found for a draft, a cancelled, an unknown or a malformed id", async (role) => {
    const published = await addEvent();
    const draft = await addEvent({ status: "draft" });
    const cancelled = await addEvent({ status: "cancelled" });
    const { cookie } = await callerOf(role);
    expect((await getJson<EventResponse>(`/api/events/${published.id}`, cookie)).event.id).toBe(published.id);
    for (const id of [draft.id, cancelled.id, crypto.randomUUID(), "not-an-id", draft.id.toUpperCase()]) {
      const res = await call(`/api/events/${id}`, { cookie });
      expect(res.status, id).toBe(404);
      expect(await errorOf(res)).toEqual({ code: "event_not_found", message: "Event not found" });
    }
  });
});

describe("GET /api/events/virtual", () => {
  it.each([
    ["its join window opens", 15 * MIN + 25_000, undefined, 25],
    ["it starts", 30_000, undefined, 30],
    ["it ends", -30 * MIN, new Date(NOW + 40_000), 40],
  ] as const)("keeps a visitor's answer no longer than until a meet's %s", async (_, at, endDate, maxAge) => {
    await addMeet({ at, ...(endDate ? { endDate } : {}) });
    const res = await call("/api/events/virtual");
    expect(res.headers.get("cache-control")).toBe(`public, max-age=${maxAge}`);
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
  });

  it("lists online published meets that have not ended, soonest first, at most 10", async () => {
    const inProgress = await addMeet({ at: -30 * MIN, endDate: new Date(NOW + 15 * MIN) });
    const defaultLength = await addMeet({ at: -2 * HOUR + MIN }); // ends 2 h after it starts
    await addMeet({ at: -2 * HOUR }); // ended just now
    await addMeet({ at: -3 * HOUR, endDate: new Date(NOW - HOUR) });
    await addMeet({ at: HOUR, status: "draft" });
    await addMeet({ at: 2 * HOUR, status: "cancelled" });
    await addEvent({ at: 3 * HOUR }); // not online
    const later = [];
    for (let i = 1; i <= 10; i++) later.push(await addMeet({ at: i * DAY }));
    const meets = await meetsOf();
    expect(meets.map((m) => m.id)).toEqual([defaultLength.id, inProgress.id, ...later.slice(0, 8).map((m) => m.id)]);
  });

  it.each(ROLES)("always tells %s when the link opens; a member's answer is never cached, nobody's is public", async (role) => {
    const meet = await addMeet({ at: HOUR });
    const { cookie } = await callerOf(role);
    const res = await call("/api/events/virtual", { cookie });
    expect(res.status).toBe(200);
    // A banned member's session is gone: they are nobody, as a visitor is.
    expect(res.headers.get("cache-control")).toBe(role === "visitor" || role === "banned" ? "public, max-age=60" : "no-store");
    const { meets } = await res.json<VirtualMeetsResponse>();
    expect(meets).toHaveLength(1);
    expect(meets[0]).toMatchObject({
      id: meet.id,
      online: true,
      joinUrl: null,
      joinOpensAt: new Date(NOW + HOUR - 15 * MIN).toISOString(),
      availability: "available",
    });
  });

  it.each(["visitor", "user", "banned"] as const)("never gives %s the join link, even while the meet is on", async (role) => {
    const meet = await addMeet({ at: 5 * MIN, endDate: new Date(NOW + HOUR) });
    const { cookie } = await callerOf(role);
    for (const at of [NOW, NOW + 5 * MIN, NOW + 30 * MIN]) {
      setNow(at);
      const res = await call("/api/events/virtual", { cookie });
      const text = await res.text();
      expect(text).not.toContain(meet.joinUrl!);
      expect((JSON.parse(text) as VirtualMeetsResponse).meets.map((m) => [m.id, m.joinUrl])).toEqual([[meet.id, null]]);
    }
  });

  it.each(["vip", "admin"] as const)("gives %s the join link from 15 minutes before the start until the end", async (role) => {
    const start = NOW + 2 * HOUR;
    const meet = await addMeet({ at: 2 * HOUR, endDate: new Date(start + 45 * MIN) });
    const { cookie } = await callerOf(role);
    const joinAt = async (at: number) => {
      setNow(at);
      const meets = await meetsOf(cookie);
      return meets.find((m) => m.id === meet.id)?.joinUrl;
    };
    expect(await joinAt(start - 16 * MIN)).toBeNull();
    expect(await joinAt(start - 15 * MIN - 1)).toBeNull();
    expect(await joinAt(start - 15 * MIN)).toBe(meet.joinUrl);
    expect(await joinAt(start - 14 * MIN)).toBe(meet.joinUrl);
    expect(await joinAt(start + 44 * MIN)).toBe(meet.joinUrl);
    // At the end and after, the meet is gone and so is its link.
    expect(await joinAt(start + 45 * MIN)).toBeUndefined();
    setNow(start + 46 * MIN);
    const res = await call("/api/events/virtual", { cookie });
    expect(await res.text()).not.toContain(meet.joinUrl!);
  });

  it("uses two hours as the length of a meet without an end", async () => {
    const vip = await createUser("vip");
    const meet = await addMeet({ at: HOUR });
    setNow(NOW + 3 * HOUR - 1);
    expect((await meetsOf(vip.cookie)).map((m) => m.joinUrl)).toEqual([meet.joinUrl]);
    setNow(NOW + 3 * HOUR);
    expect(await meetsOf(vip.cookie)).toEqual([]);
  });

  it("gives null to a VIP when the meet has no join URL yet", async () => {
    const vip = await createUser("vip");
    await addMeet({ at: 5 * MIN, joinUrl: null });
    expect((await meetsOf(vip.cookie)).map((m) => m.joinUrl)).toEqual([null]);
  });
});

// ---- calendars ---------------------------------------------------------------------------------

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");
const contentLines = (text: string) => unfold(text).split("\r\n").slice(0, -1);
/** The VEVENTs of a calendar, each as its property lines. */
function veventsOf(text: string): string[][] {
  const out: string[][] = [];
  let current: string[] | null = null;
  for (const line of contentLines(text)) {
    if (line === "BEGIN:VEVENT") current = [];
    else if (line === "END:VEVENT") {
      out.push(current!);
      current = null;
    } else current?.push(line);
  }
  return out;
}
const prop = (vevent: string[], name: string) => vevent.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);

describe("GET /api/events/:id/ics", () => {
  it("downloads one event as an iCalendar file", async () => {
    const row = await addEvent({ at: 14 * DAY, title: "Freestyle Forever Tour — New York", description: "Doors at 7 PM.\nAll ages." });
    const res = await call(`/api/events/${row.id}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="freestyle-forever-tour-new-york.ics"');
    const text = await res.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(contentLines(text)).toContain("X-WR-CALNAME:Freestyle Lovers Events");
    expect(contentLines(text).some((l) => l.startsWith("REFRESH-INTERVAL"))).toBe(false);
    const [vevent, ...others] = veventsOf(text);
    expect(others).toEqual([]);
    expect(vevent).toEqual([
      `UID:${row.id}@fans.test`,
      "DTSTAMP:20261121T170000Z",
      "DTSTART:20261205T170000Z",
      "DTEND:20261205T190000Z",
      "SUMMARY:Freestyle Forever Tour — New York",
      "DESCRIPTION:Doors at 7 PM.\\nAll ages.",
      "LOCATION:Starlight Ballroom\\, 1250 Broadway\\, New York\\, NY\\, United States",
      `URL:${row.externalTicketUrl}`,
      "STATUS:CONFIRMED",
      `CREATED:${row.createdAt
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`,
      `LAST-MODIFIED:${row.updatedAt
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`,
    ]);
  });

  it("escapes a hostile title exactly", async () => {
    const row = await addEvent({ title: "Show; with, commas\\ and\nnewline" });
    const text = await (await call(`/api/events/${row.id}/ics`)).text();
    expect(prop(veventsOf(text)[0]!, "SUMMARY")).toBe("Show\\; with\\, commas\\\\ and\\nnewline");
  });

  it("links an online event's page, never its join URL, and gives it no location", async () => {
    const meet = await addMeet({ at: 5 * MIN, endDate: new Date(NOW + 50 * MIN), joinUrl: "https://meet.example.com/secret-room" });
    const text = await (await call(`/api/events/${meet.id}/ics`, { cookie: (await createUser("admin")).cookie })).text();
    expect(text).not.toContain("secret-room");
    const [vevent] = veventsOf(text);
    expect(prop(vevent!, "URL")).toBe(`${ORIGIN}/virtual-meet`);
    expect(prop(vevent!, "LOCATION")).toBeUndefined();
    expect(prop(vevent!, "DTEND")).toBe("20261121T175000Z");
  });

  it.each(ROLES)("answers %s with the file for a published event and 404 for the rest", async (role) => {
    const published = await addEvent();
    const draft = await addEvent({ status: "draft" });
    const cancelled = await addEvent({ status: "cancelled" });
    const { cookie } = await callerOf(role);
    const ok = await call(`/api/events/${published.id}/ics`, { cookie });
    expect(ok.status).toBe(200);
    expect(veventsOf(await ok.text()).map((v) => prop(v, "UID"))).toEqual([`${published.id}@fans.test`]);
    for (const id of [draft.id, cancelled.id, crypto.randomUUID(), "x"]) {
      const res = await call(`/api/events/${id}/ics`, { cookie });
      expect(res.status, id).toBe(404);
      expect((await errorOf(res)).code).toBe("event_not_found");
    }
  });
});

describe("GET /events.ics", () => {
  it("is a subscribable feed of the listed published events, nothing else", async () => {
    const past = await addEvent({ at: -45 * DAY });
    const upcoming = await addEvent({ at: 30 * DAY });
    const meet = await addMeet({ at: HOUR, joinUrl: "https://meet.example.com/secret-room" });
    await addEvent({ at: -200 * DAY });
    await addEvent({ at: 5 * DAY, status: "draft", title: "Draft show" });
    await addEvent({ at: 6 * DAY, status: "cancelled", title: "Cancelled show" });
    const res = await call("/events.ics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const text = await res.text();
    expect(text).not.toMatch(/Draft show|Cancelled show|secret-room/);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = contentLines(text);
    expect(lines).toEqual(
      expect.arrayContaining(["X-WR-CALNAME:Freestyle Lovers Events", "REFRESH-INTERVAL;VALUE=DURATION:PT6H", "X-PUBLISHED-TTL:PT6H", "METHOD:PUBLISH"]),
    );
    const vevents = veventsOf(text);
    expect(vevents.map((v) => prop(v, "UID"))).toEqual([past.id, meet.id, upcoming.id].map((id) => `${id}@fans.test`));
    for (const v of vevents) {
      expect(prop(v, "STATUS")).toBe("CONFIRMED");
      expect(prop(v, "DTSTAMP")).toBe("20261121T170000Z");
    }
  });

  it.each(ROLES)("answers %s with the same feed", async (role) => {
    const shown = await addEvent();
    await addEvent({ status: "draft" });
    const { cookie } = await callerOf(role);
    const res = await call("/events.ics", { cookie });
    expect(res.status).toBe(200);
    expect(veventsOf(await res.text()).map((v) => prop(v, "UID"))).toEqual([`${shown.id}@fans.test`]);
  });
});

// ---- JSON-LD in the landing page and /events (served through tests/worker/pages-fixtures.ts) -----------------------------------------------------------------

const LD_SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;
const jsonLdOf = (html: string) => [...html.matchAll(LD_SCRIPT)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>[]);

describe("JSON-LD in / and /events", () => {
  // No saved artist name, and no settings or events remembered from an earlier test.
  beforeEach(async () => {
    await db().delete(siteSettings);
    forget("");
  });

  it.each(["/", "/events"])("%s lists every published upcoming event as a MusicEvent", async (path) => {
    const concert = await addEvent({
      at: 14 * DAY, // 5 December 2026, 12:00 New York time (EST)
      title: "Freestyle Forever Tour — New York",
      description: "Doors at 7 PM.",
      endDate: new Date(NOW + 14 * DAY + 3 * HOUR),
      ticketPriceMinCents: 4550,
      imageKey: "covers/satin-and-neon.png",
      ticketSaleStart: new Date(Date.UTC(2026, 9, 1, 14, 0)), // 1 October, 10:00 EDT
    });
    const summer = await addEvent({
      at: Date.UTC(2027, 6, 10, 0, 0) - NOW,
      title: "Summer Jam",
      venueCapacity: null,
      externalTicketUrl: null,
      description: null,
    });
    const meet = await addMeet({ at: HOUR, description: "Chat with the band." });
    const saoPaulo = await addEvent({
      at: 150 * DAY,
      timeZone: "America/Sao_Paulo",
      venueCity: "São Paulo",
      venueCountry: "BRA",
      currency: "BRL",
      ticketPriceMinCents: 18000,
      ticketPriceMaxCents: 45000,
    });
    await addEvent({ at: -DAY, title: "Yesterday" });
    await addEvent({ at: 0, title: "Starting now" });
    await addEvent({ at: 2 * DAY, status: "draft", title: "Draft show" });
    await addEvent({ at: 3 * DAY, status: "cancelled", title: "Cancelled show" });

    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("content-length")).toBeNull();
    // The Worker's security headers, as on every page it serves.
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await res.text();
    expect(html).not.toMatch(/Draft show|Cancelled show/);
    // The page may still list what has begun; the markup names what is to come.
    expect(headOf(html)).not.toMatch(/Yesterday|Starting now/);
    const scripts = jsonLdOf(html);
    expect(scripts).toHaveLength(1);
    expect(html.indexOf('<script type="application/ld+json">')).toBeLessThan(html.indexOf("</head>"));
    // The page itself lists them too, in its first HTML.
    const shown = textOf(rootOf(html));
    for (const event of [concert, summer, saoPaulo]) expect(shown).toContain(event.title);
    const [list] = scripts;
    expect(list!.map((e) => e.name)).toEqual([meet.title, concert.title, saoPaulo.title, summer.title]);

    // The artist performs (no name saved: the persona's); the brand organizes.
    expect(PERSONA).toBe("Lola Rivera");
    const brand = {
      performer: { "@type": "Person", name: PERSONA },
      organizer: { "@type": "Organization", name: "Freestyle Lovers", url: ORIGIN },
    };
    expect(list![1]).toEqual({
      "@context": "https://schema.org",
      "@type": "MusicEvent",
      name: "Freestyle Forever Tour — New York",
      inLanguage: "en",
      startDate: "2026-12-05T12:00:00-05:00",
      endDate: "2026-12-05T15:00:00-05:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "Starlight Ballroom",
        address: {
          "@type": "PostalAddress",
          streetAddress: "1250 Broadway",
          addressLocality: "New York",
          addressRegion: "NY",
          postalCode: "10001",
          // schema.org's alpha-2 code for the stored alpha-3 one (decision 037).
          addressCountry: "US",
        },
      },
      description: "Doors at 7 PM.",
      image: `${ORIGIN}/media/covers/satin-and-neon.png`,
      offers: {
        "@type": "Offer",
        price: "45.50",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: concert.externalTicketUrl,
        validFrom: "2026-10-01T10:00:00-04:00",
      },
      ...brand,
    });
    // Summer time, no end, no description, no ticket link, no picture: the catalog's first cover.
    expect(list![3]).toEqual({
      "@context": "https://schema.org",
      "@type": "MusicEvent",
      name: "Summer Jam",
      inLanguage: "en",
      startDate: "2027-07-09T20:00:00-04:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: list![1]!.location,
      image: `${ORIGIN}/media/covers/city-lights-calling.png`,
      offers: { "@type": "Offer", price: "45.00", priceCurrency: "USD", availability: "https://schema.org/InStock", url: `${ORIGIN}/events` },
      ...brand,
    });
    // Online: a virtual location on the site's virtual-meet page, never the join URL; no price, no offer.
    expect(list![0]).toEqual({
      "@context": "https://schema.org",
      "@type": "MusicEvent",
      name: "VIP Virtual Meet & Greet",
      inLanguage: "en",
      startDate: "2026-11-21T13:00:00-05:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: `${ORIGIN}/virtual-meet` },
      description: "Chat with the band.",
      image: `${ORIGIN}/media/covers/city-lights-calling.png`,
      ...brand,
    });
    expect(html).not.toContain(meet.joinUrl!);
    expect(list![2]).toMatchObject({
      startDate: toZonedIso(NOW + 150 * DAY, "America/Sao_Paulo"),
      location: { address: { addressLocality: "São Paulo", addressCountry: "BR" } },
      offers: { price: "180.00", priceCurrency: "BRL" },
    });
    expect(String(list![2]!.startDate)).toMatch(/-03:00$/);
  });

  it("names as performer the artist name an admin saves in the settings, at once", async () => {
    await addEvent({ title: "Album launch" });
    await addMeet();
    const performersOf = async (path: string) => jsonLdOf(await (await page(path)).text())[0]!.map((e) => [e.performer, e.organizer]);
    const organizer = { "@type": "Organization", name: "Freestyle Lovers", url: ORIGIN };
    expect(await performersOf("/")).toEqual([
      [{ "@type": "Person", name: PERSONA }, organizer],
      [{ "@type": "Person", name: PERSONA }, organizer],
    ]);

    const admin = await createUser("admin");
    const res = await call("/api/admin/settings", { method: "PUT", json: { artistName: "  Marina Sol " }, cookie: admin.cookie });
    expect(res.status).toBe(200);
    // The settings read by the first page were remembered; the save forgot them in this isolate.
    for (const path of ["/", "/events"]) {
      expect(await performersOf(path)).toEqual([
        [{ "@type": "Person", name: "Marina Sol" }, organizer],
        [{ "@type": "Person", name: "Marina Sol" }, organizer],
      ]);
    }
  });

  it("keeps a hostile title inside the script element", async () => {
    const hostile = "</script><script>alert(1)</script> & \u2028 <!--";
    await addEvent({ title: hostile, description: "<b>bold</b>" });
    const html = await (await page("/")).text();
    expect(html).not.toContain("</script><script>");
    expect(html).not.toContain("<script>alert");
    const head = headOf(html);
    expect(head).not.toContain("<!--");
    expect(head).not.toContain("\u2028");
    expect(head.split("</script>")).toHaveLength(2);
    // In the page, the title is text.
    expect(textOf(rootOf(html))).toContain(hostile.replace("\u2028", "").replace(/\s+/g, " ").trim());
    const [list] = jsonLdOf(html);
    expect(list!.map((e) => [e.name, e.description])).toEqual([[hostile, "<b>bold</b>"]]);
  });

  it("has no markup when no published event is upcoming", async () => {
    await addEvent({ at: -DAY });
    await addEvent({ at: DAY, status: "draft" });
    const res = await page("/events");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(jsonLdOf(html)).toEqual([]);
  });

  it("serves the page without markup when the events cannot be read: the markup never costs the page", async () => {
    await addEvent();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await D1.prepare("ALTER TABLE events RENAME TO events_away").run();
    try {
      const res = await page("/events");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(jsonLdOf(html)).toEqual([]);
      expect(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(rootOf(html))?.[1] ?? "")).toBe("Events");
      expect(logged).toHaveBeenCalledWith("events JSON-LD left out", expect.anything());
    } finally {
      await D1.prepare("ALTER TABLE events_away RENAME TO events").run();
      logged.mockRestore();
    }
  });
});

describe("time zone offsets", () => {
  it("follow daylight saving and fractional zones", () => {
    expect(utcOffsetMinutes(Date.UTC(2026, 11, 5, 17), "America/New_York")).toBe(-300);
    expect(utcOffsetMinutes(Date.UTC(2026, 6, 5, 17), "America/New_York")).toBe(-240);
    expect(utcOffsetMinutes(Date.UTC(2026, 6, 5, 17), "America/Sao_Paulo")).toBe(-180);
    expect(utcOffsetMinutes(Date.UTC(2026, 6, 5, 17), "Asia/Kolkata")).toBe(330);
    expect(utcOffsetMinutes(Date.UTC(2026, 6, 5, 17), "UTC")).toBe(0);
    expect(toZonedIso(Date.UTC(2026, 11, 6, 1, 0), "America/New_York")).toBe("2026-12-05T20:00:00-05:00");
    expect(toZonedIso(Date.UTC(2026, 6, 5, 17, 30), "Asia/Kolkata")).toBe("2026-07-05T23:00:00+05:30");
    expect(toZonedIso(Date.UTC(2026, 6, 5, 17, 30), "UTC")).toBe("2026-07-05T17:30:00+00:00");
    // The switch to summer time in New York: 2027-03-14 07:00 UTC.
    expect(toZonedIso(Date.UTC(2027, 2, 14, 6, 59), "America/New_York")).toBe("2027-03-14T01:59:00-05:00");
    expect(toZonedIso(Date.UTC(2027, 2, 14, 7, 0), "America/New_York")).toBe("2027-03-14T03:00:00-04:00");
  });
});
