// A datetime-local field's value and the instant it stands for, in the admin's own time zone (the
// browser's): the forms show local times and send instants.

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a datetime-local value in this browser's time zone; "" for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (this browser's time zone) as an instant; null for empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
