// The notification centre's queries (decision 044). An event is written once; the queue's consumer
// gives each recipient a row in `notifications` with statements whose primary key (member, group)
// makes a redelivered message write nothing, and whose RETURNING names only the members who got a
// new row (or, for a post's likes, a higher count), so the socket nudges and pushes that follow are
// not repeated either. Raw SQL: INSERT ... SELECT with ON CONFLICT and RETURNING, and json_each for
// recipient lists (one bound parameter however many ids). A broadcast's pages are in
// notification-fanout.ts.
import type { DB } from "./client";
import { runBatch, type Statement } from "./d1";
import { notSuspendedText } from "./suspensions";
import { defaultPreference, NOTIFICATION_KINDS } from "#contracts/notification-kinds.ts";
import {
  NOTIFICATIONS_PAGE_SIZE,
  UNREAD_COUNT_CAP,
  type KindPreference,
  type NotificationChannel,
  type NotificationKind,
  type NotificationParams,
  type NotificationPreferences,
  type NotificationView,
} from "#contracts/notifications.ts";
import type { NotificationPreferencesInput } from "#contracts/notifications-input.ts";
import { PUSH_SUBSCRIPTIONS_PER_MEMBER } from "#contracts/push.ts";

/** Who a broadcast reaches: every member in good standing, or VIP members and administrators. */
export type NotificationAudience = "members" | "vip";

export type NewNotificationEvent = {
  /** The producer's key: the same thing happening twice is one event ('like:<post>:<member>'). */
  id: string;
  kind: NotificationKind;
  actorId: string | null;
  postId?: string | null;
  commentId?: string | null;
  params: NotificationParams;
  link: string;
  audience?: NotificationAudience | null;
  recipientsTotal?: number;
  createdBy?: string | null;
};

export type NotificationEventRow = {
  id: string;
  kind: NotificationKind;
  actorId: string | null;
  actorName: string | null;
  postId: string | null;
  params: NotificationParams;
  link: string;
  audience: NotificationAudience | null;
  recipientsTotal: number;
  recipientsWritten: number;
  fanoutCursor: string | null;
  fannedOutAt: number | null;
  createdAt: number;
};

const CHANNEL_COLUMN: Record<NotificationChannel, string> = { inApp: "in_app", push: "push", email: "email" };

/** The kinds (as a SQL list) whose default for `channel` is on. */
function kindsOnByDefault(channel: NotificationChannel): string {
  return NOTIFICATION_KINDS.filter((kind) => defaultPreference(kind)[channel])
    .map((kind) => `'${kind}'`)
    .join(",");
}

/** SQL true when member `<alias>` wants `kind` (an SQL expression) on `channel`: their row, or the default. */
export function wants(alias: string, kindSql: string, channel: NotificationChannel): string {
  const onByDefault = kindsOnByDefault(channel);
  return `coalesce((SELECT np.${CHANNEL_COLUMN[channel]} FROM notification_preferences np WHERE np.user_id = ${alias}.id AND np.kind = ${kindSql}), ${kindSql} IN (${onByDefault || "''"})) = 1`;
}

/** SQL true when member `<alias>` wants `kind` on some channel (nothing is written for a kind they turned off everywhere). */
export const wantsSomehow = (alias: string, kindSql: string) =>
  `(${(["inApp", "push", "email"] as const).map((ch) => wants(alias, kindSql, ch)).join(" OR ")})`;

/** SQL true when member `<alias>` is in the audience (VIP members and admins for 'vip'). */
export const inAudienceText = (alias: string, audienceSql: string) =>
  `(${audienceSql} = 'members' OR ${alias}.is_vip = 1 OR EXISTS (SELECT 1 FROM admins ad WHERE ad.user_id = ${alias}.id))`;

export const newRowId = "lower(hex(randomblob(16)))";

// Events ---------------------------------------------------------------------------------------

