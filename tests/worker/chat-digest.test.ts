// The site digest the VIP chat answers from, built from D1: only published events from now on
// (soonest first, at most five, never a join link), the catalog newest first with its tracks in
// order, the brand and the VIP price from the configuration; two queries, then a minute from the
// per-isolate memo. And the chat model choice in workerd: the live adapter (the openai SDK over
// the runtime's fetch) when a key is configured, the offline responder otherwise.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { albums, tracks } from "../../worker/db/schema/music";
import { events } from "../../worker/db/schema/events";
import type { NewEventRow } from "../../worker/db/events";
import { createDb } from "../../worker/db/client";
import type { AppEnv } from "../../worker/env";
import { CHAT_DIGEST_TTL_MS, loadSiteDigest } from "../../worker/services/chat-digest";
import { forget } from "../../worker/lib/memo";
import { createChatModel } from "../../worker/services/ai";
import type { ChatRequest, SiteDigest } from "../../worker/services/ai";
import { countingD1 } from "./d1-count";
import { db } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;
const appEnv = env as unknown as AppEnv;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Saturday 21 November 2026, noon in New York. */
const NOW = Date.UTC(2026, 10, 21, 17, 0);

let serial = 0;
async function addEvent(title: string, at: number, overrides: Partial<NewEventRow> = {}) {
  serial++;
  await db()
    .insert(events)
    .values({
      id: `chat-digest-${serial}`,
      title,
      eventDate: new Date(NOW + at),
      status: "published",
      venueName: "Starlight Ballroom",
      venueCity: "New York",
      venueState: "NY",
      venueCountry: "USA",
      ticketPriceMinCents: 4550,
      ticketPriceMaxCents: 12000,
      externalTicketUrl: `https://tickets.example.com/${serial}`,
      ...overrides,
    });
}

beforeEach(async () => {
  await D1.prepare("DELETE FROM events").run();
});

describe("loadSiteDigest: events", () => {
  it("lists only published events from now on, soonest first, at most five", async () => {
    await addEvent("Sixth", 30 * DAY);
    await addEvent("Third", 5 * DAY);
    await addEvent("Past", -HOUR);
    await addEvent("Draft", 2 * DAY, { status: "draft" });
    await addEvent("Cancelled", 3 * DAY, { status: "cancelled" });
    await addEvent("Starting now", 0);
    await addEvent("Fifth", 20 * DAY);
    await addEvent("Second", DAY);
    await addEvent("Fourth", 10 * DAY);
    const digest = await loadSiteDigest(appEnv, db(), NOW);
    expect(digest.upcomingEvents.map((e) => e.title)).toEqual(["Starting now", "Second", "Third", "Fourth", "Fifth"]);
  });

  it("maps an event: ISO start, zone, place, prices from cents, currency and ticket link; never the join link", async () => {
    const first = serial + 1;
    await addEvent("Freestyle Forever Live", 14 * DAY, { timeZone: "America/Chicago", currency: "BRL" });
    await addEvent("VIP Virtual Meet", 15 * DAY, {
      isOnline: true,
      joinUrl: "https://meet.example.com/secret-room",
      venueName: null,
      venueCity: null,
      venueState: null,
      ticketPriceMinCents: null,
      ticketPriceMaxCents: null,
      externalTicketUrl: null,
      timeZone: "Not/AZone",
    });
    const digest = await loadSiteDigest(appEnv, db(), NOW);
    expect(digest.upcomingEvents).toEqual([
      {
        title: "Freestyle Forever Live",
        startsAt: new Date(NOW + 14 * DAY).toISOString(),
        timeZone: "America/Chicago",
        online: false,
        venueName: "Starlight Ballroom",
        city: "New York",
        state: "NY",
        priceMin: 45.5,
        priceMax: 120,
        currency: "BRL",
        ticketUrl: `https://tickets.example.com/${first}`,
      },
      {
        title: "VIP Virtual Meet",
        startsAt: new Date(NOW + 15 * DAY).toISOString(),
        // A zone the runtime does not know is read as UTC.
        timeZone: "UTC",
        online: true,
        venueName: null,
        city: null,
        state: null,
        priceMin: null,
        priceMax: null,
        currency: "USD",
        ticketUrl: null,
      },
    ]);
    expect(JSON.stringify(digest)).not.toContain("secret-room");
  });

  it("has no events when none are announced", async () => {
    await addEvent("Past", -DAY);
    expect((await loadSiteDigest(appEnv, db(), NOW)).upcomingEvents).toEqual([]);
  });
});

