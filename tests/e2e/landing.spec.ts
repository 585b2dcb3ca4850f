// The landing page as a visitor sees it, against the built site and its generated demo media
// (scripts/lib/demo-site-media.mjs, uploaded to local R2 by scripts/prepare-local.mjs): the hero's
// pictures really load and rotate every 5 s (not with reduced motion), the tour poster opens in a
// lightbox that keeps the keyboard inside and gives focus back, and the promo video is made
// only when scrolled near, then plays.
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { hostMs } from "./host-time";

/** app/features/landing/useHeroRotation.ts HERO_ROTATION_MS (docs/features.md#landing-page). */
const ROTATION_MS = 5000;

const backdrops = (page: Page) => page.locator(".hero-backgrounds");
/** The hero's picture `index`; the later ones are added once the page has settled. */
const heroImage = (page: Page, index: number) => page.locator(`.hero-bg[data-index="${index}"]`);
const activeIndex = (page: Page) => backdrops(page).getAttribute("data-active-index");
/** Whether an <img> has loaded a real picture (not a broken one). */
const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

test("the hero shows its first picture at once and moves to another within about 6 s", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign Up Now" })).toHaveAttribute("href", "/signup-options");
  await expect.poll(() => loaded(heroImage(page, 0))).toBe(true);
  // A 1280-wide viewport at 1x picks the 1280-wide file from the srcset.
  expect(await heroImage(page, 0).evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight, new URL(img.currentSrc).pathname])).toEqual([
    1280,
    720,
    "/media/site/hero-1-1280.jpg",
  ]);
  expect(await activeIndex(page)).toBe("0");
  // The turns start with the app (hydrated), and only go to a picture that has loaded. On a machine
  // busy with other journeys either may take a while; from then on, the next turn is within ~6 s.
  await hydrated(page);
  await expect.poll(async () => (await Promise.all([1, 2, 3].map((i) => loaded(heroImage(page, i))))).some(Boolean), { timeout: hostMs(15_000) }).toBe(true);
  await expect.poll(() => activeIndex(page), { timeout: ROTATION_MS + hostMs(1500) }).not.toBe("0");
  // It only ever fades to a picture that has loaded.
  const now = Number(await activeIndex(page));
  expect(await loaded(heroImage(page, now))).toBe(true);
  await expect(heroImage(page, now)).toHaveCSS("opacity", "1", { timeout: hostMs(3000) });
});

test("a phone gets the portrait cut of the first picture, downloaded once, without the wide one", async ({ browser }) => {
  // A phone's screen as well as its viewport: the preload scanner reads the screen's size before
  // the page is laid out (with the desktop device's 1920-wide screen it would take the wide picture).
  const phone = { viewport: { width: 412, height: 823 }, screen: { width: 412, height: 915 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const heroRequests: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/media/site/hero-1-")) heroRequests.push(pathname);
  });
  await page.goto("/");
  await expect.poll(() => loaded(heroImage(page, 0))).toBe(true);
  const [width, height, shown] = await heroImage(page, 0).evaluate((img: HTMLImageElement) => [
    img.naturalWidth,
    img.naturalHeight,
    new URL(img.currentSrc).pathname,
  ]);
  expect(shown).toBe("/media/site/hero-1-portrait.jpg");
  // The cut is 404x720; its `404w` descriptor at 100vw scales the natural size to the viewport's
  // width (412), so its shape is what says it is the portrait cut.
  expect(Number(width) / Number(height)).toBeCloseTo(404 / 720, 2);
  // The Worker's preload and the <picture> agree: one request, for the portrait cut only.
  expect(heroRequests).toEqual(["/media/site/hero-1-portrait.jpg"]);
  await context.close();
});

test("with reduced motion the hero stays on the first picture, and starts once motion is allowed", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  // The page's clock is ours: 6 s of its timers run at once, no sleeping in the test.
  await page.clock.install();
  await page.goto("/");
  await expect.poll(() => loaded(heroImage(page, 0))).toBe(true);
  await page.clock.runFor(ROTATION_MS + 1000);
  expect(await activeIndex(page)).toBe("0");
  // The other pictures are not even downloaded.
  await expect(page.locator(".hero-bg[src]")).toHaveCount(1);

  // The same clock does move the hero once the visitor allows motion: the check above can fail.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.clock.runFor(100); // a frame: the other pictures get their sources
  await expect(page.locator(".hero-bg[src]")).toHaveCount(4);
  await expect.poll(async () => (await Promise.all([1, 2, 3].map((i) => loaded(heroImage(page, i))))).every(Boolean)).toBe(true);
  await page.clock.runFor(ROTATION_MS);
  expect(await activeIndex(page)).toBe("1");
});

test("the tour poster opens full screen; Tab stays inside, Escape and the backdrop close it, focus comes back", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("button", { name: /View the tour poster full screen/ });
  await banner.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(banner.getByRole("img"))).toBe(true);
  await banner.click();

  const dialog = page.getByRole("dialog", { name: "Live on tour" });
  await expect(dialog).toBeVisible();
  await expect.poll(() => loaded(dialog.getByRole("img"))).toBe(true);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  const close = dialog.getByRole("button", { name: "Close" });
  const all = dialog.getByRole("link", { name: "See all events" });
  await expect(close).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(all).toBeFocused();
  await page.keyboard.press("Tab"); // from the last control back to the first
  await expect(close).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(all).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(banner).toBeFocused();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

  // A click on the backdrop (outside the picture) closes it too.
  await banner.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(4, 4);
  await expect(dialog).toBeHidden();
  await expect(banner).toBeFocused();
});

test("the promo video is made only when scrolled near, then plays", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Sign Up Now" })).toBeVisible();
  // The app takes over the page's scrolling when it starts: scroll once it has.
  await hydrated(page);
  const video = page.locator(".promo-video video");
  const frame = page.locator(".promo-video .promo-video-frame");
  await expect(frame).toHaveCount(1);
  await expect(video).toHaveCount(0);

  await frame.scrollIntoViewIfNeeded();
  await expect(video).toHaveAttribute("src", "/media/site/promo.mp4");
  await expect(video).toHaveAttribute("poster", "/media/site/promo-poster.jpg");
  await expect(video).toHaveAttribute("preload", "none");
  // The generated MP4 really plays (muted here only so the browser lets a script start it).
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: hostMs(15_000) }).toBeGreaterThan(0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight, Math.round(v.duration)])).toEqual([640, 360, 24]);
});
