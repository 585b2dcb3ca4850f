// Gift codes after fulfilment made them (decision 054; per tier, decision 116): the redemption and
// the printable card.
//
// A redemption is one D1 batch (a transaction): the code is taken by a conditional UPDATE, the
// member's comp is written only if that UPDATE took it, and is_vip is recomputed. Both writes also
// require the member's comp to be as it was read, so two gifts redeemed at once by one member
// cannot both start from the same end (the one that finds the comp changed takes nothing, and the
// service reads again and retries). Of any number of members racing for one code, the first batch
// takes it; every other batch changes nothing. The take also requires that no running source gives
// the member a tier above the gift's (a gift never downgrades), checked in the same statement.
import { sql, type SQL } from "drizzle-orm";
import type { DB } from "./client";
import { runBatch, type Statement } from "./d1";
import { compGrantsVip, grantsVip, syncUserMembership, type TierChange, type VipChange } from "./payments";
import { isLocale, type Locale } from "#contracts/locale.ts";
import type { GiftMonths } from "#contracts/store/model.ts";
import type { GateTier } from "#contracts/tiers/gate.ts";

/** The member's comp as read: its end (null: until revoked), whether or not that end has passed, and its tier. */
export type CompAsRead = { endsAt: number | null; tierId: string } | null;

/** A tier as a redemption compares it: its rank on the ladder, and its names for the answers. */
export type RankedTier = { id: string; rank: number; name: { en: string; ptBR: string } };

/** A code and the redeemer's VIP, read in one statement (one snapshot). Times in ms. */
export type RedemptionState = {
  code: string;
  months: GiftMonths;
  /** The tier the gift gives; null when the ladder no longer has it. */
  tier: RankedTier | null;
  redeemedAt: number | null;
  voidedAt: number | null;
  comp: CompAsRead;
  /** The highest tier the member's running subscriptions and comp give now; null: the free tier. */
  held: RankedTier | null;
  /** When the member's paying subscription of the gift's own tier ends (its cancel date or period end), if one runs. */
  paidUntil: number | null;
  /** A paying subscription that renews by itself. */
  renewing: boolean;
};

type StateRow = {
  code: string;
  months: GiftMonths;
  tier_id: string;
  tier_rank: number | null;
  tier_en: string | null;
  tier_pt: string | null;
  comp_tier_id: string | null;
  held_id: string | null;
  held_rank: number | null;
  held_en: string | null;
  held_pt: string | null;
  redeemed_at: number | null;
  voided_at: number | null;
  has_comp: number;
  comp_ends_at: number | null;
  paid_until: number | null;
  renewing: number;
};

/** SQL: the highest-ranked tier the member's running subscriptions and comp give at `now` (as syncUserTier reads it). */
const heldTierSql = (userId: string, now: number) => sql`(
  SELECT t.id FROM membership_tiers t
  WHERE t.id IN (SELECT s.tier_id FROM subscriptions s WHERE s.user_id = ${userId} AND ${grantsVip(now)})
     OR t.id IN (SELECT c.tier_id FROM vip_comps c WHERE c.user_id = ${userId} AND ${compGrantsVip(now)})
  ORDER BY t.rank DESC LIMIT 1)`;

const ranked = (id: string | null, rank: number | null, en: string | null, pt: string | null): RankedTier | null =>
  id === null || rank === null ? null : { id, rank, name: { en: en ?? id, ptBR: pt ?? id } };

export async function readRedemption(db: DB, code: string, userId: string, now: number): Promise<RedemptionState | null> {
  const row = await db.get<StateRow | undefined>(sql`
    SELECT g.code, g.months, g.tier_id, g.redeemed_at, g.voided_at,
      gt.rank AS tier_rank, gt.name_en AS tier_en, gt.name_pt_br AS tier_pt,
      ht.id AS held_id, ht.rank AS held_rank, ht.name_en AS held_en, ht.name_pt_br AS held_pt,
      EXISTS (SELECT 1 FROM vip_comps c WHERE c.user_id = ${userId}) AS has_comp,
      (SELECT c.ends_at FROM vip_comps c WHERE c.user_id = ${userId}) AS comp_ends_at,
      (SELECT c.tier_id FROM vip_comps c WHERE c.user_id = ${userId}) AS comp_tier_id,
      (SELECT max(coalesce(s.cancel_at, s.current_period_end)) FROM subscriptions s
        WHERE s.user_id = ${userId} AND s.tier_id = g.tier_id AND ${grantsVip(now)}) AS paid_until,
      EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = ${userId} AND s.status IN ('active', 'trialing')
        AND s.cancel_at_period_end = 0 AND s.cancel_at IS NULL) AS renewing
    FROM gift_codes g
    LEFT JOIN membership_tiers gt ON gt.id = g.tier_id
    LEFT JOIN membership_tiers ht ON ht.id = ${heldTierSql(userId, now)}
    WHERE g.code = ${code}`);
  if (!row) return null;
  return {
    code: row.code,
    months: row.months,
    tier: ranked(row.tier_id, row.tier_rank, row.tier_en, row.tier_pt),
    redeemedAt: row.redeemed_at,
    voidedAt: row.voided_at,
    comp: row.has_comp ? { endsAt: row.comp_ends_at, tierId: row.comp_tier_id ?? "vip" } : null,
    held: ranked(row.held_id, row.held_rank, row.held_en, row.held_pt),
    paidUntil: row.paid_until,
    renewing: Boolean(row.renewing),
  };
}

