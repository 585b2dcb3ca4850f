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

type CsvRow = readonly (string | number | null | undefined)[];

/** Rows as CSV lines joined by CRLF (no BOM, no header, no final line end), every cell through safeCell. */
export const csvLines = (rows: readonly CsvRow[]): string =>
  Papa.unparse(
    rows.map((row) => row.map(safeCell)),
    { newline: "\r\n", quotes: true, quoteChar: '"', escapeChar: '"' },
  );

/**
 * The same bytes as toCsv, made as they are read: the BOM and the header row first, then each page
 * of rows when the reader wants more, so an export of any length holds one page in memory.
 */
export function csvStream(headers: readonly string[], pages: AsyncIterable<readonly CsvRow[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLines([headers])));
        return;
      }
      // An empty page gives nothing to read: go on to the next, or the reader would wait forever.
      for (;;) {
        const next = await iterator.next();
        if (next.done) return controller.close();
        if (next.value.length > 0) return controller.enqueue(encoder.encode(`\r\n${csvLines(next.value)}`));
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}
