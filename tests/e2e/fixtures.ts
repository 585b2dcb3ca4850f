// Playwright fixtures: `login` signs in through the real login form, as a person would, and
// `loginAs` does it with one of the documented demo accounts.
import { test as base, expect, type Page } from "@playwright/test";
import { demoAccount, newMember, type DemoAccount } from "./support";

/** Fills and submits /social/login; waits until the app has left the login page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/social/login");
  await expect(page.getByRole("heading", { name: "Sign In", level: 1 })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/social\/login/);
}

export const PROFILE_URL = /\/social\/profile\/[0-9a-f-]{36}$/;

/** Creates an account through the sign-up form and waits for the new profile; returns its URL too. */
export async function signUp(page: Page, member = newMember()) {
  await page.goto("/social/signup");
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Confirm Password").fill(member.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(PROFILE_URL);
  await expect(page.getByRole("heading", { level: 1, name: member.username })).toBeVisible();
  return { ...member, profileUrl: page.url() };
}

type Fixtures = {
  login: (email: string, password: string) => Promise<void>;
  loginAs: (key: "admin" | "vip" | "fan") => Promise<DemoAccount>;
};

/** Journeys started in this worker, for each one's client address. */
let journeys = 0;

export const test = base.extend<Fixtures>({
  // Each journey's browser sends from an address of its own (IPv6 documentation prefix; only a
  // header, no traffic goes there). The suite's sign-ins would otherwise share one per-IP sign-in
  // limit (30 in 15 minutes), and a retried journey could use it up for the ones after it.
  // `wrangler dev` keeps the CF-Connecting-IP a client sends; Cloudflare's edge sets its own.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    journeys += 1;
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": `2001:db8::${journeys.toString(16)}` });
  },
  login: async ({ page }, use) => {
    await use((email, password) => signIn(page, email, password));
  },
  loginAs: async ({ page }, use) => {
    await use(async (key) => {
      const account = demoAccount(key);
      await signIn(page, account.email, account.password);
      return account;
    });
  },
});

export { expect };
