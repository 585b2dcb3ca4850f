// Membership tiers (decision 097): an admin creates a tier above VIP at /admin/tiers, typing its
// English and Portuguese texts side by side, and a visitor finds it on /signup-options in both
// languages with its price, benefits and free trial. The tier is archived afterwards (through the
// API), so the ladder the other journeys see is the demo's.
import { asAdmin, expect, test } from "./fixtures";

test("an admin creates a tier in English and Portuguese, and a visitor sees it on /signup-options in both languages", async ({ page, browser, loginAs }) => {
  const suffix = Date.now().toString(36);
  const nameEn = `Backstage ${suffix}`;
  const namePt = `Bastidores ${suffix}`;
  const id = `backstage-${suffix}`;

  await loginAs("admin", "/admin/tiers");
  await expect(page.getByRole("heading", { level: 1, name: "Membership Tiers" })).toBeVisible();
  await page.getByRole("button", { name: "Add tier" }).click();
  const form = page.getByRole("dialog", { name: "Add tier" });
  const en = form.getByRole("group", { name: "English" });
  const pt = form.getByRole("group", { name: "Portuguese (Brazil)" });
  await en.getByLabel("Name").fill(nameEn);
  await en.getByLabel("Description").fill("Soundcheck with the band.");
  await en.getByRole("button", { name: "Add a benefit (English)" }).click();
  await en.getByRole("textbox", { name: "Benefit 1 (English)" }).fill("Soundcheck visits");
  await pt.getByLabel("Name").fill(namePt);
  await pt.getByLabel("Description").fill("Passagem de som com a banda.");
  await pt.getByRole("button", { name: "Add a benefit (Portuguese (Brazil))" }).click();
  await pt.getByRole("textbox", { name: "Benefit 1 (Portuguese (Brazil))" }).fill("Visitas à passagem de som");
  await form.getByLabel("Monthly price (USD)").fill("39.99");
  await form.getByLabel("Monthly price (BRL)").fill("199.90");
  await form.getByLabel("Free trial (days)").fill("14");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("status")).toHaveText("Tier created.");
  await expect(page.getByRole("row", { name: new RegExp(nameEn) })).toBeVisible();

  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/signup-options");
    const card = visitorPage.getByRole("article", { name: nameEn });
    await expect(card).toBeVisible();
    await expect(card).toContainText("$39.99/month");
    await expect(card).toContainText("14-day free trial");
    await expect(card).toContainText("Soundcheck visits");
    await expect(card.getByRole("link", { name: `Join ${nameEn}` })).toHaveAttribute("href", `/vip-signup?tier=${id}`);
    await expect(visitorPage.getByRole("article", { name: "Free" })).toContainText("Free");
    // VIP's card is as it was.
    await expect(visitorPage.getByRole("article", { name: "VIP" })).toContainText("$9.99/month");

    await visitorPage.goto("/signup-options?lang=pt-BR");
    const cartao = visitorPage.getByRole("article", { name: namePt });
    await expect(cartao).toBeVisible();
    // One currency per visitor: the one VIP (and so the whole ladder) is charged in.
    await expect(cartao).toContainText(/US\$\s39,99\/mês/);
    await expect(cartao).toContainText("14 dias grátis para experimentar");
    await expect(cartao).toContainText("Visitas à passagem de som");
    await expect(cartao).toContainText("Passagem de som com a banda.");
  } finally {
    await visitor.close();
    await asAdmin(browser, async (api) => {
      const res = await api.post(`/api/admin/tiers/${id}/archive`);
      expect(res.status(), await res.text()).toBe(200);
    });
  }
});
