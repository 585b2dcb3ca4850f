// A community room's moderation frames (decision 106): its fan moderators and admins hide a message
// and mute a member for a while; each act is audited with the moderator as its actor. Slow mode is
// stored in D1 with the room's settings, so RoomHub sets it.
import { MINUTE_MS } from "../../lib/time";
import type { RoomAttachment, RoomScope } from "./scope";
import { insertRoomHiddenMessage } from "../../db/rooms/hidden";

export function hideMessage(room: RoomScope, moderator: RoomAttachment, seq: number) {
  if (!room.messages.hide(seq, moderator.userId, Date.now())) return;
  room.broadcast({ type: "hidden", seq });
  room.audit(moderator, "room.message.hide", { seq });
  recordHidden(room, seq);
}

/**
 * The moderation queue's "hidden" view reads hidden messages from D1 (decision 115): a copy of the
 * message as it was, written after the hide like the room's other D1 writes (a failure is logged).
 */
export function recordHidden(room: RoomScope, seq: number) {
  const copy = room.messages.hiddenCopy(seq);
  if (copy) room.afterwards("recording a hidden message", (db, roomId) => insertRoomHiddenMessage(db, roomId, copy));
}

export async function muteMember(room: RoomScope, ws: WebSocket, moderator: RoomAttachment, userId: string, minutes: number) {
  // Moderators (and admins) do not mute each other or themselves: their rank is read from their
  // stored roles, so one not in the room now is no easier to mute than one who is.
  if (userId === moderator.userId || (await room.moderates(userId))) return room.refuse(ws, "mute_refused");
  const until = Date.now() + minutes * MINUTE_MS;
  room.sql.exec(
    "INSERT INTO mutes (user_id, until, muted_by) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET until = excluded.until, muted_by = excluded.muted_by",
    userId,
    until,
    moderator.userId,
  );
  room.broadcast({ type: "muted", userId, until: new Date(until).toISOString() }, (a) => a.userId === userId || a.moderates);
  room.audit(moderator, "room.member.mute", { userId, minutes });
}

/** Until when the member is muted here (epoch ms), or null. */
export function mutedUntil(sql: SqlStorage, userId: string, now: number): number | null {
  return sql.exec<{ until: number }>("SELECT until FROM mutes WHERE user_id = ? AND until > ?", userId, now).toArray()[0]?.until ?? null;
}
