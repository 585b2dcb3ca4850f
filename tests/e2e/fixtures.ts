// Playwright fixtures: `login` signs in through the real login form, as a person would, and
// `loginAs` signs in to one of the documented demo accounts through the API (`signIn`). Journeys run side by side in
// several workers, so a journey that changes a member (a VIP, door staff, favorites, a chat)
// makes that member itself (`signUp`, `signUpVip`, `grantDoorStaff`); the demo accounts are signed
// in to, and their password, sessions, role, VIP and language stay as the seed made them.
import { test as base, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { demoAccount, newMember, type DemoAccount } from "./support";
import type { AuthUserResponse } from "../../worker/contracts/auth";
import { SSR_STATE_ID } from "../../worker/contracts/ssr";
import { BOT_CHECK_HEADER, type BotCheckAction, type LocalBotCheckTokenResponse } from "../../worker/contracts/bot-check";

/**
 * A passing bot check for one form posted through the API (decision 090): the local verifier's
 * token, from the endpoint the forms' local widget asks, as a request header.
 */
export async function botCheckHeader(request: APIRequestContext, action: BotCheckAction): Promise<Record<string, string>> {
  const res = await request.get(`/api/dev/bot-check/${action}`);
  expect(res.status(), await res.text()).toBe(200);
  return { [BOT_CHECK_HEADER]: ((await res.json()) as LocalBotCheckTokenResponse).token };
}

/**
 * Signs in through the API, in the page's own cookie jar, then opens `landing` (the page the journey
 * starts on), else where the login form would have gone (the back office for an administrator, else
 * the member's profile). Most journeys only
 * need someone signed in; the form itself is walked by `signInThroughForm` where a journey is about
 * it (account-journey.spec.ts). Each form sign-in was a page load, a hydration and a navigation of
 * the 2-core machine's CPU (decision 088).
 */
export async function signIn(page: Page, email: string, password: string, landing?: string) {
  const res = await page.request.post("/api/auth/login", { data: { email, password }, headers: { Origin: siteOrigin() } });
  expect(res.status(), await res.text()).toBe(200);
  const { user } = (await res.json()) as AuthUserResponse;
  await page.goto(landing ?? (user.isAdmin ? "/admin" : `/social/profile/${user.id}`));
  // As after the form: the landed page's app is running (its language effect has written the
  // locale cookie, so a journey's own choice made next is not overwritten).
  await hydrated(page);
}

/** Fills and submits /social/login; waits until the app has left the login page. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/social/login");
  await expect(page.getByRole("heading", { name: "Sign In", level: 1 })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/social\/login/);
}

export const PROFILE_URL = /\/social\/profile\/[0-9a-f-]{36}$/;

/**
 * Creates an account through the API, signed in on `page`, confirms its address with the link from
 * the local mailbox (so the member may post and pay, migrations/0035; `{ verify: false }` leaves it
 * unverified); returns the new profile's URL too. It opens no page: each caller goes where its
 * journey starts (a page load is the journeys' largest cost, and most went elsewhere at once). The
 * form and the confirmation page are walked by `signUpThroughForm` (decision 088).
 */
export async function signUp(page: Page, member = newMember(), { verify = true }: { verify?: boolean } = {}) {
  const headers = { Origin: siteOrigin() };
  const data = { username: member.username, email: member.email, password: member.password, confirmPassword: member.password };
  const res = await page.request.post("/api/auth/signup", { data, headers: { ...headers, ...(await botCheckHeader(page.request, "signup")) } });
  expect(res.status(), await res.text()).toBe(201);
  const { user } = (await res.json()) as AuthUserResponse;
  if (verify) {
    const token = new URL(await verificationLink(page, member.email)).searchParams.get("token");
    const confirmed = await page.request.post("/api/auth/verify-email", { data: { token }, headers });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  return { ...member, profileUrl: new URL(`/social/profile/${user.id}`, siteOrigin()).toString() };
}

/**
 * Creates an account through the sign-up form and waits for the new profile; returns its URL too.
 * The new address is then confirmed through the link in the local mailbox, as its owner would.
 */
export async function signUpThroughForm(page: Page, member = newMember(), { verify = true }: { verify?: boolean } = {}) {
  await page.goto("/social/signup");
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Confirm Password").fill(member.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(PROFILE_URL);
  await expect(page.getByRole("heading", { level: 1, name: member.username })).toBeVisible();
  const profileUrl = page.url();
  if (verify) {
    await page.goto(await verificationLink(page, member.email));
    await expect(page.getByText(/^Your e-mail address is confirmed/)).toBeVisible();
    await page.goto(profileUrl);
    await expect(page.getByRole("heading", { level: 1, name: member.username })).toBeVisible();
  }
  return { ...member, profileUrl };
}

export type MailboxMessage = { to: string; subject: string; links: string[]; text?: string; html?: string };

/** The newest mail to `email` whose subject matches, read from the local mailbox's API. */
export async function mailTo(page: Page, email: string, subject: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/dev/mailbox");
      const { messages } = (await res.json()) as { messages: MailboxMessage[] };
      found = messages.find((m) => m.to === email.toLowerCase() && subject.test(m.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The newest e-mail verification link mailed to `email`, read from the local mailbox's API. */
export async function verificationLink(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/dev/mailbox");
      const { messages } = (await res.json()) as { messages: { to: string; links: string[] }[] };
      link = messages.filter((m) => m.to === email.toLowerCase()).flatMap((m) => m.links.filter((l) => l.includes("/verify-email?token=")))[0];
      return link;
    })
    .toBeTruthy();
  if (!link) throw new Error(`no verification link for ${email}`);
  return link;
}

/** Set on `window` by an init script in every journey's page once the app has said "app:ready". */
const APP_READY_FLAG = "__e2eAppReady";

/**
 * Makes `page` record "app:ready" for `hydrated`. Every journey's own page does; call it before the
 * first `goto` of a page in a context the journey opens itself.
 */
export async function recordAppReady(page: Page) {
  await page.addInitScript((flag) => {
    const flags = window as unknown as Record<string, boolean>;
    flags[flag] = false;
    document.addEventListener("app:ready", () => (flags[flag] = true), { once: true });
  }, APP_READY_FLAG);
}

/**
 * Resolves once React has rendered the page's headline (it carries React's fiber then) and, on a
 * page the Worker rendered, the app has finished its first commit ("app:ready", after the page's
 * effects, such as the header's keyboard shortcuts): from here on, a click or a key reaches the
 * app's handlers. The headline's fiber alone comes while React is still rendering that commit.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    ([flag, stateId]) => {
      const headline = document.querySelector("h1");
      if (headline === null || !Object.keys(headline).some((key) => key.startsWith("__reactFiber"))) return false;
      const flags = window as unknown as Record<string, boolean | undefined>;
      // A page the browser rendered itself has no app:ready; a page opened without the init script has no flag.
      return document.getElementById(stateId) === null || flags[flag] !== false;
    },
    [APP_READY_FLAG, SSR_STATE_ID] as const,
  );
}

/** What React says when the HTML it hydrates is not what it renders (production codes included). */
const HYDRATION_TROUBLE = /hydrat|did not match|react-dom.*#(418|419|421|422|423|425)|react\.dev\/errors\/(418|419|421|422|423|425)/i;

/** Client addresses handed out by this worker process. */
let addresses = 0;

/**
 * A client address of its own for a browser or request context (IPv6 documentation prefix: only a
 * header, no traffic goes there). The suite's sign-ins would otherwise share one per-address
 * sign-in limit. The worker's index is part of it, so two workers running side by side never
 * hand out the same address. `wrangler dev` keeps the CF-Connecting-IP a client sends;
 * Cloudflare's edge sets its own.
 */
export function clientAddress(): string {
  addresses += 1;
  return `2001:db8::${base.info().workerIndex.toString(16)}:${addresses.toString(16)}`;
}

/** The site's origin, for the Origin header the API's same-origin check wants on a write. */
const siteOrigin = () => new URL(base.info().project.use.baseURL!).origin;

/**
 * Runs `work` with the API as the demo admin, signed in through the API in a browser context of
 * its own (closed afterwards), for a journey that needs the back office to set something up.
 * The demo admin is only signed in to: no journey changes the admin account itself.
 */
export async function asAdmin<T>(browser: Browser, work: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ extraHTTPHeaders: { Origin: siteOrigin(), "CF-Connecting-IP": clientAddress() } });
  try {
    const admin = demoAccount("admin");
    const res = await context.request.post("/api/auth/login", { data: { email: admin.email, password: admin.password } });
    expect(res.status(), await res.text()).toBe(200);
    return await work(context.request);
  } finally {
    await context.close();
  }
}

/** The id of the member signed in on `page`. */
export async function memberId(page: Page): Promise<string> {
  const res = await page.request.get("/api/auth/me");
  const { user } = (await res.json()) as { user: { id: string } | null };
  if (!user) throw new Error("nobody is signed in on this page");
  return user.id;
}

/**
 * Signs up a new member (as `signUp`, the address confirmed) and has the demo admin give them a
 * complimentary VIP through the back office's API: a VIP of the journey's own, whose favorites,
 * playlists, plays, chat and check-ins no other journey sees or changes. The member stays signed
 * in on `page` (decision 040: a comp VIP keeps the session).
 */
export async function signUpVip(page: Page, browser: Browser) {
  const member = await signUp(page);
  const id = await memberId(page);
  await asAdmin(browser, async (api) => {
    const res = await api.put(`/api/admin/users/${id}/vip`, { data: { comp: true } });
    expect(res.status(), await res.text()).toBe(200);
  });
  return { ...member, id };
}

/** Has the demo admin make the member signed in on `page` door staff (decision 027), through the API. */
export async function grantDoorStaff(page: Page, browser: Browser) {
  const id = await memberId(page);
  await asAdmin(browser, async (api) => {
    const res = await api.put(`/api/admin/users/${id}/door-staff`, { data: { doorStaff: true } });
    expect(res.status(), await res.text()).toBe(200);
  });
}

type Fixtures = {
  /** Signs in through the login form (`signInThroughForm`). */
  login: (email: string, password: string) => Promise<void>;
  /** Signs in to a demo account through the API (`signIn`), landing on `landing` when given. */
  loginAs: (key: "admin" | "vip" | "fan" | "door", landing?: string) => Promise<DemoAccount>;
  /** Fails every journey on an uncaught error or a hydration mismatch in any of its pages. */
  pageTrouble: void;
  /** Records "app:ready" in the journey's page, for `hydrated`. */
  appReadyFlag: void;
};

export const test = base.extend<Fixtures>({
  // Each journey's browser sends from an address of its own (`clientAddress`), and so do the
  // other contexts it opens with `browser.newContext()`, which take the journey's options. The
  // sign-ins would otherwise share one per-address limit, and a retried journey could use it up
  // for the ones after it.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": clientAddress() });
  },
  appReadyFlag: [
    async ({ page }, use) => {
      await recordAppReady(page);
      await use();
    },
    { auto: true },
  ],
  pageTrouble: [
    async ({ page }, use) => {
      const trouble: string[] = [];
      page.on("pageerror", (error) => trouble.push(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && HYDRATION_TROUBLE.test(message.text())) trouble.push(`console: ${message.text()}`);
      });
      await use();
      expect(trouble, "uncaught errors and hydration mismatches").toEqual([]);
    },
    { auto: true },
  ],
  login: async ({ page }, use) => {
    await use((email, password) => signInThroughForm(page, email, password));
  },
  loginAs: async ({ page }, use) => {
    await use(async (key, landing) => {
      const account = demoAccount(key);
      await signIn(page, account.email, account.password, landing);
      return account;
    });
  },
});

export { expect };
