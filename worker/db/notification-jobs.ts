// The notification centre's scheduled work: what the crons look for (subscriptions
// about to renew, virtual meets and listening parties about to start) and the daily e-mail
// digest's reads and writes. Each scan leaves out what already has its notification event, so a
// cron that runs again finds nothing new.
import type { DB } from "./client";
import { notSuspendedText } from "./suspensions";
import { wants } from "./notifications";
import type { NotificationKind, NotificationParams } from "#contracts/notifications.ts";

const eventExists = (idSql: string) => `EXISTS (SELECT 1 FROM notification_events ne WHERE ne.id = ${idSql})`;

/**
 * Paying subscriptions, not set to cancel, whose period ends within `windowMs` and not yet reminded
 * of. A trial's end is not a renewal: trialsEndingSoon has it (trial_ending).
 */
export async function subscriptionsRenewingSoon(db: DB, now: number, windowMs: number, limit: number) {
  const { results } = await db.$client
    .prepare(
      `SELECT s.id, s.user_id AS userId, s.current_period_end AS periodEnd FROM subscriptions s
       WHERE s.status = 'active' AND s.cancel_at_period_end = 0 AND s.cancel_at IS NULL
         AND s.current_period_end > ?1 AND s.current_period_end <= ?2
         AND NOT ${eventExists(`'renewal_soon:' || s.id || ':' || s.current_period_end`)}
       ORDER BY s.current_period_end LIMIT ?3`,
    )
    .bind(now, now + windowMs, limit)
    .all<{ id: string; userId: string; periodEnd: number }>();
  return results;
}

export type TrialEnding = {
  id: string;
  userId: string;
  trialEnd: number;
  priceCents: number | null;
  currency: string | null;
  tierEn: string | null;
  tierPtBr: string | null;
};

/**
 * Trials (decision 102) not set to cancel whose end, the first charge, comes within `windowMs`, not
 * yet reminded of (`trial_ending:<subscription>:<trial end>`): with the price and the tier's names.
 */
export async function trialsEndingSoon(db: DB, now: number, windowMs: number, limit: number) {
  const { results } = await db.$client
    .prepare(
      `SELECT s.id, s.user_id AS userId, s.current_period_end AS trialEnd, s.price_cents AS priceCents, s.price_currency AS currency,
              t.name_en AS tierEn, t.name_pt_br AS tierPtBr
       FROM subscriptions s LEFT JOIN membership_tiers t ON t.id = s.tier_id
       WHERE s.status = 'trialing' AND s.cancel_at_period_end = 0 AND s.cancel_at IS NULL
         AND s.current_period_end > ?1 AND s.current_period_end <= ?2
         AND NOT ${eventExists(`'trial_ending:' || s.id || ':' || s.current_period_end`)}
       ORDER BY s.current_period_end LIMIT ?3`,
    )
    .bind(now, now + windowMs, limit)
    .all<TrialEnding>();
  return results;
}

export type StartingSoon = { type: "event" | "party"; id: string; title: string; startsAt: number; vipOnly: boolean };

/**
 * Published online events (virtual meets: not live shows, which tell their own "is live") and
 * scheduled listening parties starting after `now`
 * and at most `windowMs` later, not yet announced for that start (a rescheduled one has a new key).
 */
export async function meetsStartingSoon(db: DB, now: number, windowMs: number): Promise<StartingSoon[]> {
  const [events, parties] = await db.$client.batch<{ id: string; title: string; starts_at: number; vip_only: number }>([
    db.$client
      .prepare(
        `SELECT id, title, event_date AS starts_at, 1 AS vip_only FROM events
         WHERE status = 'published' AND is_online = 1 AND event_date > ?1 AND event_date <= ?2
           AND NOT EXISTS (SELECT 1 FROM live_shows WHERE live_shows.event_id = events.id)
           AND NOT ${eventExists(`'meet_soon:event:' || events.id || ':' || events.event_date`)}`,
      )
      .bind(now, now + windowMs),
    db.$client
      .prepare(
        `SELECT id, title, starts_at, vip_only FROM listening_parties
         WHERE status = 'scheduled' AND starts_at > ?1 AND starts_at <= ?2
           AND NOT ${eventExists(`'meet_soon:party:' || listening_parties.id || ':' || listening_parties.starts_at`)}`,
      )
      .bind(now, now + windowMs),
  ]);
  const rows = (type: StartingSoon["type"], r: { results: { id: string; title: string; starts_at: number; vip_only: number }[] }) =>
    r.results.map((x) => ({ type, id: x.id, title: x.title, startsAt: x.starts_at, vipOnly: x.vip_only === 1 }));
  return [...rows("event", events!), ...rows("party", parties!)];
}

// The daily digest ------------------------------------------------------------------------------

/**
 * SQL true when notification `n` (of event `e`, for member `u`, actor `a`) waits for the digest:
 * unread, not e-mailed, of a kind the member wants by e-mail, about content still shown.
 */
