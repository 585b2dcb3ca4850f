// Each family of public pages as a visitor's browser gets it: the headline and main content are in
// the first HTML response (the Worker rendered them), the page hydrates without a console error,
// and then answers a click (the language switch re-renders it in Portuguese). A shared post shows
// visitors who shared it and a way in; an unknown address is a real 404 with the app's page.
import type { ConsoleMessage, Page } from "@playwright/test";
import { demoAccount, t } from "./support";
import { expect, hydrated, test } from "./fixtures";

/** Every console error of the page from now on, except the 404 of the document itself where expected. */
function consoleErrors(page: Page, { allowNotFoundDocument = false } = {}) {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() !== "error") return;
    if (allowNotFoundDocument && /status of 404/.test(message.text()) && message.location().url === page.url()) return;
    errors.push(message.text());
  });
  return errors;
}

/** The text of the HTML the Worker sends, tags removed. */
async function firstHtmlText(page: Page, path: string) {
  const res = await page.request.get(path, { headers: { "accept-language": "en-US,en;q=0.9" } });
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Switches the language from the header and waits until the page speaks Portuguese. */
async function switchToPortuguese(page: Page) {
  await page
    .locator(".site-header")
    .getByRole("button", { name: t("en", "nav.language.pt") })
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.locator(".site-footer").getByRole("link", { name: t("pt-BR", "footer.privacy") })).toBeVisible();
}

const FAMILIES: { name: string; path: string; headline: string | RegExp; content: string[]; headlineAfter?: string }[] = [
  {
    name: "the landing page",
    path: "/",
    headline: t("en", "home.hero.title"),
    content: [t("en", "home.music.title"), "Freestyle Forever Tour"],
    headlineAfter: t("pt-BR", "home.hero.title"),
  },
  { name: "events", path: "/events", headline: "Events", content: ["Freestyle Forever Tour — New York", "Miami Freestyle Heat"], headlineAfter: "Eventos" },
  { name: "the music catalog", path: "/music/catalog", headline: t("en", "music.catalog.title"), content: ["City Lights Calling", "Freestyle Nights"] },
  {
    name: "an album",
    path: "/music/catalog/freestyle-nights",
    headline: "Freestyle Nights",
    content: ["Say It on the Dance Floor", "Last Train to Your Heart"],
  },
  { name: "a track", path: "/music/track/waiting-for-your-love", headline: "Waiting for Your Love", content: ["Freestyle Nights"] },
  { name: "the music hub", path: "/music", headline: t("en", "music.hub.artist"), content: [t("en", "music.hub.featured")] },
  { name: "VIP sign-up", path: "/vip-signup", headline: t("en", "vip.signup.title"), content: [t("en", "vip.benefits.title")] },
  { name: "membership options", path: "/signup-options", headline: t("en", "signupOptions.title"), content: [t("en", "signupOptions.intro")] },
  { name: "a legal page", path: "/privacy", headline: t("en", "meta.privacy.title"), content: [] },
  { name: "radio", path: "/radio", headline: t("en", "pages.radio.title"), content: ["Freestyle Lovers Radio"] },
  { name: "TV", path: "/tv", headline: t("en", "pages.tv.title"), content: [t("en", "pages.tv.intro")] },
  { name: "the virtual meet", path: "/virtual-meet", headline: t("en", "pages.virtualMeet.title"), content: [t("en", "pages.virtualMeet.intro")] },
  { name: "sign-in", path: "/social/login", headline: t("en", "auth.login.title"), content: [t("en", "auth.login.intro")] },
  { name: "sign-up", path: "/social/signup", headline: t("en", "auth.signup.title"), content: [t("en", "auth.signup.intro")] },
];

/**
 * Families a journey, in one browser context: it keeps the app's files cached from one page to the
 * next, as a visitor's browser does (a context a page cost half as much again), while the journeys
 * still spread over the workers.
 */
const FAMILIES_A_JOURNEY = 5;

for (let start = 0; start < FAMILIES.length; start += FAMILIES_A_JOURNEY) {
  const some = FAMILIES.slice(start, start + FAMILIES_A_JOURNEY);
  test(`${some.map((family) => family.name).join(", ")}: each arrives rendered and answers a click once hydrated`, async ({ page }) => {
    const errors = consoleErrors(page);
    for (const family of some) {
      await test.step(family.name, async () => {
        const text = await firstHtmlText(page, family.path);
        for (const expected of [family.headline, ...family.content]) expect(text, String(expected)).toContain(expected);

        await page.goto(family.path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(family.headline);
        await hydrated(page);
        await switchToPortuguese(page);
        if (family.headlineAfter) await expect(page.getByRole("heading", { level: 1 })).toHaveText(family.headlineAfter);
        expect(errors).toEqual([]);
        // The next family starts as a new visitor again: the language choice is a cookie.
        await page.context().clearCookies();
      });
    }
  });
}

test("a page chosen in Portuguese comes back rendered in Portuguese, with no flip on hydration", async ({ page }) => {
  await page.goto("/music/catalog");
  await hydrated(page);
  await switchToPortuguese(page);
  const errors = consoleErrors(page);
  // The choice travels in a cookie: the server renders the next visit in it.
  const html = await (await page.request.get("/music/catalog")).text();
  expect(html).toContain('<html lang="pt-BR">');
  expect(html).toContain(t("pt-BR", "music.catalog.title"));
  await page.goto("/music/catalog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("pt-BR", "music.catalog.title"));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("pt-BR", "music.catalog.title"));
  expect(errors).toEqual([]);
});

test("a shared post shows a visitor who shared it and signs them in to read it", async ({ page }) => {
  const vip = demoAccount("vip");
  const postId = "00000000-0000-4000-9000-00000000b001";
  const text = await firstHtmlText(page, `/social/post/${postId}`);
  expect(text).toContain("A post in the Freestyle Lovers community");
  expect(text).toContain(`Shared by ${vip.username}`);
  expect(text).not.toContain("Collins Avenue");

  const errors = consoleErrors(page);
  await page.goto(`/social/post/${postId}`);
  await hydrated(page);
  await page.getByRole("link", { name: "Sign In" }).first().click();
  await expect(page).toHaveURL(/\/social\/login\?redirect=/);
  const fan = demoAccount("fan");
  await page.getByLabel("Email").fill(fan.email);
  await page.getByLabel("Password", { exact: true }).fill(fan.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  // Back on the post, now readable.
  await expect(page).toHaveURL(new RegExp(`/social/post/${postId}$`));
  await expect(page.getByText(/Collins Avenue/)).toBeVisible();
  expect(errors).toEqual([]);
});

test("an unknown address is a 404 with the app's not-found page, which still works", async ({ page }) => {
  const res = await page.request.get("/no-such-page");
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain(t("en", "notFound.body"));
  const errors = consoleErrors(page, { allowNotFoundDocument: true });
  const answer = await page.goto("/no-such-page");
  expect(answer?.status()).toBe(404);
  await expect(page.getByText(t("en", "notFound.body"))).toBeVisible();
  await hydrated(page);
  await switchToPortuguese(page);
  await expect(page.getByText(t("pt-BR", "notFound.body"))).toBeVisible();
  expect(errors).toEqual([]);
});
