// What a first visit to each public page downloads before it is usable, in gzip bytes: the entry
// chunk index.html names, the shell's module preloads and the page's own chunks (first-load.json,
// written by ./first-load-manifest.mjs). Bytes are exact on any host, unlike the time a browser
// takes to run them; a chunk that lands in every page's first load shows here first.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * KiB of gzip JS. `shellKiB`: the entry and its preloads, which every page runs (161.9 when set).
 * `pagesKiB`: each server-rendered page's own chunks beyond the shell, today's figure and about
 * 6 KiB (decision 143); a page without a budget fails, so a new page names its own.
 */
export const FIRST_LOAD_BUDGETS = {
  shellKiB: 170,
  pagesKiB: {
    "/": 42,
    "/events": 30,
    "/virtual-meet": 28,
    "/privacy": 31,
    "/terms": 31,
    "/copyright": 31,
    "/accessibility": 33,
    "/music/": 38,
    "/music/catalog/": 10,
    "/music/catalog/$id": 44,
    "/music/track/$trackId": 43,
    "/embed/track/$trackId": 12,
    "/embed/album/$albumId": 12,
    "/radio/": 23,
    "/tv": 18,
    "/search": 8,
    "/store/": 16,
    "/store/$product": 20,
    "/perks": 11,
    "/signup-options": 10,
    "/vip-signup": 21,
    "/social/login": 36,
    "/social/signup": 36,
    "/social/post/$postId": 52,
    "/contests/$contest": 20,
  },
};

/** The module script index.html starts (`/assets/index-….js`). */
export function entryScriptOf(indexHtml) {
  const found = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/.exec(indexHtml);
  if (!found) throw new Error("index.html names no module script");
  return found[1];
}

/** Each page's first-load JS in bytes, and the shell's, from a client build directory. */
export async function firstLoadFigures(clientDir) {
  const manifest = JSON.parse(await readFile(path.join(clientDir, "first-load.json"), "utf8"));
  const entry = entryScriptOf(await readFile(path.join(clientDir, "index.html"), "utf8"));
  const entryBytes = gzipSync(await readFile(path.join(clientDir, entry))).length;
  const sizeOf = (files) => [...new Set(files)].reduce((sum, file) => sum + (manifest.bytes[file] ?? 0), 0);
  const shell = entryBytes + sizeOf(manifest.shell.modules);
  const pages = Object.entries(manifest.pages).map(([page, { modules }]) => ({
    page,
    own: sizeOf(modules.filter((m) => !manifest.shell.modules.includes(m))),
  }));
  return { shell, pages };
}

/** Rows to print and failures, as worker-budget.mjs's judge() gives them. */
export function judgeFirstLoad({ shell, pages }, budgets = FIRST_LOAD_BUDGETS) {
  const kib = (bytes) => bytes / 1024;
  const lines = [];
  const failures = [];
  const row = (label, figure, budget) => {
    const over = budget === undefined || !(figure <= budget);
    lines.push(
      `${over ? "✗" : "✓"} ${label.padEnd(34)} ${`${figure.toFixed(1)} KiB`.padStart(12)}   budget ${budget === undefined ? "none" : `${budget} KiB`}`,
    );
    if (over) failures.push(`${label}: ${figure.toFixed(1)} KiB ${budget === undefined ? "has no budget" : `is over its budget of ${budget} KiB`}`);
  };
  row("first load, shell JS (gzip)", kib(shell), budgets.shellKiB);
  const over = pages.filter(({ page, own }) => !(kib(own) <= budgets.pagesKiB[page]));
  for (const { page, own } of over) row(`first load, ${page} beyond the shell`, kib(own), budgets.pagesKiB[page]);
  if (over.length === 0) lines.push(`✓ ${"first load, each page beyond it".padEnd(34)} ${`${pages.length} pages`.padStart(12)}   within each one's budget`);
  const sorted = [...pages].sort((a, b) => b.own - a.own);
  lines.push(
    `  each page's own first-load JS, KiB gzip (budget): ${sorted.map(({ page, own }) => `${page} ${kib(own).toFixed(1)} (${budgets.pagesKiB[page] ?? "none"})`).join(", ")}`,
  );
  return { lines, failures };
}
