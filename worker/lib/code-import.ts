// Reading a list of codes from a CSV export (a ticketing provider's presale codes, a shop's
// discount codes): the file parsed like a ticket export, the column that holds the codes guessed
// from its name or its cells, and each row's cell checked. Pure: nothing is stored here.
import { parseCsv, type CsvRecord } from "./ticket-import";
import { routeError } from "./errors";
import {
  isOfferCode,
  OFFER_CODE_ERROR_CODES,
  OFFER_CODE_ISSUES_MAX,
  OFFER_CODE_PREVIEW_ROWS,
  type OfferCodePreviewResponse,
  type OfferCodeRowIssue,
} from "#contracts/offer-codes.ts";

const CODE_HEADER = /^(?:presale[ _-]?)?(?:codes?|coupons?|vouchers?|promo(?:[ _-]?codes?)?|c[oó]digos?|cupons?|access[ _-]?codes?)$/i;

/** The column named like a code column, else the first whose cells all look like codes, else 0. */
export function suggestCodeColumn(columns: string[], rows: string[][]): number {
  const named = columns.findIndex((name) => CODE_HEADER.test(name.trim()));
  if (named >= 0) return named;
  const looks = columns.findIndex((_, c) => rows.length > 0 && rows.every((row) => isOfferCode((row[c] ?? "").trim())));
  return looks >= 0 ? looks : 0;
}

export function previewCodes(text: string): OfferCodePreviewResponse {
  const { columns, delimiter, records } = parseCsv(text, 2, 1);
  const rows = records.slice(0, OFFER_CODE_PREVIEW_ROWS).map((r) => r.cells);
  return { columns, delimiter, column: suggestCodeColumn(columns, rows), rows, rowCount: records.length };
}

/** The piece's records and header, refused as a 400 when the column is not one of its columns or it has no rows. */
export function readCodePiece(csv: string, column: number, firstRow: number): CsvRecord[] {
  const { columns, records } = parseCsv(csv, firstRow, 1);
  if (column >= columns.length) throw routeError(OFFER_CODE_ERROR_CODES.columnInvalid, { field: "column" });
  if (records.length === 0) throw routeError(OFFER_CODE_ERROR_CODES.noRows);
  return records;
}

/** The codes of the records' `column` in file order, once each; every other row is an issue. */
export function readCodes(records: CsvRecord[], column: number) {
  const codes: string[] = [];
  const issues: OfferCodeRowIssue[] = [];
  const seen = new Set<string>();
  for (const { row, cells } of records) {
    const value = (cells[column] ?? "").trim();
    if (!isOfferCode(value)) issues.push({ row, code: "invalid_code", value: value.slice(0, 80) });
    else if (seen.has(value)) issues.push({ row, code: "duplicate_in_file", value });
    else {
      seen.add(value);
      codes.push(value);
    }
  }
  return { codes, invalid: issues.length, issues: issues.slice(0, OFFER_CODE_ISSUES_MAX) };
}
