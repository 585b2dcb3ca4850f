// Types for demo-revenue.mjs so TypeScript tests can import it.
export const DEMO_REVENUE_DAYS: number;
/** [ref, source, amount in cents (negative: a refund), currency, occurred at (ms)] */
export type DemoRevenueRow = [ref: string, source: "vip" | "store", cents: number, currency: "usd" | "brl", at: number];
export function demoRevenueRows(now?: number): DemoRevenueRow[];
export function demoRevenueSql(now?: number): string[];