const pendingText = (now: number) => `n.read_at IS NULL AND n.emailed_at IS NULL AND ${wants("u", "e.kind", "email")}
  AND NOT EXISTS (SELECT 1 FROM posts hp WHERE hp.id = e.post_id AND hp.hidden_at IS NOT NULL AND e.kind <> 'post_hidden')
  AND NOT EXISTS (SELECT 1 FROM post_comments hc WHERE hc.id = e.comment_id AND hc.hidden_at IS NOT NULL)
  AND (a.id IS NULL OR ${notSuspendedText("a", now)})`;

const pendingFrom = `notifications n JOIN notification_events e ON e.id = n.event_id JOIN users u ON u.id = n.user_id LEFT JOIN users a ON a.id = e.actor_id`;

export type DigestMember = { id: string; email: string; locale: string };

/**
 * Up to `limit` members due a digest: verified address, in good standing, not paused, no digest
 * since `cutoff`, with something pending. Those waiting longest come first, so a page that does
 * not reach everyone this hour reaches the rest next.
 */
export async function membersDueDigest(db: DB, now: number, cutoff: number, limit: number): Promise<DigestMember[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT u.id, u.email, u.locale FROM users u LEFT JOIN notification_settings ns ON ns.user_id = u.id
       WHERE u.email_verified_at IS NOT NULL AND ${notSuspendedText("u", now)} AND coalesce(ns.paused, 0) = 0
         AND (ns.digest_sent_at IS NULL OR ns.digest_sent_at <= ?1)
         AND EXISTS (SELECT 1 FROM notifications n JOIN notification_events e ON e.id = n.event_id LEFT JOIN users a ON a.id = e.actor_id
                     WHERE n.user_id = u.id AND ${pendingText(now)})
       ORDER BY coalesce(ns.digest_sent_at, 0), u.id LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<DigestMember>();
  return results;
}

/**
 * Claims today's digest for the members: sets digest_sent_at unless one went out since `cutoff`
 * (or they paused meanwhile). Returns those claimed: two cron runs at once mail each member once.
 */
export async function claimDigests(db: DB, userIds: readonly string[], now: number, cutoff: number): Promise<string[]> {
  if (userIds.length === 0) return [];
  const { results } = await db.$client
    .prepare(
      // WHERE true: SQLite needs it to read an upsert's ON CONFLICT after INSERT ... SELECT.
      `INSERT INTO notification_settings (user_id, paused, digest_sent_at) SELECT value, 0, ?2 FROM json_each(?1) WHERE true
       ON CONFLICT (user_id) DO UPDATE SET digest_sent_at = excluded.digest_sent_at
       WHERE notification_settings.paused = 0 AND (notification_settings.digest_sent_at IS NULL OR notification_settings.digest_sent_at <= ?3)
       RETURNING user_id`,
    )
    .bind(JSON.stringify(userIds), now, cutoff)
    .all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}

export type DigestItem = {
  userId: string;
  id: string;
  kind: NotificationKind;
  actorName: string | null;
  actorCount: number;
  params: NotificationParams;
  link: string;
  /** How many are pending for this member in all (the mail lists the newest `perMember`). */
  total: number;
};

/** The newest `perMember` pending notifications of each member, written up to `now`. */
export async function pendingDigestItems(db: DB, userIds: readonly string[], now: number, perMember: number): Promise<DigestItem[]> {
  if (userIds.length === 0) return [];
  const { results } = await db.$client
    .prepare(
      `SELECT * FROM (
         SELECT n.user_id, n.id, e.kind, a.username AS actor_name, n.actor_count, e.params, e.link,
           row_number() OVER (PARTITION BY n.user_id ORDER BY n.created_at DESC, n.id DESC) AS rn,
           count(*) OVER (PARTITION BY n.user_id) AS total
         FROM ${pendingFrom}
         WHERE n.user_id IN (SELECT value FROM json_each(?1)) AND n.created_at <= ?2 AND ${pendingText(now)}
       ) WHERE rn <= ?3 ORDER BY user_id, rn`,
    )
    .bind(JSON.stringify(userIds), now, perMember)
    .all<{
      user_id: string;
      id: string;
      kind: NotificationKind;
      actor_name: string | null;
      actor_count: number;
      params: string;
      link: string;
      total: number;
    }>();
  return results.map((r) => ({
    userId: r.user_id,
    id: r.id,
    kind: r.kind,
    actorName: r.actor_name,
    actorCount: r.actor_count,
    params: JSON.parse(r.params) as NotificationParams,
    link: r.link,
    total: r.total,
  }));
}

/** Marks what a member's digest covered as e-mailed: everything pending for them up to `now`. */
export async function markDigested(db: DB, userIds: readonly string[], now: number): Promise<void> {
  if (userIds.length === 0) return;
  await db.$client
    .prepare(
      `UPDATE notifications SET emailed_at = ?2 WHERE id IN (
         SELECT n.id FROM ${pendingFrom} WHERE n.user_id IN (SELECT value FROM json_each(?1)) AND n.created_at <= ?2 AND ${pendingText(now)})`,
    )
    .bind(JSON.stringify(userIds), now)
    .run();
}
