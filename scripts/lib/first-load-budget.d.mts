// Types for first-load-budget.mjs so its unit test can import it.
export type FirstLoadBudgets = { shellKiB: number; pagesKiB: Record<string, number> };
export type FirstLoadFigures = { shell: number; pages: { page: string; own: number }[] };

export const FIRST_LOAD_BUDGETS: FirstLoadBudgets;
export function entryScriptOf(indexHtml: string): string;
export function firstLoadFigures(clientDir: string): Promise<FirstLoadFigures>;
export function judgeFirstLoad(figures: FirstLoadFigures, budgets?: FirstLoadBudgets): { lines: string[]; failures: string[] };
