// What an area does in the Worker alone, beside its declaration in worker/contracts/areas/ (same
// file name, same key in WORKER_AREAS): its pages' extra <head> content, its sitemap entries and
// its cron work, and the kinds of purchase it sells ("Adding an area" in docs/design.md). The shared
// code reads them: the page render (services/page-head.ts), /sitemap.xml (routes/sitemap.ts), the
// cron handler (services/cron.ts) and the payments webhook (routes/payments.ts).
import type { Context } from "hono";
import type { HonoEnv } from "../../types";
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import type { Locale } from "#contracts/locale.ts";
import type { SsrRouteId } from "#contracts/areas/index.ts";
import type { SitemapEntry } from "../../lib/sitemap";
import type { PurchaseKind } from "../payments/purchase-kind";

/** The Worker's two cron triggers (wrangler.toml [triggers]; tests/node/areas.test.ts compares them). */
export const FIVE_MINUTE_CRON = "*/5 * * * *";
export const HOURLY_CRON = "0 * * * *";

export type HeadPage = { url: URL; title: string; locale: Locale };
/** One piece of a page's <head>: a bonus, so a failure costs the page this piece only, logged as `leftOut`. */
export type HeadRenderer = { render: (c: Context<HonoEnv>, page: HeadPage) => Promise<string | null> | string; leftOut: string };

export type CronWork = { env: AppEnv; db: DB; scheduledTime: number };
/** Work a cron trigger runs. A failure is logged as "<name> failed" and the next job runs. */
export type CronJob = { cron: typeof FIVE_MINUTE_CRON | typeof HOURLY_CRON; name: string; run: (work: CronWork) => Promise<unknown> };

export type WorkerArea = {
  /** Extra <head> content of server-rendered pages (any area's), by route id, in this order. */
  readonly pageHead?: { readonly [route in SsrRouteId]?: readonly HeadRenderer[] };
  /**
   * Its sitemap entries, site-relative: the pages an id names (a product, an album), and any of its
   * server-rendered pages without an id that has more to say than its address (/events: its
   * upcoming events' pictures), which then takes that page's place.
   */
  readonly sitemap?: (c: Context<HonoEnv>, now: number) => Promise<SitemapEntry[]>;
  /** Its cron jobs, each run in this order within its trigger. */
  readonly cron?: readonly CronJob[];
  /** The kinds of purchase it sells: the verified payment events each claims are applied through it (decision 089). */
  readonly purchases?: readonly PurchaseKind[];
};
