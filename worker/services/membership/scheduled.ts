// Cron trigger (wrangler.toml [triggers]): VIP ends when a past-due grace period runs out, even
// if the member never comes back to trigger the read-time check, and when a comp with an end (a
// redeemed gift of VIP) reaches it. Each member whose VIP it ended is announced like any other role
// change (decision 040): their chat, radio and VIP-only party sockets close 4403 vip_ended and
// their open pages refetch who is signed in.
import { createDb, type DB } from "../../db/client";
import { endExpiredComps, endExpiredGraces } from "../../db/payments";
import type { AppEnv } from "../../env";
import { notifyVipChanged } from "../notifications/membership";
import { readTiers } from "../../db/tiers/tiers";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import { accessChanged } from "../access-changed";

export async function endExpiredVipGraces(controller: Pick<ScheduledController, "scheduledTime">, env: AppEnv) {
  const db = createDb(env.DB);
  const ended = await endExpiredGraces(db, controller.scheduledTime);
  if (ended.length > 0) console.log(`payments: VIP ended for ${ended.length} member(s) whose payment grace period ran out`);
  // One member at a time: an hourly run rarely ends more than a few, and each fan-out already
  // reaches every station and party room. accessChanged never throws.
  // Neither throws. vip_ended is keyed by this run: the grace ends once (is_vip went 1 -> 0 here).
  for (const userId of ended) {
    await accessChanged(env, db, { kind: "roles", userId });
    await notifyVipChanged(env, db, userId, false, `grace:${userId}:${controller.scheduledTime}`);
  }
  return ended.length + (await endGiftedVip(env, db, controller.scheduledTime));
}

/**
 * Removes the comps whose end has come. A member whose VIP ended with theirs is announced and told
 * "your gifted VIP ended", keyed by the comp's end (a removed row is returned once); one that stays
 * VIP (a paying subscription) is left alone.
 */
async function endGiftedVip(env: AppEnv, db: DB, now: number): Promise<number> {
  const comps = await endExpiredComps(db, now);
  const ended = comps.filter((comp) => comp.vipEnded);
  if (ended.length > 0) console.log(`payments: VIP ended for ${ended.length} member(s) whose gifted VIP ran out`);
  // A gift of a tier above VIP is named in its end's notice (decision 116); VIP's keeps its words.
  const ladder = ended.some((comp) => comp.tierId !== VIP_TIER_ID) ? await readTiers(db) : [];
  for (const { userId, endsAt, tierId } of ended) {
    const tier = tierId === VIP_TIER_ID ? undefined : ladder.find((t) => t.id === tierId);
    await accessChanged(env, db, { kind: "roles", userId });
    const names = tier ? { tierEn: tier.name.en, tierPtBR: tier.name.ptBR } : {};
    await notifyVipChanged(env, db, userId, false, `gift:${userId}:${endsAt}`, { params: { gift: true, ...names } });
  }
  // A gift of a higher tier ran out beside a lower paid one: still VIP, a lower tier now (decision 116).
  for (const { userId } of comps.filter((comp) => comp.tierChanged && !comp.vipEnded)) await accessChanged(env, db, { kind: "roles", userId });
  return ended.length;
}
