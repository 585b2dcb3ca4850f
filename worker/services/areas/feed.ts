// The feed's reactions to a change of access (decision 040): every feed socket of a member whose
// roles changed (the feed page's and the notices socket every signed-in page holds) gets a
// role_changed frame, so the page refetches `me` and reads the counts of posts for tiers as the
// new tier allows (decision 099); an ended session's sockets close.
import { closeFeedSockets, feedHub } from "../realtime/feed-hub";
import type { WorkerArea } from "./area";

export const feed = {
  accessChanged: async (env, _db, change) => {
    if (change.kind === "roles") {
      await feedHub(env, change.userId).roleChanged(change.userId, { tier: change.access.tier, isAdmin: change.access.admin });
    } else if (change.kind === "sessions") await closeFeedSockets(env, change.target);
  },
} satisfies WorkerArea;
