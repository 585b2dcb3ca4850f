// Types for host-probe.mjs so its unit test can import it.
export const SUITE_BUDGET_PROBES: number;
export function hostProbeSeconds(): Promise<number>;
export function suiteBudgetLines(figures: { wallSeconds: number; coreSeconds: number | null; probeSeconds: number }, budgetProbes?: number): string[];
