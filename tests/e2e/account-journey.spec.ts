// Issue 2's journeys, as a new member and a visitor would take them, through the real UI of the
// built site (scripts/e2e-server.mjs serves it with a fresh local state).
import { avatarPng } from "../../scripts/lib/png.mjs";
import { expect, signUpThroughForm, test } from "./fixtures";
import { accountMenuItem, demoAccount, newMember, t } from "./support";

test("a new member signs up, edits the profile, reads it in Portuguese, and recovers the password", async ({ page, login }) => {
  const member = newMember();
  let profileUrl = "";

  await test.step("sign up and land on the new profile", async () => {
    profileUrl = (await signUpThroughForm(page, member)).profileUrl;
  });

  await test.step("edit the profile with a new avatar", async () => {
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Bio").fill("Dancing to freestyle since the 80s.");
    await dialog.getByLabel("Website").fill("https://example.com/my-mixes");
    await dialog.getByLabel("Location").fill("Recife, Brazil");
    await dialog.getByLabel("Profile Picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: avatarPng(11, 64) });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();

    // Reload: what shows must come from the server, not from the form's memory.
    await page.reload();
    await expect(page.getByText("Dancing to freestyle since the 80s.")).toBeVisible();
    await expect(page.getByText("Recife, Brazil")).toBeVisible();
    await expect(page.getByRole("link", { name: /example\.com\/my-mixes/ })).toBeVisible();
    const avatar = page.getByRole("img", { name: `${member.username}'s profile picture` });
    await expect(avatar).toHaveAttribute("src", /^\/uploads\/avatars\/[^/]+$/);
    // The uploaded bytes came back from R2 and decoded as a 64x64 image.
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  });

  await test.step("switch to Portuguese and see the page translated", async () => {
    await page.getByRole("button", { name: t("en", "nav.language.pt") }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByRole("button", { name: t("pt-BR", "profile.editProfile") })).toBeVisible();
    await expect(await accountMenuItem(page, t("pt-BR", "nav.logout"))).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Edit Profile" })).toHaveCount(0);

    await page.getByRole("button", { name: t("pt-BR", "nav.language.en") }).click();
    await expect(page.getByRole("button", { name: "Edit Profile" })).toBeVisible();
  });

  await test.step("log out", async () => {
    await (await accountMenuItem(page, "Logout")).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
  });

  await test.step("a wrong password is refused with the spec's message", async () => {
    await page.goto("/social/login");
    await expect(page.getByRole("heading", { name: "Sign In", level: 1 })).toBeVisible();
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill("not-my-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/social\/login/);
  });

  await test.step("request a password reset", async () => {
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
    // The SPA changes the URL before the new page renders: wait for it, not just the URL.
    await expect(page.getByRole("heading", { name: "Reset Password", level: 1 })).toBeVisible();
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send Reset Instructions" }).click();
    await expect(page.getByRole("status")).toHaveText("Password reset instructions have been sent to your email. Please check your inbox and spam folder.");
  });

  await test.step("follow the link from the local mailbox and choose a new password", async () => {
    await page.goto("/dev/mailbox");
    // The member's reset mail (the admin's new-member notice names the member's address too).
    const mail = page.getByRole("article", { name: "Reset your password" }).filter({ hasText: member.email });
    await expect(mail).toHaveCount(1);
    await mail.getByRole("link", { name: /\/auth\/reset-password\?token=/ }).click();

    await expect(page.getByLabel("New Password", { exact: true })).toBeVisible();
    await page.getByLabel("New Password", { exact: true }).fill(member.newPassword);
    await page.getByLabel("Confirm New Password").fill(member.newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password has been reset successfully! Redirecting to login...");
    await expect(page).toHaveURL(/\/social\/login/);
    await expect(page.getByRole("heading", { name: "Sign In", level: 1 })).toBeVisible();
  });

  await test.step("the old password no longer works, the new one does", async () => {
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");

    await login(member.email, member.newPassword);
    await expect(page).toHaveURL(profileUrl);
    await expect(page.getByRole("heading", { level: 1, name: member.username })).toBeVisible();
  });
});

test("an administrator signing in lands on /admin", async ({ page, login }) => {
  const admin = demoAccount("admin");
  await login(admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByText("Admin Access Required")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
});

test("a member who is not an administrator lands on their own profile", async ({ page, login }) => {
  // The other half of the login redirect rule, with a seeded demo member.
  const fan = demoAccount("fan");
  await login(fan.email, fan.password);
  await expect(page).toHaveURL(new RegExp(`/social/profile/${fan.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: fan.username })).toBeVisible();
  // The seeded avatar (generated PNG in local R2) is served and decodes.
  const avatar = page.getByRole("img", { name: `${fan.username}'s profile picture` });
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(128);
});

test("a visitor opening /social is sent to /social/login", async ({ page }) => {
  await page.goto("/social");
  await expect(page).toHaveURL(/\/social\/login(\?|$)/);
  await expect(page.getByRole("heading", { name: "Sign In", level: 1 })).toBeVisible();
});