/** What one redemption writes: the code for the member at `now`, the comp of the gift's tier and its new end (null: keep it until revoked). */
export type RedemptionPlan = {
  code: string;
  userId: string;
  now: number;
  comp: CompAsRead;
  tier: RankedTier;
  newEndsAt: number | null;
  addedAfter: number;
};

const raw = (db: DB, query: SQL): Statement => db.run(query).getQuery();

/** SQL: the member's comp is still as read (the same end, or still none). */
const compStillAsRead = ({ userId, comp }: RedemptionPlan) =>
  comp
    ? sql`EXISTS (SELECT 1 FROM vip_comps WHERE user_id = ${userId} AND ends_at IS ${comp.endsAt} AND tier_id = ${comp.tierId})`
    : sql`NOT EXISTS (SELECT 1 FROM vip_comps WHERE user_id = ${userId})`;

/** SQL: the code was taken for this member at this instant, i.e. by this batch's first statement. */
const takenHere = ({ code, userId, now }: RedemptionPlan) =>
  sql`EXISTS (SELECT 1 FROM gift_codes WHERE code = ${code} AND redeemed_by = ${userId} AND redeemed_at = ${now})`;

/** The comp's write, or none when an indefinite comp stays as it is. */
function compWrite(db: DB, plan: RedemptionPlan): Statement | null {
  const { userId, now, comp, newEndsAt, tier } = plan;
  if (newEndsAt === null) return null;
  if (!comp) {
    return raw(
      db,
      sql`INSERT INTO vip_comps (user_id, granted_by, granted_at, ends_at, tier_id)
        SELECT ${userId}, NULL, ${now}, ${newEndsAt}, ${tier.id} WHERE ${takenHere(plan)} AND ${compStillAsRead(plan)}`,
    );
  }
  // A comp past its end that the cron has not removed yet starts again now (the pass's "VIP since"),
  // as the gift's tier; a running one is of that tier already (planRedemption refuses any other).
  return raw(
    db,
    sql`UPDATE vip_comps SET ends_at = ${newEndsAt}, tier_id = ${tier.id}, granted_at = CASE WHEN ends_at <= ${now} THEN ${now} ELSE granted_at END
      WHERE user_id = ${userId} AND ends_at IS ${comp.endsAt} AND tier_id = ${comp.tierId} AND ${takenHere(plan)}`,
  );
}

/** SQL: no running source gives the member a tier ranked above the gift's (a tier the ladder lacks ranks above all). */
const notAboveGift = ({ userId, now, tier }: RedemptionPlan) =>
  sql`coalesce((SELECT rank FROM membership_tiers WHERE id = ${heldTierSql(userId, now)}), 0) <= ${tier.rank}`;

/**
 * Runs the redemption's batch. taken: this batch took the code (false: someone took it first, it
 * was voided, the member's comp changed since it was read, or they hold a higher tier now).
 * vipChange: the flag it turned on; tierChange: the tier it moved them to.
 */
export async function redeemGiftCode(db: DB, plan: RedemptionPlan): Promise<{ taken: boolean; vipChange: VipChange | null; tierChange: TierChange | null }> {
  const take = raw(
    db,
    sql`UPDATE gift_codes SET redeemed_by = ${plan.userId}, redeemed_at = ${plan.now},
        vip_from = ${plan.newEndsAt === null ? null : plan.addedAfter}, vip_until = ${plan.newEndsAt}
      WHERE code = ${plan.code} AND tier_id = ${plan.tier.id} AND redeemed_at IS NULL AND voided_at IS NULL
        AND ${compStillAsRead(plan)} AND ${notAboveGift(plan)}
      RETURNING code`,
  );
  const comp = compWrite(db, plan);
  const results = await runBatch(db, [take, ...(comp ? [comp] : []), ...syncUserMembership(db, plan.userId, plan.now)]);
  const sync = results[results.length - 1];
  const tierSync = results[results.length - 2];
  return {
    taken: (results[0]?.results.length ?? 0) === 1,
    vipChange: (sync?.results[0] as VipChange | undefined) ?? null,
    tierChange: (tierSync?.results[0] as TierChange | undefined) ?? null,
  };
}

