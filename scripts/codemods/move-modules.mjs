#!/usr/bin/env node
/**
 * Moves source files and rewrites every import of them: relative ones, subpath ones (`#worker/*`,
 * `#contracts/*`, `#app/*`), dynamic `import()` and `vi.mock()`, across app, worker, tests and
 * scripts; a moved file's own relative imports are rewritten for its new folder. An import keeps its
 * style (relative or subpath, with or without its extension).
 *   node scripts/codemods/move-modules.mjs worker/db/store-orders.ts=worker/db/store/orders.ts ...
 * Run `node scripts/codemods/subpath-imports.mjs` and `npm run format` after it: a moved import
 * may now climb far enough to become a subpath one, or fit on one line.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const EXTENSION = /\.(ts|tsx|mts|js|mjs)$/;
const ALIASES = [
  { dir: "worker/contracts", alias: "#contracts" },
  { dir: "app", alias: "#app" },
  { dir: "worker", alias: "#worker" },
];
// A quoted module specifier after `from`, `import(`, `vi.mock(` or a bare `import`.
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bvi\.mock\(\s*|\bimport\s+)(["'])([^"'\n]+)\2/g;

const moves = new Map(
  process.argv.slice(2).map((pair) => {
    const [from, to] = pair.split("=");
    if (!from || !to) throw new Error(`${pair}: write from=to`);
    return [path.join(ROOT, from).replace(EXTENSION, ""), path.join(ROOT, to)];
  }),
);
if (moves.size === 0) throw new Error("nothing to move");

const sources = (dir) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => SOURCE.test(f) && !f.includes("node_modules"))
    .map((f) => path.join(ROOT, dir, f));

/** The file a specifier names, without its extension, or undefined for a package. */
function target(spec, dir) {
  if (spec.startsWith(".")) return path.resolve(dir, spec);
  const alias = ALIASES.find((a) => spec.startsWith(`${a.alias}/`));
  return alias && path.join(ROOT, alias.dir, spec.slice(alias.alias.length + 1));
}

function rewrite(spec, fromDir, toDir) {
  const named = target(spec, fromDir);
  if (!named) return spec;
  const bare = named.replace(EXTENSION, "");
  const ext = named === bare ? "" : named.slice(bare.length);
  const moved = moves.get(bare);
  if (!moved && fromDir === toDir) return spec;
  const file = (moved ?? named).replace(EXTENSION, "") + (ext && path.extname(moved ?? named));
  if (spec.startsWith("#")) {
    const alias = ALIASES.find((a) => file.startsWith(path.join(ROOT, a.dir) + path.sep));
    return `${alias.alias}/${path.relative(path.join(ROOT, alias.dir), file)}`;
  }
  const relative = path.relative(toDir, file);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

const files = ["app", "worker", "tests", "scripts"].flatMap(sources);
let changed = 0;
for (const file of files) {
  const destination = moves.get(file.replace(EXTENSION, ""));
  const text = readFileSync(file, "utf8");
  const next = text.replace(SPECIFIER, (whole, lead, quote, spec) => {
    const out = rewrite(spec, path.dirname(file), path.dirname(destination ?? file));
    return out === spec ? whole : `${lead}${quote}${out}${quote}`;
  });
  if (next !== text) {
    writeFileSync(file, next);
    changed++;
  }
}
for (const [from, to] of moves) {
  const file = files.find((f) => f.replace(EXTENSION, "") === from);
  if (!file) throw new Error(`${path.relative(ROOT, from)}: no such file`);
  execFileSync("mkdir", ["-p", path.dirname(to)]);
  execFileSync("git", ["mv", file, to], { cwd: ROOT });
}
console.log(`${moves.size} moved, ${changed} files rewritten`);
