// Member rights over the rooms' messages and reactions (decisions 107, 115). They live in each
// room's object, so the export and the account's deletion ask only the rooms where
// room_members.posted says the member wrote or reacted: a member who did neither costs no room call.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { listPostedRooms } from "../../db/rooms/rooms";
import type { Locale } from "#contracts/locale.ts";
import { roomHub } from "./room-hub";

/** The member's messages and reactions in every room they posted or reacted in, for rooms.json: each with its room's id and name in their language. */
export async function memberRoomData(env: AppEnv, db: DB, userId: string, locale: Locale) {
  const rooms = await listPostedRooms(db, userId);
  const data = await Promise.all(rooms.map((room) => roomHub(env, room.id).memberDataOf(userId)));
  const inRoom = (i: number) => ({ room_id: rooms[i]!.id, room_name: locale === "pt-BR" ? rooms[i]!.namePtBr : rooms[i]!.nameEn });
  return {
    messages: data.flatMap((d, i) => d.messages.map((message) => ({ ...inRoom(i), ...message }))),
    reactions: data.flatMap((d, i) => d.reactions.map((reaction) => ({ ...inRoom(i), ...reaction }))),
  };
}

/** The rooms to erase the member from, read before the account's rows (and their room_members) go. */
export const roomsToErase = async (db: DB, userId: string) => (await listPostedRooms(db, userId)).map((room) => room.id);

/** Erases the member's messages in those rooms; each room's failure is logged, the others still run. */
export async function eraseMemberFromRooms(env: AppEnv, roomIds: readonly string[], userId: string) {
  await Promise.all(
    roomIds.map((id) =>
      roomHub(env, id)
        .eraseMember(userId)
        .catch((err: unknown) => console.error(`room: erasing a member in room ${id} failed`, err)),
    ),
  );
}
