// Types for generate-demo-media.mjs.
import type { CatalogAlbum } from "./catalog.mjs";
export type DemoMediaFile = { key: string; path: string; contentType: "audio/mpeg" | "image/png"; bytes: number };
export type DemoMediaResult = { files: DemoMediaFile[]; generated: number; cached: number; ms: number };
export type DemoMediaJob = { id: string; kind: "audio" | "cover"; key: string; file: string; input: Record<string, unknown> };
export const DEFAULT_OUT_DIR: string;
export function demoMediaJobs(catalog: CatalogAlbum[], outDir: string): Promise<DemoMediaJob[]>;
export function renderJob(job: DemoMediaJob): Promise<number>;
export function generateDemoMedia(options?: { outDir?: string; catalog?: CatalogAlbum[]; threads?: number; force?: boolean }): Promise<DemoMediaResult>;
