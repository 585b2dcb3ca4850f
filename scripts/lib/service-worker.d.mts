// Types for service-worker.mjs.
import type { Plugin, Rollup } from "vite";

export function shellFiles(bundle: Rollup.OutputBundle): string[];
export function serviceWorker(): Plugin;
