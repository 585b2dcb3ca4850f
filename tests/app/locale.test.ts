import { describe, expect, it } from "vitest";
import { detectLocale, LOCALES } from "../../app/i18n/locale";

describe("detectLocale", () => {
  it("uses a stored choice first, whatever the browser says", () => {
    expect(detectLocale("pt-BR", ["en-US"])).toBe("pt-BR");
    expect(detectLocale("en", ["pt-BR", "pt"])).toBe("en");
  });

  it("ignores a stored value that is not a supported locale", () => {
    expect(detectLocale("fr", ["pt-PT"])).toBe("pt-BR");
    expect(detectLocale("", ["en-GB"])).toBe("en");
  });

  it("maps any Portuguese browser language to pt-BR", () => {
    expect(detectLocale(null, ["pt-BR"])).toBe("pt-BR");
    expect(detectLocale(null, ["pt"])).toBe("pt-BR");
    expect(detectLocale(null, ["PT-pt"])).toBe("pt-BR");
  });

  it("takes the first supported language in the browser's order", () => {
    expect(detectLocale(null, ["de-DE", "pt-BR", "en-US"])).toBe("pt-BR");
    expect(detectLocale(null, ["fr-FR", "en-US", "pt-BR"])).toBe("en");
  });

  it("falls back to English", () => {
    expect(detectLocale(null, [])).toBe("en");
    expect(detectLocale(null, ["de-DE", "ja"])).toBe("en");
  });

  it("only ever returns a supported locale", () => {
    for (const stored of [null, "xx", "pt-BR", "en"]) {
      for (const langs of [[], ["pt"], ["es"], ["en-AU"]]) {
        expect(LOCALES).toContain(detectLocale(stored, langs));
      }
    }
  });
});
