// The VIP pass at the door (decision 027), as two people take it on two phones: a VIP opens their
// pass on their profile, and a door staff member, on /check-in, types the code under the QR code
// and sees "valid" with the member's name; the member then appears in the list. A member who is
// not door staff is refused the page.
import { devices } from "@playwright/test";
import { clientAddress, expect, grantDoorStaff, signUp, signUpVip, test } from "./fixtures";
import { accountMenuItem } from "./support";

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, userAgent: devices["Pixel 7"].userAgent };

// A VIP and a door staff member of the journey's own: a VIP is let in once per event, and the door
// counts each staff member's wrong codes (the made-up one below) against a limit.
test("door staff check a VIP in by the code on their pass", async ({ page, browser, baseURL }) => {
  await page.setViewportSize(PHONE.viewport);
  const vip = await signUpVip(page, browser);

  await test.step("the VIP's profile shows their pass: name, since when, a QR code and a code", async () => {
    await page.goto(`/social/profile/${vip.id}`);
    const pass = page.getByRole("region", { name: "Your VIP pass" });
    await expect(pass.getByText(vip.username, { exact: true })).toBeVisible();
    await expect(pass.getByText(/^VIP member since \w+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(pass.getByRole("img", { name: "QR code of your VIP pass" })).toBeVisible();
    await expect(pass.getByTestId("vip-pass-code")).toHaveText(/^\d{4,}-\d{6}$/);
  });

  // The door staff member's phone: a browser of their own, with a client address of its own.
  const doorContext = await browser.newContext({ ...PHONE, baseURL, locale: "en-US", extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() } });
  const doorPage = await doorContext.newPage();
  const codeField = doorPage.getByRole("textbox", { name: "Ticket or pass code" });
  try {
    await test.step("door staff open /check-in, with the next event chosen", async () => {
      await signUp(doorPage);
      await grantDoorStaff(doorPage, browser);
      await doorPage.goto("/check-in");
      await expect(doorPage.getByRole("heading", { level: 1, name: "Door check-in" })).toBeVisible();
      await expect(doorPage.getByLabel("Event")).toBeVisible();
      await expect(doorPage.getByRole("button", { name: "Start camera" })).toBeVisible();
    });

    await test.step("the code read off the pass checks the VIP in: valid, with their name, then listed", async () => {
      // Read just before typing: the code changes each minute (15 s of grace for a typed code).
      const code = (await page.getByTestId("vip-pass-code").textContent())!.trim();
      await codeField.fill(code);
      await doorPage.getByRole("button", { name: "Check in" }).click();
      const result = doorPage.getByTestId("check-in-result");
      await expect(result).toHaveAttribute("data-result", "valid");
      await expect(result.getByText("Valid: let them in")).toBeVisible();
      await expect(result.getByText(vip.username, { exact: true })).toBeVisible();
      const list = doorPage.getByRole("region", { name: "Checked in" });
      await expect(list.getByText(vip.username, { exact: true })).toBeVisible();
      await expect(list.getByTestId("check-in-count")).toHaveText(/^\d+ (person|people) checked in$/);
    });

    await test.step("the same code again says the member is already in", async () => {
      const code = (await page.getByTestId("vip-pass-code").textContent())!.trim();
      await codeField.fill(code);
      await doorPage.getByRole("button", { name: "Check in" }).click();
      await expect(doorPage.getByTestId("check-in-result")).toHaveAttribute("data-result", "already_checked_in");
      await expect(doorPage.getByTestId("check-in-result").getByText("Already checked in")).toBeVisible();
    });

    await test.step("a made-up code is an unknown pass", async () => {
      await codeField.fill("999999-000000");
      await doorPage.getByRole("button", { name: "Check in" }).click();
      await expect(doorPage.getByTestId("check-in-result")).toHaveAttribute("data-result", "unknown");
      await expect(doorPage.getByText("Unknown ticket or pass")).toBeVisible();
    });
  } finally {
    await doorContext.close();
  }
});

test("a member who is not door staff is refused the door, and door staff never reach the back office", async ({ page, loginAs }) => {
  await loginAs("fan");
  await page.goto("/check-in");
  await expect(page.getByTestId("check-in-refused")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Door staff only" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Ticket or pass code" })).toHaveCount(0);

  await page.context().clearCookies();
  await loginAs("door");
  await page.goto("/admin");
  // The back office's gate on its own address, not a silent bounce; no back-office link either.
  await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this content.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(await accountMenuItem(page, "Check-in")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
});

test("a visitor opening the door's page is sent to sign in by the server at once, never shown a blank page", async ({ page }) => {
  const answer = await page.goto("/check-in");
  // An HTTP redirect, before any script: the sign-in page arrives rendered.
  expect(answer?.request().redirectedFrom()?.url()).toMatch(/\/check-in$/);
  await expect(page).toHaveURL(/\/social\/login\?redirect=%2Fcheck-in$/);
  await expect(page.getByRole("heading", { name: "Sign In", level: 1 })).toBeVisible();
});