describe("loadSiteDigest: catalog and configuration", () => {
  afterEach(async () => {
    await D1.prepare("DELETE FROM albums WHERE id LIKE 'chat-digest-%'").run();
  });

  it("lists every album newest first, each with its track titles in order", async () => {
    const d = db();
    await d.insert(albums).values([
      { id: "chat-digest-new", title: "Future Freestyle", year: 2031, type: "Album", position: 900 },
      { id: "chat-digest-empty", title: "Empty Single", year: 2030, type: "Single", position: 901 },
    ]);
    // Inserted out of order: the digest follows the track numbers.
    await d.insert(tracks).values([
      { id: "chat-digest-new-3", albumId: "chat-digest-new", title: "Third Song", number: 3 },
      { id: "chat-digest-new-1", albumId: "chat-digest-new", title: "First Song", number: 1 },
      { id: "chat-digest-new-2", albumId: "chat-digest-new", title: "Second Song", number: 2 },
    ]);
    const digest = await loadSiteDigest(appEnv, d, NOW);
    expect(digest.albums[0]).toEqual({ title: "Future Freestyle", year: 2031, tracks: ["First Song", "Second Song", "Third Song"] });
    expect(digest.albums[1]).toEqual({ title: "Empty Single", year: 2030, tracks: [] });
    // The seeded catalog follows, every album once, years never increasing.
    const count = await D1.prepare("SELECT count(*) AS n FROM albums").first<{ n: number }>();
    expect(digest.albums).toHaveLength(count!.n);
    const years = digest.albums.map((a) => a.year!);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(digest.albums.find((a) => a.title === "Freestyle Nights")).toEqual({
      title: "Freestyle Nights",
      year: 1987,
      tracks: [
        "Freestyle Nights",
        "Say It on the Dance Floor",
        "Waiting for Your Love",
        "Ocean Avenue Heartache",
        "Don't Let the Beat Walk Away",
        "Velvet Telephone",
        "Bodega Summer",
        "Starlight Rendezvous at Nine",
        "Tears on the Turntable",
        "Last Train to Your Heart",
      ],
    });
    // Among albums of the same year, the later one in the catalog comes first.
    const i1988 = digest.albums.findIndex((a) => a.title === "Moonlight Boulevard");
    expect(digest.albums[i1988 + 1]!.title).toBe("Spring Love");
  });

  it("takes the brand and the VIP price from the configuration", async () => {
    const digest = await loadSiteDigest(appEnv, db(), NOW);
    expect(digest.brandName).toBe("Freestyle Lovers");
    expect(digest.vip).toEqual({ priceCents: 999, currency: "USD" });
    const other = { ...appEnv, BRAND_NAME: "Lola Fans", VIP_PRICE_CENTS: "1490", VIP_PRICE_CURRENCY: "BRL" } as AppEnv;
    const otherDigest = await loadSiteDigest(other, db(), NOW);
    expect(otherDigest.brandName).toBe("Lola Fans");
    expect(otherDigest.vip).toEqual({ priceCents: 1490, currency: "BRL" });
  });
});

