// /api/admin/notify: the back office's "Notify fans". An administrator announces a new
// release (or its VIP early access), a published event, or a live TV channel going live: the
// preview counts who would receive it, the action records one broadcast event and queues its
// fan-out (worker/services/notifications broadcast), and its progress is read back from the
// event's counters while the queue writes the rows. The event's id is the idempotency key, so the
// same announcement twice is refused with a 409 rather than sent again.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { routeError } from "../../lib/errors";
import { actorOf } from "../../middleware/guards";
import { countAudience, findNotificationEvent, type NotificationAudience, type NotificationEventRow } from "../../db/notifications";
import { findNotifyAlbum, findNotifyChannel, findNotifyEvent } from "../../db/notify-targets";
import { recordAudit } from "../../db/audit";
import { broadcast } from "../../services/notifications";
import { notifyTargetInput, type NotifyTargetInput } from "#contracts/notifications-input.ts";
import type { NotificationKind, NotificationParams, NotifyPreview, NotifyProgress } from "#contracts/notifications.ts";

/** Codes of the refusals, which the SPA translates. */
export const NOTIFY_CODES = {
  albumNotFound: "album_not_found",
  eventNotFound: "event_not_found",
  channelNotFound: "channel_not_found",
  campaignNotFound: "notification_not_found",
  notReleased: "album_not_released",
  notPublished: "event_not_published",
  past: "event_past",
  notLive: "channel_not_live",
  alreadyAnnounced: "already_announced",
} as const;

/** What one announcement would be: its event (id key, kind, texts, link) and its audience. */
type Announcement = { eventId: string; kind: NotificationKind; audience: NotificationAudience; params: NotificationParams; link: string };

const titleParams = (title: string, titlePtBr: string | null): NotificationParams => (titlePtBr ? { title, titlePtBr } : { title });

/**
 * The announcement for `target` now, or the 404/409 that says why there is none. Times are the
 * request's: an album is announced as VIP early access only while that window is open.
 */
async function announcementFor(c: Context<HonoEnv>, target: NotifyTargetInput, now: number): Promise<Announcement> {
  const db = c.var.db;
  if (target.type === "release") {
    const album = await findNotifyAlbum(db, target.id);
    if (!album) throw routeError(NOTIFY_CODES.albumNotFound);
    const released = album.releaseAt === null || album.releaseAt <= now;
    const early = !released && album.earlyAccessAt !== null && album.earlyAccessAt <= now;
    if (!released && !early) throw routeError(NOTIFY_CODES.notReleased);
    const kind = early ? "release_early" : "release";
    return {
      eventId: `${kind}:${album.id}`,
      kind,
      audience: early ? "vip" : "members",
      params: titleParams(album.title, null),
      link: `/music/catalog/${encodeURIComponent(album.id)}`,
    };
  }
  if (target.type === "event") {
    const event = await findNotifyEvent(db, target.id);
    if (!event) throw routeError(NOTIFY_CODES.eventNotFound);
    if (event.status !== "published") throw routeError(NOTIFY_CODES.notPublished);
    if ((event.endDate ?? event.eventDate) < now) throw routeError(NOTIFY_CODES.past);
    return { eventId: `event:${event.id}`, kind: "event", audience: "members", params: titleParams(event.title, event.titlePtBr), link: "/events" };
  }
  const channel = await findNotifyChannel(db, target.id);
  if (!channel) throw routeError(NOTIFY_CODES.channelNotFound);
  if (channel.type !== "live") throw routeError(NOTIFY_CODES.notLive);
  // A channel may go live again later: one announcement per channel and UTC hour.
  const hour = new Date(now).toISOString().slice(0, 13);
  return {
    eventId: `tv_live:${channel.id}:${hour}`,
    kind: "tv_live",
    audience: "members",
    params: titleParams(channel.name, channel.namePtBr),
    link: `/tv?channel=${encodeURIComponent(channel.id)}`,
  };
}

function progressOf(event: NotificationEventRow): NotifyProgress {
  return {
    id: event.id,
    kind: event.kind,
    title: event.params.title ?? "",
    total: event.recipientsTotal,
    written: event.recipientsWritten,
    done: event.fannedOutAt !== null,
    createdAt: new Date(event.createdAt).toISOString(),
  };
}

const AUDIT_TARGET: Record<NotifyTargetInput["type"], string> = { release: "album", event: "event", tv: "channel" };

export const adminNotifyRoutes = new Hono<HonoEnv>()
  .get("/preview", validate("query", notifyTargetInput), async (c) => {
    const announcement = await announcementFor(c, c.req.valid("query"), Date.now());
    const [counts, existing] = await Promise.all([countAudience(c.var.db, announcement.audience), findNotificationEvent(c.var.db, announcement.eventId)]);
    return c.json<NotifyPreview>({ kind: announcement.kind, title: announcement.params.title ?? "", counts, announcedId: existing?.id ?? null });
  })

  .post("/", validate("json", notifyTargetInput), async (c) => {
    const target = c.req.valid("json");
    const announcement = await announcementFor(c, target, Date.now());
    const actor = actorOf(c);
    const sent = await broadcast(c.env, c.var.db, {
      id: announcement.eventId,
      kind: announcement.kind,
      actorId: null,
      params: announcement.params,
      link: announcement.link,
      audience: announcement.audience,
      createdBy: actor.id,
    });
    if (!sent) throw routeError(NOTIFY_CODES.alreadyAnnounced);
    const event = await findNotificationEvent(c.var.db, announcement.eventId);
    if (!event) throw routeError(NOTIFY_CODES.campaignNotFound);
    // Not one batch with the write: broadcast() also queues, which D1 cannot take part in (decision 011's recordAudit).
    await recordAudit(c.var.db, {
      actor,
      action: "notify.send",
      targetType: AUDIT_TARGET[target.type],
      targetId: target.id,
      summary: { after: { notification: event.id, kind: event.kind, title: event.params.title ?? "", recipients: event.recipientsTotal } },
    });
    return c.json<NotifyProgress>(progressOf(event), 202);
  })

  .get("/:id", async (c) => {
    const id = c.req.param("id");
    // Only broadcasts are campaigns: a member's like or reply is not the back office's to read.
    const event = id.length <= 200 ? await findNotificationEvent(c.var.db, id) : null;
    if (!event || event.audience === null) throw routeError(NOTIFY_CODES.campaignNotFound);
    return c.json<NotifyProgress>(progressOf(event));
  });
