// A member's VIP or admin changed (the back office's comp VIP or admin switch, a payment event):
// their session is kept, since every request reads the roles from D1 (toSessionUser), and their
// open sockets follow the new role at once (decision 040):
// - every feed socket of theirs (the feed page's and the notices socket every signed-in page
//   holds) gets a role_changed frame, so the page refetches `me`, and reads the counts of posts
//   for tiers as their new tier allows (decision 099);
// - when they may no longer use VIP-only sockets (neither VIP nor admin), their chat socket, radio
//   sockets and sockets in VIP-only listening parties close with 4403 vip_ended, and a reply being
//   written stops (a party open to every member keeps them);
// - their sockets in a VIP-only party whose lowest tier is above their new one close too, with
//   4403 tier_ended when they are still VIP (decision 104);
// - in the community rooms whose rule names a tier, their sockets close where they may no longer
//   read, and learn whether they may still write where they may (decision 106).
// Failures are logged, never thrown: the change is committed, and ChatThread re-checks VIP before
// each message, the pages refetch `me` when they regain focus.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { findMemberAccess, keepsVipSockets } from "../../db/member-access";
import { feedHub, type FeedReader } from "./feed-hub";
import { chatThread } from "./chat-thread";
import { closeStationSockets } from "./station-hub";
import { partyRoom } from "./party-room";
import { listPartiesWithRooms } from "../../db/parties";
import { passesVipTier, tiersForMinTiers } from "../../db/tier-gate";
import { TIER_ENDED, VIP_ENDED, type SocketClose, type SocketTarget } from "./socket-sessions";
import { FREE_TIER, type TierHolder } from "#contracts/tiers.ts";
import { applyRoomAccess } from "./room-hub";

/** Tells the member's open sockets that their roles changed; see the top. Never throws. */
export async function announceRoleChange(env: AppEnv, db: DB, userId: string): Promise<void> {
  let access;
  try {
    access = await findMemberAccess(db, userId);
  } catch (err) {
    console.error("role change: reading the member's roles failed", err);
    return;
  }
  if (!access) return;
  const vipKept = keepsVipSockets(access);
  // Without VIP (or admin) every VIP gate refuses them, whatever tier row is left.
  const holder = vipKept ? { isVIP: access.vip, isAdmin: access.admin, tier: access.tier } : { isVIP: false, tier: FREE_TIER };
  const work: Promise<unknown>[] = [
    tellFeed(env, userId, { tier: access.tier, isAdmin: access.admin }),
    // A VIP who moved down a tier may still lose a party for a tier above theirs.
    closeUnadmittedPartySockets(env, db, { userId }, holder, vipKept ? TIER_ENDED : VIP_ENDED),
    applyRoomAccess(env, db, userId, { isVIP: access.vip, isAdmin: access.admin, tier: access.tier }),
  ];
  if (!vipKept) work.push(closeChat(env, userId), closeStationSockets(env, db, { userId }, VIP_ENDED));
  await Promise.all(work);
}

async function tellFeed(env: AppEnv, userId: string, reader: FeedReader) {
  try {
    await feedHub(env, userId).roleChanged(userId, reader);
  } catch (err) {
    console.error("role change: telling the feed hub failed", err);
  }
}

async function closeChat(env: AppEnv, userId: string) {
  try {
    await chatThread(env, userId).closeSockets({ userId }, VIP_ENDED);
  } catch (err) {
    console.error("role change: closing the chat sockets failed", err);
  }
}

/**
 * The member's tier changed (decisions 040 and 104): their sockets in VIP-only party rooms whose
 * lowest tier (VIP where none is named) no longer admits `holder` close with `close` (4403); rooms
 * open to every member, and those the new tier still opens, keep them. Logged, never thrown. Here,
 * not beside the rooms' stub: the ladder's module builds zod schemas, kept off the rooms' start-up.
 */
async function closeUnadmittedPartySockets(env: AppEnv, db: DB, target: SocketTarget, holder: TierHolder, close: SocketClose, now = Date.now()) {
  try {
    const parties = await listPartiesWithRooms(db, now, { vipOnly: true });
    const tiers = await tiersForMinTiers(
      db,
      parties.map((p) => p.minTierId),
    );
    const refused = parties.filter((p) => !passesVipTier(holder, p.minTierId, tiers));
    await Promise.all(refused.map((p) => partyRoom(env, p.id).closeSockets(target, close)));
  } catch (err) {
    console.error("party: closing sockets failed", err);
  }
}
