// Notifications are written once and fanned out through a Cloudflare Queue (decision 044):
// - a producer (a route, after its write commits, or the cron) records the event, keyed so the same
//   thing happening twice is one event, and queues one message: `deliver` for the few members it
//   concerns (the post's author, the mentioned); a broadcast (a release to every member) is
//   recorded with its audience cut into pages of members (decision 062), and every page is queued
//   at once as a `fanout_page` message (a page lost on the way is queued again by the 5-minute
//   cron, fanout-sweeper.ts);
// - the consumer (notificationQueue below) writes each recipient's row idempotently, nudges their
//   open pages through the feed hub's member-notices sockets, pushes to their browsers, and mails
//   the urgent kinds at once (the others wait for the daily digest).
// Nothing here throws into a route: a producer that fails logs it; the member's action stands.
import type { AppEnv } from "../../env";
import { readConfig } from "../../env";
import { createDb, type DB } from "../../db/client";
import {
  countAudience,
  deletePushSubscriptions,
  deliverNotification,
  emailTargets,
  findNotificationEvent,
  forgetNotificationEvent,
  markEmailed,
  pushTargets,
  recordNotificationEvent,
  type NewNotificationEvent,
  type NotificationAudience,
  type NotificationEventRow,
} from "../../db/notifications";
import { planFanOut, recordBroadcastEvent, writeFanOutPage, type FanOutPage } from "../../db/notification-fanout";
import { URGENT_NOTIFICATION_KINDS } from "#contracts/notification-kinds.ts";
import type { Locale } from "#contracts/locale.ts";
import { notifyFeedSockets } from "../realtime/feed-hub";
import { createMailService } from "../mail";
import { pushSender } from "../push";
import { notificationText } from "./texts";
import { notificationMail } from "./mail";

/**
 * What travels on the queue: an event's id and whom it concerns, never its content. `fanout_page`
 * names a planned page (its range only tells the consumer which index range to read: a page whose
 * row says otherwise writes nothing); `fanout` is what broadcasts queued before pages were planned
 * ahead, and plans the event's pages from where its walk had got to.
 */
export type NotificationMessage =
  | { type: "deliver"; eventId: string; userIds: string[] }
  | { type: "fanout_page"; eventId: string; page: number; after: string; upTo: string | null }
  | { type: "fanout"; eventId: string; after: string | null };

/** Members written per fan-out page: one INSERT ... SELECT each, well inside D1's statement limits. */
export const FANOUT_PAGE_SIZE = 1000;
/** Messages per sendBatch call (the Queues limit is 100 messages and 256 KB; a page's is ~200 bytes). */
const SEND_BATCH_SIZE = 100;
/**
 * How the consumer reaches push services: the platform's fetch, unless replaced. The Worker tests
 * replace it (they run in the consumer's isolate) to be the push service, since they have no network.
 */
export const pushTransport: { fetch?: typeof fetch } = {};

/** Pushes sent at once by one consumer invocation (Workers allow six open connections; the rest queue). */
const PUSH_CONCURRENCY = 6;

/**
 * Records an event for a few members and queues its delivery. Does nothing when the event exists
 * (the same like, comment or reply announced again). Never throws.
 */
export async function notifyMembers(env: AppEnv, db: DB, event: NewNotificationEvent, userIds: readonly string[]): Promise<void> {
  const recipients = [...new Set(userIds)].filter((id) => id !== event.actorId);
  if (recipients.length === 0) return;
  try {
    if (!(await recordNotificationEvent(db, event))) return;
    await sendOrForget(env, db, event.id, { type: "deliver", eventId: event.id, userIds: recipients });
  } catch (err) {
    console.error(`notifications: queueing ${event.kind} ${event.id} failed`, err);
  }
}

/**
 * Records a broadcast to everyone in `audience`, with its pages, and queues every page. Returns
 * false when the event already exists (announced before). Throws when the queue takes none of its
 * pages (the event is removed, so announcing again works): the back office reports that. Pages a
 * later call could not queue are left to the sweeper.
 */
export async function broadcast(env: AppEnv, db: DB, event: NewNotificationEvent & { audience: NotificationAudience }): Promise<boolean> {
  const { total } = await countAudience(db, event.audience);
  const pages = await recordBroadcastEvent(db, { ...event, recipientsTotal: total }, FANOUT_PAGE_SIZE);
  if (pages === null) return false;
  const [first, ...rest] = chunks(pages.map(pageMessage), SEND_BATCH_SIZE);
  try {
    if (first) await env.NOTIFY_QUEUE.sendBatch(first.map((body) => ({ body })));
  } catch (err) {
    await forgetNotificationEvent(db, event.id);
    throw err;
  }
  await sendPageBatches(env, rest);
  return true;
}

