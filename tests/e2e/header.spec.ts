// The header on wide screens for everyone signed in (one row, whatever the role: the account's pages
// are one menu), and pages that must not pan sideways on a phone.
import type { Page } from "@playwright/test";
import { expect, hydrated, signUp, test } from "./fixtures";
import { t } from "./support";

const headerHeight = (page: Page) => page.getByRole("banner").evaluate((header) => header.getBoundingClientRect().height);
const searchWidth = (page: Page) =>
  page
    .getByRole("banner")
    .getByRole("combobox")
    .evaluate((field) => field.getBoundingClientRect().width);

for (const role of ["admin", "fan"] as const) {
  test(`the header stays one row for the ${role} at 1366, 1600 and 1920 px, with the account's pages in one menu`, async ({ page, loginAs }) => {
    const account = await loginAs(role);
    for (const width of [1366, 1600, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/events");
      await hydrated(page);
      const button = page.getByRole("banner").getByRole("button", { name: `${account.username}, account menu` });
      await expect(button).toBeVisible();
      // One row (65 px before the account links wrapped it to 137) and a search field that says what it is for.
      expect(await headerHeight(page), `${role} at ${width}`).toBeLessThan(80);
      expect(await searchWidth(page), `${role} at ${width}`).toBeGreaterThan(200);
    }

    // The keyboard: Enter opens onto the first entry, arrows move, Escape closes onto the button.
    const button = page.getByRole("banner").getByRole("button", { name: /, account menu$/ });
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: "Logout" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Settings" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(menu).toBeHidden();
  });
}

test("the phone menu offers the same account menu, in Portuguese too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A new member: the demo accounts keep the language the seed gave them.
  const member = await signUp(page);
  await page.goto("/events");
  await hydrated(page);
  await page.getByRole("button", { name: t("en", "nav.menu.open") }).click();
  await page.getByRole("button", { name: t("en", "nav.language.pt") }).click();
  const panel = page.locator("#mobile-menu");
  await panel.getByRole("button", { name: `${member.username}, menu da conta` }).click();
  const menu = panel.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["Vantagens", "Coleção", "Meus ingressos", "Perfil", "Configurações", "Sair"]);
  await menu.getByRole("menuitem", { name: "Meus ingressos" }).click();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(panel).toBeHidden();
});

/** How far the page pans sideways: 0 when nothing is wider than the screen. */
const sidewaysPan = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("at 390 px the search results and the admin's tickets do not pan sideways", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A long event title ("Freestyle Lovers Live — Miami (tickets here)") wraps.
  await page.goto("/search?q=miami");
  await hydrated(page);
  await expect(page.getByRole("link", { name: /Freestyle Lovers Live — Miami/ }).first()).toBeVisible();
  expect(await sidewaysPan(page), "/search?q=miami").toBeLessThanOrEqual(0);

  // The tickets table scrolls in its own box.
  await loginAs("admin", "/admin/tickets");
  await expect(page.getByRole("heading", { level: 1, name: "Ticket Management" })).toBeVisible();
  await expect(page.locator(".tickets-table tbody tr").first()).toBeVisible();
  expect(await sidewaysPan(page), "/admin/tickets").toBeLessThanOrEqual(0);
  const table = page.locator(".tickets-table").locator("xpath=..");
  expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
});
