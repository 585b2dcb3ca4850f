// Every file or folder a decision record names (in backticks, or as a relative link) exists, so a
// reader who follows a record lands on the code it describes. A path a file has left is written
// as history with "formerly" before it ("`worker/services/x.ts` (formerly `worker/lib/x.ts`)"),
// and only such a path is let off, there and in every other record: records are history and keep
// the paths they were written with, the record of a move lists each one that way. Placeholders
// (`NNNN_name.sql`, `<feature>`, globs) and bare file names (which are relative to a path named
// before them) are not paths to check.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../", import.meta.url);
const DECISIONS = new URL("docs/decisions/", ROOT);
const TOP = ["app", "worker", "scripts", "tests", "docs", "migrations", "public", ".ci", ".github"];
const TOP_PATH = new RegExp(`^(${TOP.map((d) => d.replace(".", "\\.")).join("|")})/`);
/** Not one path: a template or a pattern standing for many. */
const PLACEHOLDER = /NNN|[*<>{}…$[\]]|\s/;
/** "`a/b.ts` (formerly `a/c.ts`)": the second is where the file was. */
const FORMERLY = /\bformerly\s*$/i;

/** A module named without its extension, as an import names it, counts when a file answers it. */
function exists(path: string): boolean {
  const candidates = [path, ...[".ts", ".tsx", ".mjs", "/index.ts", "/index.tsx"].map((ext) => `${path}${ext}`)];
  return candidates.some((candidate) => existsSync(new URL(candidate, ROOT)));
}

/** A path as a record may name it, with or without its extension. */
const withoutExtension = (path: string) => path.replace(/\.(ts|tsx|mjs)$/, "");

/** The repository paths a record names, each with the line it is on; history let off (and gathered in `former`). */
function namedPaths(markdown: string, former = new Set<string>()): { path: string; line: number }[] {
  const found: { path: string; line: number }[] = [];
  markdown.split("\n").forEach((text, index) => {
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      // A line number or anchor after the path ("worker/app.ts:120") is not part of it.
      const path = (match[1] ?? "").trim().replace(/(:\d+(-\d+)?|#L\d+)$/, "");
      if (!TOP_PATH.test(path) || PLACEHOLDER.test(path)) continue;
      if (FORMERLY.test(text.slice(0, match.index))) {
        former.add(withoutExtension(path));
        continue;
      }
      found.push({ path, line: index + 1 });
    }
    // A link written inside backticks is an example of the syntax, not a link.
    for (const match of text.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = (match[1] ?? "").split("#")[0] ?? "";
      if (target === "" || /^[a-z]+:/.test(target) || PLACEHOLDER.test(target)) continue;
      const path = new URL(target, DECISIONS).pathname.slice(new URL(ROOT).pathname.length);
      found.push({ path, line: index + 1 });
    }
  });
  return found;
}

const records = readdirSync(DECISIONS)
  .filter((name) => /^\d{3}-.*\.md$/.test(name))
  .sort();
const readRecord = (name: string) => readFileSync(new URL(name, DECISIONS), "utf8");
/** Every path some record writes as where a file was. */
const formerPaths = new Set<string>();
for (const name of records) namedPaths(readRecord(name), formerPaths);

describe("the paths decision records name", () => {
  it("reads every record, and finds paths in them", () => {
    expect(records.length).toBeGreaterThan(70);
    const total = records.reduce((sum, name) => sum + namedPaths(readFileSync(new URL(name, DECISIONS), "utf8")).length, 0);
    expect(total).toBeGreaterThan(200);
  });

  it.each(records)("%s names only paths that exist", (name) => {
    const missing = namedPaths(readRecord(name))
      .filter(({ path }) => !exists(path) && !formerPaths.has(withoutExtension(path)))
      .map(({ path, line }) => `${name}:${line} ${path}`);
    expect(missing).toEqual([]);
  });

  it("lets off only a path written as history, and checks the rest of the line", () => {
    const found = namedPaths("In `worker/services/a.ts` (formerly `worker/lib/a.ts`), see [b](../../app/b.ts) and `NNNN_x.sql`, `app/<f>/m.ts`.");
    expect(found.map((p) => p.path)).toEqual(["worker/services/a.ts", "app/b.ts"]);
  });

  it("lets an older record keep a path that a record of moves writes as former, and only such a path", () => {
    const former = new Set<string>();
    namedPaths("- `worker/db/tickets/sale.ts` (formerly `worker/db/ticket-sale.ts`)", former);
    expect([...former]).toEqual(["worker/db/ticket-sale"]);
    expect(formerPaths.has("worker/db/ticket-sale")).toBe(true);
    expect(formerPaths.has("worker/db/account")).toBe(false);
  });
});
