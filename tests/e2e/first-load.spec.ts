// A first visit fetches everything the page needs in one round: the HTML the Worker serves is the
// page itself, rendered with its data, and lists the page's chunks and the visitor's language
// catalog (worker/services/first-load.ts), which index.html's loader starts after the first paint;
// the app hydrates with the data the page carries instead of asking the API again.
import type { Page, Request } from "@playwright/test";
import type { FirstLoadManifest } from "../../worker/contracts/first-load";
import { expect, hydrated, PROFILE_URL, test } from "./fixtures";
import { demoAccount } from "./support";

/** The path of every request the page makes to the site, from the moment this is called. */
function recordRequests(page: Page, origin: string) {
  const paths: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === origin) paths.push(url.pathname);
  });
  return { count: (path: string) => paths.filter((p) => p === path).length, matching: (pattern: RegExp) => paths.filter((p) => pattern.test(p)) };
}

test.use({ locale: "pt-BR" });

// Every Content-Security-Policy violation of a page, from its very first script on.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as Window & { __violations?: string[] }).__violations = violations;
    document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
});

test("the landing page hydrates from the data it came with, and loads only its visitor's language", async ({ page, request, baseURL }) => {
  const manifest = (await (await request.get("/first-load.json")).json()) as FirstLoadManifest;
  const requests = recordRequests(page, new URL(baseURL!).origin);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Cadastre-se agora" })).toBeVisible();
  await hydrated(page);
  // Each list the loops below walk has entries: an empty manifest must fail here, not pass them.
  for (const list of [manifest.catalogs["pt-BR"].modules, manifest.catalogs.en.modules, manifest.pages["/"].modules, manifest.shell.modules]) {
    expect(list.length).toBeGreaterThan(0);
  }
  // The settings, the session and the events came in the page: nobody asks for them again.
  for (const path of ["/api/config", "/api/auth/me", "/api/events"]) expect(requests.count(path), path).toBe(0);
  for (const path of manifest.catalogs["pt-BR"].modules) expect(requests.count(path), path).toBe(1);
  for (const path of manifest.catalogs.en.modules) expect(requests.count(path), path).toBe(0);
  for (const path of manifest.pages["/"].modules) expect(requests.count(path), path).toBe(1);
  for (const path of manifest.shell.modules) expect(requests.count(path), path).toBe(1);
  // One stylesheet: the events list's and the contact form's rules are in the shell's.
  expect(requests.matching(/^\/assets\/.*\.css$/)).toHaveLength(1);
});

test("the landing page's HTML lists its entry, then each of its modules once, largest first, and loads none before its first paint", async ({ request }) => {
  const manifest = (await (await request.get("/first-load.json")).json()) as FirstLoadManifest;
  const html = await (await request.get("/", { headers: { "accept-language": "pt-BR" } })).text();
  const [entry, ...named] = JSON.parse(/<script type="application\/json" id="app-modules">([^<]*)<\/script>/.exec(html)![1]!) as string[];
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  const expected = [...manifest.shell.modules, ...manifest.catalogs["pt-BR"].modules, ...manifest.pages["/"].modules];
  expect(named.length).toBeGreaterThan(0);
  expect([...named].sort()).toEqual([...new Set(expected)].sort());
  const sizes = named.map((path) => manifest.bytes[path]!);
  expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  // The scripts are started by index.html's loader, after the first paint; the styles are in the head.
  expect(html).not.toContain('<script type="module"');
  expect(html).not.toContain('rel="modulepreload"');
});

test("the shell and the public pages' first load carry no zod: validation loads with the forms that need it", async ({ request }) => {
  const manifest = (await (await request.get("/first-load.json")).json()) as FirstLoadManifest;
  const pages = [
    "/",
    "/events",
    "/music/",
    "/music/catalog/",
    "/music/catalog/$id",
    "/music/track/$trackId",
    "/store/",
    "/store/$product",
    "/perks",
    "/contests/$contest",
  ] as const;
  const modules = new Set([...manifest.shell.modules, ...pages.flatMap((page) => manifest.pages[page].modules)]);
  expect(modules.size).toBeGreaterThan(pages.length);
  const withZod: string[] = [];
  for (const path of modules) {
    // zod's schema classes keep their names in the minified build, whichever chunk holds them.
    if ((await (await request.get(path)).text()).includes("$ZodType")) withZod.push(path);
  }
  expect(withZod).toEqual([]);
});

test("the pages run under their Content-Security-Policy without a violation, the inline scripts included", async ({ page }) => {
  // Server-rendered pages and a page the browser renders from the shell (/chat, signed out: its gate).
  for (const path of ["/", "/music/catalog", "/radio", "/chat"]) {
    // goto waits for the load event: by then the Intl set-up in the <head> has run or been refused;
    // hydrated, the module loader at the end of a server-rendered page's <body> has run too.
    await page.goto(path);
    if (path !== "/chat") await hydrated(page);
    const violations = await page.evaluate(() => (window as Window & { __violations?: string[] }).__violations ?? []);
    expect(violations, path).toEqual([]);
  }
});

test("the music catalog hydrates without asking for its albums, and loads each of its first covers once", async ({ page, baseURL }) => {
  const requests = recordRequests(page, new URL(baseURL!).origin);
  await page.goto("/music/catalog");
  const covers = page.locator(".album-grid img.cover");
  await expect(covers.first()).toBeVisible();
  await hydrated(page);
  expect(requests.count("/api/music/albums")).toBe(0);
  const firstCovers = await covers.evaluateAll((imgs) => imgs.slice(0, 5).map((img) => new URL((img as HTMLImageElement).src).pathname));
  expect(firstCovers).toHaveLength(5);
  for (const path of firstCovers) expect(requests.count(path), path).toBe(1);
});

test("what a visitor types and taps before the app has started is answered once it has: the sign-in goes through", async ({ page }) => {
  // The entry module is held back until the form has been filled and its button pressed.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let entryRequested = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    entryRequested = true;
    await released;
    await route.continue();
  });
  const fan = demoAccount("fan");
  // Not waiting for the load event: the held module would hold it too, if it was started before.
  await page.goto("/social/login", { waitUntil: "domcontentloaded" });
  await page.getByLabel("E-mail", { exact: true }).fill(fan.email);
  await page.getByLabel("Senha", { exact: true }).fill(fan.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  // The held tap does not submit the form natively (no password in a URL, no reload).
  expect(page.url()).toMatch(/\/social\/login$/);
  await expect.poll(() => entryRequested).toBe(true);
  release();
  await expect(page).toHaveURL(PROFILE_URL);
});
