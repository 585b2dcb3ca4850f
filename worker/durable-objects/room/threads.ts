// A community room's threads, reactions, edits, deletions and pins (decision 109), in the room's
// own SQLite: a reply is a message of the room with `reply_to` (the main list quotes its parent; the
// thread lists a parent's replies); reactions are rows (seq, user, emoji), so one of each per member
// per message whatever is sent twice or at once; an author edits or deletes their own message (a
// deleted one stays in place without its text, its reactions and pin go); moderators pin up to
// ROOM_PINS_MAX messages, each pin audited. RoomHub dispatches the frames here with its scope.
import { ROOM_PINS_MAX, type RoomReactionEmoji } from "#contracts/rooms/limits.ts";
import type { RoomMessage } from "#contracts/rooms/rooms.ts";
import type { RoomAttachment, RoomScope } from "./scope";
import { inSetOrder, LIVE } from "./thread-rows";
import { markRoomReactor } from "../../db/rooms/rooms";

const isLive = (sql: SqlStorage, seq: number) => sql.exec(`SELECT 1 FROM messages WHERE seq = ? AND ${LIVE}`, seq).toArray().length > 0;

/** Whether a reply may name this parent: a message the room still shows with its text. */
export const mayReplyTo = isLive;

/**
 * Who wrote a reply's parent, for telling them of the reply: null when `seq` names no live message.
 * The reply's own row says its parent (`reply_to`); this turns it into the author to notify.
 */
export function parentAuthorOf(sql: SqlStorage, seq: number): { userId: string; username: string } | null {
  return sql.exec<{ userId: string; username: string }>(`SELECT user_id AS userId, username FROM messages WHERE seq = ? AND ${LIVE}`, seq).toArray()[0] ?? null;
}

/** The member puts on (or takes off) an emoji; a toggle that changes nothing sends nothing. */
export function react(room: RoomScope, ws: WebSocket, member: RoomAttachment, seq: number, emoji: RoomReactionEmoji, on: boolean) {
  // The message is checked in the same statement that writes, so a reaction never lands on a deleted one.
  const changed = on
    ? room.sql.exec(
        `INSERT INTO reactions (seq, user_id, emoji) SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM messages WHERE seq = ?1 AND ${LIVE}) ON CONFLICT DO NOTHING`,
        seq,
        member.userId,
        emoji,
      ).rowsWritten
    : room.sql.exec("DELETE FROM reactions WHERE seq = ? AND user_id = ? AND emoji = ?", seq, member.userId, emoji).rowsWritten;
  if (changed === 0) return on && !isLive(room.sql, seq) ? room.refuse(ws, "message_not_found") : undefined;
  const reactions = room.sql
    .exec<{ emoji: RoomReactionEmoji; count: number }>("SELECT emoji, count(*) AS count FROM reactions WHERE seq = ? GROUP BY emoji", seq)
    .toArray();
  room.broadcast({ type: "reactions", seq, reactions: inSetOrder(reactions), userId: member.userId, emoji, on });
  // A first reaction here makes the room one the member's export and deletion visit (decision 115).
  if (on && room.messages.markPoster(member.userId)) {
    room.afterwards("marking a member who reacted", (db, roomId) => markRoomReactor(db, roomId, member.userId, Date.now()));
  }
}

/** Refused unless the message is the member's own and still shown: unknown, hidden or deleted → message_not_found. */
function ownRefusal(room: RoomScope, member: RoomAttachment, seq: number): "message_not_found" | "not_author" | null {
  const row = room.sql.exec<{ user_id: string }>(`SELECT user_id FROM messages WHERE seq = ? AND ${LIVE}`, seq).toArray()[0];
  if (!row) return "message_not_found";
  return row.user_id === member.userId ? null : "not_author";
}

export function editMessage(room: RoomScope, ws: WebSocket, member: RoomAttachment, seq: number, text: string) {
  const refusal = ownRefusal(room, member, seq);
  if (refusal) return room.refuse(ws, refusal);
  const at = Date.now();
  room.sql.exec(`UPDATE messages SET text = ?, edited_at = ? WHERE seq = ? AND user_id = ? AND ${LIVE}`, text, at, seq, member.userId);
  room.broadcast({ type: "edited", seq, text, editedAt: new Date(at).toISOString() });
}

/** The author deletes their message: its text is cleared (the row stays so its thread keeps its place), its reactions and pin go. */
export function deleteMessage(room: RoomScope, ws: WebSocket, member: RoomAttachment, seq: number) {
  const refusal = ownRefusal(room, member, seq);
  if (refusal) return room.refuse(ws, refusal);
  room.sql.exec(`UPDATE messages SET text = '', deleted_at = ? WHERE seq = ? AND user_id = ? AND ${LIVE}`, Date.now(), seq, member.userId);
  room.sql.exec("DELETE FROM reactions WHERE seq = ?", seq);
  const wasPinned = room.sql.exec("DELETE FROM pins WHERE seq = ?", seq).rowsWritten > 0;
  room.broadcast({ type: "deleted", seq });
  if (wasPinned) room.broadcast({ type: "unpinned", seq });
}

/** Pinned messages the room still shows, counted in the same statement that adds one. */
const LIVE_PINS = `SELECT count(*) FROM pins JOIN messages USING (seq) WHERE ${LIVE}`;

export function pinMessage(room: RoomScope, ws: WebSocket, moderator: RoomAttachment, seq: number) {
  const pinned = room.sql.exec(
    `INSERT INTO pins (seq, pinned_by, at) SELECT ?1, ?2, ?3
     WHERE EXISTS (SELECT 1 FROM messages WHERE seq = ?1 AND ${LIVE}) AND (${LIVE_PINS}) < ?4
     ON CONFLICT (seq) DO NOTHING`,
    seq,
    moderator.userId,
    Date.now(),
    ROOM_PINS_MAX,
  ).rowsWritten;
  if (pinned === 0) {
    if (!isLive(room.sql, seq)) return room.refuse(ws, "message_not_found");
    const already = room.sql.exec("SELECT 1 FROM pins WHERE seq = ?", seq).toArray().length > 0;
    return already ? undefined : room.refuse(ws, "pin_limit");
  }
  room.broadcast({ type: "pinned", message: room.messages.toMessage(room.messages.visible(seq)!) });
  room.audit(moderator, "room.message.pin", { seq });
}

export function unpinMessage(room: RoomScope, moderator: RoomAttachment, seq: number) {
  if (room.sql.exec("DELETE FROM pins WHERE seq = ?", seq).rowsWritten === 0) return;
  room.broadcast({ type: "unpinned", seq });
  room.audit(moderator, "room.message.unpin", { seq });
}

/** The room's pinned messages it still shows, the latest pinned first. */
export function pinnedOf(room: Pick<RoomScope, "sql" | "messages">, viewerId: string): RoomMessage[] {
  const seqs = room.sql
    .exec<{ seq: number }>("SELECT seq FROM pins ORDER BY at DESC, seq DESC")
    .toArray()
    .map((r) => r.seq);
  return room.messages.toMessages(
    room.messages.bySeqs(seqs).filter((row) => row.deleted_at === null),
    viewerId,
  );
}
