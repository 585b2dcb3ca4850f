// Gates by membership tier stored beside content (decision 099): two nullable columns, `min_tier_id`
// ("tier at least this one": its rank is read from the ladder when asked) and `tier_ids` (a JSON
// array: "one of these tiers"). Each gated read resolves them against the ladder (readTiers, kept a
// few seconds per isolate) and asks admitsTier; the SQL twins below filter lists in D1 so a page or
// a search never carries what its reader may not open. A tier id the ladder no longer has admits
// nobody but admins: a gate fails closed.
import type { DB } from "../client";
import { readTiers } from "./tiers";
import { admitsTier, FREE_TIER_ID, tierOf, VIP_TIER_RANK, type TierHolder, type TierRule, type TierView } from "#contracts/tiers/tiers.ts";
import { TIER_ID_PATTERN, type GateTier, type TierGate, type TierGateView } from "#contracts/tiers/gate.ts";

/** A gate as its two columns store it. */
export type GateColumns = { minTierId: string | null; tierIds: string | null };

/** The rank of a tier the ladder does not have: above every rank, so only admins pass. */
const NOBODY_RANK = 1_000_000;

function idList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** The gate the columns hold, or null (no tier gate). */
export function gateOfColumns({ minTierId, tierIds }: GateColumns): TierGate | null {
  if (minTierId !== null) return { minTier: minTierId };
  if (tierIds !== null) return { tierIds: idList(tierIds) };
  return null;
}

/** The columns that store `gate` (null: no gate). */
export const columnsOfGate = (gate: TierGate | null): GateColumns => ({
  minTierId: gate && "minTier" in gate ? gate.minTier : null,
  tierIds: gate && "tierIds" in gate ? JSON.stringify(gate.tierIds) : null,
});

const rankOf = (tiers: readonly TierView[], id: string) => tiers.find((t) => t.id === id)?.rank ?? NOBODY_RANK;

/** The rule `gate` means on the ladder as it stands. */
export const ruleOfGate = (gate: TierGate, tiers: readonly TierView[]): TierRule =>
  "minTier" in gate ? { minRank: rankOf(tiers, gate.minTier) } : { tierIds: gate.tierIds };

/** Whether `holder` (null: a visitor) passes `gate` (null: no gate, everyone passes). */
export const passesGate = (holder: TierHolder | null | undefined, gate: TierGate | null, tiers: readonly TierView[]) =>
  gate === null || admitsTier(holder, ruleOfGate(gate, tiers));

/** A tier by id with its names (an id the ladder lacks is named by itself). */
export const gateTier = (tiers: readonly TierView[], id: string): GateTier => {
  const tier = tiers.find((t) => t.id === id);
  return { id, name: tier ? tier.name : { en: id, ptBR: id } };
};

/** The gate with its tiers' names, for a page to say which tier opens the content. */
export const gateView = (gate: TierGate, tiers: readonly TierView[]): TierGateView =>
  "minTier" in gate ? { minTier: gateTier(tiers, gate.minTier) } : { tierIds: gate.tierIds.map((id) => gateTier(tiers, id)) };

/** The ladder, read only when one of `gates` needs it (a D1 read at most every few seconds). */
export const tiersFor = async (db: DB, gates: readonly (TierGate | null)[]): Promise<TierView[]> => (gates.some(Boolean) ? readTiers(db) : []);

const rankOfColumn = (column: string) => `coalesce((SELECT mt.rank FROM membership_tiers mt WHERE mt.id = ${column}), ${NOBODY_RANK})`;

/**
 * SQL: whether the reader passes the gate in the columns of `alias`. Where neither column is set the
 * content is open, unless `unsetMinTier` names the tier such rows mean (posts: VIP). A visitor passes
 * no gate; an admin every one. The ids written into the text pass TIER_ID_PATTERN (the reader's comes
 * from the ladder), so they cannot break out of their quotes; any other reads as no tier at all.
 */
export function readerPassesSql(alias: string, reader: TierHolder | null, unsetMinTier?: string): string {
  const unset = `(${alias}.min_tier_id IS NULL AND ${alias}.tier_ids IS NULL)`;
  const fallback = unsetMinTier !== undefined && TIER_ID_PATTERN.test(unsetMinTier) ? unsetMinTier : null;
  if (reader?.isAdmin) return "1";
  if (!reader) return fallback === null ? unset : "0";
  const tier = tierOf(reader);
  const minTier = fallback === null ? `${alias}.min_tier_id` : `coalesce(${alias}.min_tier_id, CASE WHEN ${alias}.tier_ids IS NULL THEN '${fallback}' END)`;
  const byRank = `(${minTier} IS NOT NULL AND ${rankOfColumn(minTier)} <= ${Math.trunc(tier.rank)})`;
  const byId = TIER_ID_PATTERN.test(tier.id)
    ? `(${alias}.min_tier_id IS NULL AND EXISTS (SELECT 1 FROM json_each(${alias}.tier_ids) WHERE value = '${tier.id}'))`
    : "0";
  return fallback === null ? `(${unset} OR ${byRank} OR ${byId})` : `(${byRank} OR ${byId})`;
}

/**
 * SQL over members (`alias` a users row): whether each member's own tier passes `gate`, read on the
 * ladder in D1 (no admin exception: a list of recipients goes by tier). `bind` adds a value to the
 * statement's bindings and answers its placeholder.
 */
export function memberTierPassesSql(alias: string, gate: TierGate, bind: (value: string) => string): string {
  if ("minTier" in gate) {
    const memberRank = `coalesce((SELECT mt.rank FROM membership_tiers mt WHERE mt.id = ${alias}.tier_id), 0)`;
    return `${memberRank} >= ${rankOfColumn(bind(gate.minTier))}`;
  }
  return `coalesce(${alias}.tier_id, '${FREE_TIER_ID}') IN (SELECT value FROM json_each(${bind(JSON.stringify(gate.tierIds))}))`;
}

/**
 * SQL over members (`alias` a users row): whether each passes `rule`. Admins pass; a member's tier
 * is users.tier_id (null: the free tier). `ids` is bound by the caller as a JSON array where the rule
 * lists tiers; the text uses the placeholder given.
 */
export function memberPassesSql(alias: string, rule: TierRule, idsPlaceholder: string): string {
  const admin = `${alias}.is_admin = 1 OR EXISTS (SELECT 1 FROM admins ad WHERE ad.user_id = ${alias}.id)`;
  const test =
    "minRank" in rule
      ? `coalesce((SELECT mt.rank FROM membership_tiers mt WHERE mt.id = ${alias}.tier_id), 0) >= ${Math.trunc(rule.minRank)}`
      : `coalesce(${alias}.tier_id, '${FREE_TIER_ID}') IN (SELECT value FROM json_each(${idsPlaceholder}))`;
  return `(${admin} OR ${test})`;
}

/**
 * Whether `holder` passes a VIP gate refined to "tier at least `minTierId`" (decision 104): null is
 * VIP and above, as such rows meant before tiers. `tiers` is the ladder (tiersFor), needed only
 * when the id is set; an id it lacks admits only admins.
 */
export const passesVipTier = (holder: TierHolder | null | undefined, minTierId: string | null, tiers: readonly TierView[]) =>
  minTierId === null ? admitsTier(holder, { minRank: VIP_TIER_RANK }) : passesGate(holder, { minTier: minTierId }, tiers);

/** The ladder when one of `minTierIds` is set (see passesVipTier), else none. */
export const tiersForMinTiers = (db: DB, minTierIds: readonly (string | null)[]) =>
  tiersFor(
    db,
    minTierIds.map((id) => (id === null ? null : { minTier: id })),
  );
