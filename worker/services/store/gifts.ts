// Gift codes (decision 054; per tier, decision 116): a signed-in member redeems a code for a
// complimentary membership of the code's tier, its months added after any time of that tier they
// already have; then their open pages learn it, they are told until when, and the buyer is told who
// redeemed it (in the centre when they have an account, and by mail), each once. A member who holds
// a higher tier, or whose complimentary membership of another tier still runs, is refused and the
// code stays unused (no downgrade, nothing taken).
import type { AppEnv } from "../../env";
import { readConfig } from "../../env";
import type { DB } from "../../db/client";
import { readRedemption, readRedemptionNotice, redeemGiftCode, type RankedTier, type RedemptionPlan, type RedemptionState } from "../../db/gift-codes";
import { addCalendarMonthsUtc, normaliseGiftCode, type GiftRedeemResponse } from "#contracts/store/gifts.ts";
import { notifyVipChanged } from "../notifications/membership";
import { notifyMembers } from "../notifications";
import { createMailService } from "../mail";
import { giftRedeemedMail } from "./gift-mail";
import { VIP_TIER_ID } from "#contracts/tiers/tiers.ts";
import type { GateTier } from "#contracts/tiers/gate.ts";
import { accessChanged } from "../access-changed";

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

export type Redemption = GiftRedeemResponse & { code: string; userId: string; redeemedAt: number; roleChanged: boolean };

/** Why a code was not redeemed for this member, the code left as it was: which tier they hold. */
export type RedemptionRefusal = { refused: "below_held" | "comp_other_tier"; held: RankedTier; gift: RankedTier };

type Plan = { plan: RedemptionPlan; addedAfter: number };

/**
 * The gift's months go after the time of its tier the member already has: a comp of that tier
 * still running (from its end), a paying subscription of that tier (from its period end or cancel
 * date), whichever ends later; beside a lower paid tier they start now (the higher tier wins while
 * both run). A comp until revoked stays so: there is no end to add to. A member holding a higher
 * tier is refused (a gift never downgrades); so is one whose comp of a lower tier still runs (one
 * comp has one tier: they redeem when it ends).
 */
function planRedemption(state: RedemptionState, tier: RankedTier, userId: string, now: number): Plan | RedemptionRefusal {
  if (state.held && state.held.rank > tier.rank) return { refused: "below_held", held: state.held, gift: tier };
  const compRunning = state.comp !== null && (state.comp.endsAt === null || state.comp.endsAt > now);
  if (compRunning && state.comp!.tierId !== tier.id) return { refused: "comp_other_tier", held: state.held ?? tier, gift: tier };
  const base = { code: state.code, userId, now, comp: state.comp, tier };
  if (compRunning && state.comp!.endsAt === null) return { plan: { ...base, newEndsAt: null, addedAfter: now }, addedAfter: now };
  const from = Math.max(now, compRunning ? (state.comp!.endsAt ?? 0) : 0, state.paidUntil ?? 0);
  return { plan: { ...base, newEndsAt: addCalendarMonthsUtc(from, state.months), addedAfter: from }, addedAfter: from };
}

/**
 * Redeems a typed code for the member, once. "invalid": no such code, voided, or of a tier the
 * ladder no longer has; "redeemed": taken already; a refusal: the member's tier does not allow it.
 */
export async function redeemGift(db: DB, input: string, userId: string, now = Date.now()): Promise<Redemption | RedemptionRefusal | "invalid" | "redeemed"> {
  const code = normaliseGiftCode(input);
  if (!code) return "invalid";
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const state = await readRedemption(db, code, userId, now);
    if (!state || state.voidedAt !== null || !state.tier) return "invalid";
    if (state.redeemedAt !== null) return "redeemed";
    const planned = planRedemption(state, state.tier, userId, now);
    if ("refused" in planned) return planned;
    const { plan, addedAfter } = planned;
    const { taken, vipChange, tierChange } = await redeemGiftCode(db, plan);
    if (!taken) continue;
    return {
      code,
      userId,
      redeemedAt: now,
      months: state.months,
      tier: { id: state.tier.id, name: state.tier.name },
      vipUntil: plan.newEndsAt === null ? null : new Date(plan.newEndsAt).toISOString(),
      addedAfter: addedAfter > now ? new Date(addedAfter).toISOString() : null,
      subscriptionRenews: state.renewing,
      roleChanged: vipChange !== null || tierChange !== null,
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
  const tierNames = tierParams(redemption.tier);
  const work: Promise<unknown>[] = [
    notifyVipChanged(env, db, userId, true, `gift:${code}`, {
      params: { gift: true, ...tierNames, ...(vipUntil ? { at: vipUntil } : {}) },
      link: VIP_PERKS_LINK,
    }),
  ];
  if (redemption.roleChanged) work.push(accessChanged(env, db, { kind: "roles", userId: userId }));
  work.push(tellBuyer(env, db, code, userId, tierNames));
  await Promise.all(work);
}

/** A gift's tier in a notification's params: its names, except VIP's (whose texts stay as they were). */
const tierParams = (tier: GateTier) => (tier.id === VIP_TIER_ID ? {} : { tierEn: tier.name.en, tierPtBR: tier.name.ptBR });

async function tellBuyer(env: AppEnv, db: DB, code: string, redeemerId: string, tierNames: ReturnType<typeof tierParams>): Promise<void> {
  try {
    const notice = await readRedemptionNotice(db, code);
    if (!notice || notice.redeemerId !== redeemerId || notice.toThemselves) return;
    const at = new Date(notice.redeemedAt).toISOString();
    const notified = notice.buyerUserId
      ? notifyMembers(
          env,
          db,
          { id: `gift_redeemed:${code}`, kind: "gift_redeemed", actorId: redeemerId, params: { at, ...tierNames }, link: COLLECTION_LINK },
          [notice.buyerUserId],
        )
      : undefined;
    const cfg = readConfig(env);
    const mail = giftRedeemedMail({
      to: notice.buyerEmail,
      locale: notice.buyerLocale,
      brandName: cfg.BRAND_NAME,
      redeemer: notice.redeemer,
      months: notice.months,
      tier: notice.tier,
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
