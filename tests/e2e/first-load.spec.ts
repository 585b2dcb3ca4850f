// A first visit fetches everything the page needs in one round: the HTML the Worker serves is the
// page itself, rendered with its data, and names the page's chunks and the visitor's language
// catalog (worker/services/first-load.ts); the app hydrates with the data the page carries instead
// of asking the API again.
import type { Page, Request } from "@playwright/test";
import type { FirstLoadManifest } from "../../worker/contracts/first-load";
import { expect, hydrated, test } from "./fixtures";

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
  // The settings, the session and the events came in the page: nobody asks for them again.
  for (const path of ["/api/config", "/api/auth/me", "/api/events"]) expect(requests.count(path), path).toBe(0);
  for (const path of manifest.catalogs["pt-BR"].modules) expect(requests.count(path), path).toBe(1);
  for (const path of manifest.catalogs.en.modules) expect(requests.count(path), path).toBe(0);
  for (const path of manifest.pages["/"].modules) expect(requests.count(path), path).toBe(1);
  for (const path of manifest.shell.modules) expect(requests.count(path), path).toBe(1);
  // One stylesheet: the events list's and the contact form's rules are in the shell's.
  expect(requests.matching(/^\/assets\/.*\.css$/)).toHaveLength(1);
});

test("the landing page's HTML names each of its modules once, largest first", async ({ request }) => {
  const manifest = (await (await request.get("/first-load.json")).json()) as FirstLoadManifest;
  const html = await (await request.get("/", { headers: { "accept-language": "pt-BR" } })).text();
  const named = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  const expected = [...manifest.shell.modules, ...manifest.catalogs["pt-BR"].modules, ...manifest.pages["/"].modules];
  expect([...named].sort()).toEqual([...new Set(expected)].sort());
  const sizes = named.map((path) => manifest.bytes[path]!);
  expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
});

test("the pages run under their Content-Security-Policy without a violation, the inline Intl set-up included", async ({ page }) => {
  for (const path of ["/", "/music/catalog", "/radio"]) {
    // goto waits for the load event: by then the inline script at the end of <body> has run or been refused.
    await page.goto(path);
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
