// Sales tax and VAT through the local test checkout (decision 093): a fan in Germany buys a
// download; the checkout asks where they are and shows the Worker's DEMO VAT (the demo artist is
// registered in Germany, scripts/lib/demo-store.mjs), and the receipt and the collection carry it.
import { expect, hydrated, mailTo, signUp, test } from "./fixtures";

test("a fan in Germany buys a download and sees VAT on the local checkout and the receipt", async ({ page }) => {
  const fan = await signUp(page);
  await page.goto("/store/freestyle-nights-digital");
  await expect(page.getByRole("heading", { level: 1, name: /Freestyle Nights/ })).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();

  await page.goto("/store/cart");
  await expect(page.getByText("Working out the total...")).toHaveCount(0);
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/test\?session=/);
  await expect(page.getByText(/^DEMO tax rates/)).toBeVisible();
  await page.getByLabel("Country").selectOption("DE");
  // 19 % of $7.00, worked out by the Worker and added to the total.
  const tax = page.getByTestId("local-tax");
  await expect(tax.getByText("Tax (Germany, DEMO rate)")).toBeVisible();
  await expect(tax.getByText("$1.33")).toBeVisible();
  await expect(tax.getByText("$8.33")).toBeVisible();
  await page.getByRole("button", { name: "Pay $8.33" }).click();
  await expect(page).toHaveURL(/\/store\/thanks\?session_id=/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const number = (await page.getByText(/^Order #\d+$/).textContent())!.replace("Order #", "");

  // The receipt: the tax line before the total, where it was owed.
  const receipt = await mailTo(page, fan.email, new RegExp(`#${number}`));
  expect(receipt.text).toContain("Tax (DE): $1.33\nTotal: $8.33");

  await page.goto("/collection");
  const order = page.getByRole("article", { name: `Order #${number}` });
  await expect(order.getByText("Tax (Germany): $1.33")).toBeVisible();
  await expect(order.getByText("Total $8.33")).toBeVisible();
});
