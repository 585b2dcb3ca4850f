// Member rights in one room's SQLite (decision 107): the member's own messages and reactions for
// their data export (decision 115), and their erasure when their account is deleted. The messages stay in the conversation
// under ROOM_DELETED_MEMBER with their text, name, picture and badge gone, so the numbers others
// read by (and reply to) still hold; the member leaves nothing else here that names them.
import { ROOM_DELETED_MEMBER } from "#contracts/rooms/erased.ts";

/** One of the member's messages as their export shows it (times in epoch ms, made readable by the export). */
export type RoomMemberMessage = { seq: number; text: string; sent_at: number; hidden_at: number | null };

/** One of the member's reactions: the message's number and the emoji (the message's text is its author's, not theirs). */
export type RoomMemberReaction = { seq: number; emoji: string };

/** What the member left here: every message they wrote, hidden ones too (they are still theirs), and each reaction, oldest first. */
export function memberData(sql: SqlStorage, userId: string): { messages: RoomMemberMessage[]; reactions: RoomMemberReaction[] } {
  return {
    messages: sql.exec<RoomMemberMessage>("SELECT seq, text, at AS sent_at, hidden_at FROM messages WHERE user_id = ? ORDER BY seq", userId).toArray(),
    reactions: sql.exec<RoomMemberReaction>("SELECT seq, emoji FROM reactions WHERE user_id = ? ORDER BY seq, emoji", userId).toArray(),
  };
}

/**
 * Removes the member from the room: their messages lose what identified them and what they said
 * (the client id too, which is unique per author), their mute and poster rows go, and the hides
 * and mutes they made as a moderator keep their effect without their id. Returns how many of
 * their messages were erased.
 */
export function eraseMember(sql: SqlStorage, userId: string): number {
  const erased = sql.exec<{ n: number }>("SELECT count(*) AS n FROM messages WHERE user_id = ?", userId).one().n;
  sql.exec(
    `UPDATE messages SET user_id = ?2, username = '', avatar_url = NULL, tier = NULL, text = '', client_id = 'erased-' || seq
      WHERE user_id = ?1`,
    userId,
    ROOM_DELETED_MEMBER,
  );
  sql.exec("UPDATE messages SET hidden_by = ?2 WHERE hidden_by = ?1", userId, ROOM_DELETED_MEMBER);
  sql.exec("UPDATE mutes SET muted_by = ?2 WHERE muted_by = ?1", userId, ROOM_DELETED_MEMBER);
  sql.exec("DELETE FROM mutes WHERE user_id = ?", userId);
  sql.exec("DELETE FROM reactions WHERE user_id = ?", userId);
  sql.exec("UPDATE pins SET pinned_by = ?2 WHERE pinned_by = ?1", userId, ROOM_DELETED_MEMBER);
  sql.exec("DELETE FROM posters WHERE user_id = ?", userId);
  return erased;
}
