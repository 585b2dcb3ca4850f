// Issue 3's journeys, as a new member would take them, through the local test checkout (the
// site runs without a Stripe account here, so the built-in TEST MODE checkout stands in).
import type { Page } from "@playwright/test";
import { expect, PROFILE_URL, signUp, test } from "./fixtures";
import { demoAccount } from "./support";
import { hostMs } from "./host-time";

/** What the result page polls: a checkout's status (or the member's membership). */
const STATUS_QUESTION = /^\/api\/payments\/(membership|checkout\/[^/]+\/status)$/;

/** From /vip-signup to the local test checkout. */
async function openTestCheckout(page: Page) {
  await page.goto("/vip-signup");
  await expect(page.getByRole("heading", { level: 1, name: "Become a VIP Member" })).toBeVisible();
  await expect(page.getByText("$9.99/month")).toBeVisible();
  await page.getByRole("button", { name: "Join VIP Now" }).click();
  await expect(page).toHaveURL(/\/vip-checkout\/test\?session=cs_local_/);
  await expect(page.getByText("TEST MODE")).toBeVisible();
}

test("a new member pays in the test checkout, becomes VIP, then cancels at period end", async ({ page }) => {
  const member = await signUp(page);
  await page.goto(member.profileUrl);
  const vipBadge = page.locator('h1 .badge-tier[data-tier="vip"]');

  await test.step("not VIP yet: the profile offers Become VIP", async () => {
    await expect(page.getByRole("link", { name: "Become VIP" })).toBeVisible();
    await expect(vipBadge).toHaveCount(0);
  });

  await test.step("pay in the local test checkout and land on 'Welcome to VIP!'", async () => {
    await openTestCheckout(page);
    await page.getByRole("button", { name: "Pay $9.99" }).click();
    await expect(page).toHaveURL(/\/vip-confirmation\?session_id=cs_local_/);
    await expect(page.getByRole("heading", { name: "Welcome to VIP!" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Social Hub" }).click();
    await expect(page).toHaveURL(/\/social$/);
  });

  await test.step("the profile shows the VIP badge and an active membership", async () => {
    await page.goto(member.profileUrl);
    await expect(vipBadge).toHaveText("VIP");
    await expect(page.getByRole("link", { name: "Become VIP" })).toHaveCount(0);
    const panel = page.getByRole("region", { name: "VIP Membership" });
    await expect(panel.getByTestId("membership-status")).toHaveText("Active");
    await expect(panel.getByText("Next renewal")).toBeVisible();
  });

  await test.step("a second checkout is not offered to a VIP member", async () => {
    await page.goto("/vip-signup");
    await expect(page.getByText("You're a VIP member")).toBeVisible();
    await expect(page.getByRole("button", { name: "Join VIP Now" })).toHaveCount(0);
  });

  await test.step("cancel in Manage membership and see 'cancels on DATE'", async () => {
    await page.goto(member.profileUrl);
    await page.getByRole("button", { name: "Manage membership" }).click();
    await expect(page).toHaveURL(/\/vip-membership\/manage$/);
    await expect(page.getByText("TEST MODE")).toBeVisible();
    await page.getByRole("button", { name: "Cancel at period end" }).click();
    await expect(page.getByTestId("membership-status")).toHaveText(/^Cancels on \w+ \d{1,2}, \d{4}$/);

    await page.getByRole("link", { name: "Back to profile" }).click();
    await expect(page).toHaveURL(PROFILE_URL);
    await expect(page.getByTestId("membership-status")).toHaveText(/^Cancels on \w+ \d{1,2}, \d{4}$/);
    // Still VIP until the period ends.
    await expect(vipBadge).toHaveText("VIP");
  });
});

test("a declined payment shows 'Payment Failed' with Try Again, and grants nothing", async ({ page }) => {
  const member = await signUp(page);
  await openTestCheckout(page);
  await page.getByRole("button", { name: "Decline payment" }).click();

  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
  await expect(page.getByText("There was an error processing your payment. Please try again.")).toBeVisible();
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/vip-signup$/);
  await expect(page.getByRole("button", { name: "Join VIP Now" })).toBeVisible();

  await page.goto(member.profileUrl);
  await expect(page.getByRole("link", { name: "Become VIP" })).toBeVisible();
  await expect(page.locator("h1 .badge-tier")).toHaveCount(0);
});

test("opening the result page by hand with redirect_status=succeeded grants nothing", async ({ page }) => {
  const member = await signUp(page);
  // A checkout opened but never paid: the page has something to wait for, and must keep waiting.
  await openTestCheckout(page);
  await page.goto("/vip-confirmation?payment_intent=pi_fake&redirect_status=succeeded");
  const confirming = page.getByRole("heading", { name: "Confirming your payment..." });
  await expect(confirming).toBeVisible();
  // The page asks the server every 1.5 s. Wait for three answers (not for a fixed time): each
  // says "not VIP", and the page stays on "confirming".
  for (let poll = 1; poll <= 3; poll++) {
    const answer = await page.waitForResponse((r) => STATUS_QUESTION.test(new URL(r.url()).pathname), { timeout: hostMs(10_000) });
    expect(await answer.json(), `answer ${poll}`).toMatchObject({ isVIP: false });
  }
  await expect(page.getByRole("heading", { name: "Welcome to VIP!" })).toHaveCount(0);
  await expect(confirming).toBeVisible();
  await page.goto(member.profileUrl);
  await expect(page.getByRole("link", { name: "Become VIP" })).toBeVisible();
  await expect(page.locator("h1 .badge-tier")).toHaveCount(0);
});

test("a visitor who wants to join signs in first and comes back to the sign-up page", async ({ page }) => {
  const fan = demoAccount("fan");
  await page.goto("/vip-signup");
  await page.getByRole("button", { name: "Join VIP Now" }).click();
  await expect(page).toHaveURL(/\/social\/login\?redirect=(%2F|\/)vip-signup$/);
  await expect(page.getByRole("heading", { name: "Sign In", level: 1 })).toBeVisible();
  await page.getByLabel("Email").fill(fan.email);
  await page.getByLabel("Password", { exact: true }).fill(fan.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/vip-signup$/);
  await expect(page.getByRole("button", { name: "Join VIP Now" })).toBeEnabled();
});
