// Whom a community room's message concerns (decision 111): the members it mentions or answers who
// may read the room, and those who asked to hear everything of it; and each member's choice per
// room (room_members.notify: 'all', 'mentions' (the default, no row needed) or 'none'). Reads the
// room's rule in SQL over `users u`, as contracts/rooms/access.ts says it for one viewer.
import type { DB } from "../client";
import { notSuspendedText } from "../suspensions";
import { memberPassesSql } from "../tiers/gate";
import type { RoomRule } from "#contracts/rooms/access.ts";
import type { RoomNotify } from "#contracts/rooms/limits.ts";

/** SQL over `users u`: whether each may read the room; `?1` is the room's id, `?2` the event a ticket room names. */
function readsRoomSql(rule: RoomRule): string {
  const moderates = `EXISTS (SELECT 1 FROM room_moderators rm WHERE rm.room_id = ?1 AND rm.user_id = u.id)`;
  const read = rule.read;
  if (read.kind === "members") return "1";
  if (read.kind === "tier") return `(${memberPassesSql("u", { minRank: read.minRank }, "NULL")} OR ${moderates})`;
  const admin = `u.is_admin = 1 OR EXISTS (SELECT 1 FROM admins ad WHERE ad.user_id = u.id)`;
  const ticket = `EXISTS (SELECT 1 FROM event_tickets t WHERE t.owner_user_id = u.id AND t.event_id = ?2 AND t.status = 'valid')`;
  return `(${admin} OR ${moderates} OR ${ticket})`;
}

export type RoomTarget = { id: string; rule: RoomRule };

const eventOf = (room: RoomTarget) => (room.rule.read.kind === "ticket" ? room.rule.read.eventId : null);

/**
 * Of `candidates` (user ids, or with `byName` lower-cased usernames), those in good standing who may
 * read the room, with what they chose to be told of it.
 */
async function readersWithChoice(db: DB, room: RoomTarget, candidates: readonly string[], byName: boolean, now: number) {
  if (candidates.length === 0) return [];
  const match = byName ? "lower(u.username)" : "u.id";
  const { results } = await db.$client
    .prepare(
      `SELECT u.id, coalesce(m.notify, 'mentions') AS notify FROM users u
         LEFT JOIN room_members m ON m.room_id = ?1 AND m.user_id = u.id
        WHERE ${match} IN (SELECT value FROM json_each(?3)) AND ${notSuspendedText("u", now)} AND ${readsRoomSql(room.rule)}`,
    )
    .bind(room.id, eventOf(room), JSON.stringify(candidates))
    .all<{ id: string; notify: RoomNotify }>();
  return results;
}

/** The members named (lower-cased usernames) who may read the room and have not silenced it. */
export async function mentionedRoomReaders(db: DB, room: RoomTarget, usernames: readonly string[], now = Date.now()): Promise<string[]> {
  return (await readersWithChoice(db, room, usernames, true, now)).filter((r) => r.notify !== "none").map((r) => r.id);
}

/** Whether the member may read the room and has not silenced it (a reply's parent's author). */
export async function hearsFromRoom(db: DB, room: RoomTarget, userId: string, now = Date.now()): Promise<boolean> {
  return (await readersWithChoice(db, room, [userId], false, now)).some((r) => r.notify !== "none");
}

/**
 * The members who asked to hear every message of the room, may still read it and were last told of
 * it at or before `toldBefore` (but for `exclude`): claimed in one conditional statement (they are
 * marked told at `now`), so two racing messages tell each of them once.
 */
export async function claimRoomActivityListeners(
  db: DB,
  room: RoomTarget,
  exclude: readonly string[],
  toldBefore: number,
  now = Date.now(),
): Promise<string[]> {
  const { results } = await db.$client
    .prepare(
      `UPDATE room_members SET activity_told_at = ?4
        WHERE room_id = ?1 AND notify = 'all' AND activity_told_at <= ?5 AND user_id NOT IN (SELECT value FROM json_each(?3))
          AND EXISTS (SELECT 1 FROM users u WHERE u.id = room_members.user_id AND ${notSuspendedText("u", now)} AND ${readsRoomSql(room.rule)})
        RETURNING user_id`,
    )
    .bind(room.id, eventOf(room), JSON.stringify(exclude), now, toldBefore)
    .all<{ user_id: string }>();
  return results.map((r) => r.user_id);
}

/** The member's choice for the room, stored (their place in it is made if they had none). */
export async function setRoomNotify(db: DB, roomId: string, userId: string, notify: RoomNotify, now = Date.now()) {
  await db.$client
    .prepare(
      `INSERT INTO room_members (room_id, user_id, notify, updated_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (user_id, room_id) DO UPDATE SET notify = excluded.notify, updated_at = excluded.updated_at`,
    )
    .bind(roomId, userId, notify, now)
    .run();
}
