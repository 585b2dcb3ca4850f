// The data export's texts (worker/services/data-export-texts.ts): every file of the archive is
// described in both languages, and a field reads as words whether or not it has a label.
import { describe, expect, it } from "vitest";
import { EXPORT_SOURCES } from "../../worker/db/member-data";
import { exportTexts, fieldLabel } from "../../worker/services/data-export-texts";
import { fieldName, readableRow } from "../../worker/services/data-export-format";

const KINDS = [...new Set(EXPORT_SOURCES.map((source) => source.kind)), "chat", "export"];

describe("data export texts", () => {
  it.each(["en", "pt-BR"] as const)("describe every file in %s, with the same labelled fields", (locale) => {
    const texts = exportTexts(locale);
    for (const kind of KINDS) expect(texts.kinds[kind], kind).toBeTruthy();
    expect(Object.keys(texts.fields)).toEqual(Object.keys(exportTexts("en").fields));
  });

  it("name a field by its label, else from its camelCase name", () => {
    expect(fieldLabel("pt-BR", "createdAt")).toBe("Criado em");
    expect(fieldLabel("en", "createdAt")).toBe("Created");
    expect(fieldLabel("en", "lastSignInAt")).toBe("Last sign in at");
  });
});

describe("readable rows", () => {
  it("camelCase names and ISO 8601 times (UTC) for every time column, other numbers kept", () => {
    const at = Date.UTC(2026, 10, 24, 11, 44, 20, 47);
    expect(
      readableRow({
        user_id: "u1",
        created_at: at,
        banned_until: at,
        past_due_since: at,
        current_period_end: at,
        like_count: 3,
        price_cents: 1999,
        seen_at: null,
      }),
    ).toEqual({
      userId: "u1",
      createdAt: "2026-11-24T11:44:20.047Z",
      bannedUntil: "2026-11-24T11:44:20.047Z",
      pastDueSince: "2026-11-24T11:44:20.047Z",
      currentPeriodEnd: "2026-11-24T11:44:20.047Z",
      likeCount: 3,
      priceCents: 1999,
      seenAt: null,
    });
    expect(fieldName("check_ins (staff_id)")).toBe("checkIns (staffId)");
  });
});
