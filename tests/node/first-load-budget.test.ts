// Each public page's first-load JS in gzip bytes against its budget (scripts/lib/first-load-budget.mjs),
// from a client build's index.html and first-load.json: the entry and the shell's preloads once, a
// page's own chunks beyond them; a page over its budget, or without one, fails.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { entryScriptOf, FIRST_LOAD_BUDGETS, firstLoadFigures, judgeFirstLoad } from "../../scripts/lib/first-load-budget.mjs";
import { SSR_ROUTES } from "../../worker/contracts/areas";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Random bytes do not compress: a file of n bytes is about n gzipped. */
const incompressible = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(Math.random() * 256)));

async function clientBuild() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "first-load-"));
  dirs.push(dir);
  await mkdir(path.join(dir, "assets"));
  await writeFile(path.join(dir, "index.html"), `<script>0</script><script type="module" crossorigin src="/assets/index-a.js"></script>`);
  await writeFile(path.join(dir, "assets", "index-a.js"), incompressible(10_000));
  const manifest = {
    shell: { modules: ["/assets/shared.js"] },
    bytes: { "/assets/shared.js": 2048, "/assets/home.js": 4096, "/assets/big.js": 30 * 1024 },
    catalogs: {},
    pages: { "/": { modules: ["/assets/home.js", "/assets/shared.js"], styles: [] }, "/search": { modules: ["/assets/big.js"], styles: [] } },
  };
  await writeFile(path.join(dir, "first-load.json"), JSON.stringify(manifest));
  return dir;
}

describe("the first load's budgets", () => {
  it("counts the entry and the shell once, and each page's own chunks beyond them", async () => {
    const { shell, pages } = await firstLoadFigures(await clientBuild());
    expect(shell).toBeGreaterThan(10_000 + 2048);
    expect(shell).toBeLessThan(10_200 + 2048);
    expect(pages).toEqual([
      { page: "/", own: 4096 },
      { page: "/search", own: 30 * 1024 },
    ]);
  });

  it("fails a page over its budget, and one with none, naming them", () => {
    const budgets = { shellKiB: 20, pagesKiB: { "/": 5, "/search": 8 } };
    const within = judgeFirstLoad({ shell: 12 * 1024, pages: [{ page: "/", own: 4096 }] }, budgets);
    expect(within.failures).toEqual([]);
    expect(within.lines).toContain("✓ first load, shell JS (gzip)            12.0 KiB   budget 20 KiB");
    const over = judgeFirstLoad(
      {
        shell: 21 * 1024,
        pages: [
          { page: "/search", own: 30 * 1024 },
          { page: "/new", own: 1024 },
        ],
      },
      budgets,
    );
    expect(over.failures).toEqual([
      "first load, shell JS (gzip): 21.0 KiB is over its budget of 20 KiB",
      "first load, /search beyond the shell: 30.0 KiB is over its budget of 8 KiB",
      "first load, /new beyond the shell: 1.0 KiB has no budget",
    ]);
  });

  it("has a budget for every server-rendered page", () => {
    expect(Object.keys(FIRST_LOAD_BUDGETS.pagesKiB).sort()).toEqual(Object.keys(SSR_ROUTES).sort());
  });

  it("finds the entry index.html starts", () => {
    expect(entryScriptOf(`<script>x</script><script type="module" crossorigin src="/assets/index-Cay2.js"></script>`)).toBe("/assets/index-Cay2.js");
    expect(() => entryScriptOf("<p>no script</p>")).toThrow("index.html names no module script");
  });
});
