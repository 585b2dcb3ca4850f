// The back office, as an administrator uses it: every admin page opens without a console error;
// visits made by someone else (another browser) appear in the overview's figures; a track a VIP
// plays appears in track analytics; the session-timeout setting survives a reload. Other journeys
// run meanwhile: their visits and plays count too, so figures are compared with what they were.
import type { Page } from "@playwright/test";
import { expect, hydrated, recordAppReady, signUpVip, test } from "./fixtures";
import type { AnalyticsResponse, OverviewResponse, TrackAnalyticsResponse } from "../../worker/contracts/admin/analytics";
import type { AlbumResponse, AlbumsResponse } from "../../worker/contracts/music/music";
import { hostMs } from "./host-time";

const ADMIN_PAGES = [
  "/admin",
  "/admin/analytics",
  "/admin/analytics/tracks",
  "/admin/audit",
  "/admin/settings",
  "/admin/catalog",
  "/admin/events",
  "/admin/venues",
  "/admin/tickets",
  "/admin/users",
  "/admin/messages",
  "/admin/marketing",
  "/admin/moderation",
];

/** Headless Chromium says "HeadlessChrome" in its user agent, which analytics rightly ignores: a visitor here is an ordinary browser. */
const ORDINARY_BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function json<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/**
 * Albums other journeys play (moonlight-boulevard: music, players-mobile, role-change;
 * neon-valentine: early-access; freestyle-nights: party; spring-love-single: embed): a play of
 * theirs must not land in the count this journey checks.
 */
const PLAYED_ELSEWHERE = new Set(["moonlight-boulevard", "neon-valentine", "freestyle-nights", "spring-love-single"]);

test("an admin opens every admin page, and none logs an error", async ({ page, loginAs }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  await loginAs("admin");
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
    // The page has settled: nothing is still loading.
    await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: hostMs(10_000) });
  }
  expect(errors).toEqual([]);
});

test("visits from another browser show up in the overview", async ({ browser, page, loginAs }) => {
  await loginAs("admin");
  // Views counted by UTC date from the first date this journey saw: unlike the overview's rolling 24
  // hours, where seeded views (timed from the seed) leave the window as the clock moves, this sum can
  // only grow, so the visitor's two views must show in it.
  const viewsSince = async (firstDate: string) =>
    (await json<AnalyticsResponse>(page, "/api/admin/analytics?days=7&tz=UTC")).traffic
      .filter((d) => d.date >= firstDate)
      .reduce((sum, d) => sum + d.pageViews, 0);
  const firstDate = (await json<AnalyticsResponse>(page, "/api/admin/analytics?days=7&tz=UTC")).traffic.at(-1)!.date;
  const before = await viewsSince(firstDate);

  const visitor = await browser.newContext({ userAgent: ORDINARY_BROWSER });
  const visitorPage = await visitor.newPage();
  await recordAppReady(visitorPage);
  let viewsSent = 0;
  visitorPage.on("requestfinished", (request) => {
    if (new URL(request.url()).pathname === "/api/collect") viewsSent++;
  });
  await visitorPage.goto("/");
  await expect(visitorPage.getByRole("heading", { level: 1 })).toBeVisible();
  // A route change in the SPA counts as a page view too (a click before hydration would be a
  // full page load instead).
  await hydrated(visitorPage);
  await visitorPage.getByRole("link", { name: "Sign Up Now" }).click();
  await expect(visitorPage).toHaveURL(/\/signup-options$/);
  // Both views have left the browser (the first waits for an idle moment) before it closes.
  await expect.poll(() => viewsSent).toBe(2);
  await visitor.close();

  // Views are written in batches every few seconds.
  await expect.poll(() => viewsSince(firstDate), { timeout: hostMs(15_000) }).toBeGreaterThanOrEqual(before + 2);
  const after = await json<OverviewResponse>(page, "/api/admin/overview");
  expect(after.currentVisitors.value).toBeGreaterThanOrEqual(1);

  // The card shows the figure of the overview the page itself was sent. That figure is not compared
  // with `after`: other journeys' visits may have been counted since, and the overview's rolling
  // 24 hours may have let a seeded view (timed from the seed) go, so it moves either way.
  const sent = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/admin/overview" && res.ok());
  await page.goto("/admin");
  const shown = (await (await sent).json()) as OverviewResponse;
  expect(shown.pageViews.value).toBeGreaterThan(0);
  const card = page.getByRole("article", { name: "Page Views" });
  await expect(card.locator(".admin-stat-value")).toHaveText(shown.pageViews.value.toLocaleString("en-US"));
});

test("a track the VIP plays appears in track analytics", async ({ browser, page, loginAs }, testInfo) => {
  await loginAs("admin");
  const { albums } = await json<AlbumsResponse>(page, "/api/music/albums");
  // An album nobody else plays; each repetition (--repeat-each) one of its own, so two of them
  // running at once do not count each other's play.
  const unplayed = albums.filter((a) => !PLAYED_ELSEWHERE.has(a.id));
  const album = unplayed[testInfo.repeatEachIndex % unplayed.length]!;
  const { album: detail } = await json<AlbumResponse>(page, `/api/music/albums/${album.id}`);
  const track = detail.tracks[0]!;
  const playsOf = async () =>
    (await json<TrackAnalyticsResponse>(page, "/api/admin/analytics/tracks?period=7")).tracks.find((t) => t.trackId === track.id)?.totalPlays ?? 0;
  const before = await playsOf();

  // A new VIP in a browser of their own: nobody else's earlier play of this track can make theirs
  // a replay that counts once.
  const vipContext = await browser.newContext();
  const vip = await vipContext.newPage();
  await signUpVip(vip, browser);
  await vip.goto(`/music/catalog/${album.id}`);
  await vip.getByRole("button", { name: "Play Album" }).click();
  await expect(vip.getByRole("region", { name: "Audio player" }).locator(".player-bar-title")).toHaveText(track.title);
  await expect.poll(playsOf, { timeout: hostMs(15_000) }).toBe(before + 1);
  await vipContext.close();

  await page.goto("/admin/analytics/tracks?period=7");
  const row = page.getByRole("row", { name: new RegExp(track.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).first();
  await expect(row).toContainText(String(before + 1));
});

// The site's settings are one for everyone: no other journey that changes them (a repetition of
// this one included) runs at the same time.
test("the session timeout an admin saves is still there after a reload", { lock: "site-settings" }, async ({ page, loginAs }) => {
  await loginAs("admin", "/admin/settings");
  const timeout = page.getByLabel("Session Timeout");
  await expect(timeout).toBeVisible();
  const original = await timeout.inputValue();
  const chosen = original === "48" ? "12" : "48";
  await timeout.selectOption(chosen);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Session Timeout")).toHaveValue(chosen);

  // Leave the demo as it was for the other journeys.
  await page.getByLabel("Session Timeout").selectOption(original);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
});
