// The Worker's side of the areas' declarations (worker/services/areas/): the head renderers, the
// sitemap readers and the cron jobs the shared code reads are those that were written by hand in
// worker/services/page-head.ts, worker/routes/sitemap.ts and worker/index.ts's `scheduled`, in the
// same order; and the cron handler runs every job of the trigger that fired, a failure logged and
// the rest still run; the kinds of purchase claim the payment events the webhook handled before,
// one kind each. (The sitemap's contents: sitemap.test.ts and store-pages.test.ts.)
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { SSR_ROUTES } from "../../worker/contracts/areas";
import { PAGE_HEAD, PURCHASE_KINDS, SITEMAP_READERS, WORKER_AREAS } from "../../worker/services/areas";
import type { FulfilmentEvent } from "../../worker/services/payments/purchase-kind";
import { FIVE_MINUTE_CRON, HOURLY_CRON, type CronJob } from "../../worker/services/areas/area";
import { CRON_JOBS, runCronJobs } from "../../worker/services/cron";
import type { AppEnv } from "../../worker/env";
import { db } from "./helpers";

afterEach(() => vi.restoreAllMocks());

describe("the head renderers", () => {
  it("give each server-rendered page the extras it had, in the same order", () => {
    const byRoute = Object.fromEntries(Object.entries(PAGE_HEAD).map(([route, renderers]) => [route, renderers.map((renderer) => renderer.leftOut)]));
    expect(byRoute).toEqual({
      "/": ["events JSON-LD left out"],
      "/events": ["events JSON-LD left out"],
      "/music/catalog/$id": ["oEmbed discovery link left out", "music page markup left out"],
      "/music/track/$trackId": ["oEmbed discovery link left out", "music page markup left out"],
      "/store/$product": ["product markup left out"],
    });
    for (const route of Object.keys(PAGE_HEAD)) expect(Object.keys(SSR_ROUTES)).toContain(route);
  });
});

describe("the sitemap readers", () => {
  it("are the events', the music's and the store's, in that order", () => {
    expect(SITEMAP_READERS).toEqual([WORKER_AREAS.events.sitemap, WORKER_AREAS.music.sitemap, WORKER_AREAS.store.sitemap]);
  });
});

describe("the kinds of purchase", () => {
  const event = (type: string, object: Record<string, unknown> = {}): FulfilmentEvent => ({ id: "evt_probe", type, created: 0, data: { object } });
  const claimants = (e: FulfilmentEvent) => PURCHASE_KINDS.filter((kind) => kind.claims(e)).map((kind) => kind.name);

  /** The kinds the webhook handled when the list was written by hand; an area added since is read from its declaration. */
  const PINNED_KINDS: Record<string, readonly string[]> = { payments: ["VIP subscription"], store: ["store order"] };
  const declaredKinds = (area: string) =>
    ((WORKER_AREAS as Record<string, { purchases?: readonly { name: string }[] }>)[area]?.purchases ?? []).map((k) => k.name);

  it("are the VIP subscription's and the store order's, in that order, then newer areas' in their places", () => {
    const expected = Object.keys(WORKER_AREAS).flatMap((area) => PINNED_KINDS[area] ?? (area in PINNED_KINDS ? [] : declaredKinds(area)));
    expect(PURCHASE_KINDS.map((kind) => kind.name)).toEqual(expected);
    expect(expected.slice(0, 2)).toEqual(["VIP subscription", "store order"]);
  });

  it("leave a waitlist claim's session to the waitlist's kind (decision 185)", () => {
    const session = { mode: "payment", client_reference_id: "wl_00000000-0000-4000-8000-000000000000" };
    expect(claimants(event("checkout.session.completed", session))).toEqual(["waitlist claim"]);
  });

  it("claim each event the webhook handled before, one kind each, and nothing else", () => {
    for (const type of [
      "customer.subscription.created",
      "customer.subscription.updated",
      "customer.subscription.deleted",
      "invoice.paid",
      "invoice.payment_failed",
    ]) {
      expect(claimants(event(type)), type).toEqual(["VIP subscription"]);
    }
    for (const type of [
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.async_payment_failed",
      "checkout.session.expired",
    ]) {
      expect(claimants(event(type, { mode: "subscription" })), type).toEqual(["VIP subscription"]);
      expect(claimants(event(type, {})), type).toEqual(["VIP subscription"]);
      expect(claimants(event(type, { mode: "payment" })), type).toEqual(["store order"]);
    }
    expect(claimants(event("charge.refunded"))).toEqual(["store order"]);
    for (const type of ["charge.succeeded", "payment_intent.succeeded", "checkout.session.created", "invoice.created"])
      expect(claimants(event(type)), type).toEqual([]);
  });
});

