// The pages whose first visit the Worker speeds up. Their HTML names, next to the entry chunk, the
// page's own route chunks and styles, the visitor's language catalog and the API answers the page
// asks for at once, so the browser fetches all of it in one round instead of discovering each
// piece only after the entry chunk has run. The build writes which files each page needs to
// FIRST_LOAD_MANIFEST (scripts/lib/first-load-manifest.mjs); wrangler.toml's run_worker_first
// must list these paths, or the assets layer serves the bare shell.
import type { Locale } from "./locale";

export const FIRST_LOAD_PAGES = {
  "/": { route: "app/routes/index.tsx", data: ["/api/events"] },
  "/events": { route: "app/routes/events.tsx", data: ["/api/events"] },
  "/music/catalog": { route: "app/routes/music/catalog/index.tsx", data: ["/api/music/albums"] },
} as const satisfies Record<string, { route: string; data: readonly string[] }>;

export type FirstLoadPath = keyof typeof FIRST_LOAD_PAGES;

/** What every page asks for before it renders: the site settings and the session. */
export const FIRST_LOAD_DATA = ["/api/config", "/api/auth/me"] as const;

export const FIRST_LOAD_MANIFEST = "/first-load.json";

/**
 * The album covers the catalog page loads at once, enough for its first screen on any layout:
 * the page asks for them eagerly, and its HTML preloads them.
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
  pages: Record<FirstLoadPath, { modules: string[]; styles: string[] }>;
};

/**
 * `urls` largest first by `bytes` (equal sizes keep their order): the order module preloads are
 * named in. Over HTTP/1.1's six connections, small chunks queued ahead of a large one delay it by
 * whole round trips; largest first, the small ones' round trips overlap the large downloads.
 */
export const largestFirst = (urls: readonly string[], bytes: Readonly<Record<string, number>>) => [...urls].sort((a, b) => (bytes[b] ?? 0) - (bytes[a] ?? 0));
