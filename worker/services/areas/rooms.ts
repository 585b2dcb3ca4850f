// The community rooms in the Worker. Hourly, the pictures uploaded for a message and never sent
// leave R2 (decision 115; the job's module loads on its first run, not with the Worker). When
// someone's access changes (decisions 106, 107), their sockets follow the rooms' rules as they stand
// now: a member whose roles or tickets changed leaves the rooms they may no longer read and learns
// whether they may still write where they may; the owners of an order's refunded or taken-back
// tickets are each checked again (a holder of another valid ticket to the event keeps their
// sockets); an event's cancellation makes every socket of its rooms reconnect and be checked at its
// upgrade, rather than one check per holder; an ended session's sockets close.
import { roomsNamingEvent, ticketOwnersOfOrder } from "../../db/rooms/rooms";
import { findMemberAccess, type MemberAccess } from "../../db/member-access";
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { applyRoomAccess, closeRoomSockets, notifyRoomChanged } from "../realtime/room-hub";
import { HOURLY_CRON, type WorkerArea } from "./area";

const applyAccess = (env: AppEnv, db: DB, userId: string, access: MemberAccess | null) =>
  access && applyRoomAccess(env, db, userId, { isVIP: access.vip, isAdmin: access.admin, tier: access.tier });

export const rooms = {
  cron: [
    {
      cron: HOURLY_CRON,
      name: "rooms: unsent pictures",
      run: async ({ env, db, scheduledTime }) => (await import("../room-unsent-pictures")).removeUnsentRoomPictures(env, db, scheduledTime),
    },
  ],
  accessChanged: async (env, db, change) => {
    switch (change.kind) {
      case "roles":
      case "tickets":
        return applyAccess(env, db, change.userId, change.access);
      case "order-tickets": {
        const owners = await ticketOwnersOfOrder(db, change.orderId);
        return Promise.all(owners.map(async (userId) => applyAccess(env, db, userId, await findMemberAccess(db, userId))));
      }
      case "event-tickets":
        return Promise.all((await roomsNamingEvent(db, change.eventId)).map((roomId) => notifyRoomChanged(env, roomId, true)));
      case "sessions":
        return closeRoomSockets(env, db, change.target);
    }
  },
} satisfies WorkerArea;
