// The data export in a form its owner can read (decision 060): the database's rows with field names
// in camelCase (`user_id` → `userId`) and every time as an ISO 8601 instant in UTC
// (`created_at: 1795520108496` → `createdAt: "2026-11-24T11:44:20.047Z"`), still plain JSON a
// program can read. The README and index.html explain the fields (data-export-texts.ts).
import type { MemberDataFiles } from "../db/member-data";

export type ExportRow = Record<string, unknown>;
/** `<kind>.json`'s content: each table (its name in camelCase) and its rows. */
export type ReadableFiles = Record<string, Record<string, ExportRow[]>>;

/** A column or table name in camelCase: user_id → userId, check_ins (staff_id) → checkIns (staffId). */
export const fieldName = (column: string) => column.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

/**
 * Columns that hold an instant as epoch milliseconds, by name: every `..._at`, `..._until`,
 * `..._since` and the subscription's `current_period_end` (and the same names in camelCase, as the
 * chat's rows come). tests/worker/member-data.test.ts fails on an epoch number left in an archive.
 */
const TIME_FIELD = /(_at|_until|_since|At|Until|Since)$|^current_?[pP]eriod_?[eE]nd$/;
export const isTimeField = (name: string) => TIME_FIELD.test(name);

const instant = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? new Date(value).toISOString() : value);

/** One row with readable field names and its times as ISO 8601 (UTC). */
export const readableRow = (row: ExportRow): ExportRow =>
  Object.fromEntries(Object.entries(row).map(([column, value]) => [fieldName(column), isTimeField(column) ? instant(value) : value]));

/** Every kind's tables with readable names and rows. */
export function readableFiles(files: MemberDataFiles): ReadableFiles {
  const out: ReadableFiles = {};
  for (const [kind, tables] of Object.entries(files)) {
    out[kind] = Object.fromEntries(Object.entries(tables).map(([table, rows]) => [fieldName(table), rows.map(readableRow)]));
  }
  return out;
}
