// The build's first-load.json (scripts/lib/first-load-manifest.mjs): for each page of
// FIRST_LOAD_PAGES, its route component chunk and everything that chunk imports, minus what the
// shell already names; each language's site catalog. And wrangler.toml sends those pages to the
// Worker, which writes the hints.
import path from "node:path";
import { experimental_readRawConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { buildFirstLoadManifest } from "../../scripts/lib/first-load-manifest.mjs";
import { FIRST_LOAD_PAGES } from "../../worker/contracts/first-load";

const ROOT = path.resolve(import.meta.dirname, "../..");

type FakeChunk = { imports?: string[]; isEntry?: boolean; facadeModuleId?: string | null; css?: string[] };
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
        viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set() },
      },
    ]),
  ) as never;
}

const split = (route: string) => `${path.join(ROOT, route)}?tsr-split=component`;
const PAGES = { "/": "app/routes/index.tsx", "/events": "app/routes/events.tsx" };

const BUNDLE = bundleOf({
  "assets/index-1.js": { isEntry: true, imports: ["assets/framework-1.js", "assets/api-1.js"], facadeModuleId: path.join(ROOT, "app/main.tsx") },
  "assets/framework-1.js": {},
  "assets/api-1.js": { imports: ["assets/framework-1.js"] },
  "assets/routes-1.js": { imports: ["assets/EventsList-1.js", "assets/api-1.js"], facadeModuleId: split("app/routes/index.tsx"), css: ["assets/routes-1.css"] },
  "assets/events-1.js": { imports: ["assets/EventsList-1.js", "assets/PageFrame-1.js"], facadeModuleId: split("app/routes/events.tsx") },
  "assets/EventsList-1.js": { imports: ["assets/format-1.js", "assets/framework-1.js"], css: ["assets/events-1.css"] },
  "assets/format-1.js": {},
  "assets/PageFrame-1.js": {},
  "assets/en-1.js": { facadeModuleId: path.join(ROOT, "app/i18n/en.json") },
  "assets/pt-BR-1.js": { facadeModuleId: path.join(ROOT, "app/i18n/pt-BR.json") },
  "assets/legal-en-1.js": { facadeModuleId: path.join(ROOT, "app/features/legal/messages.en.json") },
  "assets/admin-1.js": { imports: ["assets/format-1.js"], facadeModuleId: `${path.join(ROOT, "app/routes/admin/index.tsx")}?tsr-split=component` },
});

describe("buildFirstLoadManifest", () => {
  it("lists each page's chunks and styles beyond the shell's, and each language's catalog", () => {
    expect(buildFirstLoadManifest(BUNDLE, ROOT, PAGES)).toEqual({
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

  it("fails the build when a page's route has no component chunk", () => {
    expect(() => buildFirstLoadManifest(BUNDLE, ROOT, { ...PAGES, "/music/catalog": "app/routes/music/catalog/index.tsx" })).toThrow(
      "first-load manifest: no component chunk for /music/catalog (app/routes/music/catalog/index.tsx)",
    );
  });
});

describe("wrangler.toml", () => {
  it("runs the Worker first for every page with first-load hints", () => {
    const { rawConfig } = experimental_readRawConfig({ config: path.join(ROOT, "wrangler.toml") });
    const first = (rawConfig.assets as { run_worker_first?: string[] } | undefined)?.run_worker_first ?? [];
    for (const page of Object.keys(FIRST_LOAD_PAGES)) expect(first, page).toContain(page);
  });
});