/** The event's row, unless its key exists (a broadcast records it in the batch that plans its pages). */
export function eventInsert(event: NewNotificationEvent, now: number): Statement {
  return {
    sql: `INSERT INTO notification_events (id, kind, actor_id, post_id, comment_id, params, link, audience, recipients_total, created_by, created_at)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (id) DO NOTHING`,
    params: [
      event.id,
      event.kind,
      event.actorId,
      event.postId ?? null,
      event.commentId ?? null,
      JSON.stringify(event.params),
      event.link,
      event.audience ?? null,
      event.recipientsTotal ?? 0,
      event.createdBy ?? null,
      now,
    ],
  };
}

/** Writes the event unless its key exists; true when this call wrote it. */
export async function recordNotificationEvent(db: DB, event: NewNotificationEvent, now = Date.now()): Promise<boolean> {
  const insert = eventInsert(event, now);
  const result = await db.$client
    .prepare(insert.sql)
    .bind(...insert.params)
    .run();
  return result.meta.changes > 0;
}

/** Removes an event nobody was told of (its queue message could not be sent), so it can be sent again. */
export async function forgetNotificationEvent(db: DB, id: string): Promise<void> {
  await db.$client.prepare(`DELETE FROM notification_events WHERE id = ?`).bind(id).run();
}

type EventDbRow = {
  id: string;
  kind: NotificationKind;
  actor_id: string | null;
  actor_name: string | null;
  post_id: string | null;
  params: string;
  link: string;
  audience: NotificationAudience | null;
  recipients_total: number;
  recipients_written: number;
  fanout_cursor: string | null;
  fanned_out_at: number | null;
  created_at: number;
};

const toEventRow = (r: EventDbRow): NotificationEventRow => ({
  id: r.id,
  kind: r.kind,
  actorId: r.actor_id,
  actorName: r.actor_name,
  postId: r.post_id,
  params: JSON.parse(r.params) as NotificationParams,
  link: r.link,
  audience: r.audience,
  recipientsTotal: r.recipients_total,
  recipientsWritten: r.recipients_written,
  fanoutCursor: r.fanout_cursor,
  fannedOutAt: r.fanned_out_at,
  createdAt: r.created_at,
});

export async function findNotificationEvent(db: DB, id: string): Promise<NotificationEventRow | null> {
  const row = await db.$client
    .prepare(`SELECT e.*, a.username AS actor_name FROM notification_events e LEFT JOIN users a ON a.id = e.actor_id WHERE e.id = ?`)
    .bind(id)
    .first<EventDbRow>();
  return row ? toEventRow(row) : null;
}

// Delivery -------------------------------------------------------------------------------------

/**
 * Gives the event to the listed members who may have it: in good standing, not its actor, with
 * the kind on for some channel. A post's likes go into one row per post (`like:<post>`), counting
 * distinct likers. Returns the members who got something new; nothing when the event is gone (its
 * content was deleted meanwhile) or when this already ran.
 */
export async function deliverNotification(db: DB, eventId: string, userIds: readonly string[], now = Date.now()): Promise<string[]> {
  if (userIds.length === 0) return [];
  const eligible = `u.id IN (SELECT value FROM json_each(?2)) AND ${notSuspendedText("u", now)} AND (e.actor_id IS NULL OR u.id <> e.actor_id) AND ${wantsSomehow("u", "e.kind")}`;
  const event = await db.$client
    .prepare(`SELECT kind, post_id FROM notification_events WHERE id = ?`)
    .bind(eventId)
    .first<{ kind: string; post_id: string | null }>();
  if (!event) return [];
  const ids = JSON.stringify(userIds);
  if (event.kind === "like" && event.post_id) {
    const group = `like:${event.post_id}`;
    const [, written] = await runBatch(db, [
      {
        sql: `INSERT INTO notification_actors (user_id, group_key, actor_id, created_at)
              SELECT u.id, ?3, e.actor_id, ?4 FROM users u JOIN notification_events e ON e.id = ?1
              WHERE e.actor_id IS NOT NULL AND ${eligible} ON CONFLICT DO NOTHING`,
        params: [eventId, ids, group, now],
      },
      {
        sql: `INSERT INTO notifications (user_id, group_key, id, event_id, actor_count, created_at)
              SELECT u.id, ?3, ${newRowId}, ?1, (SELECT count(*) FROM notification_actors na WHERE na.user_id = u.id AND na.group_key = ?3), ?4
              FROM users u JOIN notification_events e ON e.id = ?1 WHERE ${eligible}
              ON CONFLICT (user_id, group_key) DO UPDATE SET event_id = excluded.event_id, actor_count = excluded.actor_count,
                created_at = excluded.created_at, read_at = NULL, emailed_at = NULL
              WHERE notifications.actor_count <> excluded.actor_count
              RETURNING user_id`,
        params: [eventId, ids, group, now],
      },
    ]);
    return (written!.results as { user_id: string }[]).map((r) => r.user_id);
  }
  const { results } = await db.$client
    .prepare(
      `INSERT INTO notifications (user_id, group_key, id, event_id, actor_count, created_at)
       SELECT u.id, e.id, ${newRowId}, e.id, 1, ?3 FROM users u JOIN notification_events e ON e.id = ?1 WHERE ${eligible}
       ON CONFLICT DO NOTHING RETURNING user_id`,
    )
    .bind(eventId, ids, now)
    .all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}

