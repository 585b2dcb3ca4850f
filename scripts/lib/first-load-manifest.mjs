// A Vite plugin for the client build: writes first-load.json, the files the Worker names in the
// HTML of the server-rendered pages (SSR_ROUTES, the areas' `ssrPages` in worker/contracts/areas/) so the browser fetches
// them with the entry chunk: each page's route component chunk with everything it imports, and
// its styles; each language's site catalog. Files the shell already names (the entry chunk and
// its imports) are left out of those lists and listed once under `shell`; `bytes` has every named
// file's gzipped size. The browser asks for module preloads in the order the HTML names them:
// index.html's are written largest first here (largestFirst says why), and the Worker merges a
// page's files into them the same way.
import path from "node:path";
import { gzipSync } from "node:zlib";
import { largestFirst } from "../../worker/contracts/first-load.ts";
import { LOCALES } from "../../worker/contracts/locale.ts";

// pt-BR.json, and the English made from the descriptors (english-messages.mjs's SITE_ENGLISH, …/app/i18n/en).
const SITE_CATALOG = /\/app\/i18n\/([\w-]+)(?:\.json)?$/;

/** The chunks `start` imports statically, directly or not, `start` included. */
function staticClosure(bundle, start) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(bundle[file]?.imports ?? []));
  }
  return seen;
}

const sizesOfBundle = new WeakMap();

/** The gzipped size of each chunk of the bundle, by URL path (/assets/…); compressed once per bundle. */
function gzippedBytes(bundle) {
  let bytes = sizesOfBundle.get(bundle);
  if (!bytes) {
    bytes = {};
    for (const item of Object.values(bundle)) if (item.type === "chunk") bytes[`/${item.fileName}`] = gzipSync(item.code).length;
    sizesOfBundle.set(bundle, bytes);
  }
  return bytes;
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/** `html` with its module preloads in largest-first order, where the first of them was. */
export function orderModulePreloads(html, bytes) {
  const tags = [...html.matchAll(MODULE_PRELOAD)];
  if (tags.length < 2) return html;
  const byUrl = new Map(tags.map((tag) => [tag[1], tag[0]]));
  const ordered = largestFirst([...byUrl.keys()], bytes).map((url) => byUrl.get(url));
  let index = 0;
  return html.replace(MODULE_PRELOAD, () => ordered[index++]);
}

/**
 * The manifest for a bundle (Rollup's output: file name to chunk or asset). `pages` maps a path
 * to its route file relative to `root`; the route's component chunk is the router plugin's split
 * module of that file.
 */
export function buildFirstLoadManifest(bundle, root, pages) {
  const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("first-load manifest: the bundle has no entry chunk");
  const inShell = staticClosure(bundle, [entry.fileName]);
  const url = (file) => `/${file}`;
  const rest = (files) => [...files].filter((file) => !inShell.has(file)).sort();
  const allBytes = gzippedBytes(bundle);

  const catalogs = {};
  for (const chunk of chunks) {
    const locale = SITE_CATALOG.exec(chunk.facadeModuleId ?? "")?.[1];
    if (locale) catalogs[locale] = { modules: rest(staticClosure(bundle, [chunk.fileName])).map(url) };
  }
  // A catalog not found here would be fetched only after the entry runs, on every first load.
  for (const locale of LOCALES) if (!catalogs[locale]) throw new Error(`first-load manifest: no catalog chunk for ${locale}`);

  const result = {};
  for (const [page, route] of Object.entries(pages)) {
    const component = `${path.join(root, route)}?tsr-split=component`;
    const chunk = chunks.find((item) => item.facadeModuleId === component);
    if (!chunk) throw new Error(`first-load manifest: no component chunk for ${page} (${route})`);
    const files = rest(staticClosure(bundle, [chunk.fileName]));
    const styles = new Set(files.flatMap((file) => [...(bundle[file].viteMetadata?.importedCss ?? [])]));
    result[page] = { modules: files.map(url), styles: [...styles].sort().map(url) };
  }
  const shell = [...inShell]
    .filter((file) => file !== entry.fileName)
    .sort()
    .map(url);
  const named = new Set([...shell, ...Object.values(catalogs).flatMap((c) => c.modules), ...Object.values(result).flatMap((p) => p.modules)]);
  const bytes = Object.fromEntries([...named].sort().map((file) => [file, allBytes[file] ?? 0]));
  return { shell: { modules: largestFirst(shell, bytes) }, bytes, catalogs, pages: result };
}

export function firstLoadManifest(pages) {
  let root = process.cwd();
  return {
    name: "first-load-manifest",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
    },
    // "post": after Vite has written the entry's script and preload tags into index.html.
    transformIndexHtml: {
      order: "post",
      handler: (html, context) => (context.bundle ? orderModulePreloads(html, gzippedBytes(context.bundle)) : html),
    },
    // "post": after Vite has dropped the chunks that held only CSS, which must not be named.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const manifest = buildFirstLoadManifest(bundle, root, pages);
        this.emitFile({ type: "asset", fileName: "first-load.json", source: `${JSON.stringify(manifest, null, 2)}\n` });
      },
    },
  };
}