export const pageMessage = (page: FanOutPage): NotificationMessage => ({
  type: "fanout_page",
  eventId: page.eventId,
  page: page.page,
  after: page.after,
  upTo: page.upTo,
});

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Queues pages' messages, a sendBatch at a time; a refused batch is logged and left to the sweeper. */
async function sendPageBatches(env: AppEnv, batches: NotificationMessage[][]): Promise<number> {
  let sent = 0;
  for (const batch of batches) {
    try {
      await env.NOTIFY_QUEUE.sendBatch(batch.map((body) => ({ body })));
      sent += batch.length;
    } catch (err) {
      console.error(`notifications: queueing ${batch.length} fan-out page(s) failed; the sweeper queues them again`, err);
    }
  }
  return sent;
}

/** Queues these pages (planned or swept); returns how many the queue took. */
export const queueFanOutPages = (env: AppEnv, pages: FanOutPage[]) => sendPageBatches(env, chunks(pages.map(pageMessage), SEND_BATCH_SIZE));

/** Queues an event's first message; if the queue refuses it, the event is removed so a retry can send it. */
async function sendOrForget(env: AppEnv, db: DB, eventId: string, message: NotificationMessage): Promise<void> {
  try {
    await env.NOTIFY_QUEUE.send(message);
  } catch (err) {
    await forgetNotificationEvent(db, eventId);
    throw err;
  }
}

/**
 * The queue consumer (worker/index.ts `queue`): each message is acked or retried on its own. The
 * batch's messages run side by side: D1 takes their writes one after another anyway, and one
 * page's round trips, feed-hub call and pushes overlap another's.
 */
export async function notificationQueue(batch: MessageBatch<NotificationMessage>, env: AppEnv): Promise<void> {
  const db = createDb(env.DB);
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await handleMessage(env, db, message.body);
        message.ack();
      } catch (err) {
        console.error(`notifications: message ${message.id} failed (attempt ${message.attempts}); retrying`, err);
        message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
      }
    }),
  );
}

export async function handleMessage(env: AppEnv, db: DB, body: NotificationMessage): Promise<void> {
  if (body.type === "deliver") {
    const written = await deliverNotification(db, body.eventId, body.userIds);
    await afterWrite(env, db, body.eventId, written);
    return;
  }
  if (body.type === "fanout") {
    await queueFanOutPages(env, await planFanOut(db, body.eventId, FANOUT_PAGE_SIZE));
    return;
  }
  const page = await writeFanOutPage(db, { eventId: body.eventId, page: body.page, after: body.after, upTo: body.upTo });
  if (page.status === "stale") return;
  await afterWrite(env, db, body.eventId, page.userIds);
}

/** The members who just got a new notification: their pages, their browsers, and urgent mail. */
async function afterWrite(env: AppEnv, db: DB, eventId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const event = await findNotificationEvent(db, eventId);
  if (!event) return;
  await Promise.all([nudgePages(env, userIds), push(env, db, event, userIds), mailUrgent(env, db, event, userIds)]);
}

const nudgePages = (env: AppEnv, userIds: string[]) => notifyFeedSockets(env, userIds);

async function push(env: AppEnv, db: DB, event: NotificationEventRow, userIds: string[]) {
  const sender = pushSender(env, pushTransport);
  if (sender.publicKey === null) return;
  const targets = await pushTargets(db, event.kind, userIds);
  const brandName = readConfig(env).BRAND_NAME;
  const gone: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++]!;
      const locale: Locale = target.locale === "pt-BR" ? "pt-BR" : "en";
      const text = notificationText(locale, { kind: event.kind, actor: event.actorName, actorCount: 1, params: event.params, brandName });
      const outcome = await sender.send(
        { endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth },
        { title: text.title, body: text.body, url: event.link, tag: event.kind === "like" && event.postId ? `like:${event.postId}` : event.id, lang: locale },
        { ttlSeconds: 24 * 60 * 60, urgency: URGENT_NOTIFICATION_KINDS.includes(event.kind) ? "high" : "normal" },
      );
      if (outcome === "gone") gone.push(target.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, targets.length) }, worker));
  await deletePushSubscriptions(db, gone);
}

async function mailUrgent(env: AppEnv, db: DB, event: NotificationEventRow, userIds: string[]) {
  if (!URGENT_NOTIFICATION_KINDS.includes(event.kind)) return;
  const targets = await emailTargets(db, event.kind, userIds);
  if (targets.length === 0) return;
  const cfg = readConfig(env);
  const mail = createMailService(env, db);
  const sent: string[] = [];
  for (const target of targets) {
    try {
      await mail.send(notificationMail(target.locale, { to: target.email, event, brandName: cfg.BRAND_NAME, siteUrl: cfg.SITE_URL }));
      sent.push(target.id);
    } catch (err) {
      console.error(`notifications: mailing ${event.kind} failed`, err);
    }
  }
  await markEmailed(db, event.id, sent);
}
