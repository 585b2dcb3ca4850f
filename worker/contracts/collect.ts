// What the Worker's start-up needs of analytics, zod-free (decision 078): admin-analytics.ts re-exports it.

/** The path the SPA's page-view beacon posts to (worker/routes/collect.ts). */
export const COLLECT_PATH = "/api/collect";

/**
 * Page views one client IP may report a minute; beyond it they are dropped. The answer is 204
 * all the same: the beacon cannot act on it, and the decision is taken after the answer is sent.
 */
export const COLLECT_PER_IP_PER_MINUTE = 120;

/** A visitor's page views this far apart start a new session. */
export const SESSION_GAP_MS = 30 * 60 * 1000;
