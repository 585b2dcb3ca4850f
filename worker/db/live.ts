// Live shows (decision 113): the show with its event and tier ranks, who may watch, the viewer
// count, who watched, and the state changes, each a conditional statement so racing starts, ends
// and provider notices apply once.
import type { DB } from "./client";
import type { LiveAccessKind, LiveProvider, LiveStoredState } from "#contracts/live-limits.ts";
import { LIVE_RECONNECT_WINDOW_MS, LIVE_TOKEN_SECONDS, LIVE_VIEWER_WINDOW_MS } from "#contracts/live-limits.ts";

export type LiveShowRow = {
  eventId: string;
  eventStatus: "draft" | "published" | "cancelled";
  title: string;
  titlePtBr: string | null;
  description: string | null;
  descriptionPtBr: string | null;
  startsAt: number;
  endsAt: number | null;
  imageKey: string | null;
  /** Null when the event has no show yet. */
  show: {
    access: LiveAccessKind;
    minTierId: string | null;
    minTierRank: number | null;
    minTierName: { en: string; ptBR: string } | null;
    state: LiveStoredState;
    provider: LiveProvider;
    streamInputId: string | null;
    streamVideoUid: string | null;
    startedAt: number | null;
    endedAt: number | null;
    /** When the source dropped, while the show waits for it to reconnect. */
    sourceLostAt: number | null;
    replayHours: number;
    replayKeepTierId: string | null;
    replayKeepRank: number | null;
    pinnedProductIds: string[];
    captions: Partial<Record<"en" | "pt-BR", string>>;
    roomId: string | null;
  } | null;
};

type RawShow = {
  id: string;
  status: LiveShowRow["eventStatus"];
  title: string;
  title_pt_br: string | null;
  description: string | null;
  description_pt_br: string | null;
  event_date: number;
  end_date: number | null;
  image_key: string | null;
  access: LiveAccessKind | null;
  min_tier_id: string | null;
  min_rank: number | null;
  min_name_en: string | null;
  min_name_pt_br: string | null;
  state: LiveStoredState;
  provider: LiveProvider;
  stream_input_id: string | null;
  stream_video_uid: string | null;
  started_at: number | null;
  ended_at: number | null;
  source_lost_at: number | null;
  replay_hours: number;
  replay_keep_tier_id: string | null;
  keep_rank: number | null;
  pinned_product_ids: string;
  captions: string;
  room_id: string | null;
};

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const SHOW_SELECT = `SELECT e.id, e.status, e.title, e.title_pt_br, e.description, e.description_pt_br, e.event_date, e.end_date, e.image_key,
    s.access, s.min_tier_id, mt.rank AS min_rank, mt.name_en AS min_name_en, mt.name_pt_br AS min_name_pt_br, s.state, s.provider,
    s.stream_input_id, s.stream_video_uid, s.started_at, s.ended_at, s.source_lost_at, s.replay_hours, s.replay_keep_tier_id, kt.rank AS keep_rank,
    s.pinned_product_ids, s.captions, s.room_id
  FROM events e
  LEFT JOIN live_shows s ON s.event_id = e.id
  LEFT JOIN membership_tiers mt ON mt.id = s.min_tier_id
  LEFT JOIN membership_tiers kt ON kt.id = s.replay_keep_tier_id`;

function toShow(raw: RawShow): LiveShowRow {
  return {
    eventId: raw.id,
    eventStatus: raw.status,
    title: raw.title,
    titlePtBr: raw.title_pt_br,
    description: raw.description,
    descriptionPtBr: raw.description_pt_br,
    startsAt: raw.event_date,
    endsAt: raw.end_date,
    imageKey: raw.image_key,
    show: raw.access
      ? {
          access: raw.access,
          minTierId: raw.min_tier_id,
          minTierRank: raw.min_rank,
          minTierName: raw.min_name_en !== null ? { en: raw.min_name_en, ptBR: raw.min_name_pt_br ?? raw.min_name_en } : null,
          state: raw.state,
          provider: raw.provider,
          streamInputId: raw.stream_input_id,
          streamVideoUid: raw.stream_video_uid,
          startedAt: raw.started_at,
          endedAt: raw.ended_at,
          sourceLostAt: raw.source_lost_at,
          replayHours: raw.replay_hours,
          replayKeepTierId: raw.replay_keep_tier_id,
          replayKeepRank: raw.keep_rank,
          pinnedProductIds: parseJson<string[]>(raw.pinned_product_ids, []),
          captions: parseJson<Partial<Record<"en" | "pt-BR", string>>>(raw.captions, {}),
          roomId: raw.room_id,
        }
      : null,
  };
}

