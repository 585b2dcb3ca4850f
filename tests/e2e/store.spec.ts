// The store as fans and the artist's team meet it (the demo store of scripts/lib/demo-store.mjs),
// paid through the local test checkout: a visitor buys a shirt and an album at a price of their
// own, finds the receipt in the local mailbox and downloads the zip; a free download is ordered
// without a payment page; a member's shirt is marked
// shipped in the back office and the tracking link shows in their collection; a VIP pays the VIP
// price; a friend redeems a gift of VIP. Each journey buys for a buyer of its own, so they run side
// by side; only the first takes from the shirt's size M (stock 3), the second from size L.
import type { Page } from "@playwright/test";
import { expect, hydrated, mailTo, signIn, signUp, signUpVip, test } from "./fixtures";
import { demoAccount, newMember } from "./support";

/** Opens a product's page and waits until its buy box answers clicks. */
async function openProduct(page: Page, slug: string, title: RegExp) {
  await page.goto(`/store/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await hydrated(page);
}

async function addToCart(page: Page) {
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();
}

/** From the cart to the test checkout's Pay button, then the thanks page; returns the order number. */
async function checkOut(page: Page, { email, country }: { email?: string; country?: string }) {
  await page.goto("/store/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  if (country) await page.getByLabel("Ship to").selectOption(country);
  if (email) await page.getByLabel("E-mail for your receipt").fill(email);
  await expect(page.getByText("Working out the total...")).toHaveCount(0);
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/test\?session=/);
  await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/store\/thanks\?session_id=/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const number = (await page.getByText(/^Order #\d+$/).textContent())!.replace("Order #", "");
  return Number(number);
}

test("a visitor buys a shirt and an album at their own price, reads the receipt and downloads the zip", async ({ page }) => {
  const email = newMember().email;

  await openProduct(page, "tour-shirt-2026", /Tour/);
  await page.getByRole("radio", { name: "M", exact: true }).check();
  await expect(page.getByText("Only 3 left")).toBeVisible();
  await addToCart(page);

  await openProduct(page, "moonlight-boulevard-digital", /Moonlight Boulevard/);
  await expect(page.getByText("$7.00 or more").first()).toBeVisible();
  await page.getByLabel("Name your price").fill("9");
  await addToCart(page);

  const number = await checkOut(page, { email, country: "US" });

  const receipt = await mailTo(page, email, new RegExp(`#${number}`));
  const zipLink = receipt.links.find((link) => link.includes("/api/store/downloads/"));
  expect(zipLink, receipt.links.join("\n")).toBeTruthy();
  // The receipt lists what was paid: $9.00 for the album, the Worker's price for the shirt.
  await page.goto("/dev/mailbox");
  await expect(page.getByText(new RegExp(`#${number}`)).first()).toBeVisible();

  const download = await page.request.get(zipLink!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toContain("application/zip");
  const body = await download.body();
  expect(body.subarray(0, 2).toString("latin1")).toBe("PK");
  expect(body.length).toBe(Number(download.headers()["content-length"]));
});

test("a free download is free: its amount starts at 0 and the order is made without a payment page", async ({ page }) => {
  const email = newMember().email;
  await openProduct(page, "dream-about-you-free", /Dream About You/);
  await expect(page.getByLabel("Name your price")).toHaveValue("0");
  await addToCart(page);
  await page.goto("/store/cart");
  await page.getByLabel("E-mail for your receipt").fill(email);
  await expect(page.locator(".cart-total dd")).toHaveText("$0.00");
  await page.getByRole("button", { name: "Get it free" }).click();
  await expect(page).toHaveURL(/\/store\/thanks\?session_id=sc_/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const number = (await page.getByText(/^Order #\d+$/).textContent())!.replace("Order #", "");
  const receipt = await mailTo(page, email, new RegExp(`#${number}`));
  expect(receipt.links.some((link) => link.includes("/api/store/downloads/"))).toBe(true);
});

test("the admin marks a member's order shipped and the buyer's collection shows the tracking link", async ({ page, browser }) => {
  const buyer = await signUp(page);
  await openProduct(page, "tour-shirt-2026", /Tour/);
  await page.getByRole("radio", { name: "L", exact: true }).check();
  await addToCart(page);
  const number = await checkOut(page, { country: "BR" });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminAccount = demoAccount("admin");
  await signIn(admin, adminAccount.email, adminAccount.password, "/admin/store/orders");
  await admin.getByLabel("Search", { exact: true }).fill(buyer.email);
  await admin.getByRole("link", { name: `Open order #${number}` }).click();
  await admin.getByRole("button", { name: "Mark shipped" }).click();
  await admin.getByLabel("Carrier", { exact: true }).selectOption("correios");
  await admin.getByLabel("Tracking number").fill("BR123456789BR");
  await admin.getByRole("button", { name: "Mark shipped and e-mail the buyer" }).click();
  await expect(admin.getByText(/Marked shipped/)).toBeVisible();
  await adminContext.close();

  await mailTo(page, buyer.email, /shipped/i);
  await page.goto("/collection");
  await expect(page.getByText(`Order #${number}`)).toBeVisible();
  await expect(page.getByText("Shipped with Correios: BR123456789BR")).toBeVisible();
  await expect(page.getByRole("link", { name: /Track the parcel/ })).toHaveAttribute("href", /BR123456789BR/);
});

test("a VIP sees the VIP price and pays it", async ({ page, browser }) => {
  await signUpVip(page, browser);
  await openProduct(page, "freestyle-nights-digital", /Freestyle Nights/);
  await expect(page.getByText("Your VIP price")).toBeVisible();
  await expect(page.getByText("$5.00").first()).toBeVisible();
  await addToCart(page);
  await page.goto("/store/cart");
  await expect(page.getByText("VIP price").first()).toBeVisible();
  await checkOut(page, {});
  await page.goto("/collection");
  await expect(page.getByText(/Freestyle Nights/).first()).toBeVisible();
  // Paid at the VIP price, and sold with its lossless master beside the MP3s.
  await expect(page.getByText("Total $5.00")).toBeVisible();
  await expect(page.getByRole("link", { name: /^MP3( · .*)?: download Freestyle Nights$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^WAV( · .*)?: download Freestyle Nights$/ })).toBeVisible();
});

test("a friend redeems a gift of VIP and becomes VIP", async ({ page, browser }) => {
  const giver = newMember().email;
  await openProduct(page, "gift-vip-3-months", /3 months/);
  await addToCart(page);
  const number = await checkOut(page, { email: giver });
  const receipt = await mailTo(page, giver, new RegExp(`#${number}`));
  const redeemLink = receipt.links.find((link) => link.includes("/redeem?code="));
  expect(redeemLink, receipt.links.join("\n")).toBeTruthy();
  const code = new URL(redeemLink!).searchParams.get("code")!;

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await signUp(friend);
  await friend.goto(`/redeem?code=${encodeURIComponent(code)}`);
  await expect(friend.getByLabel("Gift code")).toHaveValue(code);
  await friend.getByRole("button", { name: "Redeem" }).click();
  await expect(friend.getByRole("heading", { name: "Your gift is redeemed" })).toBeVisible();
  await expect(friend.getByText(/^You're VIP until /)).toBeVisible();
  const me = await friend.request.get("/api/auth/me");
  expect(((await me.json()) as { user: { isVIP: boolean } }).user.isVIP).toBe(true);
  await friendContext.close();
});
