// The admin's code import, shared by the presale (event) and perk routes: one piece of a CSV
// file read, checked and added to the pool. Re-importing the same file adds nothing.
import type { DB } from "../db/client";
import { insertOfferCodes } from "../db/offer-codes";
import { previewCodes, readCodePiece, readCodes } from "../lib/code-import";
import type { OfferCodeImportResponse, OfferCodePreviewResponse, OfferPool, offerCodeImportSchema } from "#contracts/offer-codes.ts";
import type { z } from "#contracts/zod.ts";

export const previewOfferCodes = (csvText: string): OfferCodePreviewResponse => previewCodes(csvText);

export async function importOfferCodes(db: DB, pool: OfferPool, body: z.output<typeof offerCodeImportSchema>): Promise<OfferCodeImportResponse> {
  const records = readCodePiece(body.csv, body.column, body.firstRow);
  const { codes, invalid, issues } = readCodes(records, body.column);
  const added = await insertOfferCodes(db, pool, codes);
  return { rows: records.length, added, alreadyStored: codes.length - added, invalid, issues };
}
