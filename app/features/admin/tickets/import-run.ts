// Running an import: the file's pieces sent one after another, their answers added up. A piece
// that fails stops the run; what the pieces before it stored stays stored, and the result says
// how far it got (running the same file again skips what is already there).
import type { ImportMapping, ImportResponse } from "#contracts/tickets/admin.ts";
import { adminTimeZone } from "../queries";
import type { CsvPiece } from "../lib/csv-pieces";
import { importPiece } from "./queries";

export type ImportTotals = Omit<ImportResponse, "rows"> & { rows: number };
export type ImportRun = { totals: ImportTotals; done: number; total: number; error: unknown | null };

export const emptyTotals = (): ImportTotals => ({ rows: 0, imported: 0, skipped: 0, failed: 0, skips: [], errors: [] });

function add(into: ImportTotals, piece: ImportResponse) {
  into.rows += piece.rows;
  into.imported += piece.imported;
  into.skipped += piece.skipped;
  into.failed += piece.failed;
  into.skips.push(...piece.skips);
  into.errors.push(...piece.errors);
}

export async function runImport(pieces: CsvPiece[], mapping: ImportMapping, onProgress: (done: number) => void, tz = adminTimeZone()): Promise<ImportRun> {
  const totals = emptyTotals();
  const total = pieces.reduce((n, p) => n + p.rows, 0);
  let done = 0;
  for (const piece of pieces) {
    if (piece.rows === 0) continue;
    try {
      add(totals, await importPiece({ csv: piece.csv, mapping, firstRow: piece.firstRow, tz }));
    } catch (error) {
      return { totals, done, total, error };
    }
    done += piece.rows;
    onProgress(done);
  }
  return { totals, done, total, error: null };
}
