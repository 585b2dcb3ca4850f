// What the Worker's upload may weigh and cost, and the judgement of one build against it
// (scripts/check-worker.mjs; unit-tested in tests/node/worker-budget.test.ts). Pure: the figures
// come in, lines to print and the failures go out.
import { gzipSync } from "node:zlib";

/**
 * Workers Free allows 3 MiB gzip and 400 ms of start-up; these leave room under both and keep
 * the upload at what the Worker runs (decision 075). The start-up is held in millions of
 * instructions, a count the host and its load do not move (decision 139): 164.4 M when it was last
 * set, with about 15 % of room, after ICU's number data left the start-up path (decision 188).
 */
export const BUDGETS = { uploadGzipKiB: 1200, startupMillionInstructions: 190 };

/**
 * Source files that only the browser runs: the back office, the door's check-in (its camera QR
 * decoder among them) and the charts. A module of the upload built from any of them is code the
 * Worker carries and never runs (the server render renders public pages only). A route's own
 * file (its path, search validation and guard) stays: the Worker matches every address, so only
 * a route's split parts (`?tsr-split=`: its component, loader) count, and the few helpers a route
 * definition imports are named in `except`.
 */
export const BROWSER_ONLY_SOURCES = [
  {
    what: "back office",
    pattern: /(?:^|\/)app\/(?:routes\/admin\/.*\?tsr-split=|features\/admin\/)/,
    // The revenue page's search validation (its period presets).
    except: /(?:^|\/)app\/features\/admin\/revenue\/periods\.ts$/,
  },
  { what: "door check-in", pattern: /(?:^|\/)app\/(?:routes\/check-in\.tsx\?tsr-split=|features\/check-in\/)/ },
  { what: "charts (recharts)", pattern: /(?:^|\/)node_modules\/(?:recharts|d3-[a-z-]+|victory-vendor)\// },
  { what: "QR decoder (jsQR)", pattern: /(?:^|\/)node_modules\/jsqr\// },
];

export const kib = (bytes) => bytes / 1024;

/**
 * The upload's figures as wrangler prints them ("Total Upload"): raw and gzip of all modules
 * together, the entry first. `modules`: [{ name, content: Buffer }].
 */
export function uploadFigures(modules) {
  const all = Buffer.concat(modules.map((m) => m.content));
  return { count: modules.length, raw: all.length, gzip: gzipSync(all).length };
}

/** Median of a list of numbers (the middle one, or the mean of the two middle ones). */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Which uploaded modules hold browser-only sources. `modules`: [{ name, sources: string[] }],
 * the sources from each module's source map.
 */
export function browserOnlyModules(modules) {
  const found = [];
  for (const { name, sources } of modules) {
    for (const { what, pattern, except } of BROWSER_ONLY_SOURCES) {
      const hits = sources.filter((source) => {
        const file = source.replaceAll("\\", "/");
        return pattern.test(file) && !except?.test(file);
      });
      if (hits.length > 0) found.push({ module: name, what, sources: hits });
    }
  }
  return found;
}

/**
 * Holds a build's figures against the budgets: each figure beside its budget, and what failed.
 * `upload`: uploadFigures(); `startup`: { instructions, cpuMs }, the import's instruction count
 * (null where valgrind is missing: reported, and judged only where `requireCount`, as in CI) and
 * its median CPU milliseconds, printed as advice; `browserOnly`: browserOnlyModules().
 */
export function judge({ upload, startup, browserOnly }, budgets = BUDGETS, { requireCount = false } = {}) {
  const lines = [];
  const failures = [];
  const row = (label, figure, budget, over) => {
    lines.push(`${over ? "✗" : "✓"} ${label.padEnd(34)} ${figure.padStart(12)}   budget ${budget}`);
    if (over) failures.push(`${label}: ${figure} is over its budget of ${budget}`);
  };
  const gzipKiB = kib(upload.gzip);
  lines.push(`  upload: ${upload.count} modules, ${kib(upload.raw).toFixed(1)} KiB raw`);
  row("upload, gzip", `${gzipKiB.toFixed(1)} KiB`, `${budgets.uploadGzipKiB} KiB`, gzipKiB > budgets.uploadGzipKiB);
  const instructionsLabel = "entry's start-up, instructions";
  const instructionsBudget = `${budgets.startupMillionInstructions} M`;
  if (startup.instructions === null) {
    lines.push(
      `- ${instructionsLabel.padEnd(34)} ${"not counted".padStart(12)}   budget ${instructionsBudget} (valgrind is not installed: apt-get install valgrind)`,
    );
    if (requireCount) failures.push(`${instructionsLabel}: not counted, and this run must count it (valgrind is not installed)`);
  } else {
    const millions = startup.instructions / 1e6;
    row(instructionsLabel, `${millions.toFixed(1)} M`, instructionsBudget, !(millions <= budgets.startupMillionInstructions));
  }
  lines.push(
    `  ${"entry's start-up CPU (median)".padEnd(34)} ${`${startup.cpuMs.toFixed(1)} ms`.padStart(12)}   advice only: it follows the host and its load`,
  );
  const modules = [...new Set(browserOnly.map((hit) => hit.module))];
  row("browser-only modules in the upload", String(modules.length), "0", modules.length > 0);
  for (const hit of browserOnly) {
    const more = hit.sources.length > 1 ? ` (+${hit.sources.length - 1} more)` : "";
    lines.push(`    ${hit.module}: ${hit.what}, e.g. ${hit.sources[0]}${more}`);
  }
  return { lines, failures };
}
