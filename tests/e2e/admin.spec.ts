// The back office, as an administrator uses it: every admin page opens without a console error;
// visits made by someone else (another browser) appear in the overview's figures; a track the VIP
// plays appears in track analytics; the session-timeout setting survives a reload.
import type { Browser, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { demoAccount } from "./support";
import type { OverviewResponse, TrackAnalyticsResponse } from "../../worker/contracts/admin-analytics";
import type { AlbumResponse, AlbumsResponse } from "../../worker/contracts/music";

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

async function signedInContext(browser: Browser, key: "vip" | "admin") {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = demoAccount(key);
  await signIn(page, account.email, account.password);
  return { context, page };
}

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
    await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 10_000 });
  }
  expect(errors).toEqual([]);
});

test("visits from another browser show up in the overview", async ({ browser, page, loginAs }) => {
  await loginAs("admin");
  const before = await json<OverviewResponse>(page, "/api/admin/overview");

  const visitor = await browser.newContext({ userAgent: ORDINARY_BROWSER });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/");
  await expect(visitorPage.getByRole("heading", { level: 1 })).toBeVisible();
  // A route change in the SPA counts as a page view too.
  await visitorPage.getByRole("link", { name: "Sign Up Now" }).click();
  await expect(visitorPage).toHaveURL(/\/signup-options$/);
  await visitor.close();

  // Views are written in batches every few seconds.
  await expect
    .poll(async () => (await json<OverviewResponse>(page, "/api/admin/overview")).pageViews.value, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(before.pageViews.value + 2);
  const after = await json<OverviewResponse>(page, "/api/admin/overview");
  expect(after.currentVisitors.value).toBeGreaterThanOrEqual(1);

  await page.goto("/admin");
  const card = page.getByRole("article", { name: "Page Views" });
  await expect(card.locator(".admin-stat-value")).toHaveText(after.pageViews.value.toLocaleString("en-US"));
});

test("a track the VIP plays appears in track analytics", async ({ browser, page, loginAs }) => {
  await loginAs("admin");
  const { albums } = await json<AlbumsResponse>(page, "/api/music/albums");
  // Not the album the music journey plays, so this VIP's replay window cannot swallow the play.
  const album = albums.find((a) => a.id !== "moonlight-boulevard")!;
  const { album: detail } = await json<AlbumResponse>(page, `/api/music/albums/${album.id}`);
  const track = detail.tracks[0]!;
  const playsOf = async () =>
    (await json<TrackAnalyticsResponse>(page, "/api/admin/analytics/tracks?period=7")).tracks.find((t) => t.trackId === track.id)?.totalPlays ?? 0;
  const before = await playsOf();

  const vip = await signedInContext(browser, "vip");
  await vip.page.goto(`/music/catalog/${album.id}`);
  await vip.page.getByRole("button", { name: "Play Album" }).click();
  await expect(vip.page.getByRole("region", { name: "Audio player" }).locator(".player-bar-title")).toHaveText(track.title);
  await expect.poll(playsOf, { timeout: 15_000 }).toBe(before + 1);
  await vip.context.close();

  await page.goto("/admin/analytics/tracks?period=7");
  const row = page.getByRole("row", { name: new RegExp(track.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).first();
  await expect(row).toContainText(String(before + 1));
});

test("the session timeout an admin saves is still there after a reload", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin/settings");
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
