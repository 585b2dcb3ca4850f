// The back office raised a listening party's lowest tier (made it VIP-only, or named a higher tier)
// while its room is open (decision 108): the members inside whom the party no longer admits leave
// at once, 4403 tier_ended, as a member whose own tier fell does (decision 104). Admins stay. The
// room only knows who holds a socket; each member's tier is read from D1, as the upgrade reads it.
// Logged, never thrown: the edit is committed, and a refused member's next upgrade is refused anyway.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findMemberAccess, keepsVipSockets } from "../../db/member-access";
import { passesVipTier, tiersForMinTiers } from "../../db/tiers/gate";
import { partyRoom } from "./party-room";
import { TIER_ENDED } from "./socket-sessions";
import { FREE_TIER } from "#contracts/tiers/tiers.ts";

export async function closeSocketsBelowPartyTier(env: AppEnv, db: DB, party: { id: string; vipOnly: boolean; minTierId: string | null }) {
  if (!party.vipOnly) return;
  try {
    const room = partyRoom(env, party.id);
    const ids = await room.listenerIds();
    if (ids.length === 0) return;
    const [tiers, members] = await Promise.all([tiersForMinTiers(db, [party.minTierId]), Promise.all(ids.map((id) => findMemberAccess(db, id)))]);
    const refused = ids.filter((_, i) => {
      const access = members[i];
      if (!access) return false; // a member deleted meanwhile: their sessions went with the account
      const holder = keepsVipSockets(access) ? { isVIP: access.vip, isAdmin: access.admin, tier: access.tier } : { isVIP: false, tier: FREE_TIER };
      return !passesVipTier(holder, party.minTierId, tiers);
    });
    await Promise.all(refused.map((userId) => room.closeSockets({ userId }, TIER_ENDED)));
  } catch (err) {
    console.error(`party: closing the sockets below room ${party.id}'s tier failed`, err);
  }
}