/** The event and its show (null when the event has none); null when there is no such event. */
export async function findLiveShow(db: DB, eventId: string): Promise<LiveShowRow | null> {
  const raw = await db.$client.prepare(`${SHOW_SELECT} WHERE e.id = ?`).bind(eventId).first<RawShow>();
  return raw ? toShow(raw) : null;
}

/** When the show ended, or null while it has not: the one read the live playlist makes (it must stop at the end). */
export async function findShowEnd(db: DB, eventId: string): Promise<number | null> {
  const row = await db.$client
    .prepare("SELECT ended_at FROM live_shows WHERE event_id = ? AND state = 'ended'")
    .bind(eventId)
    .first<{ ended_at: number | null }>();
  return row?.ended_at ?? null;
}

/** Which of these events have a show: their cards link to its watch page. */
export async function eventIdsWithShows(db: DB, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const { results } = await db.$client
    .prepare(`SELECT event_id FROM live_shows WHERE event_id IN (${eventIds.map(() => "?").join(", ")})`)
    .bind(...eventIds)
    .all<{ event_id: string }>();
  return new Set(results.map((row) => row.event_id));
}

/** The show a Stream live input belongs to. */
export async function findEventIdByStreamInput(db: DB, inputId: string): Promise<string | null> {
  const row = await db.$client.prepare("SELECT event_id FROM live_shows WHERE stream_input_id = ?").bind(inputId).first<{ event_id: string }>();
  return row?.event_id ?? null;
}

/** What the watch page needs of one member: a valid ticket to the event, and "Remind me" on it. */
export async function findLiveStanding(db: DB, eventId: string, userId: string) {
  const [ticket, reminder] = await db.$client.batch([
    // Valid: not refunded, cancelled or transferred away (a transfer moves the owner).
    db.$client.prepare("SELECT 1 AS held FROM event_tickets WHERE event_id = ? AND owner_user_id = ? AND status = 'valid' LIMIT 1").bind(eventId, userId),
    db.$client.prepare("SELECT 1 AS asked FROM event_reminders WHERE event_id = ? AND user_id = ? AND status = 'active' LIMIT 1").bind(eventId, userId),
  ]);
  return { holdsTicket: ticket!.results.length > 0, reminded: reminder!.results.length > 0 };
}

