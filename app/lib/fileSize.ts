// A download's size as the store's product page and the collection's buttons both say it.
import type { IntlShape } from "react-intl";

/** "41.2 MB", "840 kB" in the page's language. */
export function formatSize(intl: IntlShape, bytes: number): string {
  const big = bytes >= 1_000_000;
  return intl.formatNumber(big ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1_000)), {
    style: "unit",
    unit: big ? "megabyte" : "kilobyte",
    unitDisplay: "short",
    maximumFractionDigits: big ? 1 : 0,
  });
}
