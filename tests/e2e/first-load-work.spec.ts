// Each public page's first-load work in the browser, counted rather than timed, so the verdict is
// the same on any host and under any load (decision 174): the JavaScript functions that ran and how
// many calls they made, from a fresh browser context's navigation until the page is hydrated and
// the network idle (V8's precise coverage, through Playwright). A page over its budget fails: that
// is the shell or the page starting more work before it is usable. Milliseconds are not read here;
// `npm run measure:lighthouse` prints them as advice.
import type { Browser } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/**
 * The launch goal's public pages (scripts/lib/measure.mjs PUBLIC_PAGES) and each one's budget,
 * from two states (2026-11-29): a fresh journey server, and the suite's server midway through the
 * other journeys, where some pages run less (a released pre-order, an ended show: a page runs what
 * it shows; the counts do not move with the host or its load, two busy loops beside gave the same).
 * Functions: the larger of the two plus 3 %, so that a library imported at start-up shows on
 * every page whose content the journeys leave alone (zod alone ran 88 more). Calls: plus 30 %,
 * they vary more (timers and animation frames that run before the network is idle).
 */
const BUDGETS: Record<string, { functions: number; calls: number }> = {
  // The landing's sections below the hero wait until they near the viewport (decision 178): 1,153
  // functions and 54,456 calls on a fresh server, against 1,288 and 107,365 with them hydrated.
  "/": { functions: 1200, calls: 75_000 },
  // Its cards below the first screen wait too (decision 178): 1,160 functions and 45,043 calls on a
  // fresh server, against 1,191 and 76,267 with every card hydrated.
  "/events": { functions: 1220, calls: 60_000 },
  "/music": { functions: 1340, calls: 221_000 },
  // The footer's waiting boundary added React's paths for it (decision 178): 1,088-1,089 on a fresh
  // server after it, 1,057 midway through the journeys; the budget from the fresh one plus 3 %.
  "/music/catalog": { functions: 1120, calls: 105_000 },
  "/music/catalog/city-lights-calling": { functions: 1335, calls: 74_000 },
  "/music/track/spring-love": { functions: 1348, calls: 76_000 },
  "/vip-signup": { functions: 1119, calls: 65_000 },
  "/signup-options": { functions: 1119, calls: 68_000 },
  "/perks": { functions: 1091, calls: 57_000 },
  "/store": { functions: 1115, calls: 68_000 },
  "/store/tour-shirt-2026": { functions: 1134, calls: 62_000 },
};

type Work = { functions: number; calls: number };

async function firstLoadWork(browser: Browser, path: string): Promise<Work> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const work: Work = { functions: 0, calls: 0 };
    for (const script of await page.coverage.stopJSCoverage()) {
      for (const fn of script.functions) {
        // A function's first range is its whole body; its count is how often it was called.
        const calls = fn.ranges[0]?.count ?? 0;
        work.calls += calls;
        if (calls > 0) work.functions += 1;
      }
    }
    return work;
  } finally {
    await context.close();
  }
}

// One journey a page, so the pages spread over the workers; each is one first visit.
for (const [path, budget] of Object.entries(BUDGETS)) {
  test(`${path}'s first load runs no more JavaScript than its budget, counted in functions and calls`, async ({ browser }) => {
    const work = await firstLoadWork(browser, path);
    console.log(
      `First-load work ${path.padEnd(36)} ${String(work.functions).padStart(5)} functions (budget ${budget.functions})  ${String(work.calls).padStart(7)} calls (budget ${budget.calls})`,
    );
    expect(work.functions, `${path}: no JavaScript ran`).toBeGreaterThan(500);
    expect(work.functions, `${path}: functions run on the first load`).toBeLessThanOrEqual(budget.functions);
    expect(work.calls, `${path}: calls made on the first load`).toBeLessThanOrEqual(budget.calls);
  });
}
