// A figure beside its previous value, as the back office's cards show it. Both the traffic cards
// (admin-analytics.ts) and the revenue page (admin-revenue.ts) use it; it sits below both so that
// neither imports the other for it.

/** A figure and its change against the previous span of the same length (percent, one decimal; null when there is nothing to compare with). */
export type Trend = { value: number; changePct: number | null };
