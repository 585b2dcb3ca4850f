#!/usr/bin/env node
// Prints the marketing list's import and export figures. Figures, not a pass/fail:
// docs/measurements.md records them (goal: a 50,000-row import in under 30 s).
//
// In a throwaway local state (never the developer's), it applies the migrations, adds an
// administrator with a live session, and starts its own `wrangler dev` on 127.0.0.1. Then:
// 1. POST /api/admin/marketing/import with a generated --rows CSV (FirstName, LastName, Email;
//    accents, quoted commas and a few formula-looking names among them): time, rows/s, and the peak
//    resident memory of the workerd process (Linux /proc; this script's own peak is printed too);
// 2. the same file again, every address then already listed (nothing written);
// 3. GET /api/admin/marketing/export.csv of the whole list: time, size, rows.
// Usage: node scripts/measure-contacts.mjs [--rows 50000] [--keep]
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { positiveInt, printTable } from "./lib/measure.mjs";
import { ROOT, wrangler } from "./lib/wrangler.mjs";
import { seedAdmin, startWorker } from "./lib/measure-worker.mjs";
import { residentMemory, workerdPids } from "./lib/process-memory.mjs";

const { values } = parseArgs({ options: { rows: { type: "string", default: "50000" }, keep: { type: "boolean", default: false } } });
const rowCount = positiveInt("rows", values.rows, 250_000);

const GOAL_MS = 30_000;

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** A newsletter export as an old site might give it: CRLF, a BOM, some cells needing quotes. */
function generateCsv(rows) {
  const first = ["Ana", "José", "Maria", "Chris", "Zoë", "Kim", "Smith, Jr.", "=Lee", "", "O'Neil"];
  const last = ["Souza", "Conceição", "Silva", "Brown", "Müller", "", "Ng", "@home", "Smith", "Rossi"];
  const quote = (cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const lines = ["FirstName,LastName,Email"];
  for (let i = 0; i < rows; i++) lines.push([first[i % first.length], last[(i * 7) % last.length], `Fan.${i}@Example.com`].map(quote).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

async function timedImport(origin, cookie, body) {
  const started = performance.now();
  const res = await fetch(`${origin}/api/admin/marketing/import`, { method: "POST", headers: { cookie, origin, "content-type": "text/csv" }, body });
  const result = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`import answered ${res.status}: ${JSON.stringify(result)}`);
  return { ms, result };
}

async function main() {
  const stateDir = path.join(ROOT, ".tmp", "measure-contacts");
  const persistTo = path.join(stateDir, "state");
  const workDir = path.join(stateDir, "work");
  await rm(stateDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  let worker = null;
  try {
    await wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
    const cookie = await seedAdmin(persistTo, workDir);
    worker = await startWorker(persistTo, workDir);
    const { origin } = worker;
    const pids = workerdPids(worker.pid);
    const csv = Buffer.from(generateCsv(rowCount), "utf8");
    console.log(`Target ${origin} (wrangler dev, local D1). CSV: ${rowCount.toLocaleString("en-US")} rows, ${mib(csv.byteLength)}.\n`);

    const before = residentMemory(pids);
    const first = await timedImport(origin, cookie, csv);
    const afterImport = residentMemory(pids);
    const again = await timedImport(origin, cookie, csv);

    const started = performance.now();
    const res = await fetch(`${origin}/api/admin/marketing/export.csv`, { headers: { cookie } });
    const exported = Buffer.from(await res.arrayBuffer());
    const exportMs = performance.now() - started;
    if (!res.ok) throw new Error(`export answered ${res.status}`);
    const exportedRows = exported.toString("utf8").split("\r\n").length - 1;
    const afterExport = residentMemory(pids);

    printTable(
      ["request (admin)", "time", "rows/s", "imported", "skipped", "errors"],
      [
        [
          `import ${rowCount.toLocaleString("en-US")} new rows`,
          seconds(first.ms),
          String(Math.round(rowCount / (first.ms / 1000))),
          String(first.result.imported),
          String(first.result.skipped),
          String(first.result.errorCount),
        ],
        [
          "the same file again (all listed)",
          seconds(again.ms),
          String(Math.round(rowCount / (again.ms / 1000))),
          String(again.result.imported),
          String(again.result.skipped),
          String(again.result.errorCount),
        ],
      ],
    );
    console.log();
    printTable(
      ["export", "time", "size", "rows"],
      [[`GET export.csv (${exportedRows.toLocaleString("en-US")} contacts)`, seconds(exportMs), mib(exported.byteLength), String(exportedRows)]],
    );
    console.log();
    if (pids.length > 0) {
      console.log(
        `workerd resident memory: ${mib(before.current)} before the import, peak ${mib(afterImport.peak)} after it, peak ${mib(afterExport.peak)} after the export (VmHWM of ${pids.length} process(es); the whole local runtime with its D1, not one isolate).`,
      );
    } else {
      console.log("workerd memory: not measurable here (no /proc).");
    }
    console.log(`This script's own peak resident memory: ${mib(process.resourceUsage().maxRSS * 1024)}.`);
    console.log(`Goal: the ${rowCount.toLocaleString("en-US")}-row import under ${GOAL_MS / 1000} s: ${first.ms < GOAL_MS ? "met" : "NOT met"}.`);
  } finally {
    await worker?.stop();
    if (!values.keep) await rm(stateDir, { recursive: true, force: true });
  }
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
