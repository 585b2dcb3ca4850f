// Reading a contacts CSV for the marketing import (docs/features.md#back-office-administrators, Marketing): papaparse on
// the server, the first non-empty row as the header, empty lines skipped, blank e-mails skipped
// and counted, e-mails checked and lower-cased, each address kept once, names trimmed with empty
// ones as null. Optional columns (decision 045): Tags (split on ; or |, trimmed, each kept once),
// Country (ISO 3166-1 alpha-2, any case, stored upper-case) and Language (en / pt / pt-BR / pt_BR;
// any other language reads as English, the language every other reader gets campaigns in). A bad
// country or too many or too long tags refuse the row, like a bad address. Pure: what reaches D1 is
// decided here, the writes are worker/db/marketing.ts.
import Papa from "papaparse";
import { z } from "#contracts/zod.ts";
import { userText } from "#contracts/text.ts";
import { routeError } from "./errors";
import { readBoundedBody } from "./bounded-body";
import { COUNTRY_CODES, countryAlpha2 } from "#contracts/countries.ts";
import type { Locale } from "#contracts/locale.ts";
import {
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  IMPORT_ERROR_CODES,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_TAG_MAX_CHARS,
  IMPORT_TAGS_MAX,
  type ImportIssue,
} from "#contracts/admin/marketing.ts";

export type ParsedContact = {
  row: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  tags: string[];
  /** ISO 3166-1 alpha-2, upper-case. */
  country: string | null;
  locale: Locale;
};

export type ParsedImport = {
  /** Data rows (not the header, not empty lines). */
  total: number;
  contacts: ParsedContact[];
  blankEmail: number;
  duplicateInFile: number;
  /** Every row refused, in file order. */
  issues: ImportIssue[];
};

/** The request body, at most IMPORT_MAX_BYTES, refused by its declared size before a byte is read. */
export async function readImportBody(request: Request): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared && /^\d+$/.test(declared) && Number(declared) > IMPORT_MAX_BYTES)
    throw routeError(IMPORT_ERROR_CODES.tooLarge, { message: IMPORT_MESSAGES.tooLarge });
  if (!request.body) throw routeError(IMPORT_ERROR_CODES.empty, { message: IMPORT_MESSAGES.empty });
  return readBoundedBody(request.body, IMPORT_MAX_BYTES, () => routeError(IMPORT_ERROR_CODES.tooLarge, { message: IMPORT_MESSAGES.tooLarge }));
}

/**
 * The file as text. UTF-8 (a byte-order mark dropped) is what spreadsheets save as "CSV UTF-8";
 * anything else is read as Windows-1252, the older "CSV" of the same programs. A NUL byte never
 * occurs in either: that file is a binary (a spreadsheet's .xlsx, a picture).
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw routeError(IMPORT_ERROR_CODES.empty, { message: IMPORT_MESSAGES.empty });
  if (bytes.includes(0)) throw routeError(IMPORT_ERROR_CODES.notCsv, { status: 415 });
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    try {
      return new TextDecoder("windows-1252").decode(bytes);
    } catch {
      throw routeError(IMPORT_ERROR_CODES.notCsv, { status: 415 });
    }
  }
}

/**
 * Exports (worker/lib/csv.ts) put an apostrophe before a cell a spreadsheet would run as a formula;
 * it is taken off again here, so an exported file imports to the same names and addresses.
 */
const unneutralise = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** Header cells compared without case, spaces or punctuation: "First Name", "first_name", "FirstName". */
const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, "");
const HEADER_NAMES = {
  email: ["email", "emailaddress", "mail"],
  firstName: ["firstname", "first", "givenname"],
  lastName: ["lastname", "last", "surname", "familyname"],
  tags: ["tags", "tag", "labels"],
  country: ["country", "countrycode"],
  language: ["language", "locale", "lang"],
} as const;

function columnsOf(header: string[]) {
  const keys = header.map((cell) => headerKey(unneutralise(cell.trim())));
  const find = (names: readonly string[]) => keys.findIndex((k) => names.includes(k));
  return {
    email: find(HEADER_NAMES.email),
    firstName: find(HEADER_NAMES.firstName),
    lastName: find(HEADER_NAMES.lastName),
    tags: find(HEADER_NAMES.tags),
    country: find(HEADER_NAMES.country),
    language: find(HEADER_NAMES.language),
  };
}

const ALPHA2 = new Set(COUNTRY_CODES.map((code) => countryAlpha2(code)!));

const cellOf = (cells: string[], column: number) => (column < 0 ? "" : unneutralise((cells[column] ?? "").trim()).trim());

