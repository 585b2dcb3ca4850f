// A dispute from the fan's bank to the revoked download (decision 094): a visitor buys a download
// through the local test checkout and downloads it; the admin has the local provider raise a
// dispute on the order, sees that download in the evidence, adds a note and submits it; the local
// provider closes the dispute as lost, and the fan's download link stops working. And the same for
// a member's VIP payment: its evidence, and a lost dispute ends the membership.
import { expect, hydrated, mailTo, signIn, signUp, test } from "./fixtures";
import { demoAccount, newMember } from "./support";

test("the admin submits a dispute's evidence with the fan's download in it, loses it, and the download link stops working", async ({ page, browser }) => {
  const email = newMember().email;
  await page.goto("/store/moonlight-boulevard-digital");
  await expect(page.getByRole("heading", { level: 1, name: /Moonlight Boulevard/ })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Name your price").fill("8");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();
  await page.goto("/store/cart");
  await page.getByLabel("E-mail for your receipt").fill(email);
  await expect(page.getByText("Working out the total...")).toHaveCount(0);
  await expect(page.getByText(/^Refunds: ask within 14 days/)).toBeVisible();
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/store\/checkout\/test\?session=/);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  const number = Number((await page.getByText(/^Order #\d+$/).textContent())!.replace("Order #", ""));

  const receipt = await mailTo(page, email, new RegExp(`#${number}`));
  const zipLink = receipt.links.find((link) => link.includes("/api/store/downloads/"))!;
  expect((await page.request.get(zipLink)).status()).toBe(200);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const account = demoAccount("admin");
  await signIn(admin, account.email, account.password, "/admin/disputes");
  await expect(admin.getByRole("heading", { level: 1, name: "Disputes" })).toBeVisible();
  await hydrated(admin);
  const onOrder = admin.getByRole("group", { name: "Order number" });
  await onOrder.getByRole("textbox", { name: "Order number" }).fill(String(number));
  await onOrder.getByRole("button", { name: "Raise a dispute" }).click();

  await expect(admin.getByRole("heading", { name: `Dispute on order #${number}` })).toBeVisible();
  await expect(admin.getByText("Needs your response")).toBeVisible();
  const log = admin.getByRole("table", { name: "Access log" });
  await expect(log.getByRole("cell", { name: "Download", exact: true })).toBeVisible();
  await expect(log.getByText(/format: mp3/)).toBeVisible();

  await admin.getByLabel("Your note (sent with the evidence)").fill("The buyer downloaded the album right after paying.");
  await admin.getByRole("button", { name: "Save note" }).click();
  await expect(admin.getByText("Note saved")).toBeVisible();
  await admin.getByRole("button", { name: "Submit evidence" }).click();
  await expect(admin.getByText("Under review")).toBeVisible();

  await admin.getByRole("button", { name: "Close as lost" }).click();
  await expect(admin.getByText("Lost: revoked")).toBeVisible();
  await adminContext.close();

  const after = await page.request.get(zipLink);
  expect(after.status()).toBe(404);
  expect(((await after.json()) as { error: { code: string } }).error.code).toBe("download_not_found");
});

test("the admin raises a dispute on a member's VIP payment, sees the payment in its evidence, loses it, and the membership ends", async ({ page, browser }) => {
  const member = await signUp(page);
  await page.goto("/vip-signup");
  await page.getByRole("button", { name: "Join VIP Now" }).click();
  await expect(page).toHaveURL(/\/vip-checkout\/test\?session=cs_local_/);
  await page.getByRole("button", { name: "Pay $9.99" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to VIP!" })).toBeVisible();
  await page.goto(member.profileUrl);
  await expect(page.locator('h1 .badge-tier[data-tier="vip"]')).toHaveText("VIP");

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const account = demoAccount("admin");
  await signIn(admin, account.email, account.password, "/admin/disputes");
  await hydrated(admin);
  const label = "Member's username (their latest VIP payment)";
  const onMember = admin.getByRole("group", { name: label });
  await onMember.getByRole("textbox", { name: label }).fill(member.username);
  await onMember.getByRole("button", { name: "Raise a dispute" }).click();

  await expect(admin.getByRole("heading", { name: `Dispute on the VIP membership of ${member.username}` })).toBeVisible();
  await expect(admin.getByText("VIP monthly")).toBeVisible();
  const log = admin.getByRole("table", { name: "Access log" });
  await expect(log.getByRole("cell", { name: "VIP payment", exact: true })).toBeVisible();
  await expect(log.getByRole("cell", { name: "Signed up", exact: true })).toBeVisible();
  await admin.getByRole("button", { name: "Close as lost" }).click();
  await expect(admin.getByText("Lost: revoked")).toBeVisible();
  await adminContext.close();

  await page.goto(member.profileUrl);
  await expect(page.getByRole("link", { name: "Become VIP" })).toBeVisible();
  await expect(page.locator("h1 .badge-tier")).toHaveCount(0);
});
