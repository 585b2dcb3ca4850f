// The page views POST /api/collect stores are the site's own pages only (COUNTED_PAGES: the areas'
// `pages` in worker/contracts/areas/, read by worker/lib/analytics/classify.ts). A page added to
// app/routes must be declared by its area too, or its views would be dropped: this compares the
// list with the router's own (app/routeTree.gen.ts), and each id parameter with the classifier's.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COUNTED_PAGES, PAGE_ID_PARAMS } from "../../worker/contracts/areas";
import { countedPath } from "../../worker/lib/analytics/classify";

/** Not pages of the site: the back office, and pages served only on the local machine. */
const NOT_COUNTED = /^\/(?:admin|dev)(?:\/|$)|^\/vip-checkout\/test$|^\/store\/checkout\/test$/;
/** One form for both lists: no trailing slash, every parameter as ':'. */
const shape = (path: string) => (path.length > 1 ? path.replace(/\/$/, "") : path).replace(/\/[$:][A-Za-z]+/g, "/:");

describe("COUNTED_PAGES", () => {
  it("lists every page of the router but the back office and local-only ones, and nothing else", () => {
    const source = readFileSync(new URL("../../app/routeTree.gen.ts", import.meta.url), "utf8");
    const union = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(source)?.[1];
    expect(union).toBeDefined();
    const routed = [...union!.matchAll(/'([^']*)'/g)].map((m) => m[1]!).filter((p) => !NOT_COUNTED.test(p));
    expect(new Set(COUNTED_PAGES.map(shape))).toEqual(new Set(routed.map(shape)));
  });

  it("names only id parameters the classifier knows, and no page twice", () => {
    const params = COUNTED_PAGES.flatMap((page) => page.split("/").filter((segment) => segment.startsWith(":")));
    expect(params.filter((param) => !(param in PAGE_ID_PARAMS))).toEqual([]);
    expect(COUNTED_PAGES.length).toBe(new Set(COUNTED_PAGES).size);
  });

  it("counts every declared page without ids as it is written", () => {
    for (const page of COUNTED_PAGES.filter((p) => !p.includes(":"))) expect(countedPath(page)).toBe(page);
  });
});
