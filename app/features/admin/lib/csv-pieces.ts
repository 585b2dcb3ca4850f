// A CSV file cut into pieces the API takes (request bodies are capped at 64 KB): each piece is
// the header row and then whole rows, and knows the file row of its first record (a ticket, a
// code), so the server's errors name rows of the file. Rows end at a line break outside double
// quotes (RFC 4180: a quoted value may hold line breaks, and "" inside quotes is a quote), so a
// cut never splits a row. The server parses every piece with papaparse; this only finds the cuts.
import { IMPORT_PIECE_MAX_BYTES } from "#contracts/tickets/admin-limits.ts";

export type CsvPiece = { csv: string; firstRow: number; rows: number };

/** The file's rows as text (line ends dropped, the byte-order mark removed). */
export function splitRows(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) {
      rows.push(body.slice(start, i));
      if (ch === "\r" && body[i + 1] === "\n") i++;
      start = i + 1;
    }
  }
  if (start < body.length) rows.push(body.slice(start));
  return rows;
}

const encoder = new TextEncoder();
/** What a row adds to the JSON body: its text JSON-escaped, and the CRLF between rows. */
const jsonBytes = (text: string) => encoder.encode(JSON.stringify(text)).length - 2;

/**
 * The pieces of a file: the header repeated in each, rows added while the JSON-encoded CSV stays
 * within `maxBytes` (a row longer than that on its own still gets a piece, which the server
 * refuses as too large, so nothing is left out unsaid). Row numbers count every line of the file
 * but the header as it is, so trailing empty lines are not sent.
 */
export function cutIntoPieces(text: string, maxBytes = IMPORT_PIECE_MAX_BYTES): { header: string; pieces: CsvPiece[]; rows: number } {
  const [header = "", ...rows] = splitRows(text);
  while (rows.length > 0 && rows[rows.length - 1]!.trim() === "") rows.pop();
  const pieces: CsvPiece[] = [];
  const headerBytes = jsonBytes(header);
  let current: string[] = [];
  let bytes = headerBytes;
  let firstRow = 2;
  const flush = () => {
    if (current.length === 0) return;
    pieces.push({ csv: [header, ...current].join("\r\n"), firstRow, rows: current.filter((r) => r.trim() !== "").length });
    firstRow += current.length;
    current = [];
    bytes = headerBytes;
  };
  for (const row of rows) {
    const size = jsonBytes(row) + 4; // the escaped CRLF before it
    if (current.length > 0 && bytes + size > maxBytes) flush();
    current.push(row);
    bytes += size;
  }
  flush();
  return { header, pieces, rows: pieces.reduce((n, p) => n + p.rows, 0) };
}

/**
 * A file's text: UTF-8 when it is valid UTF-8, else Windows-1252 (what spreadsheet programs
 * export as "CSV" on many systems), so accented names arrive as they were typed.
 */
export async function readFileText(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
