// userText (worker/contracts/text.ts), the shared rule of every free-text field: what it refuses
// besides controls and bidi (line/paragraph separators, noncharacters, text that renders blank),
// and the invisible characters it keeps beside visible ones (emoji sequences need them).
import { describe, expect, it } from "vitest";
import { hasVisibleText, TEXT_MESSAGES, userText } from "../../worker/contracts/text";

const required = userText({ min: 1, max: 50, minMessage: "Required", maxMessage: "Too long" });
const optional = userText({ max: 50, maxMessage: "Too long", multiline: true });
const messageOf = (schema: typeof required, value: string) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

const INVISIBLE_ONLY = [
  ["a zero-width space", "\u200B"],
  ["zero-width joiners and non-joiners", "\u200D\u200C\u200D"],
  ["a word joiner", "\u2060"],
  ["a byte-order mark after a zero-width space", "\u200B\uFEFF"],
  ["a soft hyphen", "\u00AD"],
  ["tag characters", "\u{E0001}\u{E0041}\u{E007F}"],
  ["variation selectors", "\uFE0F\u{E0100}"],
  ["a Hangul filler", "\u3164"],
  ["a braille blank", "\u2800"],
  ["invisible characters between spaces", " \u200B\u00A0\u3000\u200B "],
] as const;

describe("userText", () => {
  it.each(INVISIBLE_ONLY)("treats %s alone as empty: the required message, or refused where empty is allowed", (_, value) => {
    expect(hasVisibleText(value)).toBe(false);
    expect(messageOf(required, value)).toBe("Required");
    expect(messageOf(optional, value)).toBe(TEXT_MESSAGES.invalidCharacters);
  });

  it.each([
    ["a line separator", "one\u2028two"],
    ["a paragraph separator", "one\u2029two"],
    ["U+FFFF", "a\uFFFF"],
    ["U+FFFE", "a\uFFFE"],
    ["U+FDD0", "a\uFDD0"],
    ["a noncharacter of another plane", "a\u{10FFFF}"],
  ])("refuses %s outright, even in multi-line text", (_, value) => {
    expect(messageOf(required, value)).toBe(TEXT_MESSAGES.invalidCharacters);
    expect(messageOf(optional, value)).toBe(TEXT_MESSAGES.invalidCharacters);
  });

  it.each([
    ["a family emoji (zero-width joiners)", "👨\u200D👩\u200D👧"],
    ["a subdivision flag (tag characters)", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"],
    ["a heart with a variation selector", "❤\uFE0F"],
    ["a word with a soft hyphen", "free\u00ADstyle"],
    ["ordinary text", "Freestyle Forever"],
  ])("keeps %s", (_, value) => {
    expect(required.parse(value)).toBe(value.normalize("NFC"));
    expect(optional.parse(value)).toBe(value.normalize("NFC"));
  });

  it("still allows an empty optional text", () => {
    expect(optional.parse("")).toBe("");
    expect(optional.parse("  ")).toBe("");
  });
});
