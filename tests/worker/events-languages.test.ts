// Events in the visitor's language and past shows (decision 031): the Portuguese title and
// description where there are some (English the fallback), chosen by ?lang=, the locale cookie or
// Accept-Language, in the API, the .ics, the JSON-LD (inLanguage) and the server-rendered /events;
// public answers vary by language; a past event is past, never sold out; sold out is set by an admin.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { events } from "../../worker/db/schema/events";
import { siteSettings } from "../../worker/db/schema/operations";
import type { EventRow, NewEventRow } from "../../worker/db/events";
import { forget } from "../../worker/lib/memo";
import type { EventsResponse } from "../../worker/contracts/events";
import { call, createUser, db } from "./helpers";
import { headOf, page, rootOf, textOf } from "./pages-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2026, 10, 21, 17, 0);

async function addEvent(overrides: Partial<NewEventRow> & { at?: number } = {}): Promise<EventRow> {
  const { at = 10 * DAY, ...rest } = overrides;
  return db()
    .insert(events)
    .values({
      id: crypto.randomUUID(),
      title: "Freestyle Night",
      description: "A long night.",
      eventDate: new Date(NOW + at),
      status: "published",
      timeZone: "America/Sao_Paulo",
      ...rest,
    })
    .returning()
    .get();
}

const SAO_PAULO = {
  title: "Noite Freestyle — São Paulo",
  description: "The first show in Brazil.",
  titlePtBr: "Noite Freestyle — São Paulo (BR)",
  descriptionPtBr: "O primeiro show no Brasil.",
};

const list = async (path: string, headers: Record<string, string> = {}) => {
  const res = await call(path, { headers });
  expect(res.status).toBe(200);
  return { res, body: await res.json<EventsResponse>() };
};

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>[]);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  await D1.prepare("DELETE FROM events").run();
  await db().delete(siteSettings);
  forget("");
});
afterEach(() => vi.useRealTimers());

