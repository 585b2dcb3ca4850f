// Types for first-load-manifest.mjs.
import type { Plugin, Rollup } from "vite";
import type { FirstLoadManifest } from "../../worker/contracts/first-load";

export function buildFirstLoadManifest(bundle: Rollup.OutputBundle, root: string, pages: Record<string, string>): FirstLoadManifest;
export function orderModulePreloads(html: string, bytes: Record<string, number>): string;
export function firstLoadManifest(pages: Record<string, string>): Plugin;
