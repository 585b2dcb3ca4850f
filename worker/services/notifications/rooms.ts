// A community room's message as notifications (decision 111), called by the room's object after the
// message went out (never on its path): the members it @mentions and the author of the message it
// answers, if they may read the room and have not silenced it ('none'), and the members who asked
// to hear everything of the room, at most once per ROOM_ACTIVITY_WINDOW_MINUTES each. Nobody hears
// of their own message, or twice of one message (a reply outranks a mention, both outrank
// "everything"). Never throws: the message stands whatever happens here.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findRoom } from "../../db/rooms/rooms";
import { claimRoomActivityListeners, hearsFromRoom, mentionedRoomReaders } from "../../db/rooms/notify";
import { excerpt, parseMentions } from "../../lib/mentions";
import { MINUTE_MS } from "../../lib/time";
import { ROOM_ACTIVITY_WINDOW_MINUTES, ROOM_MENTIONS_MAX } from "#contracts/rooms/limits.ts";
import { notifyMembers } from "./index";

export type RoomMessageFacts = {
  seq: number;
  authorId: string;
  text: string;
  /** The author of the message this one replies to, when it is a reply. */
  replyToUserId?: string | null;
};

/** Where a room's notification leads: the room, at the message. */
export const roomMessageLink = (roomId: string, seq: number) => `/rooms/${roomId}?seq=${seq}`;

export async function notifyRoomMessage(env: AppEnv, db: DB, roomId: string, message: RoomMessageFacts, now = Date.now()): Promise<void> {
  try {
    const room = await findRoom(db, roomId);
    if (!room) return;
    const { seq, authorId } = message;
    const replied =
      message.replyToUserId && message.replyToUserId !== authorId && (await hearsFromRoom(db, room, message.replyToUserId, now)) ? [message.replyToUserId] : [];
    const names = parseMentions(message.text, ROOM_MENTIONS_MAX);
    const mentioned = (await mentionedRoomReaders(db, room, names, now)).filter((id) => id !== authorId && !replied.includes(id));
    const event = (kind: "room_mention" | "room_reply" | "room_activity") => ({
      id: `${kind}:${roomId}:${seq}`,
      kind,
      actorId: authorId,
      params: { excerpt: excerpt(message.text), title: room.name.en, titlePtBr: room.name.ptBR },
      link: roomMessageLink(roomId, seq),
    });
    await notifyMembers(env, db, event("room_reply"), replied);
    await notifyMembers(env, db, event("room_mention"), mentioned);
    const everything = await claimRoomActivityListeners(db, room, [authorId, ...replied, ...mentioned], now - ROOM_ACTIVITY_WINDOW_MINUTES * MINUTE_MS, now);
    await notifyMembers(env, db, event("room_activity"), everything);
  } catch (err) {
    console.error(`notifications: room ${roomId} message ${message.seq} failed`, err);
  }
}
