// Community rooms (decision 106): the rooms and their rules, what a member needs for them (tickets,
// moderated rooms, last read messages), and what the rooms' objects tell D1 (the newest message,
// who has posted, how far a member read). The messages themselves are in each room's object.
import { sql } from "drizzle-orm";
import type { DB } from "../client";
import type { RoomAudience, RoomRule, RoomViewer } from "#contracts/rooms/access.ts";
import type { RoomAccessKind, RoomNotify } from "#contracts/rooms/limits.ts";
import { VIP_TIER_ID, type TierHolder } from "#contracts/tiers/tiers.ts";
import type { AuditAction } from "#contracts/audit-actions.ts";
import { PARTY_ROOM_PREFIX } from "#contracts/parties/chat.ts";

export type RoomModerationAction = Extract<AuditAction, "room.message.hide" | "room.member.mute" | "room.message.pin" | "room.message.unpin">;

/** A room with its rule, as the list and the checks read it. */
export type RoomRow = {
  id: string;
  name: { en: string; ptBR: string };
  description: { en: string; ptBR: string };
  read: { kind: RoomAccessKind; tierId: string | null; eventId: string | null };
  write: { kind: RoomAccessKind; tierId: string | null; eventId: string | null };
  rule: RoomRule;
  slowModeSeconds: number;
  /** The admin's order of the list. */
  position: number;
  lastSeq: number;
  lastMessageAt: number | null;
  /** A listening party's chat (not listed on /rooms), or null. */
  partyId: string | null;
  /** A remix contest's room (decision 198; not listed on /rooms: the contest's page links to it), or null. */
  contestId: string | null;
};

/** What the room's object needs to know of its room. */
export type RoomSettings = { archived: boolean; slowModeSeconds: number };

type RawRoom = {
  id: string;
  name_en: string;
  name_pt_br: string;
  description_en: string;
  description_pt_br: string;
  read_access: RoomAccessKind;
  read_tier_id: string | null;
  read_rank: number | null;
  read_event_id: string | null;
  write_access: RoomAccessKind;
  write_tier_id: string | null;
  write_rank: number | null;
  write_event_id: string | null;
  slow_mode_seconds: number;
  position: number;
  archived_at: number | null;
  last_seq: number;
  last_message_at: number | null;
  party_id: string | null;
  contest_id: string | null;
};

const ROOM_SELECT = `
  SELECT r.id, r.name_en, r.name_pt_br, r.description_en, r.description_pt_br,
         r.read_access, r.read_tier_id, rt.rank AS read_rank, r.read_event_id,
         r.write_access, r.write_tier_id, wt.rank AS write_rank, r.write_event_id,
         r.slow_mode_seconds, r.position, r.archived_at, r.last_seq, r.last_message_at, r.party_id, r.contest_id
    FROM rooms r
    LEFT JOIN membership_tiers rt ON rt.id = r.read_tier_id
    LEFT JOIN membership_tiers wt ON wt.id = r.write_tier_id`;

function audienceOf(kind: RoomAccessKind, tierId: string | null, rank: number | null, eventId: string | null): RoomAudience {
  if (kind === "tier") return { kind, tierId: tierId ?? "", minRank: rank ?? Number.MAX_SAFE_INTEGER };
  if (kind === "ticket") return { kind, eventId };
  return { kind: "members" };
}

function toRoom(raw: RawRoom): RoomRow {
  return {
    id: raw.id,
    name: { en: raw.name_en, ptBR: raw.name_pt_br },
    description: { en: raw.description_en, ptBR: raw.description_pt_br },
    read: { kind: raw.read_access, tierId: raw.read_tier_id, eventId: raw.read_event_id },
    write: { kind: raw.write_access, tierId: raw.write_tier_id, eventId: raw.write_event_id },
    rule: {
      read: audienceOf(raw.read_access, raw.read_tier_id, raw.read_rank, raw.read_event_id),
      write: audienceOf(raw.write_access, raw.write_tier_id, raw.write_rank, raw.write_event_id),
      archived: raw.archived_at !== null,
    },
    slowModeSeconds: raw.slow_mode_seconds,
    position: raw.position,
    lastSeq: raw.last_seq,
    lastMessageAt: raw.last_message_at,
    partyId: raw.party_id,
    contestId: raw.contest_id,
  };
}

/** Every room, open ones first in the admin's order, then the archived. */
export async function listRoomRules(db: DB): Promise<RoomRow[]> {
  const { results } = await db.$client.prepare(`${ROOM_SELECT} ORDER BY r.archived_at IS NOT NULL, r.position, r.id`).all<RawRoom>();
  return results.map(toRoom);
}

export async function findRoom(db: DB, id: string): Promise<RoomRow | null> {
  const raw = await db.$client.prepare(`${ROOM_SELECT} WHERE r.id = ?`).bind(id).first<RawRoom>();
  return raw ? toRoom(raw) : null;
}

