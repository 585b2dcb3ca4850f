// Ending a session (logout, password reset, later a ban) closes every live socket it opened: the
// feed's, the radio stations', the member's chat, the parties' and the community rooms'. Failures
// are logged by each helper, never thrown: the session is already gone from D1, and the hubs
// re-check sessions before they send.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { chatThread } from "./chat-thread";
import { closeFeedSockets } from "./feed-hub";
import { closeStationSockets } from "./station-hub";
import { closePartySockets } from "./party-room";
import { closeRoomSockets } from "./room-hub";
import type { SocketTarget } from "./socket-sessions";

/**
 * A session, or every session of a member. A session given with its member (`{ sessionHash,
 * userId }`) also has its chat sockets closed at once: the chat lives in the member's own object,
 * which a session hash alone cannot name. Without it, the chat closes that session's sockets at
 * their next frame (ChatThread asks D1 about the sender's session before anything it does).
 */
export type MemberSocketTarget = SocketTarget | { sessionHash: string; userId: string };

export async function closeMemberSockets(env: AppEnv, db: DB, target: MemberSocketTarget) {
  await Promise.all([
    closeFeedSockets(env, target),
    closeStationSockets(env, db, target),
    closeChatSockets(env, target),
    closePartySockets(env, db, target),
    closeRoomSockets(env, db, target),
  ]);
}

async function closeChatSockets(env: AppEnv, target: MemberSocketTarget) {
  if (!("userId" in target)) return;
  try {
    await chatThread(env, target.userId).closeSockets(target);
  } catch (err) {
    console.error("chat: closing sockets failed", err);
  }
}
