// A query string to one of the app's pages is written through appHref (app/lib/appHref.ts), whose
// `linkOptions` lets the type check hold the parameters' names against the target route's
// validated search; written by hand in a template, a parameter nobody reads would pass unseen.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const APP = new URL("../../app/", import.meta.url);
const HAND_WRITTEN_QUERY = /`\/(?!api\/)[^`\n]*\?[A-Za-z_]+=\$\{/;

describe("addresses of the app's pages", () => {
  it("carry no query string written by hand in a template", () => {
    const sources = (readdirSync(APP, { recursive: true }) as string[]).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
    expect(sources.length).toBeGreaterThan(300);
    expect(sources.filter((name) => HAND_WRITTEN_QUERY.test(readFileSync(new URL(name, APP), "utf8")))).toEqual([]);
  });

  it("tell a page's query from an API call's", () => {
    expect(HAND_WRITTEN_QUERY.test("const a = `/search?q=${typed}`;")).toBe(true);
    expect(HAND_WRITTEN_QUERY.test("const a = `/vip-signup?tier=${id}&plan=${plan}`;")).toBe(true);
    expect(HAND_WRITTEN_QUERY.test("api(`/api/rooms/${id}/messages?before=${before}`)")).toBe(false);
    expect(HAND_WRITTEN_QUERY.test("api(`${NOTIFICATIONS_API}?cursor=${cursor}`)")).toBe(false);
  });
});