export async function countViewers(db: DB, eventId: string, now: number): Promise<number> {
  const row = await db.$client
    .prepare("SELECT count(*) AS n FROM live_watches WHERE event_id = ? AND last_at > ?")
    .bind(eventId, now - LIVE_VIEWER_WINDOW_MS)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * A token issued or refreshed: the member's watch row (time since their last token counts as
 * watched, up to a token's life), and while live the minute's viewer sample (the highest seen).
 */
export async function recordWatch(db: DB, eventId: string, userId: string, now: number, live: boolean) {
  const watch = db.$client
    .prepare(
      `INSERT INTO live_watches (event_id, user_id, first_at, last_at, seconds_watched) VALUES (?1, ?2, ?3, ?3, 0)
       ON CONFLICT (event_id, user_id) DO UPDATE SET
         seconds_watched = seconds_watched + CASE WHEN ?3 - last_at BETWEEN 0 AND ?4 THEN (?3 - last_at) / 1000 ELSE 0 END,
         last_at = max(last_at, ?3)`,
    )
    .bind(eventId, userId, now, LIVE_TOKEN_SECONDS * 1000);
  if (!live) return void (await watch.run());
  const sample = db.$client
    .prepare(
      `INSERT INTO live_viewer_samples (event_id, minute, viewers)
       SELECT ?1, ?2, count(*) FROM live_watches WHERE event_id = ?1 AND last_at > ?3
       ON CONFLICT (event_id, minute) DO UPDATE SET viewers = max(viewers, excluded.viewers)`,
    )
    .bind(eventId, Math.floor(now / 60_000) * 60_000, now - LIVE_VIEWER_WINDOW_MS);
  await db.$client.batch([watch, sample]);
}

export async function readViewerSeries(db: DB, eventId: string) {
  const { results } = await db.$client
    .prepare("SELECT minute, viewers FROM live_viewer_samples WHERE event_id = ? ORDER BY minute")
    .bind(eventId)
    .all<{ minute: number; viewers: number }>();
  return results;
}

/** The store's products among `ids` that are on sale, in the order given. */
export async function readPinnedProducts(db: DB, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const { results } = await db.$client
    .prepare(
      `SELECT p.id, p.slug, p.title, p.title_pt_br, p.price_usd_cents,
         (SELECT image_key FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_key
       FROM products p WHERE p.state = 'live' AND p.id IN (${ids.map(() => "?").join(", ")})`,
    )
    .bind(...ids)
    .all<{ id: string; slug: string; title: string; title_pt_br: string | null; price_usd_cents: number; image_key: string | null }>();
  const byId = new Map(results.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many of `ids` are products of the store (any state): a pin naming another is refused. */
export async function countProducts(db: DB, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db.$client
    .prepare(`SELECT count(*) AS n FROM products WHERE id IN (${ids.map(() => "?").join(", ")})`)
    .bind(...ids)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Runs a conditional state change with the audit row that follows it (stored only when it changed the row); its RETURNING row or null. */
async function changeWithAudit<T>(db: DB, change: D1PreparedStatement, audit?: D1PreparedStatement): Promise<T | null> {
  const [result] = await db.$client.batch(audit ? [change, audit] : [change]);
  return (result!.results[0] as T | undefined) ?? null;
}

/**
 * Puts a scheduled show on air, once: the same statement claims its "is live" notification, so
 * only the start that changed the row notifies. Null when the show was not scheduled.
 */
export async function markShowLive(db: DB, eventId: string, now: number, audit?: D1PreparedStatement): Promise<{ notify: boolean } | null> {
  const change = db.$client
    .prepare(
      `UPDATE live_shows SET state = 'live', started_at = ?2, updated_at = ?2,
         live_notified_at = coalesce(live_notified_at, ?2)
       WHERE event_id = ?1 AND state = 'scheduled'
       RETURNING live_notified_at`,
    )
    .bind(eventId, now);
  const row = await changeWithAudit<{ live_notified_at: number }>(db, change, audit);
  return row ? { notify: row.live_notified_at === now } : null;
}

/** Takes a live show off the air, once. False when it was not live. */
export async function markShowEnded(db: DB, eventId: string, now: number, audit?: D1PreparedStatement): Promise<boolean> {
  const change = db.$client
    .prepare("UPDATE live_shows SET state = 'ended', ended_at = ?2, updated_at = ?2 WHERE event_id = ?1 AND state = 'live' RETURNING event_id")
    .bind(eventId, now);
  return (await changeWithAudit(db, change, audit)) !== null;
}

/** The source of a live show dropped at `at`: it waits for a reconnect (the first drop counts). False when it was not live. */
export async function markSourceLost(db: DB, eventId: string, at: number): Promise<boolean> {
  const row = await db.$client
    .prepare("UPDATE live_shows SET source_lost_at = ?2, updated_at = ?2 WHERE event_id = ?1 AND state = 'live' AND source_lost_at IS NULL RETURNING event_id")
    .bind(eventId, at)
    .first();
  return row !== null;
}

/** The source came back at `at`, within the reconnect window: the show goes on. False when there was nothing to take back. */
export async function markSourceBack(db: DB, eventId: string, at: number): Promise<boolean> {
  const row = await db.$client
    .prepare(
      `UPDATE live_shows SET source_lost_at = NULL, updated_at = ?2
       WHERE event_id = ?1 AND state = 'live' AND source_lost_at IS NOT NULL AND ?2 < source_lost_at + ?3 RETURNING event_id`,
    )
    .bind(eventId, at, LIVE_RECONNECT_WINDOW_MS)
    .first();
  return row !== null;
}

/**
 * Ends a live show whose source dropped and did not come back within the window, at the drop,
 * once (one conditional statement, however many readers notice it together). Its end time, or null.
 */
export async function endLostShow(db: DB, eventId: string, now: number): Promise<number | null> {
  const row = await db.$client
    .prepare(
      `UPDATE live_shows SET state = 'ended', ended_at = source_lost_at, updated_at = ?2
       WHERE event_id = ?1 AND state = 'live' AND source_lost_at IS NOT NULL AND source_lost_at + ?3 <= ?2 RETURNING ended_at`,
    )
    .bind(eventId, now, LIVE_RECONNECT_WINDOW_MS)
    .first<{ ended_at: number }>();
  return row?.ended_at ?? null;
}

/**
 * Records a provider notice: false when the same notice was applied before, or a later one has
 * been (it arrived out of order), and it must change nothing.
 */
export async function claimStateEvent(db: DB, eventId: string, key: string, at: number): Promise<boolean> {
  const later = await db.$client.prepare("SELECT 1 FROM live_state_events WHERE event_id = ? AND at > ? LIMIT 1").bind(eventId, at).first();
  const claimed = await db.$client
    .prepare("INSERT INTO live_state_events (event_id, key, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING key")
    .bind(eventId, key, at)
    .first();
  return claimed !== null && later === null;
}

export async function setStreamVideoUid(db: DB, eventId: string, uid: string) {
  await db.$client.prepare("UPDATE live_shows SET stream_video_uid = ? WHERE event_id = ?").bind(uid, eventId).run();
}

export async function setCaptionKeys(db: DB, eventId: string, captions: Partial<Record<"en" | "pt-BR", string>>) {
  await db.$client.prepare("UPDATE live_shows SET captions = ?, updated_at = ? WHERE event_id = ?").bind(JSON.stringify(captions), Date.now(), eventId).run();
}

/** The members a show's "is live" goes to: those who asked "Remind me" on the event. */
export async function remindedMemberIds(db: DB, eventId: string): Promise<string[]> {
  const { results } = await db.$client
    .prepare("SELECT DISTINCT user_id FROM event_reminders WHERE event_id = ? AND user_id IS NOT NULL AND status = 'active'")
    .bind(eventId)
    .all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}

/** Their tiers, valid tickets and admin rights, to keep those the show admits. */
export async function standingsOf(db: DB, eventId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const marks = userIds.map(() => "?").join(", ");
  const { results } = await db.$client
    .prepare(
      `SELECT u.id, u.status, coalesce(t.rank, CASE WHEN u.is_vip THEN 1 ELSE 0 END) AS rank,
         EXISTS (SELECT 1 FROM admins a WHERE a.user_id = u.id) AS is_admin,
         EXISTS (SELECT 1 FROM event_tickets k WHERE k.event_id = ?1 AND k.owner_user_id = u.id AND k.status = 'valid') AS holds_ticket
       FROM users u LEFT JOIN membership_tiers t ON t.id = u.tier_id WHERE u.id IN (${marks})`,
    )
    .bind(eventId, ...userIds)
    .all<{ id: string; status: string; rank: number; is_admin: number; holds_ticket: number }>();
  return results;
}

export type LiveShowValues = {
  access: LiveAccessKind;
  minTierId: string | null;
  replayHours: number;
  replayKeepTierId: string | null;
  pinnedProductIds: string[];
};

/** Whether each tier the values name exists: the tier rule's and the keep tier's. */
export async function namedTiersExist(db: DB, v: LiveShowValues): Promise<boolean> {
  const ids = [v.minTierId, v.replayKeepTierId].filter((id): id is string => id !== null);
  if (ids.length === 0) return true;
  const row = await db.$client
    .prepare(`SELECT count(DISTINCT id) AS n FROM membership_tiers WHERE archived_at IS NULL AND id IN (${ids.map(() => "?").join(", ")})`)
    .bind(...ids)
    .first<{ n: number }>();
  return (row?.n ?? 0) === new Set(ids).size;
}

/** A new show, with its audit row in the same batch; false when the event has one already (a racing first save). */
export async function insertLiveShow(
  db: DB,
  eventId: string,
  v: LiveShowValues,
  extra: { provider: LiveProvider; streamInputId: string | null; roomId: string | null },
  audit: D1PreparedStatement,
  now: number,
): Promise<boolean> {
  const insert = db.$client
    .prepare(
      `INSERT INTO live_shows (event_id, access, min_tier_id, replay_hours, replay_keep_tier_id, pinned_product_ids, provider, stream_input_id, room_id, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING`,
    )
    .bind(
      eventId,
      v.access,
      v.minTierId,
      v.replayHours,
      v.replayKeepTierId,
      JSON.stringify(v.pinnedProductIds),
      extra.provider,
      extra.streamInputId,
      extra.roomId,
      now,
    );
  const [written] = await db.$client.batch([insert, audit]);
  return (written!.meta.changes ?? 0) > 0;
}

export async function updateLiveShow(db: DB, eventId: string, v: LiveShowValues, audit: D1PreparedStatement, now: number) {
  const update = db.$client
    .prepare(
      `UPDATE live_shows SET access = ?2, min_tier_id = ?3, replay_hours = ?4, replay_keep_tier_id = ?5, pinned_product_ids = ?6, updated_at = ?7
       WHERE event_id = ?1`,
    )
    .bind(eventId, v.access, v.minTierId, v.replayHours, v.replayKeepTierId, JSON.stringify(v.pinnedProductIds), now);
  await db.$client.batch([update, audit]);
}

export async function setShowRoom(db: DB, eventId: string, roomId: string) {
  await db.$client.prepare("UPDATE live_shows SET room_id = ? WHERE event_id = ?").bind(roomId, eventId).run();
}
