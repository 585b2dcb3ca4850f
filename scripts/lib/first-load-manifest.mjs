// A Vite plugin for the client build: writes first-load.json, the files the Worker names in the
// HTML of the pages of worker/contracts/first-load.ts (FIRST_LOAD_PAGES) so the browser fetches
// them with the entry chunk: each page's route component chunk with everything it imports, and
// its styles; each language's site catalog. Files the shell already names (the entry chunk and
// its imports) are left out.
import path from "node:path";

const SITE_CATALOG = /\/app\/i18n\/([\w-]+)\.json$/;

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

  const catalogs = {};
  for (const chunk of chunks) {
    const locale = SITE_CATALOG.exec(chunk.facadeModuleId ?? "")?.[1];
    if (locale) catalogs[locale] = { modules: rest(staticClosure(bundle, [chunk.fileName])).map(url) };
  }

  const result = {};
  for (const [page, route] of Object.entries(pages)) {
    const component = `${path.join(root, route)}?tsr-split=component`;
    const chunk = chunks.find((item) => item.facadeModuleId === component);
    if (!chunk) throw new Error(`first-load manifest: no component chunk for ${page} (${route})`);
    const files = rest(staticClosure(bundle, [chunk.fileName]));
    const styles = new Set(files.flatMap((file) => [...(bundle[file].viteMetadata?.importedCss ?? [])]));
    result[page] = { modules: files.map(url), styles: [...styles].sort().map(url) };
  }
  return { catalogs, pages: result };
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
    generateBundle(_options, bundle) {
      const manifest = buildFirstLoadManifest(bundle, root, pages);
      this.emitFile({ type: "asset", fileName: "first-load.json", source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
