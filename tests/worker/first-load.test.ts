// The first-load hints of a server-rendered page (worker/services/first-load.ts): its styles in
// the head, and every module it runs (the entry, the shell's, its language's catalog, its route
// chunks, largest first) in the list index.html's loader starts after the first paint, in place of
// the shell's own module script and preloads. The shell and the manifest come from a fake ASSETS
// binding, so the test knows every byte of both.
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_MANIFEST, type FirstLoadManifest } from "../../worker/contracts/first-load";
import { SSR_ROUTES, type SsrRouteId } from "../../worker/contracts/areas";
import { localeOfRequest } from "../../worker/lib/content-language";
import { createUser, type Role } from "./helpers";
import { fakeAssets as fakeAssetsWith, linksOf, modulesOf, page as pageWith } from "./pages-fixtures";

/** What the shell itself preloads, as the build writes it: largest first. */
const SHELL_PRELOADS = ["/assets/framework-1.js", "/assets/api-1.js"];
const ENTRY = '<script type="module" crossorigin src="/assets/index-1.js"></script>';
const SHELL =
  '<!doctype html><html><head><meta name="description" content="x" /><title>Freestyle Lovers</title>' +
  ENTRY +
  SHELL_PRELOADS.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join("") +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>';

const MANIFEST: FirstLoadManifest = {
  shell: { modules: SHELL_PRELOADS },
  bytes: {
    "/assets/framework-1.js": 20_000,
    "/assets/en-1.js": 9_000,
    "/assets/pt-BR-1.js": 9_500,
    "/assets/landing-1.js": 7_000,
    "/assets/CatalogPage-1.js": 6_000,
    "/assets/api-1.js": 5_000,
    "/assets/events-1.js": 3_000,
    "/assets/EventsList-1.js": 1_000,
  },
  catalogs: { en: { modules: ["/assets/en-1.js"] }, "pt-BR": { modules: ["/assets/pt-BR-1.js"] } },
  pages: {
    ...(Object.fromEntries(Object.keys(SSR_ROUTES).map((route) => [route, { modules: [], styles: [] }])) as unknown as FirstLoadManifest["pages"]),
    "/": { modules: ["/assets/landing-1.js", "/assets/EventsList-1.js"], styles: ["/assets/landing-1.css"] },
    "/events": { modules: ["/assets/events-1.js", "/assets/EventsList-1.js"], styles: ["/assets/events-1.css"] },
    "/music/catalog/": { modules: ["/assets/CatalogPage-1.js"], styles: [] },
  },
};

/** A fresh fake binding (the manifest is remembered per binding): this file's shell, and `manifest` (null: none) as first-load.json. */
const fakeAssets = (manifest: unknown = MANIFEST) => fakeAssetsWith(manifest, SHELL);

const page = (path: string, assets: Fetcher, headers: Record<string, string> = {}) => pageWith(path, { assets, headers });

/** The shell as built, for a page the Worker does not hint: its own module script and preloads, no list. */
function expectShellScripts(html: string) {
  expect(html).toContain(ENTRY);
  expect(linksOf(html, "modulepreload")).toEqual(SHELL_PRELOADS);
  expect(modulesOf(html)).toBeNull();
}

/** Every preload that is not a module: the pages name no data or pictures ahead, their HTML has them. */
const preloads = (html: string) => [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);

