// Special perks as members meet them (the demo perks of scripts/lib/demo-perks.mjs): a VIP finds
// Perks in the header, reveals the merch discount's shared code and sees it again after a reload;
// a member who is not VIP sees the same perk as a teaser with a way to become VIP, on a phone; a
// visitor is asked to sign in; the back office lists the perks with their codes left.
import { expect, test } from "./fixtures";
import { accountMenuItem } from "./support";

const MERCH = "20% off the official merch store";
const SURPRISE = "Surprise: a studio demo for everyone";

test("a VIP reveals a perk's code on /perks", async ({ page, loginAs }) => {
  await loginAs("vip");
  await (await accountMenuItem(page, "Perks")).click();
  await expect(page).toHaveURL(/\/perks$/);
  await expect(page.getByRole("heading", { level: 1, name: "Special Perks" })).toBeVisible();

  const card = page.getByRole("article", { name: MERCH });
  await expect(card.getByText("VIP only")).toBeVisible();
  const reveal = card.getByRole("button", { name: /^(Reveal my code|Show my code again)$/ });
  await reveal.focus();
  await page.keyboard.press("Enter");
  await expect(card.getByTestId("perk-code")).toHaveText("FREESTYLE20");
  await expect(card.getByRole("link", { name: /Open the offer/ })).toHaveAttribute("href", "/store");
  await expect(card.getByText(/^Revealed on /)).toBeVisible();

  await page.reload();
  const again = page.getByRole("article", { name: MERCH }).getByRole("button", { name: "Show my code again" });
  await again.click();
  await expect(page.getByRole("article", { name: MERCH }).getByTestId("perk-code")).toHaveText("FREESTYLE20");
});

test("a member sees a VIP-only perk as a teaser on a phone, and a visitor is asked to sign in", async ({ page, browser, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs("fan", "/perks");
  await expect(page.getByRole("heading", { level: 1, name: "Special Perks" })).toBeVisible();

  const teaser = page.getByRole("article", { name: MERCH });
  await expect(teaser.getByText("VIP only")).toBeVisible();
  await expect(teaser.getByText("This perk is for VIP members.")).toBeVisible();
  await expect(teaser.getByRole("link", { name: "Become VIP" })).toHaveAttribute("href", "/vip-signup");
  await expect(teaser.getByRole("button")).toHaveCount(0);
  await expect(teaser.getByTestId("perk-code")).toHaveCount(0);
  // No sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A perk for every member is theirs to reveal.
  await expect(page.getByRole("article", { name: SURPRISE }).getByRole("button", { name: /^(Reveal the offer|Show the offer again)$/ })).toBeVisible();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/perks");
  await expect(visitorPage.getByText("Sign in to reveal the perks that are yours.")).toBeVisible();
  await expect(visitorPage.getByRole("article", { name: MERCH }).getByRole("link", { name: "Sign in to reveal" })).toHaveAttribute("href", "/social/login");
  await visitor.close();
});

test("the back office lists the perks with their state and codes left", async ({ page, loginAs }) => {
  await loginAs("admin", "/admin/perks");
  await expect(page.getByRole("heading", { level: 1, name: "Special Perks" })).toBeVisible();
  const row = page.getByRole("row", { name: /Signed limited-edition vinyl/ });
  await expect(row.getByText("Live")).toBeVisible();
  await expect(row.getByText(/^\d+ of 5 codes left$/)).toBeVisible();
  await row.getByRole("button", { name: "Who revealed Signed limited-edition vinyl" }).click();
  await expect(page.getByRole("dialog", { name: "Who revealed Signed limited-edition vinyl" })).toBeVisible();
});
