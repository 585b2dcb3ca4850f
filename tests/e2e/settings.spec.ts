// Account settings as a member meets them (decision 039): Settings in the header, the Devices list
// with this browser marked, another browser signed out from here (its next page asks it to sign
// in), and a password change that keeps this browser signed in.
import { expect, hydrated, signIn, signUp, test } from "./fixtures";
import { accountMenuItem } from "./support";

test("a member signs another browser out and changes the password on /settings", async ({ page, browser }) => {
  const member = await signUp(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, member.email, member.password);
  await page.goto(member.profileUrl);
  await hydrated(page);

  await (await accountMenuItem(page, "Settings")).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  const devices = page.getByRole("list", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  await expect(devices.getByRole("listitem").first().getByText("This device")).toBeVisible();

  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  // The Devices section's own message: on a busy machine other sections may still be loading,
  // and their "Loading..." is a status too.
  await expect(page.getByRole("region", { name: "Devices" }).getByRole("status")).toHaveText("Signed out of 1 other device.");
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await otherPage.goto("/settings");
  await expect(otherPage).toHaveURL(/\/social\/login/);

  const password = page.getByRole("region", { name: "Password" });
  await password.getByLabel("Current password", { exact: true }).fill(member.password);
  await password.getByLabel("New password", { exact: true }).fill(member.newPassword);
  await password.getByLabel("Confirm new password").fill(member.newPassword);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByRole("status")).toHaveText("Your password has been changed. No other device was signed in.");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();

  await signIn(otherPage, member.email, member.newPassword);
  await other.close();
});
