// An audit entry's before/after summary as short lines of text: "title: Old → New" for an edit,
// "title: New" for a creation, "title: Old → (removed)" for a deletion. Only changed fields are
// listed; long values are cut so that a row stays compact.
import type { AuditEntryView } from "../../../../worker/contracts/admin";

export type ChangeLine = { field: string; before?: string; after?: string; removed?: boolean };

/** How many fields a row lists before "and N more fields". */
export const MAX_CHANGE_LINES = 4;
const MAX_VALUE_CHARS = 40;

/** A value as plain, short text (never markup: React renders it as text). */
export function showValue(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = "—";
  else if (typeof value === "string") text = value === "" ? '""' : value;
  else if (typeof value === "number" || typeof value === "boolean") text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function changeLines(summary: AuditEntryView["summary"]): ChangeLine[] {
  const before = summary.before ?? null;
  const after = summary.after ?? null;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines: ChangeLine[] = [];
  for (const field of fields) {
    const hadBefore = before !== null && field in before;
    const hasAfter = after !== null && field in after;
    if (hadBefore && hasAfter) {
      if (!same(before[field], after[field])) lines.push({ field, before: showValue(before[field]), after: showValue(after[field]) });
    } else if (hasAfter) {
      lines.push({ field, after: showValue(after![field]) });
    } else if (hadBefore) {
      // Gone afterwards: the field was cleared, or the whole target was deleted.
      lines.push({ field, before: showValue(before[field]), removed: true });
    }
  }
  return lines;
}
