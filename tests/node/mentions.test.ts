// The @mention parser and the excerpt notifications quote (worker/lib/mentions.ts).
import { describe, expect, it } from "vitest";
import { excerpt, MENTIONS_MAX, parseMentions } from "../../worker/lib/mentions";

describe("parseMentions", () => {
  it("finds usernames as signup allows them, lower-cased and distinct, in order", () => {
    expect(parseMentions("Hi @Maria_99, @joao and @MARIA_99 again!")).toEqual(["maria_99", "joao"]);
    expect(parseMentions("@start\n(@paren) @end.")).toEqual(["start", "paren", "end"]);
  });

  it("ignores e-mail addresses, a bare @, double @ and runs longer than a username", () => {
    expect(parseMentions("write to ana@example.com or @ alone or @@twice")).toEqual([]);
    expect(parseMentions(`@${"a".repeat(30)} @${"b".repeat(31)}`)).toEqual(["a".repeat(30)]);
    expect(parseMentions("@josé")).toEqual([]);
  });

  it("keeps at most MENTIONS_MAX names", () => {
    const text = Array.from({ length: 15 }, (_, i) => `@user${i}`).join(" ");
    expect(parseMentions(text)).toEqual(Array.from({ length: MENTIONS_MAX }, (_, i) => `user${i}`));
  });
});

describe("excerpt", () => {
  it("keeps short text whole on one line and cuts long text at 80 characters with an ellipsis", () => {
    expect(excerpt("  two\n\nlines  ")).toBe("two lines");
    const long = "x".repeat(100);
    expect(excerpt(long)).toBe(`${"x".repeat(79)}…`);
    expect(excerpt("x".repeat(80))).toBe("x".repeat(80));
  });

  it("never splits a character made of two code units", () => {
    const cut = excerpt("😀".repeat(100));
    expect(Array.from(cut)).toHaveLength(80);
    expect(cut.endsWith("😀…")).toBe(true);
  });
});