describe("loadSiteDigest: queries and freshness", () => {
  it("runs two D1 queries, then none for a minute", async () => {
    await addEvent("Soon", DAY);
    const counting = countingD1(D1);
    const d = createDb(counting.db);
    await loadSiteDigest(appEnv, d, NOW);
    expect(counting.count()).toBe(2);
    await loadSiteDigest(appEnv, d, NOW + CHAT_DIGEST_TTL_MS - 1);
    expect(counting.count()).toBe(2);
    await loadSiteDigest(appEnv, d, NOW + CHAT_DIGEST_TTL_MS + 1);
    expect(counting.count()).toBe(4);
  });

  it("shows a new event once the minute is over, and drops a remembered event once it has started", async () => {
    await addEvent("Starts in thirty seconds", 30_000);
    expect((await loadSiteDigest(appEnv, db(), NOW)).upcomingEvents.map((e) => e.title)).toEqual(["Starts in thirty seconds"]);
    await addEvent("Announced later", 2 * DAY);
    // Still the remembered list, minus the show that has started since.
    expect((await loadSiteDigest(appEnv, db(), NOW + 40_000)).upcomingEvents).toEqual([]);
    expect((await loadSiteDigest(appEnv, db(), NOW + CHAT_DIGEST_TTL_MS + 1)).upcomingEvents.map((e) => e.title)).toEqual(["Announced later"]);
  });

  it("is remembered under chat:digest, which the back office's forget('events:') and forget('music:') leave alone", async () => {
    await loadSiteDigest(appEnv, db(), NOW);
    await addEvent("New", DAY);
    expect((await loadSiteDigest(appEnv, db(), NOW)).upcomingEvents).toEqual([]);
    forget("events:");
    forget("music:");
    expect((await loadSiteDigest(appEnv, db(), NOW)).upcomingEvents).toEqual([]);
    forget("chat:digest");
    expect((await loadSiteDigest(appEnv, db(), NOW)).upcomingEvents.map((e) => e.title)).toEqual(["New"]);
  });
});

describe("createChatModel in workerd", () => {
  const digest: SiteDigest = { brandName: "Freestyle Lovers", upcomingEvents: [], albums: [], vip: { priceCents: 999, currency: "USD" } };
  const request = (): ChatRequest => ({
    persona: "Lola Rivera",
    member: { id: "u1", name: "Ana", vip: true, admin: false },
    locale: "en",
    digest,
    turns: [{ role: "user", content: "Hello!" }],
    signal: new AbortController().signal,
  });
  const collect = async (iterable: AsyncIterable<string>) => {
    const pieces: string[] = [];
    for await (const piece of iterable) pieces.push(piece);
    return pieces;
  };

  afterEach(() => vi.restoreAllMocks());
  // The SDK loads on a live reply's first use (decision 075): loaded here, so that neither test's
  // time limit pays for its import, and no request of a timed-out test reaches the next one's spy.
  beforeAll(() => import("openai"), 60_000);

  it("answers offline without an OpenAI key", async () => {
    const model = createChatModel(appEnv);
    expect(model.offline).toBe(true);
    expect((await collect(model.reply(request()))).join("")).toMatch(/^Hi Ana! It's Lola Rivera\./);
  });

  it("streams from the configured OpenAI-compatible server through the SDK and the runtime's fetch", async () => {
    const seen: { url: string; auth: string | null; body: { model: string; stream: boolean; messages: { role: string }[] } }[] = [];
    const sse = ["Hi ", "from ", "workerd"]
      .map(
        (content) =>
          `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
      )
      .concat(
        `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`,
        "data: [DONE]\n\n",
      )
      .join("");
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const req = new Request(input, init);
      seen.push({ url: req.url, auth: req.headers.get("authorization"), body: await req.json() });
      return new Response(sse, { headers: { "content-type": "text/event-stream" } });
    });
    const model = createChatModel({
      ...appEnv,
      OPENAI_API_KEY: "sk-workerd-test",
      OPENAI_MODEL: "gpt-test",
      OPENAI_BASE_URL: "https://llm.example.test/v1",
    } as AppEnv);
    expect(model.offline).toBe(false);
    expect(await collect(model.reply(request()))).toEqual(["Hi ", "from ", "workerd"]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe("https://llm.example.test/v1/chat/completions");
    expect(seen[0]!.auth).toBe("Bearer sk-workerd-test");
    expect(seen[0]!.body.model).toBe("gpt-test");
    expect(seen[0]!.body.stream).toBe(true);
    expect(seen[0]!.body.messages.map((m) => m.role)).toEqual(["system", "user"]);
  });

  it("goes to OpenAI itself when OPENAI_BASE_URL is empty", async () => {
    const urls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      urls.push(new Request(input, init).url);
      return new Response(JSON.stringify({ error: { message: "nope" } }), { status: 401, headers: { "content-type": "application/json" } });
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const model = createChatModel({ ...appEnv, OPENAI_API_KEY: "sk-workerd-test", OPENAI_BASE_URL: "" } as AppEnv);
    await expect(collect(model.reply(request()))).rejects.toMatchObject({ code: "send_failed" });
    expect(urls).toEqual(["https://api.openai.com/v1/chat/completions"]);
  });
});