/** How many members a broadcast to `audience` reaches today, counted by kind of member. */
export async function countAudience(db: DB, audience: NotificationAudience, now = Date.now()) {
  const row = await db.$client
    .prepare(
      `SELECT
         sum(CASE WHEN u.is_vip = 0 AND ad.user_id IS NULL THEN 1 ELSE 0 END) AS members,
         sum(CASE WHEN u.is_vip = 1 AND ad.user_id IS NULL THEN 1 ELSE 0 END) AS vips,
         sum(CASE WHEN ad.user_id IS NOT NULL THEN 1 ELSE 0 END) AS admins
       FROM users u LEFT JOIN admins ad ON ad.user_id = u.id
       WHERE ${notSuspendedText("u", now)} AND ${inAudienceText("u", "?1")}`,
    )
    .bind(audience)
    .first<{ members: number | null; vips: number | null; admins: number | null }>();
  const members = audience === "members" ? (row?.members ?? 0) : 0;
  const vips = row?.vips ?? 0;
  const admins = row?.admins ?? 0;
  return { members, vips, admins, total: members + vips + admins };
}

// Push and e-mail targets ---------------------------------------------------------------------

export type PushTarget = { id: string; userId: string; endpoint: string; p256dh: string; auth: string; locale: string };

/** The push subscriptions of those members who want `kind` by push and have not paused. */
export async function pushTargets(db: DB, kind: NotificationKind, userIds: readonly string[]): Promise<PushTarget[]> {
  if (userIds.length === 0) return [];
  const { results } = await db.$client
    .prepare(
      `SELECT s.id, s.user_id AS userId, s.endpoint, s.p256dh, s.auth, u.locale FROM push_subscriptions s JOIN users u ON u.id = s.user_id
       WHERE s.user_id IN (SELECT value FROM json_each(?1)) AND ${wants("u", "?2", "push")}
         AND NOT EXISTS (SELECT 1 FROM notification_settings ns WHERE ns.user_id = u.id AND ns.paused = 1)`,
    )
    .bind(JSON.stringify(userIds), kind)
    .all<PushTarget>();
  return results;
}