export async function findRoomSettings(db: DB, id: string): Promise<RoomSettings | null> {
  const row = await db.$client
    .prepare("SELECT archived_at, slow_mode_seconds FROM rooms WHERE id = ?")
    .bind(id)
    .first<{ archived_at: number | null; slow_mode_seconds: number }>();
  return row ? { archived: row.archived_at !== null, slowModeSeconds: row.slow_mode_seconds } : null;
}

/** What the rooms' rules ask of one member, in one round trip: their valid tickets' events, the rooms they moderate, how far they read. */
export async function findRoomStanding(db: DB, userId: string) {
  const [tickets, moderated, reads] = await db.$client.batch([
    db.$client.prepare("SELECT DISTINCT event_id FROM event_tickets WHERE owner_user_id = ? AND status = 'valid'").bind(userId),
    db.$client.prepare("SELECT room_id FROM room_moderators WHERE user_id = ?").bind(userId),
    db.$client.prepare("SELECT room_id, last_read_seq, notify FROM room_members WHERE user_id = ?").bind(userId),
  ]);
  return {
    ticketEventIds: new Set((tickets!.results as { event_id: string }[]).map((r) => r.event_id)),
    moderatedRoomIds: new Set((moderated!.results as { room_id: string }[]).map((r) => r.room_id)),
    lastRead: new Map((reads!.results as { room_id: string; last_read_seq: number }[]).map((r) => [r.room_id, r.last_read_seq])),
    /** What the member chose to be told of each room (decision 111); a room not here is the default. */
    notify: new Map((reads!.results as { room_id: string; notify: RoomNotify }[]).map((r) => [r.room_id, r.notify])),
  };
}
export type RoomStanding = Awaited<ReturnType<typeof findRoomStanding>>;

/**
 * Whether the member moderates the room by their stored roles (a site admin, or one of the room's
 * fan moderators), whether or not they are in the room now.
 */
export async function moderatesRoom(db: DB, roomId: string, userId: string): Promise<boolean> {
  const row = await db.$client
    .prepare(
      `SELECT 1 AS yes FROM users u WHERE u.id = ?2 AND (u.is_admin = 1 OR EXISTS (SELECT 1 FROM admins a WHERE a.user_id = u.id)
         OR EXISTS (SELECT 1 FROM room_moderators rm WHERE rm.room_id = ?1 AND rm.user_id = u.id))`,
    )
    .bind(roomId, userId)
    .first<{ yes: number }>();
  return row !== null;
}

/** The member as one room's rule sees them. */
export const roomViewerOf = (holder: TierHolder, standing: RoomStanding, roomId: string): RoomViewer => ({
  ...holder,
  ticketEventIds: standing.ticketEventIds,
  moderates: standing.moderatedRoomIds.has(roomId),
});

/**
 * The room's object stored message `seq`: the list's unread counts compare against the newest (two
 * writes arriving out of order keep the larger), and its first poster is marked as having posted.
 */
export async function storeRoomMessage(db: DB, roomId: string, message: { seq: number; at: number; posterId: string | null }) {
  const head = db.$client
    .prepare("UPDATE rooms SET last_seq = max(last_seq, ?1), last_message_at = max(coalesce(last_message_at, 0), ?2) WHERE id = ?3")
    .bind(message.seq, message.at, roomId);
  if (!message.posterId) return void (await head.run());
  const poster = db.$client
    .prepare(
      `INSERT INTO room_members (room_id, user_id, posted, updated_at) VALUES (?1, ?2, 1, ?3)
         ON CONFLICT (user_id, room_id) DO UPDATE SET posted = 1, updated_at = excluded.updated_at`,
    )
    .bind(roomId, message.posterId, message.at);
  await db.$client.batch([head, poster]);
}

/**
 * The member reacted here (decision 115): `posted` now means "left something here", so the data
 * export lists their reactions and the account's deletion erases them from this room.
 */
export async function markRoomReactor(db: DB, roomId: string, userId: string, now: number) {
  await db.$client
    .prepare(
      `INSERT INTO room_members (room_id, user_id, posted, updated_at) VALUES (?1, ?2, 1, ?3)
         ON CONFLICT (user_id, room_id) DO UPDATE SET posted = 1, updated_at = excluded.updated_at`,
    )
    .bind(roomId, userId, now)
    .run();
}

/** The member read up to `seq` (never backwards: two tabs may report out of order). */
export async function markRoomRead(db: DB, roomId: string, userId: string, seq: number, now: number) {
  await db.run(sql`INSERT INTO room_members (room_id, user_id, last_read_seq, updated_at) VALUES (${roomId}, ${userId}, ${seq}, ${now})
    ON CONFLICT (user_id, room_id) DO UPDATE SET last_read_seq = max(last_read_seq, excluded.last_read_seq), updated_at = excluded.updated_at`);
}

