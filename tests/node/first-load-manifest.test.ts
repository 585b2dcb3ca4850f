// The build's first-load.json (scripts/lib/first-load-manifest.mjs): for each server-rendered page
// (SSR_ROUTES), its route component chunk and everything that chunk imports, minus what the
// shell already names (listed once, as `shell`); each language's site catalog; every named file's
// gzipped size, and index.html's module preloads largest first. And wrangler.toml sends every
// page to the Worker, which renders it and writes the hints.
import path from "node:path";
import { gzipSync } from "node:zlib";
import { experimental_readRawConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { SITE_ENGLISH } from "../../scripts/lib/english-messages.mjs";
import { buildFirstLoadManifest, orderModulePreloads } from "../../scripts/lib/first-load-manifest.mjs";
import { SSR_ROUTES } from "../../worker/contracts/areas";

const ROOT = path.resolve(import.meta.dirname, "../..");

type FakeChunk = { imports?: string[]; isEntry?: boolean; facadeModuleId?: string | null; css?: string[]; code?: string };
/** Just the fields of Rollup's output chunks the manifest reads. */
function bundleOf(chunks: Record<string, FakeChunk>) {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, chunk]) => [
      fileName,
      {
        type: "chunk",
        fileName,
        isEntry: chunk.isEntry ?? false,
        imports: chunk.imports ?? [],
        facadeModuleId: chunk.facadeModuleId ?? null,
        code: chunk.code ?? `export const name = ${JSON.stringify(fileName)};`,
        viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set() },
      },
    ]),
  ) as never;
}

/** Pseudo-random printable text, the same on every run (xorshift32). */
function randomText(length: number) {
  let seed = length;
  return Array.from({ length }, () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return String.fromCharCode(33 + ((seed >>> 0) % 90));
  }).join("");
}

const split = (route: string) => `${path.join(ROOT, route)}?tsr-split=component`;
const PAGES = { "/": "app/routes/index.tsx", "/events": "app/routes/events.tsx" };

const BUNDLE = bundleOf({
  "assets/index-1.js": { isEntry: true, imports: ["assets/framework-1.js", "assets/api-1.js"], facadeModuleId: path.join(ROOT, "app/main.tsx") },
  // Random text barely compresses: 20,000 characters stay over 15 kB gzipped.
  "assets/framework-1.js": { code: randomText(20_000) },
  "assets/api-1.js": { imports: ["assets/framework-1.js"] },
  "assets/routes-1.js": { imports: ["assets/EventsList-1.js", "assets/api-1.js"], facadeModuleId: split("app/routes/index.tsx"), css: ["assets/routes-1.css"] },
  "assets/events-1.js": { imports: ["assets/EventsList-1.js", "assets/PageFrame-1.js"], facadeModuleId: split("app/routes/events.tsx") },
  "assets/EventsList-1.js": { imports: ["assets/format-1.js", "assets/framework-1.js"], css: ["assets/events-1.css"] },
  "assets/format-1.js": {},
  "assets/PageFrame-1.js": {},
  // The English is made from the descriptors (english-messages.mjs): a virtual module.
  "assets/en-1.js": { code: randomText(9_000), facadeModuleId: SITE_ENGLISH },
  "assets/pt-BR-1.js": { facadeModuleId: path.join(ROOT, "app/i18n/pt-BR.json") },
  "assets/legal-en-1.js": { facadeModuleId: path.join(ROOT, "app/features/legal/messages.en.json") },
  "assets/admin-1.js": { imports: ["assets/format-1.js"], facadeModuleId: `${path.join(ROOT, "app/routes/admin/index.tsx")}?tsr-split=component` },
});