/** Forgets subscriptions the push service says are gone (404/410). */
export async function deletePushSubscriptions(db: DB, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.$client.prepare(`DELETE FROM push_subscriptions WHERE id IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(ids)).run();
}

/**
 * Stores a browser's subscription for a member, keeping their newest PUSH_SUBSCRIPTIONS_PER_MEMBER.
 * An endpoint belongs to one browser: it moves to another member only when the keys are that same
 * browser's (someone else signed in on it); an endpoint copied with other keys changes nothing, so
 * nobody can take another member's pushes by knowing their endpoint.
 */
export async function savePushSubscription(db: DB, userId: string, sub: { endpoint: string; p256dh: string; auth: string }, now = Date.now()): Promise<void> {
  await runBatch(db, [
    {
      sql: `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (${newRowId}, ?1, ?2, ?3, ?4, ?5)
            ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at
            WHERE push_subscriptions.user_id = excluded.user_id OR (push_subscriptions.p256dh = excluded.p256dh AND push_subscriptions.auth = excluded.auth)`,
      params: [userId, sub.endpoint, sub.p256dh, sub.auth, now],
    },
    {
      sql: `DELETE FROM push_subscriptions WHERE user_id = ?1 AND id NOT IN
              (SELECT id FROM push_subscriptions WHERE user_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ?2)`,
      params: [userId, PUSH_SUBSCRIPTIONS_PER_MEMBER],
    },
  ]);
}

/** Removes this member's subscription for an endpoint; false when they have none there. */
export async function removePushSubscription(db: DB, userId: string, endpoint: string): Promise<boolean> {
  const result = await db.$client.prepare(`DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?`).bind(userId, endpoint).run();
  return result.meta.changes > 0;
}

/** Members among `userIds` who want `kind` by e-mail now (not paused), with their address and language. */
export async function emailTargets(db: DB, kind: NotificationKind, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const { results } = await db.$client
    .prepare(
      `SELECT u.id, u.email, u.username, u.locale FROM users u
       WHERE u.id IN (SELECT value FROM json_each(?1)) AND u.email_verified_at IS NOT NULL AND ${wants("u", "?2", "email")}
         AND NOT EXISTS (SELECT 1 FROM notification_settings ns WHERE ns.user_id = u.id AND ns.paused = 1)`,
    )
    .bind(JSON.stringify(userIds), kind)
    .all<{ id: string; email: string; username: string; locale: "en" | "pt-BR" }>();
  return results;
}

/** Marks the members' notifications of an event as e-mailed (an urgent kind's mail went out). */
export async function markEmailed(db: DB, eventId: string, userIds: readonly string[], now = Date.now()): Promise<void> {
  if (userIds.length === 0) return;
  await db.$client
    .prepare(`UPDATE notifications SET emailed_at = ?3 WHERE event_id = ?1 AND user_id IN (SELECT value FROM json_each(?2))`)
    .bind(eventId, JSON.stringify(userIds), now)
    .run();
}

// The centre -----------------------------------------------------------------------------------

/**
 * What a member's centre lists: their rows whose kind they keep in the app, leaving out likes,
 * comments and mentions of content a moderator hid since (a hidden post's own notice stays).
 */
const visibleToMember = (now: number) => `n.user_id = ?1
  AND ${wants("me", "e.kind", "inApp")}
  AND NOT EXISTS (SELECT 1 FROM posts hp WHERE hp.id = e.post_id AND hp.hidden_at IS NOT NULL AND e.kind <> 'post_hidden')
  AND NOT EXISTS (SELECT 1 FROM post_comments hc WHERE hc.id = e.comment_id AND hc.hidden_at IS NOT NULL)
  AND (a.id IS NULL OR ${notSuspendedText("a", now)})`;

const centreFrom = `FROM notifications n JOIN notification_events e ON e.id = n.event_id JOIN users me ON me.id = n.user_id LEFT JOIN users a ON a.id = e.actor_id`;

type CentreRow = {
  id: string;
  kind: NotificationKind;
  actor_name: string | null;
  actor_avatar: string | null;
  actor_count: number;
  params: string;
  link: string;
  created_at: number;
  read_at: number | null;
};

/** A page cursor: the last row's time and id. */
export type NotificationCursor = { createdAt: number; id: string };

export const encodeNotificationCursor = (c: NotificationCursor) => `${c.createdAt}_${c.id}`;
export function decodeNotificationCursor(s: string): NotificationCursor | null {
  const m = /^(\d{1,16})_([0-9a-f]{32})$/.exec(s);
  return m ? { createdAt: Number(m[1]), id: m[2]! } : null;
}

export async function listNotifications(db: DB, userId: string, cursor: NotificationCursor | null, now = Date.now()) {
  const after = cursor ? `AND (n.created_at < ?2 OR (n.created_at = ?2 AND n.id < ?3))` : "";
  const { results } = await db.$client
    .prepare(
      `SELECT n.id, e.kind, a.username AS actor_name, a.avatar_url AS actor_avatar, n.actor_count, e.params, e.link, n.created_at, n.read_at
       ${centreFrom} WHERE ${visibleToMember(now)} ${after}
       ORDER BY n.created_at DESC, n.id DESC LIMIT ${NOTIFICATIONS_PAGE_SIZE + 1}`,
    )
    .bind(...(cursor ? [userId, cursor.createdAt, cursor.id] : [userId]))
    .all<CentreRow>();
  const page = results.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page[page.length - 1];
  const items: NotificationView[] = page.map((r) => ({
    id: r.id,
    kind: r.kind,
    actor: r.actor_name === null ? null : { username: r.actor_name, avatarUrl: r.actor_avatar },
    actorCount: r.actor_count,
    params: JSON.parse(r.params) as NotificationParams,
    link: r.link,
    createdAt: new Date(r.created_at).toISOString(),
    read: r.read_at !== null,
  }));
  const nextCursor = results.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeNotificationCursor({ createdAt: last.created_at, id: last.id }) : null;
  return { items, nextCursor };
}

/** The bell's count, capped at UNREAD_COUNT_CAP (the bell shows "99+"). */
export async function countUnread(db: DB, userId: string, now = Date.now()): Promise<number> {
  const row = await db.$client
    .prepare(`SELECT count(*) AS n FROM (SELECT 1 ${centreFrom} WHERE ${visibleToMember(now)} AND n.read_at IS NULL LIMIT ${UNREAD_COUNT_CAP})`)
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Marks one of the member's notifications read; false when they have none with that id. */
export async function markRead(db: DB, userId: string, id: string, now = Date.now()): Promise<boolean> {
  const row = await db.$client
    .prepare(`UPDATE notifications SET read_at = coalesce(read_at, ?3) WHERE user_id = ?1 AND id = ?2 RETURNING id`)
    .bind(userId, id, now)
    .first<{ id: string }>();
  return row !== null;
}

export async function markAllRead(db: DB, userId: string, now = Date.now()): Promise<number> {
  const result = await db.$client.prepare(`UPDATE notifications SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL`).bind(userId, now).run();
  return result.meta.changes;
}

// Preferences ----------------------------------------------------------------------------------

type PreferenceRow = { kind: string; in_app: number; push: number; email: number };

export async function readPreferences(db: DB, userId: string): Promise<Omit<NotificationPreferences, "pushPublicKey">> {
  const [rows, settings] = await Promise.all([
    db.$client.prepare(`SELECT kind, in_app, push, email FROM notification_preferences WHERE user_id = ?`).bind(userId).all<PreferenceRow>(),
    db.$client.prepare(`SELECT paused FROM notification_settings WHERE user_id = ?`).bind(userId).first<{ paused: number }>(),
  ]);
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, defaultPreference(kind)])) as Record<NotificationKind, KindPreference>;
  for (const row of rows.results) {
    if ((NOTIFICATION_KINDS as readonly string[]).includes(row.kind))
      kinds[row.kind as NotificationKind] = { inApp: row.in_app === 1, push: row.push === 1, email: row.email === 1 };
  }
  return { paused: settings?.paused === 1, kinds };
}

/** Stores the member's choices: rows only where they differ from the defaults; one batch. */
export async function savePreferences(db: DB, userId: string, input: NotificationPreferencesInput): Promise<void> {
  const statements = [
    {
      sql: `INSERT INTO notification_settings (user_id, paused) VALUES (?1, ?2) ON CONFLICT (user_id) DO UPDATE SET paused = excluded.paused`,
      params: [userId, input.paused ? 1 : 0],
    },
  ];
  for (const kind of NOTIFICATION_KINDS) {
    const choice = input.kinds[kind];
    if (!choice) continue;
    const fallback = defaultPreference(kind);
    const isDefault = choice.inApp === fallback.inApp && choice.push === fallback.push && choice.email === fallback.email;
    statements.push(
      isDefault
        ? { sql: `DELETE FROM notification_preferences WHERE user_id = ?1 AND kind = ?2`, params: [userId, kind] }
        : {
            sql: `INSERT INTO notification_preferences (user_id, kind, in_app, push, email) VALUES (?1, ?2, ?3, ?4, ?5)
                  ON CONFLICT (user_id, kind) DO UPDATE SET in_app = excluded.in_app, push = excluded.push, email = excluded.email`,
            params: [userId, kind, choice.inApp ? 1 : 0, choice.push ? 1 : 0, choice.email ? 1 : 0],
          },
    );
  }
  await runBatch(db, statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}
