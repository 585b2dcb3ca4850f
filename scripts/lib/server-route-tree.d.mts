// Types for server-route-tree.mjs.
import type { Plugin } from "vite";

export function renderedRouteFiles(root: string, ssrRouteFiles: readonly string[], routesDir?: string): Set<string>;
export function serverRenderedRoutesOnly(ssrRoutes: Record<string, string>): Plugin;
export function minifiedWorker(): Plugin;
