// What the moderation queue asks of a community room (decision 111): a message as a member's report
// quotes it, and an admin's hide from the queue, which reaches the room as a moderator's hide in it
// does (gone from every read, `hidden` to every socket). The Worker audits it with the reports it
// resolves, in one D1 batch.
import type { RoomScope } from "./scope";
import { recordHidden } from "./moderation";

/** A visible message as a report keeps it. */
export type RoomMessageQuote = { userId: string; username: string; text: string; at: number };

export function reportableMessage(room: RoomScope, seq: number): RoomMessageQuote | null {
  const row = room.sql
    .exec<{ user_id: string; username: string; text: string; at: number }>(
      "SELECT user_id, username, text, at FROM messages WHERE seq = ? AND hidden_at IS NULL",
      seq,
    )
    .toArray()[0];
  return row ? { userId: row.user_id, username: row.username, text: row.text, at: row.at } : null;
}

/** Hides the message for everyone; false when it was hidden already or never was. */
export function hideReportedMessage(room: RoomScope, seq: number, adminId: string): boolean {
  if (!room.messages.hide(seq, adminId, Date.now())) return false;
  room.broadcast({ type: "hidden", seq });
  recordHidden(room, seq);
  return true;
}
