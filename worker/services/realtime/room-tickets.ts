// Tickets that stop admitting their holder close the holder's sockets in the rooms whose rule needs
// them (decision 107): a refund or a lost dispute (each owner of the order's tickets is checked
// again, so a holder of another valid ticket to the event keeps their sockets), a transfer (its
// former owner), an event's cancellation (every socket of the event's rooms reconnects and is
// checked at its upgrade, rather than one check per holder). Run after the change is stored;
// logged, never thrown.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findMemberAccess } from "../../db/member-access";
import { roomsNamingEvent, ticketOwnersOfOrder } from "../../db/rooms";
import { applyRoomAccess, notifyRoomChanged } from "./room-hub";

/** One member's tickets changed: their sockets follow their rooms' rules as they stand now. */
export async function ticketsChanged(env: AppEnv, db: DB, userId: string) {
  try {
    const access = await findMemberAccess(db, userId);
    if (!access) return;
    await applyRoomAccess(env, db, userId, { isVIP: access.vip, isAdmin: access.admin, tier: access.tier });
  } catch (err) {
    console.error("room: applying a ticket change failed", err);
  }
}

/** An order's tickets were refunded or taken back: each of their owners is checked again. */
export async function orderTicketsEnded(env: AppEnv, db: DB, orderId: string) {
  try {
    const owners = await ticketOwnersOfOrder(db, orderId);
    await Promise.all(owners.map((userId) => ticketsChanged(env, db, userId)));
  } catch (err) {
    console.error(`room: closing sockets after order ${orderId}'s tickets ended failed`, err);
  }
}

/** Every ticket to the event was cancelled: the event's rooms reconnect their sockets. */
export async function eventTicketsEnded(env: AppEnv, db: DB, eventId: string) {
  try {
    const rooms = await roomsNamingEvent(db, eventId);
    await Promise.all(rooms.map((roomId) => notifyRoomChanged(env, roomId, true)));
  } catch (err) {
    console.error(`room: closing sockets after event ${eventId}'s cancellation failed`, err);
  }
}
