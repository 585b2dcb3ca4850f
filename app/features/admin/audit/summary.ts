// An audit entry's before/after summary as short lines of text: "title: Old → New" for an edit,
// "title: New" for a creation, "title: Old → (removed)" for a deletion. Only changed fields are
// listed; long values are cut so that a row stays compact. Times are shown in the reader's language
// and time zone: a value that is an ISO 8601 instant, and epoch milliseconds under a field whose name
// says it is a time (createdAt, ticketSaleStart, event_date, until...), inside objects too.
import type { AuditEntryView } from "#contracts/admin/admin.ts";

export type ChangeLine = { field: string; before?: string; after?: string; removed?: boolean };

/** How many fields a row lists before "and N more fields". */
export const MAX_CHANGE_LINES = 4;
const MAX_VALUE_CHARS = 40;

/** An instant (epoch ms) as the reader reads it; without one, times show as stored. */
export type TimeFormat = (epochMs: number) => string;

/** A whole value that is an instant: 2026-11-24T11:44:20.047Z, or with an offset. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
/** Field names that hold a time: ...At, ..._at, ...Date, ...Start, ...End, until, since. */
const TIME_FIELD = /(At|_at|Date|_date|Start|_start|End|_end|^until|Until|Since|_since)$/;
/** Epoch milliseconds between 1973 and 5138: a count or a price under a time-ish name is not one. */
const isEpochMs = (n: number) => Number.isInteger(n) && n >= 1e11 && n < 1e14;

/** The value with its times formatted, when it is one (a string instant, or epoch ms under a time field). */
function timeOf(field: string, value: unknown, formatTime: TimeFormat): string | null {
  if (typeof value === "string" && ISO_INSTANT.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : formatTime(ms);
  }
  if (typeof value === "number" && TIME_FIELD.test(field) && isEpochMs(value)) return formatTime(value);
  return null;
}

/** A value as plain, short text (never markup: React renders it as text). */
export function showValue(value: unknown, field = "", formatTime?: TimeFormat): string {
  let text: string;
  const time = formatTime ? timeOf(field, value, formatTime) : null;
  if (time !== null) text = time;
  else if (value === null || value === undefined) text = "—";
  else if (typeof value === "string") text = value === "" ? '""' : value;
  else if (typeof value === "number" || typeof value === "boolean") text = String(value);
  else {
    try {
      // Times nested in an object (a shipping block, a list of windows) read as the top ones do.
      const replacer = formatTime ? (key: string, inner: unknown) => timeOf(key, inner, formatTime) ?? inner : undefined;
      text = JSON.stringify(value, replacer) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function changeLines(summary: AuditEntryView["summary"], formatTime?: TimeFormat): ChangeLine[] {
  const show = (field: string, value: unknown) => showValue(value, field, formatTime);
  const before = summary.before ?? null;
  const after = summary.after ?? null;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines: ChangeLine[] = [];
  for (const field of fields) {
    const hadBefore = before !== null && field in before;
    const hasAfter = after !== null && field in after;
    if (hadBefore && hasAfter) {
      if (!same(before[field], after[field])) lines.push({ field, before: show(field, before[field]), after: show(field, after[field]) });
    } else if (hasAfter) {
      lines.push({ field, after: show(field, after![field]) });
    } else if (hadBefore) {
      // Gone afterwards: the field was cleared, or the whole target was deleted.
      lines.push({ field, before: show(field, before[field]), removed: true });
    }
  }
  return lines;
}