/** Whom to tell that a code was redeemed: the buyer (member or guest) in their language, and who redeemed it. */
export type RedemptionNotice = {
  code: string;
  months: GiftMonths;
  /** The gift's tier, by its names (its id where the ladder lacks it). */
  tier: { en: string; ptBR: string };
  redeemedAt: number;
  buyerEmail: string;
  buyerUserId: string | null;
  /** The buyer member's language, else the language they bought in. */
  buyerLocale: Locale;
  redeemerId: string;
  /** The redeemer's username. */
  redeemer: string;
  /** A gift to oneself: bought by the redeemer's account or with their address. */
  toThemselves: boolean;
};

export async function readRedemptionNotice(db: DB, code: string): Promise<RedemptionNotice | null> {
  const row = await db.get<
    | {
        code: string;
        months: GiftMonths;
        tier_id: string;
        tier_en: string | null;
        tier_pt: string | null;
        redeemed_at: number | null;
        buyer_email: string;
        buyer_user_id: string | null;
        buyer_locale: string | null;
        order_locale: string | null;
        redeemed_by: string | null;
        username: string | null;
        email: string | null;
      }
    | undefined
  >(sql`
    SELECT g.code, g.months, g.tier_id, t.name_en AS tier_en, t.name_pt_br AS tier_pt, g.redeemed_at, g.buyer_email, g.buyer_user_id, g.redeemed_by,
      b.locale AS buyer_locale, o.locale AS order_locale, r.username, r.email
    FROM gift_codes g
    LEFT JOIN membership_tiers t ON t.id = g.tier_id
    LEFT JOIN users b ON b.id = g.buyer_user_id
    LEFT JOIN orders o ON o.id = g.order_id
    LEFT JOIN users r ON r.id = g.redeemed_by
    WHERE g.code = ${code}`);
  if (!row || row.redeemed_at === null || row.redeemed_by === null || row.email === null) return null;
  const buyerLocale = isLocale(row.buyer_locale) ? row.buyer_locale : isLocale(row.order_locale) ? row.order_locale : "en";
  return {
    code: row.code,
    months: row.months,
    tier: { en: row.tier_en ?? row.tier_id, ptBR: row.tier_pt ?? row.tier_id },
    redeemedAt: row.redeemed_at,
    buyerEmail: row.buyer_email,
    buyerUserId: row.buyer_user_id,
    buyerLocale,
    redeemerId: row.redeemed_by,
    redeemer: row.username || row.email.split("@")[0] || row.email,
    toThemselves: row.buyer_user_id === row.redeemed_by || row.buyer_email.toLowerCase() === row.email.toLowerCase(),
  };
}

/** A code as its printable card shows it. */
export type GiftCardRow = {
  code: string;
  months: GiftMonths;
  tier: GateTier;
  buyerUserId: string | null;
  redeemedAt: number | null;
  voidedAt: number | null;
  redeemedBy: string | null;
  createdAt: number;
};

export async function findGiftCard(db: DB, code: string): Promise<GiftCardRow | null> {
  const row = await db.get<
    | {
        code: string;
        months: GiftMonths;
        tier_id: string;
        tier_en: string | null;
        tier_pt: string | null;
        buyer_user_id: string | null;
        redeemed_at: number | null;
        voided_at: number | null;
        username: string | null;
        email: string | null;
        created_at: number;
      }
    | undefined
  >(sql`
    SELECT g.code, g.months, g.tier_id, t.name_en AS tier_en, t.name_pt_br AS tier_pt, g.buyer_user_id, g.redeemed_at, g.voided_at, g.created_at, r.username, r.email
    FROM gift_codes g LEFT JOIN users r ON r.id = g.redeemed_by LEFT JOIN membership_tiers t ON t.id = g.tier_id
    WHERE g.code = ${code}`);
  if (!row) return null;
  return {
    code: row.code,
    months: row.months,
    tier: { id: row.tier_id, name: { en: row.tier_en ?? row.tier_id, ptBR: row.tier_pt ?? row.tier_id } },
    buyerUserId: row.buyer_user_id,
    redeemedAt: row.redeemed_at,
    voidedAt: row.voided_at,
    redeemedBy: row.email === null ? null : row.username || row.email.split("@")[0] || row.email,
    createdAt: row.created_at,
  };
}
