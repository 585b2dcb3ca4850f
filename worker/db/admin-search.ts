// The back office's list searches: a case-insensitive substring of any of a row's fields. Done in
// JavaScript because SQLite's LIKE and lower() fold ASCII letters only ('SÃO' would miss 'São').

const fold = (text: string) => text.normalize("NFC").toLowerCase();

/** True when `search` is blank or some field contains it, ignoring case. */
export function matchesSearch(search: string | undefined, fields: readonly (string | null)[]): boolean {
  const needle = fold(search?.trim() ?? "");
  if (needle === "") return true;
  return fields.some((field) => field !== null && fold(field).includes(needle));
}
