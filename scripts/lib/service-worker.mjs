// A Vite plugin for the client build: bundles the service worker (app/sw/service-worker.ts, with
// the Workbox modules it imports) into sw.js at the root of the client output, with the list of
// files it precaches written in (decision 042). The list is the app's shell: the entry chunk and
// everything it imports statically, their styles, the site catalogs, and the offline page with
// what it shows. Hashed files are precached under their own names; the others carry a revision
// (a hash of their bytes), so a changed offline page replaces the stored one.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "vite";

const SOURCE = "app/sw/service-worker.ts";
const OUTPUT = "sw.js";
/** public/ files the offline page needs, and the address each is fetched at. */
const OFFLINE_FILES = { "/offline": "offline.html", "/offline.js": "offline.js", "/icons/icon-192.png": "icons/icon-192.png", "/favicon.svg": "favicon.svg" };
// pt-BR.json, and the English made from the descriptors (english-messages.mjs's SITE_ENGLISH, …/app/i18n/en).
const SITE_CATALOG = /\/app\/i18n\/[\w-]+(?:\.json)?$/;

/** Chunks reachable from `start` through static imports, `start` included. */
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

/** The shell's hashed files, as URL paths, sorted. */
export function shellFiles(bundle) {
  const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
  const starts = chunks.filter((chunk) => chunk.isEntry || SITE_CATALOG.test(chunk.facadeModuleId ?? "")).map((chunk) => chunk.fileName);
  const files = staticClosure(bundle, starts);
  for (const file of [...files]) for (const css of bundle[file]?.viteMetadata?.importedCss ?? []) files.add(css);
  return [...files]
    .filter((file) => bundle[file])
    .sort()
    .map((file) => `/${file}`);
}

const revision = (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);

export function serviceWorker() {
  let root = process.cwd();
  let publicDir = "public";
  return {
    name: "service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const precache = shellFiles(bundle).map((url) => ({ url, revision: null }));
        for (const [url, file] of Object.entries(OFFLINE_FILES)) precache.push({ url, revision: revision(await readFile(path.join(publicDir, file))) });
        const output = await build({
          configFile: false,
          root,
          logLevel: "warn",
          publicDir: false,
          define: { __PRECACHE_MANIFEST__: JSON.stringify(precache), "process.env.NODE_ENV": JSON.stringify("production") },
          build: {
            write: false,
            minify: true,
            target: "es2022",
            // The site's build turns off the "plugins took most of this build" notice (it reads the
            // host's load, not the code); this build has a config of its own, so it says so again.
            rollupOptions: { input: path.join(root, SOURCE), output: { format: "iife", entryFileNames: OUTPUT }, checks: { bundlerTimings: false } },
          },
        });
        const [result] = Array.isArray(output) ? output : [output];
        const chunk = result.output.find((item) => item.type === "chunk" && item.isEntry);
        if (!chunk) throw new Error(`service worker: building ${SOURCE} gave no script`);
        this.emitFile({ type: "asset", fileName: OUTPUT, source: chunk.code });
      },
    },
  };
}
