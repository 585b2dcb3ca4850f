// The one request-language resolver that pages (their server render) and API answers share
// (requestLanguage, worker/middleware/content-language.ts), and the one picker every bilingual
// column is read through (inLanguage / pickLanguage, worker/lib/content-language.ts).
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { requestLanguage } from "../../worker/middleware/content-language";
import { inLanguage, pickLanguage } from "../../worker/lib/content-language";

const app = new Hono().get("*", (c) => c.text(requestLanguage(c)));

async function languageOf(path: string, headers: Record<string, string> = {}): Promise<string> {
  return (await app.request(`https://fans.example${path}`, { headers })).text();
}

describe("the request's language", () => {
  it.each<[string, string, Record<string, string>, string]>([
    ["?lang= before the cookie", "/api/events?lang=en", { cookie: "locale=pt-BR", "accept-language": "pt-BR" }, "en"],
    ["?lang= on a page", "/events?lang=pt-BR", { cookie: "locale=en" }, "pt-BR"],
    ["an unknown ?lang= is not a language", "/api/events?lang=fr", { cookie: "locale=pt-BR" }, "pt-BR"],
    ["the cookie before Accept-Language", "/api/radio/stations", { cookie: "locale=pt-BR", "accept-language": "en-US,en" }, "pt-BR"],
    ["the cookie on a page", "/music", { cookie: "locale=pt-BR", "accept-language": "en" }, "pt-BR"],
    ["an unknown cookie is no choice", "/music", { cookie: "locale=de", "accept-language": "pt-PT" }, "pt-BR"],
    ["Accept-Language without a choice", "/api/auth/reset", { "accept-language": "fr-FR,fr;q=0.9,pt;q=0.5" }, "pt-BR"],
    ["a language weighted zero is not asked for", "/", { "accept-language": "pt;q=0,en" }, "en"],
    ["English without anything", "/", {}, "en"],
    ["an embed ignores the cookie", "/embed/track/t1", { cookie: "locale=pt-BR", "accept-language": "en" }, "en"],
    ["an embed reads Accept-Language", "/embed/track/t1", { cookie: "locale=en", "accept-language": "pt-BR" }, "pt-BR"],
    ["an embed keeps its ?lang=", "/embed/track/t1?lang=pt-BR", { cookie: "locale=en" }, "pt-BR"],
  ])("%s", async (_case, path, headers, expected) => {
    expect(await languageOf(path, headers)).toBe(expected);
  });
});

describe("a bilingual column", () => {
  it("is the Portuguese for pt-BR when there is one, else the English", () => {
    expect(inLanguage("pt-BR", "Night", "Noite")).toBe("Noite");
    expect(inLanguage("en", "Night", "Noite")).toBe("Night");
    expect(inLanguage("pt-BR", "Night", null)).toBe("Night");
    expect(inLanguage("pt-BR", "Night", undefined)).toBe("Night");
  });

  it("falls back to the English for a blank Portuguese text", () => {
    expect(inLanguage("pt-BR", "Night", "")).toBe("Night");
    expect(inLanguage("pt-BR", "Night", "  \n")).toBe("Night");
  });

  it("keeps a missing English text missing", () => {
    expect(inLanguage("en", null, "Descrição")).toBeNull();
    expect(inLanguage("pt-BR", null, "Descrição")).toBe("Descrição");
  });

  it("says which language the value is in", () => {
    expect(pickLanguage("pt-BR", "Night", "Noite")).toEqual({ value: "Noite", lang: "pt-BR" });
    expect(pickLanguage("pt-BR", "Night", " ")).toEqual({ value: "Night", lang: "en" });
    expect(pickLanguage("en", "Night", "Noite")).toEqual({ value: "Night", lang: "en" });
  });

  it("picks columns that go together as one value", () => {
    const en = { subject: "News", blocks: ["a"] };
    const pt = { subject: "Novidades", blocks: [] as string[] };
    expect(inLanguage("pt-BR", en, pt)).toBe(pt);
    expect(inLanguage("pt-BR", en, null)).toBe(en);
  });
});
