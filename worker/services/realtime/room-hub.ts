// How the Worker reaches a community room's object (durable-objects/room/RoomHub.ts): one object per
// room, named by its id.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findRoomStanding, listRoomRules, roomViewerOf } from "../../db/rooms/rooms";
import { readRefusal, writeRefusal } from "#contracts/rooms/access.ts";
import type { TierHolder } from "#contracts/tiers/tiers.ts";
import { SOCKET_CLOSE_ROOM_CHANGED, SOCKET_CLOSE_VIP_ENDED } from "#contracts/realtime.ts";
import type { SocketClose, SocketTarget } from "./socket-sessions";

/** Headers the Worker sets on the upgrade: the room, how it shows the member, what they may do, where they were. */
export const ROOM_ID_HEADER = "x-room-id";
export const ROOM_MEMBER_NAME_HEADER = "x-room-member-name";
export const ROOM_MEMBER_AVATAR_HEADER = "x-room-member-avatar";
export const ROOM_MAY_WRITE_HEADER = "x-room-may-write";
/** The member's tier badge (encodeBadgeHeader; "null" for the free tier): shown beside their name. */
export const ROOM_MEMBER_TIER_HEADER = "x-room-member-tier";
/** "1" for the room's fan moderators and admins: they may hide, mute and set slow mode. */
export const ROOM_MODERATES_HEADER = "x-room-moderates";
export const ROOM_AFTER_HEADER = "x-room-after";

/** A member's sockets in a room they may no longer read close with this (the page says what opens it again). */
export const ROOM_ACCESS_ENDED: SocketClose = { code: SOCKET_CLOSE_VIP_ENDED, reason: "room_access_ended" };

/** The room's rules changed: every socket closes with this and reconnects, checked again at its upgrade. */
export const ROOM_CHANGED: SocketClose = { code: SOCKET_CLOSE_ROOM_CHANGED, reason: "room_changed" };

/** Where a room's picture is kept in R2 (decision 110): under the room, so the room's pictures share a prefix. */
export const roomPictureKey = (roomId: string, filename: string) => `rooms/${roomId}/${filename}`;

export const roomHub = (env: AppEnv, roomId: string) => env.ROOM_HUB.get(env.ROOM_HUB.idFromName(roomId));

/** Closes a session's (or a member's) sockets in every room. Logged, never thrown; the rooms re-check sessions before they send. */
export async function closeRoomSockets(env: AppEnv, db: DB, target: SocketTarget) {
  try {
    const rooms = await listRoomRules(db);
    await Promise.all(rooms.map((room) => roomHub(env, room.id).closeSockets(target)));
  } catch (err) {
    console.error("room: closing sockets failed", err);
  }
}

/**
 * The member's tier, tickets or roles changed: their sockets in the rooms they may no longer read
 * close with ROOM_ACCESS_ENDED, and those in the rooms they may still read learn whether they may
 * write. Only rooms whose rule names a tier or a ticket can change for them. Logged, never thrown.
 */
export async function applyRoomAccess(env: AppEnv, db: DB, userId: string, holder: TierHolder) {
  try {
    const [rooms, standing] = await Promise.all([listRoomRules(db), findRoomStanding(db, userId)]);
    await Promise.all(
      rooms
        .filter((room) => room.rule.read.kind !== "members" || room.rule.write.kind !== "members")
        .map((room) => {
          const viewer = roomViewerOf(holder, standing, room.id);
          const hub = roomHub(env, room.id);
          if (readRefusal(viewer, room.rule) !== null) return hub.closeSockets({ userId }, ROOM_ACCESS_ENDED);
          return hub.writeAccessChanged(userId, writeRefusal(viewer, room.rule) === null);
        }),
    );
  } catch (err) {
    console.error("room: applying an access change failed", err);
  }
}

/** Tells a room the back office changed it (see RoomHub.roomChanged). Logged, never thrown: the write is done. */
export async function notifyRoomChanged(env: AppEnv, roomId: string, reconnect: boolean) {
  try {
    await roomHub(env, roomId).roomChanged(reconnect);
  } catch (err) {
    console.error(`room: telling room ${roomId} of a change failed`, err);
  }
}

/** Tells the pages open on a live show's room that the show ended (see RoomHub.showEnded). Logged, never thrown: the end is stored. */
export async function notifyShowEnded(env: AppEnv, roomId: string | null) {
  if (!roomId) return;
  try {
    await roomHub(env, roomId).showEnded();
  } catch (err) {
    console.error(`room: telling room ${roomId} the show ended failed`, err);
  }
}
