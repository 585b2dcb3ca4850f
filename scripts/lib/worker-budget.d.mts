// Types for worker-budget.mjs so its unit test (tests/node/worker-budget.test.ts) can import it.
export type Budgets = { uploadGzipKiB: number; startupMillionInstructions: number };
export type UploadFigures = { count: number; raw: number; gzip: number };
export type BrowserOnlyHit = { module: string; what: string; sources: string[] };
export type StartupFigures = { instructions: number | null; cpuMs: number };

export const BUDGETS: Budgets;
export const BROWSER_ONLY_SOURCES: { what: string; pattern: RegExp; except?: RegExp }[];
export function kib(bytes: number): number;
export function uploadFigures(modules: { name: string; content: Buffer }[]): UploadFigures;
export function median(values: number[]): number;
export function browserOnlyModules(modules: { name: string; sources: string[] }[]): BrowserOnlyHit[];
export function judge(
  figures: { upload: UploadFigures; startup: StartupFigures; browserOnly: BrowserOnlyHit[] },
  budgets?: Budgets,
  options?: { requireCount?: boolean },
): { lines: string[]; failures: string[] };
