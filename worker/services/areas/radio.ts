// The radio's reactions to a change of access (decision 040): a member who may no longer use
// VIP-only sockets (neither VIP nor admin) has their radio sockets closed with 4403 vip_ended on
// every station; an ended session's sockets close.
import { keepsVipSockets } from "../../db/member-access";
import { closeStationSockets } from "../realtime/station-hub";
import { VIP_ENDED } from "../realtime/socket-sessions";
import type { WorkerArea } from "./area";

export const radio = {
  accessChanged: async (env, db, change) => {
    if (change.kind === "roles" && !keepsVipSockets(change.access)) {
      await closeStationSockets(env, db, { userId: change.userId }, VIP_ENDED);
    } else if (change.kind === "sessions") await closeStationSockets(env, db, change.target);
  },
} satisfies WorkerArea;
