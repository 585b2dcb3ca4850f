// The "Notify me" pass (decision 057), run by the 5-minute cron (worker/services/areas/newsletter.ts) and, in local
// mode, by the test clock POST /api/dev/notify-me/run. For each item somebody waits for:
// - it went out at `now` (a release's public time, an event's public ticket sale): its waiting
//   members are claimed a page at a time and told through the notification centre (one
//   `notifyMembers` per page, keyed by the page's first request, so the queue's redelivery writes
//   nothing twice), then its confirmed visitors are claimed and mailed one by one;
// - the event was cancelled or started first: its requests are dropped, nobody told;
// - it no longer exists: its requests are deleted.
// A claim turns rows `sent` in the statement that selects them (worker/db/notify-me.ts), so a second
// pass, at once or later, finds nothing to send. A visitor's failed mail gives its claim back.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import {
  claimMembers,
  claimVisitors,
  deleteExpiredPending,
  deleteItemRequests,
  dropItem,
  itemsWaiting,
  releaseClaim,
  type NotifyItem,
} from "../../db/notify-me";
import { DAY_MS } from "../../lib/time";
import { signNotifyCancel } from "../../lib/notify-cancel-link";
import { CONFIRMATION_VALID_DAYS } from "#contracts/newsletter.ts";
import { NOTIFY_CANCEL_PATH, NOTIFY_PAGE_SIZE } from "#contracts/notify-me-model.ts";
import { createMailService } from "../mail";
import { notifyMembers } from "../notifications";
import { itemFacts, type ItemFacts } from "./items";
import { notifyDropMail } from "./mail";

/** Items looked at per run; the rest wait for the next one (5 minutes). */
export const NOTIFY_ITEMS_PER_RUN = 100;

export type NotifyPassResult = { members: number; visitors: number; dropped: number; expired: number };

/** The link a visitor's mail carries to withdraw the address's open requests. */
export async function cancelLinkFor(env: AppEnv, email: string): Promise<string> {
  const cfg = readConfig(env);
  const link = new URL(NOTIFY_CANCEL_PATH, cfg.SITE_URL);
  link.searchParams.set("t", await signNotifyCancel(cfg.SESSION_SECRET, email));
  return link.toString();
}

export async function runNotifyPass(env: AppEnv, db: DB, now: number): Promise<NotifyPassResult> {
  const result: NotifyPassResult = { members: 0, visitors: 0, dropped: 0, expired: 0 };
  result.expired = await deleteExpiredPending(db, now - CONFIRMATION_VALID_DAYS * DAY_MS);
  for (const item of await itemsWaiting(db, NOTIFY_ITEMS_PER_RUN)) {
    try {
      const facts = await itemFacts(db, item, now);
      if (facts.standing === "unknown") await deleteItemRequests(db, item);
      else if (facts.standing === "event_cancelled" || facts.standing === "event_started") result.dropped += await dropItem(db, item);
      else if (facts.standing === "out") {
        result.members += await tellMembers(env, db, item, facts, now);
        result.visitors += await tellVisitors(env, db, item, facts, now);
      }
    } catch (err) {
      console.error(`notify-me: ${item.kind} ${item.id} failed`, err);
    }
  }
  return result;
}

async function tellMembers(env: AppEnv, db: DB, item: NotifyItem, facts: ItemFacts, now: number): Promise<number> {
  let told = 0;
  for (;;) {
    const claimed = await claimMembers(db, item, now, NOTIFY_PAGE_SIZE);
    if (claimed.length === 0) return told;
    const first = claimed.map((r) => r.id).sort()[0]!;
    await notifyMembers(
      env,
      db,
      {
        id: `notify_me:${item.kind}:${item.id}:${first}`,
        kind: item.kind === "event" ? "notify_on_sale" : "notify_release",
        actorId: null,
        params: { title: facts.title, ...(facts.titlePtBr ? { titlePtBr: facts.titlePtBr } : {}) },
        link: facts.link,
      },
      claimed.map((r) => r.user_id),
    );
    told += claimed.length;
    if (claimed.length < NOTIFY_PAGE_SIZE) return told;
  }
}

async function tellVisitors(env: AppEnv, db: DB, item: NotifyItem, facts: ItemFacts, now: number): Promise<number> {
  const cfg = readConfig(env);
  const site = { brandName: cfg.BRAND_NAME, siteUrl: cfg.SITE_URL };
  const mail = createMailService(env, db);
  let told = 0;
  for (;;) {
    const claimed = await claimVisitors(db, item, now, NOTIFY_PAGE_SIZE);
    let failed = false;
    for (const visitor of claimed) {
      try {
        const cancelLink = await cancelLinkFor(env, visitor.email);
        await mail.send(notifyDropMail({ kind: item.kind, ...facts }, { to: visitor.email, locale: visitor.locale, cancelLink }, site));
        told++;
      } catch (err) {
        console.error(`notify-me: mailing ${item.kind} ${item.id} failed`, err);
        await releaseClaim(db, visitor.id, now);
        failed = true;
      }
    }
    // A page with a failure gave claims back: those wait for the next run, not this loop.
    if (claimed.length < NOTIFY_PAGE_SIZE || failed) return told;
  }
}
