// The mail catalogs (worker/services/mail/texts.*.ts): the same keys in both languages, each the
// same kind of value taking the same number of values, and no Portuguese text left in English.
import { describe, expect, it } from "vitest";
import { mailTextsEn } from "../../worker/services/mail/texts.en";
import { mailTextsPtBR } from "../../worker/services/mail/texts.pt-BR";
import { mailAmount, mailDate, mailDateTime, mailTexts } from "../../worker/services/mail/format";

const shape = (catalog: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(catalog).map(([key, value]) => [key, typeof value === "function" ? `fn/${value.length}` : typeof value]));

describe("mail texts", () => {
  it("pt-BR has exactly the English keys, each of the same kind", () => {
    expect(Object.keys(mailTextsPtBR).sort()).toEqual(Object.keys(mailTextsEn).sort());
    expect(shape(mailTextsPtBR)).toEqual(shape(mailTextsEn));
  });

  it("every Portuguese text is filled in", () => {
    for (const [key, value] of Object.entries(mailTextsPtBR)) {
      const text = typeof value === "function" ? (value as (...a: string[]) => string)("X", "Y") : value;
      expect(text.trim(), key).not.toBe("");
    }
    expect(mailTexts("pt-BR")).toBe(mailTextsPtBR);
    expect(mailTexts("en")).toBe(mailTextsEn);
  });
});

describe("mail dates and amounts", () => {
  const at = new Date(Date.UTC(2026, 2, 5, 23, 30));
  it("writes a date and time each language's way, labelled UTC when no time zone is known", () => {
    expect(mailDateTime("en", at)).toMatch(/^March 5, 2026.*11:30\sPM UTC$/);
    expect(mailDateTime("pt-BR", at)).toMatch(/^5 de março de 2026.*23:30 UTC$/);
  });
  it("uses the recipient's time zone when there is one", () => {
    expect(mailDate("pt-BR", at, "America/Sao_Paulo")).toBe("5 de março de 2026");
    expect(mailDate("en", at, "Asia/Tokyo")).toBe("March 6, 2026");
    expect(mailDateTime("pt-BR", at, "America/Sao_Paulo")).toMatch(/20:30/);
  });
  it("writes amounts with the language's separators", () => {
    expect(mailAmount("en", 123456, "usd")).toBe("$1,234.56");
    expect(mailAmount("pt-BR", 123456, "BRL")).toMatch(/^R\$\s1\.234,56$/);
  });
});
