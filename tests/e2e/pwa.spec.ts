// The installable app (decisions 042 and 058): Chromium finds nothing missing to install it, the
// manifest is in the visitor's language, the service worker shows a public page already opened
// from its copy when the network is gone (marked "Offline copy from …"), answers any other page
// with the offline page in the member's language, keeps no API answer and nothing personal, and
// keeps nothing of a member's visit once they sign out.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { expect, hydrated, test as journey } from "./fixtures";
import { accountMenuItem } from "./support";

/**
 * What the page said while offline is where a failure's cause shows, and the first attempt of a
 * failing journey keeps no trace by default: this file keeps the trace of any failed attempt, and
 * attaches the page's errors, warnings, failed requests and navigations to it.
 */
const test = journey.extend<{ pageLog: void }>({
  pageLog: [
    async ({ page }, use, testInfo) => {
      const log: string[] = [];
      const note = (line: string) => log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
      page.on("pageerror", (error) => note(`uncaught: ${error.stack ?? error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") note(`console.${message.type()}: ${message.text()}`);
      });
      page.on("requestfailed", (request) => note(`request failed: ${request.url()} (${request.failure()?.errorText ?? "?"})`));
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) note(`at ${frame.url()}`);
      });
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const file = testInfo.outputPath("page-log.txt");
      await writeFile(file, `${log.join("\n")}\n`);
      await testInfo.attach("page-log", { path: file, contentType: "text/plain" });
    },
    { auto: true },
  ],
});

test.use({ serviceWorkers: "allow", trace: "retain-on-failure" });

/** Once the service worker is active, a reload puts the page under its control. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

test("Chromium reports no installability errors, and the manifest names the app in the visitor's language", async ({ page }, testInfo) => {
  // Chromium never offers to install from an incognito profile, which a test's context is: the
  // check runs in a browser with a profile of its own.
  const profile = await mkdtemp(path.join(tmpdir(), "pwa-profile-"));
  const { launchOptions, baseURL } = testInfo.project.use;
  const browser = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: "allow" });
  try {
    const installing = await browser.newPage();
    await installing.goto("/");
    const cdp = await browser.newCDPSession(installing);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = await cdp.send("Page.getAppManifest");
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }

  const english = await page.request.get("/manifest.webmanifest", { headers: { "Accept-Language": "en-US" } });
  expect(english.status()).toBe(200);
  expect(english.headers()["content-type"]).toContain("application/manifest+json");
  expect(await english.json()).toMatchObject({
    name: "Freestyle Lovers",
    short_name: "Freestyle",
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#14061f",
    background_color: "#0d0418",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", purpose: "maskable" },
    ],
    shortcuts: [
      { name: "Music", url: "/music" },
      { name: "Radio", url: "/radio" },
      { name: "Feed", url: "/social" },
    ],
  });
  // A visitor who chose Portuguese (the app's cookie) gets the Portuguese names.
  const portuguese = await page.request.get("/manifest.webmanifest", { headers: { "Accept-Language": "en-US", Cookie: "locale=pt-BR" } });
  expect(await portuguese.json()).toMatchObject({ lang: "pt-BR", shortcuts: [{ name: "Música" }, { name: "Rádio" }, { name: "Feed" }] });
  for (const icon of ["/icons/icon-192.png", "/icons/icon-512.png", "/icons/icon-maskable-512.png", "/icons/apple-touch-icon.png"]) {
    const response = await page.request.get(icon);
    expect(response.status(), icon).toBe(200);
    expect(response.headers()["content-type"], icon).toBe("image/png");
  }
  // Browsers and crawlers ask for /favicon.ico whatever the page links.
  const favicon = await page.request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\//);
  const script = await page.request.get("/sw.js");
  expect(script.status()).toBe(200);
  expect(script.headers()["cache-control"]).toBe("no-cache");
});

test("with the network gone, a page is the offline page, in English or in the member's Portuguese", async ({ page, context }) => {
  await page.goto("/");
  await underServiceWorker(page);

  await context.setOffline(true);
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "You're offline", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByText("Você está sem conexão")).toBeHidden();

  // The language the member chose in the app (saved as the app saves it, app/i18n/I18nProvider.tsx).
  await page.evaluate(() => {
    localStorage.setItem("locale", "pt-BR");
    document.cookie = "locale=pt-BR; Path=/";
  });
  await page.goto("/music");
  await expect(page.getByRole("heading", { name: "Você está sem conexão", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Tentar de novo" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");

  // Back online, the pages come from the Worker again.
  await context.setOffline(false);
  await page.getByRole("button", { name: "Tentar de novo" }).click();
  await expect(page.getByText("Quatro décadas de freestyle, dance e coração.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Você está sem conexão" })).toHaveCount(0);
});

test("a signed-in member's API answers are never kept; covers are", async ({ page, loginAs }) => {
  await loginAs("fan");
  await underServiceWorker(page);
  await page.goto("/music/catalog");
  await expect(page.locator("img[src^='/media/']").first()).toBeVisible();

  await expect.poll(() => page.evaluate(async () => (await (await caches.open("pictures")).keys()).length)).toBeGreaterThan(0);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain("/offline");
  expect(cached.filter((path) => path.startsWith("/api/"))).toEqual([]);
  // The session's own answer went through the worker to the network: it is in no cache.
  expect(await page.evaluate(async () => (await caches.match("/api/auth/me")) ?? null)).toBeNull();
});

/** The addresses (path and query) of every entry in every cache of the page's origin. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

/** The stored copy of `path` in the worker's page cache: its HTML and when it was taken, or null. */
const pageCopy = (page: Page, path: string) =>
  page.evaluate(async (address) => {
    const copy = await (await caches.open("pages")).match(address, { ignoreVary: true });
    return copy ? { html: await copy.text(), copiedAt: copy.headers.get("X-Offline-Copy") } : null;
  }, path);

test("a visitor's page opened before is shown offline from the worker's copy, marked with its time, and refreshed once back online", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await underServiceWorker(page);
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  await expect.poll(async () => (await pageCopy(page, "/events"))?.copiedAt ?? null).not.toBeNull();
  const first = (await pageCopy(page, "/events"))!;
  await page.goto("/store");
  await expect.poll(async () => (await pageCopy(page, "/store"))?.copiedAt ?? null).not.toBeNull();

  await context.setOffline(true);
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  // The app itself runs on the copy (the banner is its own), in the reader's language and time.
  await expect(page.getByRole("status").filter({ hasText: /^Offline copy from / })).toBeVisible();
  await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
  // A link followed offline opens that page's copy too, not the app's loading failure.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Store", exact: true }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByRole("status").filter({ hasText: /^Offline copy from / })).toBeVisible();
  await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
  // A page never opened is still the offline page.
  await page.goto("/tv");
  await expect(page.getByRole("heading", { name: "You're offline", level: 1 })).toBeVisible();

  // Back online, the network's page again, and a newer copy of it.
  await context.setOffline(false);
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  await expect(page.getByText(/^Offline copy from /)).toHaveCount(0);
  await expect.poll(async () => Date.parse((await pageCopy(page, "/events"))?.copiedAt ?? "")).toBeGreaterThan(Date.parse(first.copiedAt!));
});

test("a copy kept before the page's own code had loaded still opens offline, with its code", async ({ page, context }) => {
  await page.goto("/");
  await underServiceWorker(page);
  // The store page's HTML arrives but none of its scripts run, so the page asks for none of its
  // chunks: as when the network goes right after a page's first paint.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
  await page.goto("/store");
  await cdp.send("Emulation.setScriptExecutionDisabled", { value: false });
  await expect.poll(async () => (await pageCopy(page, "/store"))?.copiedAt ?? null).not.toBeNull();

  await context.setOffline(true);
  await page.goto("/store");
  // The app ran on the copy (without the store's chunk it stops on the router's "Something went
  // wrong!", which has no headline), and the banner is its own.
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Store", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Offline copy from / })).toBeVisible();
  await expect(page.getByText("Something went wrong!")).toHaveCount(0);
});

test("a member's pages: personal ones are never kept, public ones are kept as a visitor sees them, and sign-out leaves nothing", async ({
  page,
  context,
  loginAs,
}) => {
  const fan = await loginAs("fan");
  await underServiceWorker(page);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  // The member's own page is private: the worker keeps the visitor's page of the address instead.
  await expect.poll(async () => (await pageCopy(page, "/events"))?.html ?? null).toContain('id="ssr-state"');
  const copy = (await pageCopy(page, "/events"))!;
  expect(copy.html).not.toContain(fan.username);
  expect(copy.html).not.toContain(fan.email);
  const cached = await cachedPaths(page);
  expect(cached.filter((path) => path.startsWith("/api/"))).toEqual([]);
  expect(cached).not.toContain("/settings");

  await context.setOffline(true);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "You're offline", level: 1 })).toBeVisible();
  await page.goto("/events");
  await expect(page.getByRole("status").filter({ hasText: /^Offline copy from / })).toBeVisible();

  await context.setOffline(false);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  await (await accountMenuItem(page, "Logout")).click();
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes("pages"))).toBe(false);
  const left = await cachedPaths(page);
  expect(left.filter((path) => path.startsWith("/api/") || path === "/events" || path === "/settings")).toEqual([]);
});
