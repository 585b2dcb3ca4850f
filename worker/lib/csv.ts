// CSV files the back office exports (tickets, contacts): RFC 4180 quoting by papaparse, every
// field quoted (a spreadsheet that splits on ';', as Excel does in pt-BR, would otherwise read
// 'Ana;=1+1' as a cell starting with '=': quoted, the whole field stays one cell), UTF-8
// with a byte-order mark so spreadsheet programs read accents right, CRLF line ends, and cells a
// spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) turned
// into text with a leading apostrophe (OWASP's advice against CSV injection).
import Papa from "papaparse";

export const CSV_BOM = "\uFEFF";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text, safe to open in a spreadsheet. Numbers stay numbers (a negative price is not a formula). */
export function safeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The whole file: BOM, the header row, then one row per record, every cell through safeCell. */
export function toCsv(headers: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const data = rows.map((row) => row.map(safeCell));
  return CSV_BOM + Papa.unparse({ fields: [...headers], data }, { newline: "\r\n", quotes: true, quoteChar: '"', escapeChar: '"' });
}

/** A Content-Disposition for a download named `filename` (ASCII names only). */
export const attachment = (filename: string) => `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`;
