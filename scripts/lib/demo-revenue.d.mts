// Types for demo-revenue.mjs so TypeScript tests can import it.
export const DEMO_REVENUE_DAYS: number;
/** A store sale's demo order: its id, what was sold, which demo buyer. */
export type DemoSaleOrder = { id: string; sale: { product: { id: string; slug: string }; usd: number; brl: number }; buyer: number };
/** [ref, source, amount in cents (negative: a refund), currency, occurred at (ms), the store sale's order] */
export type DemoRevenueRow = [ref: string, source: "vip" | "store", cents: number, currency: "usd" | "brl", at: number, order?: DemoSaleOrder];
export function demoRevenueRows(now?: number): DemoRevenueRow[];
export function demoRevenueSql(now?: number): string[];
