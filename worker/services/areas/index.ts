// Every area's Worker-side declaration (worker/services/areas/<area>.ts, under the key of its
// declaration in AREAS, worker/contracts/areas/), and the lists the shared code reads from them:
// the pages' head renderers (services/page-head.ts), the sitemap's readers (routes/sitemap.ts), the
// cron jobs (services/cron.ts) and the kinds of purchase (the payments webhook, routes/payments.ts).
// A new area with such work adds its file here; tests/node/areas.test.ts fails when a file of this
// folder is missing.
import type { AREAS, SsrRouteId } from "#contracts/areas/index.ts";
import type { CronJob, HeadRenderer, WorkerArea } from "./area";
import type { PurchaseKind } from "../payments/purchase-kind";
import { contests } from "./contests";
import { events } from "./events";
import { music } from "./music";
import { newsletter } from "./newsletter";
import { notifications } from "./notifications";
import { payments } from "./payments";
import { rooms } from "./rooms";
import { store } from "./store";
import { waitlist } from "./waitlist";

/**
 * In the order their cron jobs run: the VIP that runs out this hour ends before that hour's
 * notifications and digests go out.
 */
export const WORKER_AREAS = { payments, notifications, events, newsletter, music, store, rooms, contests, waitlist } as const satisfies {
  readonly [area in keyof typeof AREAS]?: WorkerArea;
};
const areas: readonly WorkerArea[] = Object.values(WORKER_AREAS);

/** Each server-rendered page's head renderers, in the order of WORKER_AREAS. */
export const PAGE_HEAD: Partial<Record<SsrRouteId, readonly HeadRenderer[]>> = {};
for (const area of areas) {
  for (const [route, renderers] of Object.entries(area.pageHead ?? {}) as [SsrRouteId, readonly HeadRenderer[]][]) {
    PAGE_HEAD[route] = [...(PAGE_HEAD[route] ?? []), ...renderers];
  }
}

/** The areas' sitemap readers, in the order of WORKER_AREAS. */
export const SITEMAP_READERS = areas.flatMap((area) => area.sitemap ?? []);

/** The areas' cron jobs, in the order of WORKER_AREAS. */
export const AREA_CRON_JOBS: readonly CronJob[] = areas.flatMap((area) => area.cron ?? []);

/** The kinds of purchase the areas sell, in the order of WORKER_AREAS: a verified event goes to the one that claims it. */
export const PURCHASE_KINDS: readonly PurchaseKind[] = areas.flatMap((area) => area.purchases ?? []);
