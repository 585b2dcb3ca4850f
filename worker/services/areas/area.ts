// What an area does in the Worker alone, beside its declaration in worker/contracts/areas/ (same
// file name, same key in WORKER_AREAS): its pages' extra <head> content, its sitemap entries and
// its cron work, the kinds of purchase it sells and its reactions to a change of access ("Adding an
// area" in docs/design.md). The shared code reads them: the page render (services/page-head.ts),
// /sitemap.xml (routes/sitemap.ts), the cron handler (services/cron.ts), the payments webhook
// (routes/payments.ts) and the access announcement (services/access-changed.ts).
import type { Context } from "hono";
import type { HonoEnv } from "../../types";
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import type { Locale } from "#contracts/locale.ts";
import type { SsrRouteId } from "#contracts/areas/index.ts";
import type { SitemapEntry } from "../../lib/sitemap";
import type { PurchaseKind } from "../payments/purchase-kind";
import type { MemberAccess } from "../../db/member-access";
import type { SocketTarget } from "../realtime/socket-sessions";

/** The Worker's two cron triggers (wrangler.toml [triggers]; tests/node/areas.test.ts compares them). */
export const FIVE_MINUTE_CRON = "*/5 * * * *";
export const HOURLY_CRON = "0 * * * *";

export type HeadPage = { url: URL; title: string; locale: Locale };
/** One piece of a page's <head>: a bonus, so a failure costs the page this piece only, logged as `leftOut`. */
export type HeadRenderer = { render: (c: Context<HonoEnv>, page: HeadPage) => Promise<string | null> | string; leftOut: string };

export type CronWork = { env: AppEnv; db: DB; scheduledTime: number };
/** Work a cron trigger runs. A failure is logged as "<name> failed" and the next job runs. */
export type CronJob = { cron: typeof FIVE_MINUTE_CRON | typeof HOURLY_CRON; name: string; run: (work: CronWork) => Promise<unknown> };

/**
 * A change of what someone may open, announced once by the place that stored it
 * (worker/services/access-changed.ts) and handed to every area that reacts to it:
 * - `roles`: a member's VIP, admin or tier changed (a purchase, a renewal's end, a refund or lost
 *   dispute, a gift, the back office), with their access as it stands now;
 * - `tickets`: a member's own tickets changed (a transfer), with their access;
 * - `order-tickets`: an order's tickets were refunded or taken back;
 * - `event-tickets`: every ticket to an event was cancelled;
 * - `sessions`: a session, or every session of a member, ended (sign-out, password reset, ban,
 *   account deletion). A session named with its member lets the chat close at once.
 */
export type AccessChange =
  | { kind: "roles" | "tickets"; userId: string; access: MemberAccess }
  | { kind: "order-tickets"; orderId: string }
  | { kind: "event-tickets"; eventId: string }
  | { kind: "sessions"; target: SessionsTarget };
export type SessionsTarget = SocketTarget | { sessionHash: string; userId: string };

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
  /**
   * What it does when someone's access changes (its sockets follow the new access): run after the
   * change is stored; a failure is logged under the area's name and the other areas still run.
   */
  readonly accessChanged?: (env: AppEnv, db: DB, change: AccessChange) => Promise<unknown>;
};
