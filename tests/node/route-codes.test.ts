// The registry of route error codes (worker/contracts/route-codes.ts) against the Worker's source.
// The helpers' types refuse an unregistered code; this catches what types cannot see: a code in a
// constant nobody passes yet, a status written beside a code that the table does not give it, an
// error body written by hand, and a registered code that no route answers any more.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_CODES, type RouteCode } from "../../worker/contracts/route-codes";
import { VALIDATION_RULES } from "../../worker/contracts/validation-codes";
import { errorCodeSites, type CodeSite } from "./support/error-code-sites";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { sites, handMade } = errorCodeSites(ROOT);
const where = (site: CodeSite) => `${site.file}:${site.line} ${site.code}${site.status === undefined ? "" : ` (${site.status})`}`;
const isRouteCode = (code: string): code is RouteCode => Object.hasOwn(ROUTE_CODES, code);
const statusesOf = (code: RouteCode): readonly number[] => [ROUTE_CODES[code].status].flat();

describe("the route error codes", () => {
  it("finds the codes the Worker answers with (the scan itself works)", () => {
    expect(sites.length).toBeGreaterThan(150);
    expect(sites.map((s) => s.code)).toEqual(expect.arrayContaining(["not_found", "perk_not_found", "conflict", "account_suspended", "rate_limited"]));
  });

  it("registers every code used, as a route code or a form rule", () => {
    const unregistered = sites.filter((s) => !isRouteCode(s.code) && !Object.hasOwn(VALIDATION_RULES, s.code));
    expect(unregistered.map(where)).toEqual([]);
  });

  it("answers each code with a status the table gives it", () => {
    const wrong = sites.filter((s) => s.status !== undefined && isRouteCode(s.code) && !statusesOf(s.code).includes(s.status));
    expect(wrong.map(where)).toEqual([]);
  });

  it("uses every registered code somewhere", () => {
    const used = new Set(sites.map((s) => s.code));
    expect(Object.keys(ROUTE_CODES).filter((code) => !used.has(code))).toEqual([]);
  });

  it("writes every error body through errorBody", () => {
    expect(handMade.map(where)).toEqual([]);
  });

  it("keeps route codes and form rules apart, each with an error status and an English text", () => {
    expect(Object.keys(ROUTE_CODES).filter((code) => Object.hasOwn(VALIDATION_RULES, code))).toEqual([]);
    for (const [code, rule] of Object.entries(ROUTE_CODES)) {
      expect(rule.en, code).not.toBe("");
      for (const status of [rule.status].flat()) expect(status >= 400 && status < 600, `${code} ${status}`).toBe(true);
    }
  });
});