/** A moderator's act in a room, in the audit log with the moderator as its actor (their address read in the same statement). */
export async function auditRoomModeration(
  db: DB,
  roomId: string,
  moderatorId: string,
  action: RoomModerationAction,
  detail: Record<string, unknown>,
  now = Date.now(),
) {
  await db.$client
    .prepare(
      `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
       SELECT id, email, ?3, 'room', ?2, ?4, ?5 FROM users WHERE id = ?1`,
    )
    .bind(moderatorId, roomId, action, JSON.stringify({ after: detail }), now)
    .run();
}

/** A moderator set the room's slow mode: stored with its audit row in one batch. */
export async function setRoomSlowMode(db: DB, roomId: string, seconds: number, moderatorId: string, now = Date.now()) {
  await db.$client.batch([
    db.$client.prepare("UPDATE rooms SET slow_mode_seconds = ?2, updated_at = ?3 WHERE id = ?1 AND slow_mode_seconds <> ?2").bind(roomId, seconds, now),
    db.$client
      .prepare(
        `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, summary, created_at)
         SELECT id, email, 'room.slow_mode', 'room', ?2, ?3, ?4 FROM users WHERE id = ?1 AND changes() > 0`,
      )
      .bind(moderatorId, roomId, JSON.stringify({ after: { slowModeSeconds: seconds } }), now),
  ]);
}

/** The rooms holding the member's messages or reactions (decisions 107, 115): the only ones their export and deletion visit. */
export async function listPostedRooms(db: DB, userId: string): Promise<{ id: string; nameEn: string; namePtBr: string }[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT r.id, r.name_en AS nameEn, r.name_pt_br AS namePtBr FROM room_members m JOIN rooms r ON r.id = m.room_id
        WHERE m.user_id = ? AND m.posted = 1 ORDER BY r.id`,
    )
    .bind(userId)
    .all<{ id: string; nameEn: string; namePtBr: string }>();
  return results;
}

/** Who holds an order's tickets now (a refund or a lost dispute just ended them). */
export async function ticketOwnersOfOrder(db: DB, orderId: string): Promise<string[]> {
  const { results } = await db.$client
    .prepare("SELECT DISTINCT owner_user_id AS id FROM event_tickets WHERE order_id = ? AND owner_user_id IS NOT NULL")
    .bind(orderId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The rooms whose read or write rule names the event's tickets. */
export async function roomsNamingEvent(db: DB, eventId: string): Promise<string[]> {
  const { results } = await db.$client
    .prepare("SELECT id FROM rooms WHERE (read_access = 'ticket' AND read_event_id = ?1) OR (write_access = 'ticket' AND write_event_id = ?1)")
    .bind(eventId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/**
 * Keeps a listening party's room in step with it (decision 107), after each write of the party and
 * reading the party's row as it then stands: made with the party, its name and its read and write
 * rule following the party's audience (VIP only: its lowest tier, VIP where none is named; else
 * every member), archived while the party is cancelled. A party deleted meanwhile makes nothing.
 * Apart from the party's batch (drizzle's batch takes no raw SQL), so a failure here leaves the
 * room as it was until the party's next write: the caller logs it.
 */
export async function syncPartyRoom(db: DB, partyId: string, now = Date.now()) {
  await db.run(sql`INSERT INTO rooms (id, name_en, name_pt_br, read_access, read_tier_id, write_access, write_tier_id, archived_at, party_id, created_at, updated_at)
    SELECT ${PARTY_ROOM_PREFIX} || p.id, p.title, p.title,
           CASE WHEN p.vip_only = 1 THEN 'tier' ELSE 'members' END, CASE WHEN p.vip_only = 1 THEN coalesce(p.min_tier_id, ${VIP_TIER_ID}) END,
           CASE WHEN p.vip_only = 1 THEN 'tier' ELSE 'members' END, CASE WHEN p.vip_only = 1 THEN coalesce(p.min_tier_id, ${VIP_TIER_ID}) END,
           CASE WHEN p.status = 'cancelled' THEN ${now} END, p.id, ${now}, ${now}
      FROM listening_parties p WHERE p.id = ${partyId}
    ON CONFLICT (id) DO UPDATE SET name_en = excluded.name_en, name_pt_br = excluded.name_pt_br,
      read_access = excluded.read_access, read_tier_id = excluded.read_tier_id,
      write_access = excluded.write_access, write_tier_id = excluded.write_tier_id,
      archived_at = CASE WHEN excluded.archived_at IS NULL THEN NULL ELSE coalesce(rooms.archived_at, excluded.archived_at) END,
      updated_at = excluded.updated_at`);
}
