// TV, as fans use it: a visitor sees the five channels and the VIP gate, and gets no video; a VIP
// opens /tv, sees the static, then the first channel really plays (its time advances), skips
// 10 s forward and back, and joins the live channel where the broadcast is.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hostMs } from "./host-time";

/** worker/contracts/tv.ts (TV_STATIC_MS, TV_SKIP_SECONDS), docs/features.md#radio-and-tv. */
const STATIC_MS = 2000;
const SKIP_SECONDS = 10;

const CHANNELS = [
  "Spring Love (Official Music Video)",
  "Waiting for Your Love (Official Music Video)",
  "I Wanna Be the One (Official Music Video)",
  "Freestyle Lovers Live",
  "Behind the Scenes",
];

const player = (page: Page) => page.getByRole("region", { name: "TV player" });
const video = (page: Page) => player(page).locator("video");
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * Waits for the static to end and the video to play. A browser may refuse autoplay before the
 * visitor has interacted with the page; the player then offers its big play button (spec: no
 * error), which a person would press.
 */
async function waitUntilPlaying(page: Page) {
  await expect(player(page).getByText(/^Tuning in to /)).toBeHidden({ timeout: STATIC_MS + hostMs(15_000) });
  const bigPlay = player(page).getByRole("button", { name: "Play video" });
  await expect.poll(async () => (await bigPlay.isVisible()) || (await currentTime(page)) > 0.3, { timeout: hostMs(15_000) }).toBe(true);
  if (await bigPlay.isVisible()) await bigPlay.click();
  await expect.poll(() => currentTime(page), { timeout: hostMs(15_000) }).toBeGreaterThan(1);
}

test("a visitor sees the channel grid and 'VIP Access Required', and is sent no video", async ({ page }) => {
  const videoRequests: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/tv\/channels\/[^/]+\/stream$/.test(pathname) || (pathname.startsWith("/media/tv/") && !pathname.startsWith("/media/tv/thumbs/"))) {
      videoRequests.push(pathname);
    }
  });
  await page.goto("/tv");
  await expect(page.getByRole("heading", { level: 1, name: "TV" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "VIP Access Required" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Become a VIP Member" })).toHaveAttribute("href", "/vip-signup");

  const grid = page.getByRole("region", { name: "Channels" });
  const cards = grid.getByRole("button");
  await expect(cards).toHaveCount(5);
  // A card's name is all its text, the channel's name first.
  const startsWith = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `);
  for (const [i, name] of CHANNELS.entries()) await expect(cards.nth(i)).toHaveAccessibleName(startsWith(name));
  await expect(cards.nth(0)).toHaveAttribute("aria-pressed", "true");
  await expect(cards.nth(3).getByText("LIVE", { exact: true })).toBeVisible();
  // Thumbnails are public: they load for a visitor.
  await expect
    .poll(() =>
      cards
        .nth(0)
        .locator("img")
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);

  // A card is keyboard-operable: it becomes the chosen one, and still no video is asked for.
  await cards.nth(1).focus();
  await page.keyboard.press("Enter");
  await expect(cards.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/tv\?channel=waiting-for-your-love-video$/);
  await expect(player(page)).toHaveCount(0);

  // Even asked directly, the API refuses a visitor a stream.
  const stream = await page.request.post("/api/tv/channels/spring-love-video/stream", { data: {}, headers: { origin: new URL(page.url()).origin } });
  expect(stream.status()).toBe(401);
  expect(videoRequests).toEqual([]);
});

test("a VIP watches the first channel, skips 10 s forward and back, and joins the live channel in sync", async ({ page, loginAs }) => {
  await loginAs("vip", "/tv");
  await expect(player(page).getByText(`Tuning in to ${CHANNELS[0]}...`)).toBeVisible();
  await waitUntilPlaying(page);
  await expect(video(page)).toHaveAttribute("src", /^\/media\/tv\/spring-love-video\?token=/);
  await expect(video(page)).toHaveJSProperty("loop", true);

  // Skip forward: the time jumps by ~10 s, and the video goes on playing from there.
  const before = await currentTime(page);
  const forward = player(page).getByRole("button", { name: `Skip forward ${SKIP_SECONDS} seconds` });
  await forward.click();
  const jumped = await currentTime(page);
  expect(jumped - before).toBeGreaterThan(SKIP_SECONDS - 0.5);
  expect(jumped - before).toBeLessThan(SKIP_SECONDS + 1.5);
  await expect.poll(() => currentTime(page), { timeout: hostMs(15_000) }).toBeGreaterThan(jumped + 0.5);

  // J (focus in the player) goes back 10 s.
  const beforeKey = await currentTime(page);
  await page.keyboard.press("j");
  const back = await currentTime(page);
  expect(beforeKey - back).toBeGreaterThan(SKIP_SECONDS - 1.5);
  expect(beforeKey - back).toBeLessThan(SKIP_SECONDS + 0.5);

  // Pause stops the clock.
  await player(page).getByRole("button", { name: "Pause" }).click();
  const paused = await currentTime(page);
  await expect(player(page).getByRole("button", { name: "Play", exact: true })).toBeVisible();
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  expect(await currentTime(page)).toBe(paused);

  // The live channel: static again, LIVE, no skipping, and the picture where the server says the
  // broadcast is (its own answer, asked now, gives the position every viewer shares).
  await page.getByRole("region", { name: "Channels" }).getByRole("button", { name: CHANNELS[3] }).click();
  await expect(player(page).getByText(`Tuning in to ${CHANNELS[3]}...`)).toBeVisible();
  await waitUntilPlaying(page);
  await expect(video(page)).toHaveAttribute("src", /^\/media\/tv\/live\?token=/);
  await expect(player(page).getByText("LIVE", { exact: true })).toBeVisible();
  await expect(player(page).getByRole("button", { name: `Skip forward ${SKIP_SECONDS} seconds` })).toHaveAttribute("aria-disabled", "true");
  const answer = await page.request.post("/api/tv/channels/live/stream", { data: {}, headers: { origin: new URL(page.url()).origin } });
  expect(answer.status()).toBe(200);
  const live = (await answer.json()) as { startAt: number; durationSeconds: number };
  const position = await currentTime(page);
  const gap = Math.abs(position - live.startAt) % live.durationSeconds;
  expect(Math.min(gap, live.durationSeconds - gap)).toBeLessThan(3);
});
