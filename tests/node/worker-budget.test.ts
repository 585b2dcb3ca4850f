// The check of the Worker's upload (scripts/check-worker.mjs): a build over a budget, a back-office
// or other browser-only module in the upload, or an entry whose import costs start-up CPU fails
// it; the server build's route tree keeps only the rendered pages' lazy parts.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUDGETS, browserOnlyModules, judge, median, uploadFigures } from "../../scripts/lib/worker-budget.mjs";
import { startupCpuMs } from "../../scripts/lib/worker-startup.mjs";
import { renderedRouteFiles, serverRenderedRoutesOnly } from "../../scripts/lib/server-route-tree.mjs";
import { SSR_ROUTES } from "../../worker/contracts/areas";

const ROOT = path.resolve(import.meta.dirname, "../..");
const KiB = 1024;
const small = { count: 3, raw: 900 * KiB, gzip: 300 * KiB };
const publicModules = [
  { name: "index.js", sources: ["../../../worker/index.ts", "../../../app/routes/admin/tickets.tsx", "../../../app/features/admin/revenue/periods.ts"] },
  { name: "assets/events-x.js", sources: ["../../../../app/routes/events.tsx?tsr-split=component"] },
];

describe("the budgets", () => {
  it("pass a build within every budget, each figure printed beside its budget", () => {
    const { lines, failures } = judge({ upload: small, startupMs: 40, browserOnly: browserOnlyModules(publicModules) });
    expect(failures).toEqual([]);
    expect(lines).toContain("✓ upload, gzip                          300.0 KiB   budget 1200 KiB");
    expect(lines).toContain("✓ entry's start-up CPU (median)           40.0 ms   budget 100 ms");
  });

  it("fail an upload over 1,200 KiB gzip", () => {
    const { failures } = judge({ upload: { ...small, gzip: 1201 * KiB }, startupMs: 40, browserOnly: [] });
    expect(failures).toEqual(["upload, gzip: 1201.0 KiB is over its budget of 1200 KiB"]);
  });

  it("fail a start-up over 100 ms (and one that could not be measured); exactly 100 passes", () => {
    expect(judge({ upload: small, startupMs: 100.4, browserOnly: [] }).failures).toEqual([
      "entry's start-up CPU (median): 100.4 ms is over its budget of 100 ms",
    ]);
    expect(judge({ upload: small, startupMs: Number.NaN, browserOnly: [] }).failures).toHaveLength(1);
    expect(judge({ upload: small, startupMs: BUDGETS.startupCpuMs, browserOnly: [] }).failures).toEqual([]);
  });

  it("only report a start-up over budget when it is advisory, and still fail the upload's own budgets", () => {
    const over = { upload: small, startupMs: 180, browserOnly: [] };
    const advisory = judge(over, BUDGETS, { startupAdvisory: true });
    expect(advisory.failures).toEqual([]);
    expect(advisory.lines.find((line) => line.includes("start-up"))).toContain("(over, reported only)");
    const heavy = judge({ ...over, upload: { ...small, gzip: 1201 * KiB } }, BUDGETS, { startupAdvisory: true });
    expect(heavy.failures).toEqual(["upload, gzip: 1201.0 KiB is over its budget of 1200 KiB"]);
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
    const { failures, lines } = judge({ upload: small, startupMs: 40, browserOnly: hits });
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

  /** A built entry whose top level imports workerd's module and first spends `ms` of CPU. */
  async function entryWorking(ms: number) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "worker-startup-"));
    dirs.push(dir);
    const file = path.join(dir, "index.js");
    await writeFile(
      file,
      `import { DurableObject } from "cloudflare:workers";
       const started = process.cpuUsage();
       const spent = () => { const { user, system } = process.cpuUsage(started); return (user + system) / 1000; };
       while (spent() < ${ms});
       export class Hub extends DurableObject {}
       export default { fetch: () => new Response("ok") };\n`,
    );
    return file;
  }

  it("counts what the entry's import costs, so a start-up-time import put back goes over the budget", async () => {
    const idle = await startupCpuMs(await entryWorking(0));
    const busy = await startupCpuMs(await entryWorking(BUDGETS.startupCpuMs + 50));
    expect(idle).toBeLessThan(BUDGETS.startupCpuMs);
    expect(busy).toBeGreaterThanOrEqual(BUDGETS.startupCpuMs + 40);
    expect(judge({ upload: small, startupMs: busy, browserOnly: [] }).failures).toHaveLength(1);
  });
});