describe("buildFirstLoadManifest", () => {
  it("lists each page's chunks and styles beyond the shell's, and each language's catalog", () => {
    const manifest = buildFirstLoadManifest(BUNDLE, ROOT, PAGES);
    const gzipped = (file: string) => gzipSync((BUNDLE as Record<string, { code: string }>)[file]!.code).length;
    expect(manifest).toEqual({
      shell: { modules: ["/assets/framework-1.js", "/assets/api-1.js"] },
      bytes: Object.fromEntries(
        ["api-1", "en-1", "EventsList-1", "events-1", "format-1", "framework-1", "PageFrame-1", "pt-BR-1", "routes-1"].map((name) => [
          `/assets/${name}.js`,
          gzipped(`assets/${name}.js`),
        ]),
      ),
      catalogs: { en: { modules: ["/assets/en-1.js"] }, "pt-BR": { modules: ["/assets/pt-BR-1.js"] } },
      pages: {
        "/": {
          modules: ["/assets/EventsList-1.js", "/assets/format-1.js", "/assets/routes-1.js"],
          styles: ["/assets/events-1.css", "/assets/routes-1.css"],
        },
        "/events": {
          modules: ["/assets/EventsList-1.js", "/assets/PageFrame-1.js", "/assets/events-1.js", "/assets/format-1.js"],
          styles: ["/assets/events-1.css"],
        },
      },
    });
  });

  it("lists the shell's modules largest first, by their gzipped size", () => {
    const { shell, bytes } = buildFirstLoadManifest(BUNDLE, ROOT, PAGES);
    expect(bytes["/assets/framework-1.js"]).toBeGreaterThan(15_000);
    expect(bytes["/assets/api-1.js"]).toBeLessThan(100);
    expect(shell.modules).toEqual(["/assets/framework-1.js", "/assets/api-1.js"]);
  });

  it("fails the build when a page's route has no component chunk", () => {
    expect(() => buildFirstLoadManifest(BUNDLE, ROOT, { ...PAGES, "/music/catalog": "app/routes/music/catalog/index.tsx" })).toThrow(
      "first-load manifest: no component chunk for /music/catalog (app/routes/music/catalog/index.tsx)",
    );
  });

  it("fails the build when a language's catalog chunk is not found (the English is a virtual module)", () => {
    const withoutEnglish = Object.fromEntries(
      Object.entries(BUNDLE as Record<string, { facadeModuleId: string | null }>).filter(([, chunk]) => chunk.facadeModuleId !== SITE_ENGLISH),
    );
    expect(() => buildFirstLoadManifest(withoutEnglish as never, ROOT, PAGES)).toThrow("first-load manifest: no catalog chunk for en");
  });
});

describe("orderModulePreloads", () => {
  const tag = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`;
  const head = (files: string[]) =>
    `<head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    ${files.map(tag).join("\n    ")}\n    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n  </head>`;

  it("writes index.html's module preloads largest first, where Vite put them", () => {
    const bytes = { "/assets/a.js": 100, "/assets/b.js": 9_000, "/assets/c.js": 2_000, "/assets/d.js": 2_000 };
    expect(orderModulePreloads(head(["a.js", "c.js", "b.js", "d.js"]), bytes)).toBe(head(["b.js", "c.js", "d.js", "a.js"]));
  });

  it("leaves a page with fewer than two preloads as it is", () => {
    expect(orderModulePreloads(head(["a.js"]), { "/assets/a.js": 1 })).toBe(head(["a.js"]));
    expect(orderModulePreloads("<head></head>", {})).toBe("<head></head>");
  });
});

describe("wrangler.toml", () => {
  it("runs the Worker first for every page, and lets it answer unknown addresses itself", () => {
    const { rawConfig } = experimental_readRawConfig({ config: path.join(ROOT, "wrangler.toml") });
    const assets = rawConfig.assets as { run_worker_first?: string[]; not_found_handling?: string } | undefined;
    const first = assets?.run_worker_first ?? [];
    expect(first[0]).toBe("/*");
    // Only built files skip the Worker: never a page.
    for (const rule of first.slice(1)) expect(rule.startsWith("!")).toBe(true);
    for (const route of Object.keys(SSR_ROUTES)) {
      const example = route.replace(/\$\w+/g, "x");
      expect(
        first.some((rule) => rule.startsWith("!") && example.startsWith(rule.slice(1).replace(/\*$/, ""))),
        route,
      ).toBe(false);
    }
    // The Worker answers unknown addresses with the app's 404 page, not the assets layer's shell.
    expect(assets?.not_found_handling).toBe("none");
  });
});
