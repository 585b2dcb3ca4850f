// Notifications are written once and fanned out through a Cloudflare Queue (decision 044):
// - a producer (a route, after its write commits, or the cron) records the event, keyed so the same
//   thing happening twice is one event, and queues one message: `deliver` for the few members it
//   concerns (the post's author, the mentioned), or `fanout` for a broadcast (a release to every
//   member), which the consumer walks page by page, each page queueing the next;
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
  fanOutPage,
  findNotificationEvent,
  forgetNotificationEvent,
  markEmailed,
  pushTargets,
  recordNotificationEvent,
  type NewNotificationEvent,
  type NotificationAudience,
  type NotificationEventRow,
} from "../../db/notifications";
import { URGENT_NOTIFICATION_KINDS } from "../../contracts/notifications";
import type { Locale } from "../../contracts/locale";
import { notifyFeedSockets } from "../realtime/feed-hub";
import { createMailService } from "../mail";
import { pushSender } from "../push";
import { notificationText } from "./texts";
import { notificationMail } from "./mail";

/** What travels on the queue: an event's id and whom it concerns, never its content. */
export type NotificationMessage = { type: "deliver"; eventId: string; userIds: string[] } | { type: "fanout"; eventId: string; after: string };

/** Members written per fan-out page: one INSERT ... SELECT each, well inside D1's statement limits. */
export const FANOUT_PAGE_SIZE = 1000;
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
 * Records a broadcast to everyone in `audience` and queues its first fan-out page. Returns false
 * when the event already exists (announced before). Throws when it cannot queue: the back office
 * reports that.
 */
export async function broadcast(env: AppEnv, db: DB, event: NewNotificationEvent & { audience: NotificationAudience }): Promise<boolean> {
  const { total } = await countAudience(db, event.audience);
  if (!(await recordNotificationEvent(db, { ...event, recipientsTotal: total }))) return false;
  await sendOrForget(env, db, event.id, { type: "fanout", eventId: event.id, after: "" });
  return true;
}

/** Queues an event's first message; if the queue refuses it, the event is removed so a retry can send it. */
async function sendOrForget(env: AppEnv, db: DB, eventId: string, message: NotificationMessage): Promise<void> {
  try {
    await env.NOTIFY_QUEUE.send(message);
  } catch (err) {
    await forgetNotificationEvent(db, eventId);
    throw err;
  }
}

/** The queue consumer (worker/index.ts `queue`): each message is acked or retried on its own. */
export async function notificationQueue(batch: MessageBatch<NotificationMessage>, env: AppEnv): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    try {
      await handleMessage(env, db, message.body);
      message.ack();
    } catch (err) {
      console.error(`notifications: message ${message.id} failed (attempt ${message.attempts}); retrying`, err);
      message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
    }
  }
}

export async function handleMessage(env: AppEnv, db: DB, body: NotificationMessage): Promise<void> {
  if (body.type === "deliver") {
    const written = await deliverNotification(db, body.eventId, body.userIds);
    await afterWrite(env, db, body.eventId, written);
    return;
  }
  const page = await fanOutPage(db, body.eventId, body.after, FANOUT_PAGE_SIZE);
  if (page.status === "stale") return;
  // The next page first: this page's pushes must not hold the rest of the fan-out back.
  if (page.next !== null) await env.NOTIFY_QUEUE.send({ type: "fanout", eventId: body.eventId, after: page.next } satisfies NotificationMessage);
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
