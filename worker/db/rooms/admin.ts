// The back office's community rooms (decision 106). Each write is one statement with its audit row
// after it in the same batch (auditIfChanged: stored only when the write changed a row). A room's
// tier and event are checked in the write's own statement (an INSERT ... SELECT ... WHERE EXISTS),
// so a tier or event deleted meanwhile cannot be named. Archiving sets archived_at only: the room
// and its messages stay, read-only.
import type { DB } from "../client";
import { auditIfChanged, type Actor, type AuditEntry } from "../audit";
import { isUniqueViolation } from "../d1";
import { findRoom, listRoomRules, type RoomRow } from "./rooms";
import { refuse, type Refused } from "../../lib/outcome";
import type { AdminRoom, RoomModerator, RoomValues } from "#contracts/rooms/admin.ts";

type ModeratorRow = { room_id: string; user_id: string; username: string; named_at: number };

const toAdminRoom = (room: RoomRow, moderators: ModeratorRow[]): AdminRoom => ({
  id: room.id,
  name: room.name,
  description: room.description,
  read: room.read,
  write: room.write,
  archived: room.rule.archived,
  slowModeSeconds: room.slowModeSeconds,
  lastMessageAt: room.lastMessageAt === null ? null : new Date(room.lastMessageAt).toISOString(),
  lastSeq: room.lastSeq,
  position: room.position,
  moderators: moderators
    .filter((m) => m.room_id === room.id)
    .map((m): RoomModerator => ({ userId: m.user_id, username: m.username, namedAt: new Date(m.named_at).toISOString() })),
});

async function moderatorsOf(db: DB, roomId?: string): Promise<ModeratorRow[]> {
  const sql = `SELECT m.room_id, m.user_id, u.username, m.named_at FROM room_moderators m JOIN users u ON u.id = m.user_id
    ${roomId ? "WHERE m.room_id = ?1" : ""} ORDER BY m.named_at`;
  const { results } = await db.$client
    .prepare(sql)
    .bind(...(roomId ? [roomId] : []))
    .all<ModeratorRow>();
  return results;
}

/** Every room, open ones first in their order, with its moderators; the parties' rooms follow their parties' form (decision 107). */
export async function listAdminRooms(db: DB): Promise<AdminRoom[]> {
  const [rooms, moderators] = await Promise.all([listRoomRules(db), moderatorsOf(db)]);
  return rooms.filter((room) => room.partyId === null && room.contestId === null).map((room) => toAdminRoom(room, moderators));
}

export async function findAdminRoom(db: DB, id: string): Promise<AdminRoom | null> {
  const [room, moderators] = await Promise.all([findRoom(db, id), moderatorsOf(db, id)]);
  return room ? toAdminRoom(room, moderators) : null;
}

const entry = (actor: Actor, action: AuditEntry["action"], id: string, summary: AuditEntry["summary"]): AuditEntry => ({
  actor,
  action,
  targetType: "room",
  targetId: id,
  summary,
});

const auditView = (v: RoomValues): Record<string, unknown> => ({ ...v });

/** The tier and event the values name exist (checked in the write's statement: `?4`..`?7` are theirs). */
const NAMED_ROWS_EXIST = `(?4 IS NULL OR EXISTS (SELECT 1 FROM membership_tiers WHERE id = ?4))
  AND (?5 IS NULL OR EXISTS (SELECT 1 FROM events WHERE id = ?5))
  AND (?6 IS NULL OR EXISTS (SELECT 1 FROM membership_tiers WHERE id = ?6))
  AND (?7 IS NULL OR EXISTS (SELECT 1 FROM events WHERE id = ?7))`;

/** What a write refused for: its id is taken, or a tier or event it names does not exist. */
export type RoomWriteRefusal = "id_taken" | "tier_unknown" | "event_unknown";

async function unknownNamed(db: DB, v: RoomValues): Promise<Refused<"tier_unknown" | "event_unknown"> | null> {
  const [tiers, events] = await db.$client.batch([
    db.$client.prepare("SELECT id FROM membership_tiers WHERE id IN (?1, ?2)").bind(v.read.tierId ?? "", v.write.tierId ?? ""),
    db.$client.prepare("SELECT id FROM events WHERE id IN (?1, ?2)").bind(v.read.eventId ?? "", v.write.eventId ?? ""),
  ]);
  const have = (rows: D1Result | undefined, id: string | null) => id === null || (rows!.results as { id: string }[]).some((r) => r.id === id);
  if (!have(tiers, v.read.tierId) || !have(tiers, v.write.tierId)) return refuse("tier_unknown");
  if (!have(events, v.read.eventId) || !have(events, v.write.eventId)) return refuse("event_unknown");
  return null;
}