describe("the cron jobs", () => {
  const namesOf = (cron: string) => CRON_JOBS.filter((job) => job.cron === cron).map((job) => job.name);
  /**
   * Each area's jobs as the handler ran them when the list was written by hand, by area. An area
   * added since is not here: its jobs are read from its own declaration, in its place in WORKER_AREAS.
   */
  const PINNED: Record<string, Record<string, readonly string[]>> = {
    [FIVE_MINUTE_CRON]: {
      notifications: ["notifications: meets starting soon", "notifications: fan-out sweep"],
      events: ["reminders: pass"],
      newsletter: ["notify-me: pass", "newsletter: five-minute work"],
      store: ["store: checkout sweep", "store: pre-orders out"],
    },
    [HOURLY_CRON]: {
      payments: ["payments: ending VIP", "payments: tier offers"],
      notifications: ["notifications: hourly work"],
      music: ["catalog imports: abort stale uploads", "master formats: catch-up"],
      rooms: ["rooms: unsent pictures"],
    },
  };
  const PINNED_AREAS = ["payments", "notifications", "events", "newsletter", "music", "store", "rooms"];
  /** The areas' jobs of a trigger in WORKER_AREAS' order: the pinned ones as pinned, a newer area's as it declares them. */
  const expected = (cron: string) =>
    Object.entries(WORKER_AREAS).flatMap(([area, declared]) =>
      PINNED_AREAS.includes(area) ? (PINNED[cron]![area] ?? []) : (declared.cron ?? []).filter((job) => job.cron === cron).map((job) => job.name),
    );

  it("run every five minutes what the handler ran, in the same order", () => {
    expect(namesOf(FIVE_MINUTE_CRON)).toEqual(expected(FIVE_MINUTE_CRON));
  });

  it("run hourly what the handler ran, in the same order, and the site's own last", () => {
    expect(namesOf(HOURLY_CRON)).toEqual([...expected(HOURLY_CRON), "housekeeping", "analytics: rollup"]);
    // Every pinned area still runs, in its order: the VIP that runs out this hour ends before the hour's notifications.
    expect(Object.keys(WORKER_AREAS).filter((area) => PINNED_AREAS.includes(area))).toEqual(PINNED_AREAS);
    expect(CRON_JOBS.filter((job) => job.cron !== FIVE_MINUTE_CRON && job.cron !== HOURLY_CRON)).toEqual([]);
  });

  it("run the fired trigger's jobs in order, log a failure as '<name> failed' and go on", async () => {
    const ran: string[] = [];
    const failure = new Error("D1 is away");
    const job = (name: string, cron: CronJob["cron"], fails = false): CronJob => ({
      cron,
      name,
      run: async () => {
        ran.push(name);
        if (fails) throw failure;
      },
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const jobs = [job("first", HOURLY_CRON, true), job("five", FIVE_MINUTE_CRON), job("second", HOURLY_CRON)];
    await expect(runCronJobs(jobs, HOURLY_CRON, { env: env as unknown as AppEnv, db: db(), scheduledTime: Date.now() })).resolves.toBeUndefined();
    expect(ran).toEqual(["first", "second"]);
    expect(logged.mock.calls).toEqual([["first failed", failure]]);
  });
});