describe("event texts in the visitor's language", () => {
  it("answers Portuguese for ?lang=pt-BR, the locale cookie or Accept-Language, English otherwise, and varies by them", async () => {
    const sp = await addEvent(SAO_PAULO);
    const english = await addEvent({ title: "Miami Heat", description: "By the bay.", at: 20 * DAY });
    const pt = { id: sp.id, title: SAO_PAULO.titlePtBr, description: SAO_PAULO.descriptionPtBr, lang: "pt-BR" };
    const en = { id: sp.id, title: SAO_PAULO.title, description: SAO_PAULO.description, lang: "en" };
    const pick = (body: EventsResponse) => body.events.map(({ id, title, description, lang }) => ({ id, title, description, lang }));
    // Without a Portuguese text the English one shows, in every language.
    const fallback = { id: english.id, title: "Miami Heat", description: "By the bay.", lang: "en" };

    for (const [path, headers] of [
      ["/api/events?lang=pt-BR", {}],
      ["/api/events", { cookie: "locale=pt-BR" }],
      ["/api/events", { "accept-language": "pt-BR,pt;q=0.9" }],
      // The address's ?lang= outranks the cookie.
      ["/api/events?lang=pt-BR", { cookie: "locale=en" }],
    ] as const) {
      const { res, body } = await list(path, headers);
      expect(pick(body), path).toEqual([pt, fallback]);
      expect(res.headers.get("Content-Language")).toBe("pt-BR");
      expect(res.headers.get("Vary")).toBe("Cookie, Accept-Language");
    }
    for (const [path, headers] of [
      ["/api/events", {}],
      ["/api/events?lang=en", { cookie: "locale=pt-BR" }],
      ["/api/events?lang=xx", { "accept-language": "en-US" }],
    ] as const) {
      const { res, body } = await list(path, headers);
      expect(pick(body), path).toEqual([en, fallback]);
      expect(res.headers.get("Content-Language")).toBe("en");
    }
    const one = await call(`/api/events/${sp.id}?lang=pt-BR`);
    expect(one.headers.get("Vary")).toBe("Cookie, Accept-Language");
    expect((await one.json<{ event: { title: string } }>()).event.title).toBe(SAO_PAULO.titlePtBr);
  });

  it("writes the .ics and the feed in the language asked for, the venue's country named in it", async () => {
    const sp = await addEvent({ ...SAO_PAULO, venueName: "Espaço Unimed", venueCity: "São Paulo", venueState: "SP", venueCountry: "BRA" });
    const ics = await call(`/api/events/${sp.id}/ics?lang=pt-BR`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Content-Language")).toBe("pt-BR");
    const text = await ics.text();
    expect(text).toContain("DESCRIPTION:O primeiro show no Brasil.");
    expect(text).toContain("LOCATION:Espaço Unimed\\, São Paulo\\, SP\\, Brasil");
    expect(ics.headers.get("Content-Disposition")).toBe('attachment; filename="noite-freestyle-sao-paulo-br.ics"');
    const feed = await (await call("/events.ics", { headers: { "accept-language": "en" } })).text();
    expect(feed).toContain("DESCRIPTION:The first show in Brazil.");
    expect(feed).toContain("LOCATION:Espaço Unimed\\, São Paulo\\, SP\\, Brazil");
    expect(feed).not.toContain("O primeiro show");
  });

  it("renders /events?lang=pt-BR with the Portuguese texts, and JSON-LD inLanguage says which", async () => {
    await addEvent(SAO_PAULO);
    await addEvent({ title: "Miami Heat", description: "By the bay.", at: 20 * DAY });
    const pt = await (await page("/events?lang=pt-BR", { headers: { cookie: "locale=en" } })).text();
    expect(textOf(rootOf(pt))).toContain("O primeiro show no Brasil.");
    const [markup] = jsonLdOf(headOf(pt));
    expect(markup!.map((e) => [e.name, e.description, e.inLanguage])).toEqual([
      [SAO_PAULO.titlePtBr, SAO_PAULO.descriptionPtBr, "pt-BR"],
      ["Miami Heat", "By the bay.", "en"],
    ]);
    const en = await (await page("/events?lang=en")).text();
    expect(textOf(rootOf(en))).toContain("The first show in Brazil.");
    expect(jsonLdOf(headOf(en))[0]!.map((e) => e.inLanguage)).toEqual(["en", "en"]);
  });
});

describe("past shows and sold out", () => {
  it("marks a started event past (sold_out availability), and a future one sold out only when an admin set it", async () => {
    const past = await addEvent({ at: -3 * DAY });
    const soldOut = await addEvent({ soldOut: true });
    const open = await addEvent({ at: 20 * DAY });
    const { body } = await list("/api/events");
    expect(body.events.map(({ id, past, availability }) => ({ id, past, availability }))).toEqual([
      { id: past.id, past: true, availability: "sold_out" },
      { id: soldOut.id, past: false, availability: "sold_out" },
      { id: open.id, past: false, availability: "available" },
    ]);
  });

  it("stores the Portuguese texts and sold out from the admin form, and clears them", async () => {
    const admin = await createUser("admin");
    const input = {
      title: "Online Q&A",
      description: "Questions.",
      titlePtBR: "  Perguntas ao vivo ",
      descriptionPtBR: "Perguntas.",
      soldOut: true,
      eventDate: "2026-12-20T20:00",
      timeZone: "America/Sao_Paulo",
      status: "published",
      online: true,
    };
    const res = await call("/api/admin/events", { json: input, cookie: admin.cookie });
    expect(res.status).toBe(201);
    const { event } = await res.json<{ event: { id: string; titlePtBR: string; descriptionPtBR: string; soldOut: boolean } }>();
    expect([event.titlePtBR, event.descriptionPtBR, event.soldOut]).toEqual(["Perguntas ao vivo", "Perguntas.", true]);
    const row = await db().select().from(events).get();
    expect([row!.titlePtBr, row!.descriptionPtBr, row!.soldOut]).toEqual(["Perguntas ao vivo", "Perguntas.", true]);

    const put = await call(`/api/admin/events/${event.id}`, {
      method: "PUT",
      json: { ...input, titlePtBR: "", descriptionPtBR: null, soldOut: false },
      cookie: admin.cookie,
    });
    expect(put.status).toBe(200);
    const after = await db().select().from(events).get();
    expect([after!.titlePtBr, after!.descriptionPtBr, after!.soldOut]).toEqual([null, null, false]);

    const bad = await call("/api/admin/events", { json: { ...input, soldOut: "yes" }, cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: { code: string; field: string } }>()).error).toMatchObject({ code: "invalid_input", field: "soldOut" });
  });
});
