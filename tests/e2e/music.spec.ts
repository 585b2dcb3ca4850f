// Music, as fans use it: a visitor plays previews, is offered VIP at their end and gets no full track;
// a VIP plays an album whose audio really advances, skips, seeks, drives it from the keyboard and
// raises the plays counter; a shared track link carries its share tags in the HTML itself.
import type { Page } from "@playwright/test";
import { expect, signUpVip, test } from "./fixtures";
import { hostMs } from "./host-time";

const ALBUM = "/music/catalog/moonlight-boulevard";

/** The player bar's seek slider: its value is the audio element's current time in seconds. */
const seekSlider = (page: Page) => page.getByRole("region", { name: "Audio player" }).getByRole("slider", { name: "Seek" });
const barTitle = (page: Page) => page.getByRole("region", { name: "Audio player" }).locator(".player-bar-title");
const position = async (page: Page) => Number(await seekSlider(page).inputValue());

/** The hub's total plays, as shown in its cover header. */
async function totalPlays(page: Page) {
  await page.goto("/music");
  const count = page.locator(".hub-plays-count");
  await expect(count).not.toHaveText("0");
  return Number((await count.textContent())!.replace(/[^\d]/g, ""));
}

test("a visitor plays a track's preview on the album page, hears it stop at 30 s with the VIP offer, and gets no full track", async ({ page }) => {
  const fullTracks: string[] = [];
  const previews: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/media/tracks/")) fullTracks.push(path);
    if (path.startsWith("/media/previews/")) previews.push(path);
  });
  await page.goto(ALBUM);
  await expect(page.getByRole("heading", { level: 1, name: "Moonlight Boulevard" })).toBeVisible();
  await page.getByRole("button", { name: "Play a 30-second preview of Dreamin' of Love" }).click();
  const bar = page.getByRole("region", { name: "Audio player" });
  await expect(barTitle(page)).toHaveText("Dreamin' of Love");
  await expect(bar.getByText("Preview · 0:30")).toBeVisible();
  await expect.poll(() => position(page), { timeout: hostMs(15_000) }).toBeGreaterThan(1);
  // The preview is all the audio element has: 30 seconds, whole MP3 frames.
  const length = Number(await seekSlider(page).getAttribute("max"));
  expect(length).toBeGreaterThanOrEqual(29);
  expect(length).toBeLessThanOrEqual(30);

  await seekSlider(page).fill("26");
  const offer = bar.getByRole("status").filter({ hasText: "That was the preview. VIP members hear every track in full." });
  await expect(offer).toBeVisible({ timeout: hostMs(15_000) });
  await expect(bar.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  expect(previews).toEqual(["/media/previews/moonlight-boulevard-1"]);
  await offer.getByRole("link", { name: "Become VIP" }).click();
  await expect(page).toHaveURL(/\/vip-signup$/);

  await page.goto(ALBUM);
  await page.getByRole("link", { name: "Unlock with VIP", exact: true }).click();
  await expect(page).toHaveURL(/\/vip-signup$/);

  // Even asked directly, the API refuses a visitor a stream URL.
  const stream = await page.request.post("/api/music/tracks/moonlight-boulevard-1/stream", { data: {}, headers: { origin: new URL(page.url()).origin } });
  expect(stream.status()).toBe(401);
  expect(fullTracks).toEqual([]);
});

test("a VIP plays an album: the audio advances, next and previous, seek, shortcuts, and the plays counter rises", async ({ page, browser }) => {
  // A VIP of this journey's own: another journey's recent play of these tracks as the same member
  // would make theirs replays, counted once. Other members' plays only add to the total.
  await signUpVip(page, browser);
  const before = await totalPlays(page);

  await page.goto(ALBUM);
  await page.getByRole("button", { name: "Play Album" }).click();
  await expect(barTitle(page)).toHaveText("Dreamin' of Love");
  // The real <audio> element is playing: its time grows.
  await expect.poll(() => position(page), { timeout: hostMs(15_000) }).toBeGreaterThan(1);

  await page.getByRole("button", { name: "Next track" }).click();
  await expect(barTitle(page)).toHaveText("Moonlight Boulevard");
  await expect.poll(() => position(page), { timeout: hostMs(15_000) }).toBeGreaterThan(0.5);
  await page.getByRole("button", { name: "Previous track" }).click();
  await expect(barTitle(page)).toHaveText("Dreamin' of Love");

  // Seek to 40 s: the audio continues from there.
  await seekSlider(page).fill("40");
  await expect.poll(() => position(page), { timeout: hostMs(15_000) }).toBeGreaterThanOrEqual(40);

  // Keyboard: Shift+Right next, Space pauses, '?' opens the shortcuts help.
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("Shift+ArrowRight");
  await expect(barTitle(page)).toHaveText("Moonlight Boulevard");
  await page.keyboard.press(" ");
  await expect(page.getByRole("region", { name: "Audio player" }).getByRole("button", { name: "Play", exact: true })).toBeVisible();
  const paused = await position(page);
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");
  expect(await position(page)).toBe(paused);

  // Three different tracks started playing: each counted once.
  await expect.poll(() => totalPlays(page), { timeout: hostMs(15_000) }).toBeGreaterThanOrEqual(before + 2);
});

test("a shared track link carries its title, album and cover in the HTML for chat apps", async ({ request }) => {
  const res = await request.get("/music/track/spring-love");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<meta property="og:title" content="Spring Love · Spring Love · Freestyle Lovers">');
  expect(html).toContain('<meta property="og:type" content="music.song">');
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/covers\/spring-love-single\.png">/);
  expect(html).toContain('<meta name="twitter:card" content="summary">');
  // And the page itself, for anyone who follows the link.
  expect(html).toMatch(/<h1[^>]*>Spring Love<\/h1>/);
  const cover = await request.get(html.match(/og:image" content="([^"]+)"/)![1]!);
  expect(cover.status()).toBe(200);
  expect(cover.headers()["content-type"]).toBe("image/png");
});
