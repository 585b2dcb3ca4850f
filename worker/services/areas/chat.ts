// The VIP chat's reactions to a change of access (decision 040): a member who may no longer use
// VIP-only sockets has their chat socket closed with 4403 vip_ended, and a reply being written
// stops. An ended session named with its member closes that session's chat sockets at once; named
// alone, the chat closes them at their next frame (ChatThread asks D1 about the sender's session
// before anything it does), since the chat lives in the member's own object.
import { keepsVipSockets } from "../../db/member-access";
import { chatThread } from "../realtime/chat-thread";
import { VIP_ENDED } from "../realtime/socket-sessions";
import type { WorkerArea } from "./area";

export const chat = {
  accessChanged: async (env, _db, change) => {
    if (change.kind === "roles" && !keepsVipSockets(change.access)) {
      await chatThread(env, change.userId).closeSockets({ userId: change.userId }, VIP_ENDED);
    } else if (change.kind === "sessions" && "userId" in change.target) {
      await chatThread(env, change.target.userId).closeSockets(change.target);
    }
  },
} satisfies WorkerArea;
