// What the build tells the Worker about each server-rendered page (SSR_ROUTES, contracts/areas/):
// its route chunks and styles, and each language's catalog. The Worker names them in the page's
// <head>, next to the entry chunk, so the browser fetches all of it in one round and hydrates
// sooner, instead of discovering each piece only after the entry chunk has run; the styles also
// make the server's HTML look right before any script runs. The build writes FIRST_LOAD_MANIFEST
// (scripts/lib/first-load-manifest.mjs).
import type { Locale } from "./locale";
import type { SsrRouteId } from "./areas";

export const FIRST_LOAD_MANIFEST = "/first-load.json";

/**
 * The album covers the catalog page loads at once, enough for its first screen on any layout:
 * the page asks for them eagerly (no loading="lazy").
 */
export const CATALOG_EAGER_COVERS = 5;

/**
 * Built asset paths (/assets/…). `shell` is what the shell's own HTML preloads (the entry's
 * imports); the catalogs' and pages' lists leave those out. `bytes`: each named file's gzipped size.
 */
export type FirstLoadManifest = {
  shell: { modules: string[] };
  bytes: Record<string, number>;
  catalogs: Record<Locale, { modules: string[] }>;
  pages: Record<SsrRouteId, { modules: string[]; styles: string[] }>;
};

/**
 * `urls` largest first by `bytes` (equal sizes keep their order): the order module preloads are
 * named in. Over HTTP/1.1's six connections, small chunks queued ahead of a large one delay it by
 * whole round trips; largest first, the small ones' round trips overlap the large downloads.
 */
export const largestFirst = (urls: readonly string[], bytes: Readonly<Record<string, number>>) => [...urls].sort((a, b) => (bytes[b] ?? 0) - (bytes[a] ?? 0));
