// The check of the Worker's upload (scripts/check-worker.mjs): a build over a budget, a back-office
// or other browser-only module in the upload, or an entry whose import costs start-up CPU fails
// it; the server build's route tree keeps only the rendered pages' lazy parts.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUDGETS, browserOnlyModules, judge, median, uploadFigures } from "../../scripts/lib/worker-budget.mjs";
import { startupInstructions } from "../../scripts/lib/worker-startup.mjs";
import { renderedRouteFiles, serverRenderedRoutesOnly } from "../../scripts/lib/server-route-tree.mjs";
import { SSR_ROUTES } from "../../worker/contracts/areas";

const ROOT = path.resolve(import.meta.dirname, "../..");
const KiB = 1024;
const small = { count: 3, raw: 900 * KiB, gzip: 300 * KiB };
const light = { instructions: 150e6, cpuMs: 40 };
const publicModules = [
  { name: "index.js", sources: ["../../../worker/index.ts", "../../../app/routes/admin/tickets.tsx", "../../../app/features/admin/revenue/periods.ts"] },
  { name: "assets/events-x.js", sources: ["../../../../app/routes/events.tsx?tsr-split=component"] },
];

describe("the budgets", () => {
  it("pass a build within every budget, each figure printed beside its budget and the milliseconds as advice", () => {
    const { lines, failures } = judge({ upload: small, startup: light, browserOnly: browserOnlyModules(publicModules) });
    expect(failures).toEqual([]);
    expect(lines).toContain("✓ upload, gzip                          300.0 KiB   budget 1200 KiB");
    expect(lines).toContain("✓ entry's start-up, instructions          150.0 M   budget 190 M");
    expect(lines).toContain("  entry's start-up CPU (median)           40.0 ms   advice only: it follows the host and its load");
  });

  it("fail an upload over 1,200 KiB gzip", () => {
    const { failures } = judge({ upload: { ...small, gzip: 1201 * KiB }, startup: light, browserOnly: [] });
    expect(failures).toEqual(["upload, gzip: 1201.0 KiB is over its budget of 1200 KiB"]);
  });

  it("fail a start-up over 190 M instructions, whatever its milliseconds; exactly the budget passes", () => {
    expect(judge({ upload: small, startup: { instructions: 190.1e6, cpuMs: 30 }, browserOnly: [] }).failures).toEqual([
      "entry's start-up, instructions: 190.1 M is over its budget of 190 M",
    ]);
    expect(judge({ upload: small, startup: { instructions: Number.NaN, cpuMs: 30 }, browserOnly: [] }).failures).toHaveLength(1);
    const atBudget = { instructions: BUDGETS.startupMillionInstructions * 1e6, cpuMs: 400 };
    expect(judge({ upload: small, startup: atBudget, browserOnly: [] }).failures).toEqual([]);
  });

  it("report a start-up that could not be counted, and fail it only where the count is required", () => {
    const uncounted = { upload: small, startup: { instructions: null, cpuMs: 40 }, browserOnly: [] };
    const here = judge(uncounted);
    expect(here.failures).toEqual([]);
    expect(here.lines.find((line) => line.includes("instructions"))).toContain("not counted");
    expect(judge(uncounted, BUDGETS, { requireCount: true }).failures).toEqual([
      "entry's start-up, instructions: not counted, and this run must count it (valgrind is not installed)",
    ]);
  });

  it("take the median of the runs", () => {
    expect(median([300, 90, 95, 120, 80])).toBe(95);
    expect(median([90, 110])).toBe(100);
  });

  it("size the upload as wrangler does: all modules together", () => {
    const modules = [
      { name: "index.js", content: Buffer.from("a".repeat(5000)) },
      { name: "assets/b.js", content: Buffer.from("a".repeat(5000)) },
    ];
    const figures = uploadFigures(modules);
    expect(figures.count).toBe(2);
    expect(figures.raw).toBe(10_000);
    expect(figures.gzip).toBeLessThan(200);
  });
});

