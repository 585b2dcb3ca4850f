// Running a code import: the file's pieces sent one after another (as the tickets import does),
// their answers added up. A piece that fails stops the run; what the pieces before it stored
// stays, and importing the same file again adds only what is new.
import type { OfferCodeImportResponse, OfferCodePreviewResponse } from "#contracts/offer-codes.ts";
import { api } from "#app/lib/api/index.ts";
import type { CsvPiece } from "../../lib/csv-pieces";

export type CodeImportRun = { totals: OfferCodeImportResponse; done: number; total: number; error: unknown | null };

export const previewCodes = (apiBase: string, csv: string) => api<OfferCodePreviewResponse>(`${apiBase}/preview`, { method: "POST", body: csv });

export async function runCodeImport(apiBase: string, pieces: CsvPiece[], column: number, onProgress: (done: number) => void): Promise<CodeImportRun> {
  const totals: OfferCodeImportResponse = { rows: 0, added: 0, alreadyStored: 0, invalid: 0, issues: [] };
  const total = pieces.reduce((n, p) => n + p.rows, 0);
  let done = 0;
  for (const piece of pieces) {
    if (piece.rows === 0) continue;
    try {
      const answer = await api<OfferCodeImportResponse>(`${apiBase}/import`, { method: "POST", json: { csv: piece.csv, column, firstRow: piece.firstRow } });
      totals.rows += answer.rows;
      totals.added += answer.added;
      totals.alreadyStored += answer.alreadyStored;
      totals.invalid += answer.invalid;
      totals.issues.push(...answer.issues);
    } catch (error) {
      return { totals, done, total, error };
    }
    done += piece.rows;
    onProgress(done);
  }
  return { totals, done, total, error: null };
}
