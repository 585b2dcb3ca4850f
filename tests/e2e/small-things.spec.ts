// Smaller things a real browser must show: the phone menu covers the whole page below the header
// (even opened at the foot of the page), /vip-confirmation opened by hand logs nothing to the
// console, and the landing hero's main button becomes the signed-in person's own once the session
// loads, without a hydration mismatch (the fixtures fail a journey on one); the skip link from the
// keyboard, and no box of it where axe would find it covering a control scrolled above the screen.
import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { t } from "./support";
import { axeViolationNodes } from "./axe";

const PHONE = { width: 390, height: 844 };

function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the menu opened at the foot of the page covers everything below the header", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator(".site-footer")).toBeInViewport();
    await page.locator(".menu-toggle").click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();

    const header = await page.locator(".site-header-bar").boundingBox();
    const box = await menu.boundingBox();
    if (!header || !box) throw new Error("the header or the menu has no box");
    expect(box.x).toBe(0);
    expect(box.width).toBe(PHONE.width);
    expect(Math.abs(box.y - (header.y + header.height))).toBeLessThanOrEqual(2);
    expect(box.y + box.height).toBeGreaterThanOrEqual(PHONE.height - 1);
    // What the phone shows at the bottom of the screen is the menu, not the footer under it.
    const bottomIsMenu = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("#mobile-menu") !== null,
      [PHONE.width / 2, PHONE.height - 4],
    );
    expect(bottomIsMenu).toBe(true);
  });
});

test("/vip-confirmation opened by hand says there is nothing to confirm, with no console error", async ({ page, loginAs }) => {
  await loginAs("fan");
  const errors = consoleErrors(page);
  await page.goto("/vip-confirmation");
  await expect(page.getByRole("heading", { level: 1, name: t("en", "vip.confirmation.none.title") })).toBeVisible();
  await expect(page.getByRole("link", { name: t("en", "vip.confirmation.none.link") })).toHaveAttribute("href", "/vip-signup");
  expect(errors).toEqual([]);
});

test("the landing hero's main button: Go VIP for a member, Listen now for a VIP", async ({ page, loginAs }) => {
  await loginAs("fan", "/");
  await hydrated(page);
  const hero = page.locator(".hero-actions");
  await expect(hero.getByRole("link", { name: t("en", "home.hero.goVip") })).toHaveAttribute("href", "/vip-signup");
  await expect(hero.getByRole("link", { name: t("en", "home.hero.signUp") })).toHaveCount(0);

  await page.context().clearCookies();
  await loginAs("vip", "/");
  await hydrated(page);
  await expect(hero.getByRole("link", { name: t("en", "home.hero.listenNow") })).toHaveAttribute("href", "/music");
});

test("the skip link is the first stop of the keyboard, shows when reached, and leads to the content", async ({ page }) => {
  await page.goto("/events");
  await hydrated(page);
  const skip = page.getByRole("link", { name: t("en", "nav.skipToContent") });
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box!.width).toBeGreaterThan(24);
  expect(box!.height).toBeGreaterThan(24);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test.describe("on a phone, scrolled", () => {
  test.use({ viewport: PHONE });

  test("axe finds nothing covering a control that has scrolled just above the screen", async ({ page }) => {
    await page.goto("/events");
    await hydrated(page);
    // A control at the left, put about where a box parked above the sticky header would stand in the
    // page's coordinates: axe places the header's children there once the page has scrolled.
    const top = await page.evaluate(() => {
      const control = [...document.querySelectorAll("main a, main button")]
        .map((element) => element.getBoundingClientRect())
        .find((box) => box.height >= 24 && box.left < 100 && box.top > 300);
      return control ? control.top + window.scrollY : null;
    });
    if (top === null) throw new Error("no control at the left, lower down the page");
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top + 80);
    expect((await axeViolationNodes(page)).filter((v) => v.id === "target-size")).toEqual([]);
  });
});
