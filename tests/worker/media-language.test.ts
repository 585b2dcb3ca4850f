// Stations, channels and albums in the visitor's language (decision 032): the public answers pick
// the Portuguese name, description or notes by ?lang= > locale cookie > Accept-Language, English
// standing in for a Portuguese text left empty; they say so (Content-Language) and, being cached in
// public, vary by what chose the language. The memo holds both languages, so an English answer
// never stands in for a Portuguese one.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { forget } from "../../worker/lib/memo";
import type { StationsResponse } from "../../worker/contracts/radio";
import type { ChannelsResponse } from "../../worker/contracts/tv";
import { call } from "./helpers";

const D1 = (env as unknown as { DB: D1Database }).DB;

const undo: string[] = [];
afterEach(async () => {
  for (const sql of undo.splice(0)) await D1.prepare(sql).run();
  forget("music:");
});

const stations = async (path: string, headers: Record<string, string> = {}) => {
  const res = await call(path, { headers });
  expect(res.status).toBe(200);
  return { res, byId: new Map((await res.json<StationsResponse>()).stations.map((s) => [s.id, s])) };
};
const channels = async (path: string, headers: Record<string, string> = {}) => {
  const res = await call(path, { headers });
  expect(res.status).toBe(200);
  return { res, byId: new Map((await res.json<ChannelsResponse>()).channels.map((c) => [c.id, c])) };
};

describe("GET /api/radio/stations per language", () => {
  it("answers in English, then in Portuguese for ?lang=pt-BR, from the same memo, varying by cookie and Accept-Language", async () => {
    const en = await stations("/api/radio/stations");
    expect(en.res.headers.get("content-language")).toBe("en");
    expect(en.res.headers.get("vary")).toContain("Cookie, Accept-Language");
    expect(en.res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(en.byId.get("nyc-rhythm")).toMatchObject({ name: "NYC Rhythm Radio" });
    expect(en.byId.get("freestyle-lovers")!.description).toMatch(/^The whole catalogue on shuffle/);

    const pt = await stations("/api/radio/stations?lang=pt-BR");
    expect(pt.res.headers.get("content-language")).toBe("pt-BR");
    expect(pt.byId.get("nyc-rhythm")).toMatchObject({ name: "Rádio Ritmo de Nova York" });
    expect(pt.byId.get("freestyle-lovers")!.description).toMatch(/^O catálogo inteiro/);
  });

  it("takes the locale cookie, then Accept-Language; ?lang= outranks both", async () => {
    const byCookie = await stations("/api/radio/stations", { cookie: "locale=pt-BR" });
    expect(byCookie.byId.get("nyc-rhythm")!.name).toBe("Rádio Ritmo de Nova York");
    const byBrowser = await stations("/api/radio/stations", { "accept-language": "pt-BR,pt;q=0.9,en;q=0.5" });
    expect(byBrowser.res.headers.get("content-language")).toBe("pt-BR");
    expect(byBrowser.byId.get("nyc-rhythm")!.name).toBe("Rádio Ritmo de Nova York");
    const asked = await stations("/api/radio/stations?lang=en", { cookie: "locale=pt-BR", "accept-language": "pt-BR" });
    expect(asked.byId.get("nyc-rhythm")!.name).toBe("NYC Rhythm Radio");
    // An unknown ?lang= is ignored, not an error.
    const odd = await stations("/api/radio/stations?lang=xx", { cookie: "locale=pt-BR" });
    expect(odd.byId.get("nyc-rhythm")!.name).toBe("Rádio Ritmo de Nova York");
  });

  it("shows the English name and description where the Portuguese ones are left empty", async () => {
    const row = await D1.prepare("SELECT name_pt_br, description_pt_br FROM radio_stations WHERE id = 'spring-love'").first<{
      name_pt_br: string | null;
      description_pt_br: string;
    }>();
    await D1.prepare("UPDATE radio_stations SET name_pt_br = NULL, description_pt_br = '' WHERE id = 'spring-love'").run();
    undo.push(
      `UPDATE radio_stations SET name_pt_br = ${row!.name_pt_br === null ? "NULL" : `'${row!.name_pt_br.replace(/'/g, "''")}'`}, description_pt_br = '${row!.description_pt_br.replace(/'/g, "''")}' WHERE id = 'spring-love'`,
    );
    forget("music:");
    const en = await stations("/api/radio/stations?lang=en");
    const pt = await stations("/api/radio/stations?lang=pt-BR");
    expect(pt.byId.get("spring-love")).toEqual(en.byId.get("spring-love"));
    expect(pt.byId.get("spring-love")!.name).toBe("Spring Love Radio");
  });
});

describe("GET /api/tv/channels per language", () => {
  it("answers each language from the same memo, with Content-Language and Vary", async () => {
    const en = await channels("/api/tv/channels?lang=en");
    expect(en.res.headers.get("content-language")).toBe("en");
    expect(en.res.headers.get("vary")).toContain("Cookie, Accept-Language");
    expect(en.byId.get("behind-the-scenes")!.name).toBe("Behind the Scenes");
    const pt = await channels("/api/tv/channels?lang=pt-BR");
    expect(pt.res.headers.get("content-language")).toBe("pt-BR");
    expect(pt.byId.get("behind-the-scenes")!.name).toBe("Bastidores");
    expect(pt.byId.get("live")!.name).toBe("Freestyle Lovers Ao Vivo");
    expect(pt.byId.get("live")!.description).not.toBe(en.byId.get("live")!.description);
    const again = await channels("/api/tv/channels", { cookie: "locale=en" });
    expect(again.byId.get("behind-the-scenes")!.name).toBe("Behind the Scenes");
  });
});
