/** The path the SPA's page-view beacon posts to (worker/routes/collect.ts). */
export const COLLECT_PATH = "/api/collect";
