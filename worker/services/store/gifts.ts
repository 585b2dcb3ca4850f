// Gift VIP (decision 054): a signed-in member redeems a code for complimentary VIP, its months
// added after any VIP time they already have; then their open pages learn it, they are told until
// when, and the buyer is told who redeemed it (in the centre when they have an account, and by
// mail), each once.
import type { AppEnv } from "../../env";
import { readConfig } from "../../env";
import type { DB } from "../../db/client";
import { readRedemption, readRedemptionNotice, redeemGiftCode, type RedemptionPlan, type RedemptionState } from "../../db/gift-codes";
import { addCalendarMonthsUtc, normaliseGiftCode, type GiftRedeemResponse } from "#contracts/store-gifts.ts";
import { announceRoleChange } from "../realtime/role-change";
import { notifyVipChanged } from "../notifications/membership";
import { notifyMembers } from "../notifications";
import { createMailService } from "../mail";
import { giftRedeemedMail } from "./gift-mail";

/** Where a redeemed gift's notification leads: what VIP opens. */
const VIP_PERKS_LINK = "/perks";
/** Where the buyer sees their gift codes and their state. */
const COLLECTION_LINK = "/collection";

/**
 * Reads and tries again when the member's comp changed between the read and the batch (another of
 * their gifts redeemed at that moment): each round at least one of those redemptions lands, and
 * the per-account rate limit bounds how many can race.
 */
const MAX_ATTEMPTS = 12;

export type Redemption = GiftRedeemResponse & { code: string; userId: string; redeemedAt: number; vipTurnedOn: boolean };

type Plan = { plan: RedemptionPlan; addedAfter: number };

/**
 * The gift's months go after the VIP the member already has: a comp still running (from its end),
 * a paying subscription (from its period end or cancel date), whichever ends later. A comp until
 * revoked stays so: there is no end to add to.
 */
function planRedemption(state: RedemptionState, userId: string, now: number): Plan {
  const base = { code: state.code, userId, now, comp: state.comp };
  if (state.comp && state.comp.endsAt === null) return { plan: { ...base, newEndsAt: null, addedAfter: now }, addedAfter: now };
  const from = Math.max(now, state.comp?.endsAt ?? 0, state.paidUntil ?? 0);
  return { plan: { ...base, newEndsAt: addCalendarMonthsUtc(from, state.months), addedAfter: from }, addedAfter: from };
}

/** Redeems a typed code for the member, once. "invalid": no such code, or voided; "redeemed": taken already. */
export async function redeemGift(db: DB, input: string, userId: string, now = Date.now()): Promise<Redemption | "invalid" | "redeemed"> {
  const code = normaliseGiftCode(input);
  if (!code) return "invalid";
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const state = await readRedemption(db, code, userId, now);
    if (!state || state.voidedAt !== null) return "invalid";
    if (state.redeemedAt !== null) return "redeemed";
    const { plan, addedAfter } = planRedemption(state, userId, now);
    const { taken, vipChange } = await redeemGiftCode(db, plan);
    if (!taken) continue;
    return {
      code,
      userId,
      redeemedAt: now,
      months: state.months,
      vipUntil: plan.newEndsAt === null ? null : new Date(plan.newEndsAt).toISOString(),
      addedAfter: addedAfter > now ? new Date(addedAfter).toISOString() : null,
      subscriptionRenews: state.renewing,
      vipTurnedOn: vipChange !== null,
    };
  }
  throw new Error(`gift ${code}: the member's comp kept changing under ${MAX_ATTEMPTS} attempts`);
}

/**
 * After a redemption committed: the redeemer's open pages refetch who they are (now VIP), they are
 * told until when, and the buyer is told, unless the gift was to themselves. Every notice is keyed
 * by the code, so it goes once. Never throws.
 */
export async function announceRedemption(env: AppEnv, db: DB, redemption: Redemption): Promise<void> {
  const { code, userId, vipUntil } = redemption;
  const work: Promise<unknown>[] = [
    notifyVipChanged(env, db, userId, true, `gift:${code}`, { params: { gift: true, ...(vipUntil ? { at: vipUntil } : {}) }, link: VIP_PERKS_LINK }),
  ];
  if (redemption.vipTurnedOn) work.push(announceRoleChange(env, db, userId));
  work.push(tellBuyer(env, db, code, userId));
  await Promise.all(work);
}

async function tellBuyer(env: AppEnv, db: DB, code: string, redeemerId: string): Promise<void> {
  try {
    const notice = await readRedemptionNotice(db, code);
    if (!notice || notice.redeemerId !== redeemerId || notice.toThemselves) return;
    const at = new Date(notice.redeemedAt).toISOString();
    const notified = notice.buyerUserId
      ? notifyMembers(env, db, { id: `gift_redeemed:${code}`, kind: "gift_redeemed", actorId: redeemerId, params: { at }, link: COLLECTION_LINK }, [
          notice.buyerUserId,
        ])
      : undefined;
    const cfg = readConfig(env);
    const mail = giftRedeemedMail({
      to: notice.buyerEmail,
      locale: notice.buyerLocale,
      brandName: cfg.BRAND_NAME,
      redeemer: notice.redeemer,
      months: notice.months,
      redeemedAt: notice.redeemedAt,
      code,
      collectionUrl: new URL(COLLECTION_LINK, cfg.SITE_URL).href,
    });
    // Keyed by the code: the outbox and the provider keep one copy however often this runs.
    await Promise.all([notified, createMailService(env, db).sendBatch([mail], `gift-redeemed:${code}`)]);
  } catch (err) {
    console.error(`gifts: telling the buyer of ${code} failed`, err);
  }
}
