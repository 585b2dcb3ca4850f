// The listening parties' reactions to a change of access (decisions 040 and 104): a member whose
// tier changed leaves every VIP-only party whose lowest tier (VIP where none is named) no longer
// admits them, with 4403 tier_ended while still VIP and vip_ended when not (a party open to every
// member keeps them); an ended session's sockets close in every party that may hold some.
import { keepsVipSockets } from "../../db/member-access";
import { listPartiesWithRooms } from "../../db/parties";
import { passesVipTier, tiersForMinTiers } from "../../db/tiers/gate";
import { closePartySockets, partyRoom } from "../realtime/party-room";
import { TIER_ENDED, VIP_ENDED } from "../realtime/socket-sessions";
import { FREE_TIER } from "#contracts/tiers/tiers.ts";
import type { WorkerArea } from "./area";

export const parties = {
  accessChanged: async (env, db, change) => {
    if (change.kind === "roles") {
      const vipKept = keepsVipSockets(change.access);
      // Without VIP (or admin) every VIP gate refuses them, whatever tier row is left.
      const holder = vipKept ? { isVIP: change.access.vip, isAdmin: change.access.admin, tier: change.access.tier } : { isVIP: false, tier: FREE_TIER };
      const open = await listPartiesWithRooms(db, Date.now(), { vipOnly: true });
      const tiers = await tiersForMinTiers(
        db,
        open.map((party) => party.minTierId),
      );
      const refused = open.filter((party) => !passesVipTier(holder, party.minTierId, tiers));
      await Promise.all(refused.map((party) => partyRoom(env, party.id).closeSockets({ userId: change.userId }, vipKept ? TIER_ENDED : VIP_ENDED)));
    } else if (change.kind === "sessions") await closePartySockets(env, db, change.target);
  },
} satisfies WorkerArea;