/** Tags split on ; or |, trimmed, empty ones dropped, each kept once (any case); undefined when too many or too long. */
export function tagsOf(cell: string): string[] | undefined {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const raw of cell.split(/[;|]/)) {
    const tag = raw.trim();
    if (tag === "" || seen.has(tag.toLowerCase())) continue;
    if (tag.length > IMPORT_TAG_MAX_CHARS || !nameSchema.safeParse(tag).success) return undefined;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags.length > IMPORT_TAGS_MAX ? undefined : tags;
}

/** A country cell: null when empty, the upper-case code when known, undefined otherwise. */
export function countryOf(cell: string): string | null | undefined {
  if (cell === "") return null;
  const code = cell.toUpperCase();
  return ALPHA2.has(code) ? code : undefined;
}

/** pt, pt-BR, pt_BR (any case, any Portuguese) read as pt-BR; everything else, empty included, as en. */
export const localeOf = (cell: string): Locale => (/^pt([-_].*)?$/i.test(cell) ? "pt-BR" : "en");

const emailSchema = z.email().max(CONTACT_EMAIL_MAX);
const nameSchema = userText({ max: CONTACT_NAME_MAX, maxMessage: "too long" });

/** A cell as the admin will recognise it in an error, without flooding the answer. */
const shown = (cell: string) => (cell.length > 60 ? `${cell.slice(0, 57)}...` : cell);

const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === "");

/** A name cell: trimmed, empty as null; undefined when it holds what no name may (control characters, too long). */
function nameOf(cells: string[], column: number): string | null | undefined {
  if (column < 0) return null;
  const parsed = nameSchema.safeParse(unneutralise((cells[column] ?? "").trim()));
  if (!parsed.success) return undefined;
  return parsed.data || null;
}

/** Reads the whole file; refuses it (400) when it cannot be read as a contacts CSV at all. */
export function parseContactsCsv(text: string): ParsedImport {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [",", ";", "\t"] });
  // An unbalanced quote swallows the rest of the file into one cell: nothing after it can be trusted.
  const quoteError = parsed.errors.find((e) => e.type === "Quotes");
  if (quoteError) {
    const where = typeof quoteError.row === "number" ? ` (row ${quoteError.row + 1})` : "";
    throw routeError(IMPORT_ERROR_CODES.parseFailed, { message: `${IMPORT_MESSAGES.parseFailed}: ${quoteError.message}${where}` });
  }
  const rows = parsed.data;
  const headerIndex = rows.findIndex((cells) => !isBlankRow(cells));
  if (headerIndex < 0) throw routeError(IMPORT_ERROR_CODES.empty, { message: IMPORT_MESSAGES.empty });
  const columns = columnsOf(rows[headerIndex]!);
  if (columns.email < 0) throw routeError(IMPORT_ERROR_CODES.noEmailColumn);

  const result: ParsedImport = { total: 0, contacts: [], blankEmail: 0, duplicateInFile: 0, issues: [] };
  const seen = new Set<string>();
  for (let i = headerIndex + 1; i < rows.length; i++) {
    const cells = rows[i]!;
    if (isBlankRow(cells)) continue;
    result.total++;
    const row = i + 1;
    const rawEmail = unneutralise((cells[columns.email] ?? "").trim()).trim();
    if (rawEmail === "") {
      result.blankEmail++;
      continue;
    }
    const email = rawEmail.toLowerCase();
    if (!emailSchema.safeParse(email).success) {
      result.issues.push({ row, code: "invalid_email", value: shown(rawEmail) });
      continue;
    }
    if (seen.has(email)) {
      result.duplicateInFile++;
      continue;
    }
    const firstName = nameOf(cells, columns.firstName);
    const lastName = nameOf(cells, columns.lastName);
    if (firstName === undefined || lastName === undefined) {
      const bad = firstName === undefined ? cells[columns.firstName] : cells[columns.lastName];
      result.issues.push({ row, code: "invalid_name", value: shown(bad ?? "") });
      continue;
    }
    const tags = tagsOf(cellOf(cells, columns.tags));
    if (tags === undefined) {
      result.issues.push({ row, code: "invalid_tags", value: shown(cells[columns.tags] ?? "") });
      continue;
    }
    const country = countryOf(cellOf(cells, columns.country));
    if (country === undefined) {
      result.issues.push({ row, code: "invalid_country", value: shown(cells[columns.country] ?? "") });
      continue;
    }
    seen.add(email);
    result.contacts.push({ row, email, firstName, lastName, tags, country, locale: localeOf(cellOf(cells, columns.language)) });
  }
  return result;
}
