// Gift VIP codes: what fulfilment makes (newGiftCode) reads back through what /redeem reads
// (normaliseGiftCode), however it is typed; and the calendar months a gift adds, in UTC.
import { describe, expect, it } from "vitest";
import { newGiftCode } from "../../worker/lib/gift-code";
import { addCalendarMonthsUtc, GIFT_CODE_ALPHABET, GIFT_CODE_LENGTH, GIFT_CODE_PATTERN, normaliseGiftCode } from "../../worker/contracts/store/gift-model";

describe("newGiftCode", () => {
  it("makes GIFT-XXXX-XXXX-XXXX from the alphabet without look-alikes, never the same twice in 2,000", () => {
    const codes = Array.from({ length: 2000 }, newGiftCode);
    for (const code of codes) {
      expect(code).toMatch(GIFT_CODE_PATTERN);
      expect(code).toHaveLength(GIFT_CODE_LENGTH);
      for (const ch of code.slice(5).replaceAll("-", "")) expect(GIFT_CODE_ALPHABET).toContain(ch);
    }
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.map((code) => code.slice(5)).join("")).not.toMatch(/[01OIL]/);
  });

  it("reads back as itself, however it is typed", () => {
    const code = newGiftCode();
    const bare = code.slice(5);
    for (const typed of [
      code,
      code.toLowerCase(),
      ` ${code} `,
      code.replaceAll("-", " "),
      code.replaceAll("-", "\u2013"),
      bare,
      bare.replaceAll("-", ""),
      `gift${bare.replaceAll("-", "")}`,
    ]) {
      expect(normaliseGiftCode(typed), typed).toBe(code);
    }
  });
});

describe("normaliseGiftCode", () => {
  it("refuses what cannot be a code", () => {
    for (const typed of ["", "GIFT", "GIFT-ABCD-EFGH", "GIFT-ABCD-EFGH-JKMN-PQRS", "GIFT-ABCD-EFGH-JKM!", "ABCD-EFGH-JKM", "<script>"]) {
      expect(normaliseGiftCode(typed), typed).toBeNull();
    }
  });
});

describe("addCalendarMonthsUtc", () => {
  const at = (y: number, m: number, d: number, h = 10) => Date.UTC(y, m - 1, d, h);
  it.each([
    [at(2026, 12, 25), 3, at(2027, 3, 25)],
    [at(2027, 1, 31), 1, at(2027, 2, 28)],
    [at(2028, 1, 31), 1, at(2028, 2, 29)],
    [at(2028, 2, 29), 12, at(2029, 2, 28)],
    [at(2027, 8, 31), 6, at(2028, 2, 29)],
    [at(2027, 10, 15, 23), 1, at(2027, 11, 15, 23)],
  ])("%s + %s months", (from, months, to) => {
    expect(new Date(addCalendarMonthsUtc(from, months)).toISOString()).toBe(new Date(to).toISOString());
  });
});
