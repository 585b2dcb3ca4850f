// Each public page's first-load work in the browser, counted rather than timed, so the verdict is
// the same on any host and under any load (decision 174): the JavaScript functions that ran and how
// many calls they made, from a fresh browser context's navigation until the page is hydrated and
// the network idle (V8's precise coverage, through Playwright). A page over its budget fails: that
// is the shell or the page starting more work before it is usable. Milliseconds are not read here;
// `npm run measure:lighthouse` prints them as advice.
import type { Browser } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { hostMs } from "./host-time";

/**
 * The launch goal's public pages (scripts/lib/measure.mjs PUBLIC_PAGES) and each one's budget:
 * today's figures (2026-11-29) plus 4 % of functions, a few dozen (importing a library at start-up
 * runs more: zod alone ran 88 more on every page), and 30 % of calls, which vary more (timers and
 * animation frames that run before the network is idle).
 */
const BUDGETS: Record<string, { functions: number; calls: number }> = {
  "/": { functions: 1340, calls: 142_000 },
  "/events": { functions: 1230, calls: 109_000 },
  "/music": { functions: 1350, calls: 221_000 },
  "/music/catalog": { functions: 1120, calls: 105_000 },
  "/music/catalog/city-lights-calling": { functions: 1350, calls: 74_000 },
  "/music/track/spring-love": { functions: 1360, calls: 76_000 },
  "/vip-signup": { functions: 1130, calls: 65_000 },
  "/signup-options": { functions: 1130, calls: 68_000 },
  "/perks": { functions: 1105, calls: 57_000 },
  "/store": { functions: 1130, calls: 68_000 },
  "/store/tour-shirt-2026": { functions: 1150, calls: 62_000 },
};
/** Two first visits a page; the lower figure is the page's (a timer that ran in one is not its start-up). */
const ROUNDS = 2;

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

test("each public page's first load runs no more JavaScript than its budget, counted in functions and calls", async ({ browser }) => {
  test.setTimeout(hostMs(240_000));
  const rows: string[] = [];
  const over: string[] = [];
  for (const [path, budget] of Object.entries(BUDGETS)) {
    const rounds: Work[] = [];
    for (let round = 0; round < ROUNDS; round++) rounds.push(await firstLoadWork(browser, path));
    const work = { functions: Math.min(...rounds.map((r) => r.functions)), calls: Math.min(...rounds.map((r) => r.calls)) };
    expect(work.functions, `${path}: no JavaScript ran`).toBeGreaterThan(500);
    if (work.functions > budget.functions || work.calls > budget.calls) over.push(path);
    rows.push(
      `  ${path.padEnd(36)} ${String(work.functions).padStart(5)} functions (budget ${budget.functions})  ${String(work.calls).padStart(7)} calls (budget ${budget.calls})`,
    );
  }
  console.log(`First-load work, counted (fresh context, until hydrated and the network is idle):\n${rows.join("\n")}`);
  expect(over, "pages over their first-load work budget").toEqual([]);
});
