// The <head> hints of a server-rendered page (worker/contracts/first-load.ts): modulepreload for
// the page's route chunks and its language's catalog, and its styles as stylesheets. Reads the
// build's manifest through the assets binding, once per isolate.
import { z } from "#contracts/zod.ts";
import { FIRST_LOAD_MANIFEST, type FirstLoadManifest, largestFirst } from "#contracts/first-load.ts";
import { LOCALES, type Locale } from "#contracts/locale.ts";
import { SSR_ROUTES, type SsrRouteId } from "#contracts/areas/index.ts";
import { keptOnceRead } from "../lib/memo";

/** A built file's path: nothing else is ever written into the page. */
const assetPaths = (extension: "js" | "css") => z.array(z.string().regex(new RegExp(`^/assets/[\\w.-]+\\.${extension}$`)));
const PAGES = Object.keys(SSR_ROUTES) as [SsrRouteId, ...SsrRouteId[]];
// Records over an enum must name every key: a manifest missing a language or a page is refused.
const manifestSchema = z.object({
  shell: z.object({ modules: assetPaths("js") }),
  bytes: z.record(z.string(), z.number().int().nonnegative()),
  catalogs: z.record(z.enum(LOCALES), z.object({ modules: assetPaths("js") })),
  pages: z.record(z.enum(PAGES), z.object({ modules: assetPaths("js"), styles: assetPaths("css") })),
});

// One read per isolate and assets binding: the manifest changes only with a new deployment. A
// missing or invalid manifest is kept as null; a failed read is tried again by the next visit.
const readManifest = keptOnceRead<Fetcher, FirstLoadManifest | null | undefined>((manifest) => manifest !== undefined);

/** The build's manifest, or null when there is none (vite dev, a build without it) or it is unreadable. */
async function loadManifest(assets: Fetcher, origin: string): Promise<FirstLoadManifest | null> {
  const manifest = await readManifest(assets, async () => {
    try {
      const res = await assets.fetch(new Request(new URL(FIRST_LOAD_MANIFEST, origin)));
      // Without the file the assets layer answers with the SPA shell: HTML, not the manifest.
      if (!res.ok || !res.headers.get("content-type")?.includes("application/json")) return null;
      const parsed = manifestSchema.safeParse(await res.json());
      if (!parsed.success) console.error("first-load manifest unreadable", parsed.error.issues[0]);
      return parsed.success ? parsed.data : null;
    } catch (error) {
      console.error("first-load manifest unreadable", error);
      return undefined;
    }
  });
  return manifest ?? null;
}

export type FirstLoadHints = {
  /** The page's styles, as HTML for the end of the <head>. */
  styles: string;
  /** Every module the page runs (the shell's, the catalog's, the page's own), largest first. */
  modules: string[];
};

/**
 * The hints for the page of `route` in `locale`; none without a manifest. All the page's modules
 * (the shell's, the catalog's, the page's own) are named together, largest first (see
 * largestFirst), so the shell's own preload tags give way to them.
 */
export async function firstLoadHints(assets: Fetcher, origin: string, route: SsrRouteId, locale: Locale): Promise<FirstLoadHints | null> {
  const manifest = await loadManifest(assets, origin);
  if (!manifest) return null;
  const { modules, styles } = manifest.pages[route];
  return {
    modules: largestFirst([...new Set([...manifest.shell.modules, ...manifest.catalogs[locale].modules, ...modules])], manifest.bytes),
    // The server's HTML needs the page's styles before its first paint, not when its chunk runs.
    styles: styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join(""),
  };
}