describe("first-load hints", () => {
  it("lists the landing page's chunks with the entry and the shell's, largest first, its styles and the visitor's catalog", async () => {
    const { assets } = fakeAssets();
    const res = await page("/", assets, { "accept-language": "pt-BR,pt;q=0.9,en;q=0.8" });
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const html = await res.text();
    // Each module once, the entry first: nothing starts before the first paint, so the shell's
    // own module script and preload tags are gone.
    expect(modulesOf(html)).toEqual([
      "/assets/index-1.js",
      "/assets/framework-1.js",
      "/assets/pt-BR-1.js",
      "/assets/landing-1.js",
      "/assets/api-1.js",
      "/assets/EventsList-1.js",
    ]);
    expect(linksOf(html, "modulepreload")).toEqual([]);
    expect(html).not.toContain('<script type="module"');
    // After the page and its data island, before index.html's loader that reads it.
    expect(html.indexOf('id="app-modules"')).toBeGreaterThan(html.indexOf('id="ssr-state"'));
    expect(linksOf(html, "stylesheet")).toEqual(["/assets/index-1.css", "/assets/landing-1.css"]);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/landing-1.css">');
    expect(preloads(html)).toEqual([]);
    expect(html.indexOf("</head>")).toBeGreaterThan(html.indexOf("/assets/landing-1.css"));
  });

  it("lists /events' own chunks and the English catalog for an English browser", async () => {
    const { assets } = fakeAssets();
    const html = await (await page("/events", assets, { "accept-language": "en-US,en;q=0.9" })).text();
    expect(modulesOf(html)).toEqual([
      "/assets/index-1.js",
      "/assets/framework-1.js",
      "/assets/en-1.js",
      "/assets/api-1.js",
      "/assets/events-1.js",
      "/assets/EventsList-1.js",
    ]);
    expect(linksOf(html, "stylesheet")).toEqual(["/assets/index-1.css", "/assets/events-1.css"]);
  });

  it("lists the catalog page's chunk, and only the shell's for a page without chunks of its own", async () => {
    const { assets } = fakeAssets();
    const res = await page("/music/catalog", assets);
    expect(res.status).toBe(200);
    expect(modulesOf(await res.text())).toEqual([
      "/assets/index-1.js",
      "/assets/framework-1.js",
      "/assets/en-1.js",
      "/assets/CatalogPage-1.js",
      "/assets/api-1.js",
    ]);
    const privacy = await (await page("/privacy", assets)).text();
    expect(modulesOf(privacy)).toEqual(["/assets/index-1.js", "/assets/framework-1.js", "/assets/en-1.js", "/assets/api-1.js"]);
  });

  it("leaves a 404 and a signed-in page's shell as built", async () => {
    const { assets } = fakeAssets();
    const res = await page("/no-such-page", assets);
    expect(res.status).toBe(404);
    expectShellScripts(await res.text());
    const { cookie } = await createUser("user");
    const chat = await page("/chat", assets, { cookie });
    expect(chat.status).toBe(200);
    expectShellScripts(await chat.text());
  });

  it.each<Exclude<Role, "visitor">>(["user", "vip", "admin", "banned"])("gives a signed-in %s the same hints as a visitor", async (role) => {
    const { cookie } = await createUser(role);
    const { assets } = fakeAssets();
    const head = (html: string) => html.slice(0, html.indexOf("</head>"));
    const visitor = await (await page("/music/catalog", assets)).text();
    const signedIn = await (await page("/music/catalog", assets, { cookie })).text();
    expect(head(signedIn)).toBe(head(visitor));
  });

  it("reads the manifest once per deployment (binding), not on every visit", async () => {
    const { assets, requests } = fakeAssets();
    await (await page("/", assets)).text();
    await (await page("/events", assets)).text();
    await (await page("/music/catalog", assets)).text();
    expect(requests.filter((path) => path === FIRST_LOAD_MANIFEST)).toHaveLength(1);
  });

  it("tries the manifest again on the next visit after a failed read", async () => {
    const { assets, requests } = fakeAssets();
    const real = assets.fetch.bind(assets);
    let failures = 1;
    const flaky = {
      fetch: async (input: RequestInfo | URL) => {
        const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
        if (path === FIRST_LOAD_MANIFEST && failures-- > 0) {
          requests.push(path);
          throw new Error("network connection lost");
        }
        return real(input);
      },
    } as unknown as Fetcher;
    expectShellScripts(await (await page("/events", flaky)).text());
    expect(modulesOf(await (await page("/events", flaky)).text())).toEqual([
      "/assets/index-1.js",
      "/assets/framework-1.js",
      "/assets/en-1.js",
      "/assets/api-1.js",
      "/assets/events-1.js",
      "/assets/EventsList-1.js",
    ]);
    expect(requests.filter((path) => path === FIRST_LOAD_MANIFEST)).toHaveLength(2);
  });

  it("serves the page without hints when the build has no manifest (the assets layer answers with the shell)", async () => {
    const { assets } = fakeAssets(null);
    const catalog = await page("/music/catalog", assets);
    expect(catalog.status).toBe(200);
    expectShellScripts(await catalog.text());
  });

  it.each([
    ["a path outside /assets/", { ...MANIFEST, catalogs: { ...MANIFEST.catalogs, en: { modules: ["https://evil.test/x.js"] } } }],
    ["markup in a path", { ...MANIFEST, pages: { ...MANIFEST.pages, "/": { modules: ['/assets/x.js"><script>alert(1)</script>'], styles: [] } } }],
    ["a missing page", { ...MANIFEST, pages: { "/": MANIFEST.pages["/"] } as Record<SsrRouteId, unknown> }],
    ["a missing language", { ...MANIFEST, catalogs: { en: MANIFEST.catalogs.en } }],
    ["no shell", { bytes: MANIFEST.bytes, catalogs: MANIFEST.catalogs, pages: MANIFEST.pages }],
    ["a size that is not a count of bytes", { ...MANIFEST, bytes: { ...MANIFEST.bytes, "/assets/api-1.js": -1 } }],
  ])("writes nothing from a manifest with %s", async (_case, manifest) => {
    const { assets } = fakeAssets(manifest);
    const res = await page("/", assets);
    expect(res.status).toBe(200);
    const html = await res.text();
    expectShellScripts(html);
    expect(html).not.toContain("evil.test");
    expect(html).not.toContain("<script>alert");
  });
});

describe("the visitor's language from Accept-Language", () => {
  it.each([
    ["pt-BR,pt;q=0.9,en;q=0.8", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["en-GB,pt;q=0.5", "en"],
    ["fr-FR,fr;q=0.9,pt;q=0.5", "pt-BR"],
    ["en;q=0.2,pt;q=0.8", "pt-BR"],
    ["pt;q=0,en", "en"],
    ["pt;q=0", "en"],
    ["de", "en"],
    ["", "en"],
    [undefined, "en"],
  ])("%s is %s", (header, locale) => {
    expect(localeOfRequest(header)).toBe(locale);
  });
});
