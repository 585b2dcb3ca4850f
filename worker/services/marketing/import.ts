// Runs a parsed contacts CSV into D1 chunk by chunk, reporting progress after each, and sums up the
// result the back office shows (the import result of docs/features.md#back-office-administrators: total, imported, skipped, errors). A chunk D1 refuses is reported as rows not
// saved and the import goes on with the next: what was written stays written, and the result says
// exactly which rows are missing. Every contact added gets a consent record of the basis the admin
// declared (decision 045); contacts already listed are left as they are.
import type { DB } from "../../db/client";
import type { Actor } from "../../db/audit";
import { importChunk, importChunks } from "../../db/marketing";
import type { ParsedImport } from "../../lib/contacts-csv";
import type { ImportBasis } from "#contracts/newsletter-model.ts";
import { IMPORT_ERRORS_LISTED, type ImportIssue, type ImportResult } from "#contracts/admin/marketing.ts";

export type OnProgress = (processed: number, total: number) => Promise<void> | void;

export async function runImport(db: DB, actor: Actor, basis: ImportBasis, parsed: ParsedImport, onProgress?: OnProgress): Promise<ImportResult> {
  const chunks = importChunks(parsed.contacts);
  // Listed before the row problems: a lost chunk matters more than a typo in one address.
  const lost: ImportIssue[] = [];
  let imported = 0;
  let alreadyListed = 0;
  let notSaved = 0;
  // Blank, duplicate and invalid rows are decided without D1.
  let processed = parsed.total - parsed.contacts.length;
  await onProgress?.(processed, parsed.total);
  for (const [index, chunk] of chunks.entries()) {
    try {
      const outcome = await importChunk(db, actor, basis, chunk, index + 1, chunks.length);
      imported += outcome.imported;
      alreadyListed += outcome.submitted - outcome.imported;
    } catch (err) {
      console.error("contacts import: a chunk was not saved", err);
      notSaved += chunk.contacts.length;
      const first = chunk.contacts[0]!.row;
      const last = chunk.contacts[chunk.contacts.length - 1]!.row;
      lost.push({ row: null, code: "not_saved", value: `${first}-${last}` });
    }
    processed += chunk.contacts.length;
    await onProgress?.(processed, parsed.total);
  }
  const skippedReasons = { blankEmail: parsed.blankEmail, duplicateInFile: parsed.duplicateInFile, alreadyListed };
  return {
    total: parsed.total,
    imported,
    skipped: skippedReasons.blankEmail + skippedReasons.duplicateInFile + skippedReasons.alreadyListed,
    skippedReasons,
    errorCount: parsed.issues.length + notSaved,
    errors: [...lost, ...parsed.issues].slice(0, IMPORT_ERRORS_LISTED),
  };
}
