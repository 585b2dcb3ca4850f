// Addresses one feature writes as a string for another (a tier's checkout to come back to after
// signing in, the results page the header's search opens) are read back by their route as written:
// the same parameters, the same values, text staying text. The type check holds the parameters'
// names (appHref takes `linkOptions`); this holds the values; tests/node/app-links-source.test.ts
// holds that none is written by hand.
import { defaultParseSearch, linkOptions } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { appHref } from "../../app/lib/appHref";
import { tierJoinPath } from "../../app/features/payments/TierJoinPage";
import { Route as VipSignupRoute } from "../../app/routes/vip-signup";
import { Route as SearchRoute } from "../../app/routes/search";

/** What the route's own search validation makes of an address's query. */
function readBack(route: { options: { validateSearch?: unknown } }, href: string) {
  const validate = route.options.validateSearch as (search: Record<string, unknown>) => unknown;
  return validate(defaultParseSearch(new URL(href, "https://fans.example").search));
}

describe("an address written for another page", () => {
  it("brings a visitor back to the tier and plan they chose", () => {
    expect(tierJoinPath("inner-circle", "yearly")).toBe("/vip-signup?tier=inner-circle&plan=yearly");
    expect(readBack(VipSignupRoute, tierJoinPath("inner-circle", "yearly"))).toEqual({ tier: "inner-circle", plan: "yearly" });
    expect(readBack(VipSignupRoute, tierJoinPath("soundcheck-2"))).toEqual({ tier: "soundcheck-2", plan: undefined });
  });

  it("opens the results of a search as typed, digits included", () => {
    for (const typed of ["miami", "2026", "São Paulo & más", "true"]) {
      expect(readBack(SearchRoute, appHref(linkOptions({ to: "/search", search: { q: typed } }))), typed).toEqual({ q: typed });
    }
    // A year typed into the page's own form (no script) or a shared link: the router reads a number.
    expect(readBack(SearchRoute, "/search?q=2026")).toEqual({ q: "2026" });
  });
});
