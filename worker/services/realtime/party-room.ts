// How the Worker reaches a listening party's room (durable-objects/PartyRoom.ts): one object per
// party, named by its id. Nothing here assumes one object for all parties.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { listPartiesWithRooms } from "../../db/parties";
import type { SocketTarget } from "./socket-sessions";

/** Headers the Worker sets on the upgrade: the party, and how the room shows the member. */
export const PARTY_ID_HEADER = "x-party-id";
export const PARTY_MEMBER_NAME_HEADER = "x-party-member-name";
export const PARTY_MEMBER_AVATAR_HEADER = "x-party-member-avatar";
export const PARTY_MEMBER_ADMIN_HEADER = "x-party-member-admin";
/** The member's tier badge as JSON ("null" for the free tier): shown beside their name (decision 104). */
export const PARTY_MEMBER_TIER_HEADER = "x-party-member-tier";

export const partyRoom = (env: AppEnv, partyId: string) => env.PARTY_ROOM.get(env.PARTY_ROOM.idFromName(partyId));

/** Tells a party's room the back office changed it. Logged, never thrown: the write is done. */
export async function notifyPartyChanged(env: AppEnv, partyId: string) {
  try {
    await partyRoom(env, partyId).partyChanged();
  } catch (err) {
    console.error(`party: telling room ${partyId} of a change failed`, err);
  }
}

/**
 * Closes a session's (or a member's) sockets in every party room that may hold some (open, on, or
 * just over). Logged, never thrown; the rooms re-check sessions before they send anyway.
 */
export async function closePartySockets(env: AppEnv, db: DB, target: SocketTarget, now = Date.now()) {
  try {
    const parties = await listPartiesWithRooms(db, now);
    await Promise.all(parties.map((p) => partyRoom(env, p.id).closeSockets(target)));
  } catch (err) {
    console.error("party: closing sockets failed", err);
  }
}