const boundValues = (v: RoomValues) => [
  v.nameEn,
  v.namePtBr,
  v.read.access,
  v.read.tierId,
  v.read.eventId,
  v.write.tierId,
  v.write.eventId,
  v.write.access,
  v.descriptionEn,
  v.descriptionPtBr,
  v.slowModeSeconds,
  v.position,
];

/** A new room; refused when its id is taken or a tier or event it names does not exist. */
export async function createRoom(db: DB, actor: Actor, id: string, v: RoomValues, now = Date.now()): Promise<AdminRoom | Refused<RoomWriteRefusal>> {
  const insert = db.$client
    .prepare(
      `INSERT INTO rooms (name_en, name_pt_br, read_access, read_tier_id, read_event_id, write_tier_id, write_event_id, write_access,
         description_en, description_pt_br, slow_mode_seconds, position, id, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14 WHERE ${NAMED_ROWS_EXIST}`,
    )
    .bind(...boundValues(v), id, now);
  try {
    await db.$client.batch([insert, auditIfChanged(db, entry(actor, "room.create", id, { after: auditView(v) }), now)]);
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("id_taken");
    throw error;
  }
  const created = await findAdminRoom(db, id);
  return created ?? (await unknownNamed(db, v)) ?? refuse("tier_unknown");
}

/** Every field again; null when the room is gone, refused when a tier or event it names does not exist. */
export async function updateRoom(
  db: DB,
  actor: Actor,
  before: AdminRoom,
  v: RoomValues,
  now = Date.now(),
): Promise<AdminRoom | null | Refused<RoomWriteRefusal>> {
  const update = db.$client
    .prepare(
      `UPDATE rooms SET name_en = ?1, name_pt_br = ?2, read_access = ?3, read_tier_id = ?4, read_event_id = ?5, write_tier_id = ?6,
         write_event_id = ?7, write_access = ?8, description_en = ?9, description_pt_br = ?10, slow_mode_seconds = ?11, position = ?12,
         updated_at = ?14
       WHERE id = ?13 AND ${NAMED_ROWS_EXIST}`,
    )
    .bind(...boundValues(v), before.id, now);
  const [written] = await db.$client.batch([update, auditIfChanged(db, entry(actor, "room.update", before.id, { after: auditView(v) }), now)]);
  if ((written!.meta.changes ?? 0) === 0) return (await unknownNamed(db, v)) ?? null;
  return findAdminRoom(db, before.id);
}

/** Archives (read-only) or opens a room again; false when it was already so. */
export async function setRoomArchived(db: DB, actor: Actor, id: string, archived: boolean, now = Date.now()): Promise<boolean> {
  const write = db.$client
    .prepare(`UPDATE rooms SET archived_at = ?2, updated_at = ?3 WHERE id = ?1 AND (archived_at IS NULL) = ?4`)
    .bind(id, archived ? now : null, now, archived ? 1 : 0);
  const [written] = await db.$client.batch([write, auditIfChanged(db, entry(actor, archived ? "room.archive" : "room.unarchive", id, {}), now)]);
  return (written!.meta.changes ?? 0) > 0;
}

/** Names a member (by username) a fan moderator of the room; "member_unknown" when no active member has it. */
export async function addRoomModerator(db: DB, actor: Actor, roomId: string, username: string, now = Date.now()): Promise<string | Refused<"member_unknown">> {
  const member = await db.$client
    .prepare("SELECT id FROM users WHERE lower(username) = lower(?1) AND status = 'active'")
    .bind(username)
    .first<{ id: string }>();
  if (!member) return refuse("member_unknown");
  await db.$client.batch([
    db.$client
      .prepare("INSERT OR IGNORE INTO room_moderators (room_id, user_id, named_by, named_at) VALUES (?1, ?2, ?3, ?4)")
      .bind(roomId, member.id, actor.id, now),
    auditIfChanged(db, entry(actor, "room.moderator.add", roomId, { after: { userId: member.id, username } }), now),
  ]);
  return member.id;
}

/** Takes a fan moderator's role in the room away; false when they did not have it. */
export async function removeRoomModerator(db: DB, actor: Actor, roomId: string, userId: string, now = Date.now()): Promise<boolean> {
  const [removed] = await db.$client.batch([
    db.$client.prepare("DELETE FROM room_moderators WHERE room_id = ?1 AND user_id = ?2").bind(roomId, userId),
    auditIfChanged(db, entry(actor, "room.moderator.remove", roomId, { before: { userId } }), now),
  ]);
  return (removed!.meta.changes ?? 0) > 0;
}