describe("browser-only code in the upload", () => {
  it("fails on a back-office page's chunk, naming the module and the source", () => {
    const upload = [...publicModules, { name: "assets/users-x.js", sources: ["../../../../app/routes/admin/users.tsx?tsr-split=component---loader"] }];
    const hits = browserOnlyModules(upload);
    expect(hits).toEqual([
      { module: "assets/users-x.js", what: "back office", sources: ["../../../../app/routes/admin/users.tsx?tsr-split=component---loader"] },
    ]);
    const { failures, lines } = judge({ upload: small, startup: light, browserOnly: hits });
    expect(failures).toEqual(["browser-only modules in the upload: 1 is over its budget of 0"]);
    expect(lines).toContain("    assets/users-x.js: back office, e.g. ../../../../app/routes/admin/users.tsx?tsr-split=component---loader");
  });

  it("finds the back office's features, the door's check-in, the charts and the QR decoder wherever they are bundled", () => {
    const hits = browserOnlyModules([
      { name: "index.js", sources: ["../../../app/features/admin/AdminMessages.tsx", "../../../app/features/check-in/Scanner.tsx"] },
      { name: "assets/BarChart-x.js", sources: ["../../../../node_modules/recharts/es6/chart/BarChart.js", "../../../../node_modules/d3-scale/src/linear.js"] },
      { name: "assets/jsQR-x.js", sources: ["../../../../node_modules/jsqr/dist/jsQR.js"] },
      { name: "assets/check-in-x.js", sources: ["../../../../app/routes/check-in.tsx?tsr-split=component"] },
    ]);
    expect(hits.map((hit) => `${hit.module}: ${hit.what}`)).toEqual([
      "index.js: back office",
      "index.js: door check-in",
      "assets/BarChart-x.js: charts (recharts)",
      "assets/jsQR-x.js: QR decoder (jsQR)",
      "assets/check-in-x.js: door check-in",
    ]);
  });

  it("lets the route definitions the Worker matches addresses with stay", () => {
    expect(browserOnlyModules(publicModules)).toEqual([]);
  });
});

describe("the server build's route tree", () => {
  const plugin = serverRenderedRoutesOnly(SSR_ROUTES) as unknown as {
    configResolved: (config: { root: string }) => void;
    resolveId: (source: string, importer?: string) => string | null;
    load: (id: string) => string | null;
  };
  plugin.configResolved({ root: ROOT });
  const routes = path.join(ROOT, "app/routes");

  it("keeps the rendered pages, their layouts and the root", () => {
    const kept = renderedRouteFiles(ROOT, ["app/routes/music/catalog/$id.tsx"]);
    expect(kept).toEqual(
      new Set([
        path.join(routes, "__root.tsx"),
        path.join(routes, "music/catalog/$id.tsx"),
        path.join(routes, "music/catalog/route.tsx"),
        path.join(routes, "music/route.tsx"),
        path.join(routes, "route.tsx"),
      ]),
    );
  });

  it("replaces a back-office or door page's lazy parts with empty ones, and keeps a rendered page's", () => {
    const admin = plugin.resolveId("./users.tsx?tsr-split=component---loader", path.join(routes, "admin/users.tsx"));
    expect(admin).toMatch(/^\0server-unrendered-route:component---loader$/);
    expect(plugin.load(admin!)).toBe("export const component = () => null;\nexport const loader = () => null;");
    expect(plugin.resolveId("./check-in.tsx?tsr-split=component", path.join(routes, "check-in.tsx"))).toMatch(/^\0server-unrendered-route:/);
    expect(plugin.resolveId("./events.tsx?tsr-split=component", path.join(routes, "events.tsx"))).toBeNull();
    expect(plugin.resolveId(path.join(routes, "music/catalog/$id.tsx?tsr-split=component"), path.join(routes, "music/catalog/$id.tsx"))).toBeNull();
    // A route's own module (its definition) is never replaced.
    expect(plugin.resolveId("./routes/admin/users", path.join(ROOT, "app/routeTree.gen.ts"))).toBeNull();
  });
});

describe("the start-up measurement", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /** A built entry whose top level imports workerd's module and first runs a loop `rounds` long. */
  async function entryWorking(rounds: number) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "worker-startup-"));
    dirs.push(dir);
    const file = path.join(dir, "index.js");
    await writeFile(
      file,
      `import { DurableObject } from "cloudflare:workers";
       let sum = 0;
       for (let i = 0; i < ${rounds}; i++) sum = (sum + i) | 0;
       globalThis.sum = sum;
       export class Hub extends DurableObject {}
       export default { fetch: () => new Response("ok") };\n`,
    );
    return file;
  }

  it("counts the instructions the entry's import runs, so start-up work put back goes over the budget", { timeout: 60_000 }, async () => {
    const [idle, busy] = await Promise.all([startupInstructions(await entryWorking(0)), startupInstructions(await entryWorking(20_000_000))]);
    // Node's own start-up and exit are taken off: an entry that does nothing costs almost nothing.
    expect(idle).toBeLessThan(5e6);
    expect(busy / 1e6).toBeGreaterThan(BUDGETS.startupMillionInstructions);
    expect(judge({ upload: small, startup: { instructions: busy, cpuMs: 50 }, browserOnly: [] }).failures).toHaveLength(1);
  });
});
