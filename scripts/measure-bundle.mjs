#!/usr/bin/env node
// Prints the size of the built site (run `npm run build` first): every client asset raw and
// gzipped, what the first page load fetches (index.html's own script/style tags plus their
// modulepreloads, and per page of first-load.json its own files and catalog), and every module of the
// Worker's upload. Figures, not a pass/fail: docs/measurements.md records them.
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "./lib/wrangler.mjs";
import { uploadFigures } from "./lib/worker-budget.mjs";
import { readUpload } from "./lib/worker-upload.mjs";

const CLIENT = path.join(ROOT, "dist", "client");

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

async function sizeOf(file) {
  const data = await readFile(file);
  return { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
}

async function listFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function main() {
  try {
    await stat(path.join(CLIENT, "index.html"));
  } catch {
    console.error("No build found in dist/client: run `npm run build` first.");
    process.exit(1);
  }

  const assets = (await listFiles(path.join(CLIENT, "assets"))).filter((f) => /\.(js|css)$/.test(f));
  const rows = await Promise.all(assets.map(async (file) => ({ name: path.relative(CLIENT, file), ...(await sizeOf(file)) })));
  rows.sort((a, b) => b.raw - a.raw);

  console.log("Client JS/CSS assets (largest first)");
  console.log(`${"file".padEnd(48)} ${"raw".padStart(10)} ${"gzip".padStart(10)}`);
  for (const row of rows) console.log(`${row.name.padEnd(48)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`);
  const sum = (list, key) => list.reduce((total, r) => total + r[key], 0);
  const js = rows.filter((r) => r.name.endsWith(".js"));
  const css = rows.filter((r) => r.name.endsWith(".css"));
  console.log(`${"total JS".padEnd(48)} ${kb(sum(js, "raw")).padStart(10)} ${kb(sum(js, "gzip")).padStart(10)}  (${js.length} files)`);
  console.log(`${"total CSS".padEnd(48)} ${kb(sum(css, "raw")).padStart(10)} ${kb(sum(css, "gzip")).padStart(10)}  (${css.length} files)`);

  // What every first visit downloads before any route chunk: the entry script, its preloads, CSS.
  const html = await readFile(path.join(CLIENT, "index.html"), "utf8");
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const initialRows = rows.filter((r) => initial.includes(r.name));
  console.log(
    `${"initial load (index.html entry + preloads + CSS)".padEnd(48)} ${kb(sum(initialRows, "raw")).padStart(10)} ${kb(sum(initialRows, "gzip")).padStart(10)}  (${initialRows.length} files)`,
  );

  // What a first visit to each page of first-load.json fetches at once (the Worker names these
  // files in the page's HTML): the shell's files above, the page's route chunks and styles, and
  // the catalog of the visitor's language.
  const manifestFile = path.join(CLIENT, "first-load.json");
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
    const gzipOf = (urls) =>
      sum(
        rows.filter((r) => urls.includes(`/${r.name}`)),
        "gzip",
      );
    const shellJs = sum(
      initialRows.filter((r) => r.name.endsWith(".js")),
      "gzip",
    );
    const shellCss = sum(
      initialRows.filter((r) => r.name.endsWith(".css")),
      "gzip",
    );
    console.log("\nFirst visit, gzip (shell + page + catalog)");
    console.log(`${"page".padEnd(20)} ${"JS (en)".padStart(10)} ${"JS (pt-BR)".padStart(11)} ${"CSS".padStart(10)}`);
    for (const [page, { modules, styles }] of Object.entries(manifest.pages)) {
      const pageJs = shellJs + gzipOf(modules);
      const en = pageJs + gzipOf(manifest.catalogs.en.modules);
      const pt = pageJs + gzipOf(manifest.catalogs["pt-BR"].modules);
      console.log(`${page.padEnd(20)} ${kb(en).padStart(10)} ${kb(pt).padStart(11)} ${kb(shellCss + gzipOf(styles)).padStart(10)}`);
    }
  }

  // The Worker's directory is named after it; dist/e2e and dist/check (their own builds) have no index.js.
  const workerDir = (await readdir(path.join(ROOT, "dist"), { withFileTypes: true })).find(
    (e) => e.isDirectory() && e.name !== "client" && existsSync(path.join(ROOT, "dist", e.name, "index.js")),
  );
  if (workerDir) {
    // Every module it uploads (the entry and the chunks it imports, at once or on first use),
    // together as wrangler counts them; `npm run check` holds the same figure against its budget.
    const dir = path.join(ROOT, "dist", workerDir.name);
    const modules = await readUpload(dir);
    const upload = uploadFigures(modules);
    const entry = modules[0].content;
    console.log(`\nWorker upload (dist/${workerDir.name}: ${upload.count} modules, largest first)`);
    for (const m of [...modules].sort((a, b) => b.content.length - a.content.length).slice(0, 8)) {
      console.log(`${m.name.padEnd(48)} ${kb(m.content.length).padStart(10)} ${kb(gzipSync(m.content, { level: 9 }).length).padStart(10)}`);
    }
    console.log(`${"entry (index.js)".padEnd(48)} ${kb(entry.length).padStart(10)} ${kb(gzipSync(entry, { level: 9 }).length).padStart(10)}`);
    console.log(
      `${"total upload (gzip as wrangler: all together)".padEnd(48)} ${kb(upload.raw).padStart(10)} ${kb(upload.gzip).padStart(10)}  (${upload.count} modules)`,
    );
  }
}

main();
