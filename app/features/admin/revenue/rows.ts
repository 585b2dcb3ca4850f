// The page's rows at the chosen grain: one per local date, or one per month for a long period,
// each labelled for the chart's axis and the table's first column.
import type { IntlShape } from "react-intl";
import { formatDay, formatShortDay } from "../format";

/** "Mar 2025" / "mar. de 2025": a month the server gave as YYYY-MM. */
export function formatMonth(intl: IntlShape, month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return intl.formatDate(Date.UTC(year, m - 1, 1), { month: "short", year: "numeric", timeZone: "UTC" });
}

export type Labelled<T> = T & { key: string; axis: string; long: string };

/** Rows with a `date` (days) or a `month`, labelled in the admin's locale. */
export function labelled<T extends { date: string } | { month: string }>(intl: IntlShape, rows: T[]): Labelled<T>[] {
  return rows.map((row) =>
    "date" in row
      ? { ...row, key: row.date, axis: formatShortDay(intl, row.date), long: formatDay(intl, row.date) }
      : { ...row, key: row.month, axis: formatMonth(intl, row.month), long: formatMonth(intl, row.month) },
  );
}
