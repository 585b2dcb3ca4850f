// The back office's membership tiers (decision 097). Each write is one conditional statement with
// its audit row after it in the same batch (auditIfChanged). A new tier takes the rank above the
// highest in the same statement; a move swaps two neighbours' ranks in one batch through a free
// rank (the rank index is unique and checked row by row); archiving sets archived_at only, so the
// tier's members keep users.tier_id. The free tier and VIP (ranks 0 and 1) are never archived or
// moved, and their prices stay null.
import { asc, count, eq, sql } from "drizzle-orm";
import type { DB } from "../client";
import { membershipTiers } from "../schema/tiers";
import { users } from "../schema/accounts";
import { auditIfChanged, type Actor, type AuditEntry } from "../audit";
import { tierViewOf } from "./tiers";
import { isUniqueViolation } from "../d1";
import { refuse, type Refused } from "../../lib/outcome";
import { FREE_TIER_ID, VIP_TIER_RANK, type TierView } from "#contracts/tiers/tiers.ts";
import type { AdminTier, TierValues } from "#contracts/tiers/admin.ts";

/** The lowest rank an admin's tier takes: above the free tier and VIP. */
const FIRST_ADMIN_RANK = VIP_TIER_RANK + 1;
const isBuiltInTier = (tier: Pick<TierView, "rank">) => tier.rank <= VIP_TIER_RANK;

/** Every tier, lowest rank first, with how many active accounts hold it now (the free tier: those without a paid one). */
export async function listAdminTiers(db: DB): Promise<AdminTier[]> {
  const tierOfUser = sql<string>`coalesce(${users.tierId}, ${FREE_TIER_ID})`;
  const [rows, counts] = await db.batch([
    db.select().from(membershipTiers).orderBy(asc(membershipTiers.rank)),
    db.select({ tier: tierOfUser, n: count() }).from(users).where(eq(users.status, "active")).groupBy(tierOfUser),
  ]);
  const byTier = new Map(counts.map((row) => [row.tier, row.n]));
  return rows.map((row) => {
    const view = tierViewOf(row);
    return { ...view, memberCount: byTier.get(view.id) ?? 0, builtIn: isBuiltInTier(view) };
  });
}

export async function findAdminTier(db: DB, id: string): Promise<AdminTier | null> {
  return (await listAdminTiers(db)).find((tier) => tier.id === id) ?? null;
}

const entry = (actor: Actor, action: AuditEntry["action"], id: string, summary: AuditEntry["summary"]): AuditEntry => ({
  actor,
  action,
  targetType: "tier",
  targetId: id,
  summary,
});

const benefitsJson = (list: string[]) => JSON.stringify(list);
/** Whether the tier includes lossless listening: any tier may, the free one and VIP too. */
const setLossless = (db: DB, id: string, lossless: boolean) =>
  db.$client.prepare("UPDATE membership_tiers SET lossless = ?2 WHERE id = ?1").bind(id, lossless ? 1 : 0);

/** What the audit row shows of a tier's fields. */
const auditView = (v: TierValues): Record<string, unknown> => ({ ...v });
const valuesOf = (tier: AdminTier): TierValues => ({
  nameEn: tier.name.en,
  namePtBr: tier.name.ptBR,
  descriptionEn: tier.description.en,
  descriptionPtBr: tier.description.ptBR,
  benefitsEn: tier.benefits.en,
  benefitsPtBr: tier.benefits.ptBR,
  monthlyUsdCents: tier.prices.monthlyUsd,
  yearlyUsdCents: tier.prices.yearlyUsd,
  monthlyBrlCents: tier.prices.monthlyBrl,
  yearlyBrlCents: tier.prices.yearlyBrl,
  badgeColor: tier.badgeColor,
  trialDays: tier.trialDays,
  lossless: tier.lossless,
});

/** How many times a create tries again when a racing create took the same next rank. */
const RANK_RACE_TRIES = 3;

/** A new admin tier, ranked above every other; "id_taken" when a tier already has its id. */
export async function createTier(db: DB, actor: Actor, id: string, v: TierValues, now = Date.now()): Promise<AdminTier | Refused<"id_taken">> {
  const insert = db.$client
    .prepare(
      `INSERT INTO membership_tiers (id, rank, name_en, name_pt_br, description_en, description_pt_br, benefits_en, benefits_pt_br,
         monthly_usd_cents, yearly_usd_cents, monthly_brl_cents, yearly_brl_cents, badge_color, trial_days, created_at, updated_at)
       SELECT ?1, max(coalesce(max(rank), 0) + 1, ?2), ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?15 FROM membership_tiers`,
    )
    .bind(
      id,
      FIRST_ADMIN_RANK,
      v.nameEn,
      v.namePtBr,
      v.descriptionEn,
      v.descriptionPtBr,
      benefitsJson(v.benefitsEn),
      benefitsJson(v.benefitsPtBr),
      v.monthlyUsdCents,
      v.yearlyUsdCents,
      v.monthlyBrlCents,
      v.yearlyBrlCents,
      v.badgeColor,
      v.trialDays,
      now,
    );
  const audit = auditIfChanged(db, entry(actor, "tier.create", id, { after: { id, ...auditView(v) } }), now);
  const lossless = setLossless(db, id, v.lossless);
  for (let attempt = 1; ; attempt++) {
    try {
      await db.$client.batch([insert, lossless, audit]);
      return (await findAdminTier(db, id))!;
    } catch (err) {
      if (isUniqueViolation(err, "membership_tiers.id")) return refuse("id_taken");
      if (!isUniqueViolation(err, "membership_tiers.rank") || attempt >= RANK_RACE_TRIES) throw err;
    }
  }
}

/**
 * Every field of a tier again (an admin's tier), or its texts, benefits and badge (the free tier
 * and VIP: their prices stay null). Null when the tier went away meanwhile.
 */
export async function updateTier(db: DB, actor: Actor, before: AdminTier, v: TierValues, now = Date.now()): Promise<AdminTier | null> {
  const priced = !before.builtIn;
  const update = db.$client
    .prepare(
      `UPDATE membership_tiers SET name_en = ?2, name_pt_br = ?3, description_en = ?4, description_pt_br = ?5, benefits_en = ?6, benefits_pt_br = ?7,
         badge_color = ?8, updated_at = ?9${priced ? ", monthly_usd_cents = ?10, yearly_usd_cents = ?11, monthly_brl_cents = ?12, yearly_brl_cents = ?13, trial_days = ?14" : ""}
       WHERE id = ?1`,
    )
    .bind(
      before.id,
      v.nameEn,
      v.namePtBr,
      v.descriptionEn,
      v.descriptionPtBr,
      benefitsJson(v.benefitsEn),
      benefitsJson(v.benefitsPtBr),
      v.badgeColor,
      now,
      ...(priced ? [v.monthlyUsdCents, v.yearlyUsdCents, v.monthlyBrlCents, v.yearlyBrlCents, v.trialDays] : []),
    );
  const was = auditView(valuesOf(before));
  const will = auditView(v);
  const keys = Object.keys(will).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(will[key]));
  const summary = { before: Object.fromEntries(keys.map((k) => [k, was[k]])), after: Object.fromEntries(keys.map((k) => [k, will[k]])) };
  await db.$client.batch([update, setLossless(db, before.id, v.lossless), auditIfChanged(db, entry(actor, "tier.update", before.id, summary), now)]);
  return findAdminTier(db, before.id);
}

/** Archives (nobody new joins; its members keep it) or brings back an admin's tier. False when it already was. */
export async function setTierArchived(db: DB, actor: Actor, tier: AdminTier, archived: boolean, now = Date.now()): Promise<boolean> {
  const update = db.$client
    .prepare(
      `UPDATE membership_tiers SET archived_at = ?2, updated_at = ?3
       WHERE id = ?1 AND rank >= ?4 AND (archived_at IS NULL) = ?5`,
    )
    .bind(tier.id, archived ? now : null, now, FIRST_ADMIN_RANK, archived ? 1 : 0);
  const action = archived ? "tier.archive" : "tier.unarchive";
  const [result] = await db.$client.batch([
    update,
    auditIfChanged(db, entry(actor, action, tier.id, { before: { archived: !archived }, after: { archived } }), now),
  ]);
  return (result?.meta.changes ?? 0) > 0;
}

/**
 * Swaps the ranks of an admin's tier and its neighbour on the ladder (the next higher for "up",
 * the next lower admin tier for "down"): the tier parks on a free rank above all, the neighbour
 * takes its rank, the tier the neighbour's. Each step runs only when the one before changed a row
 * and the first only while both still hold the ranks read, so a racing move changes nothing.
 * "edge" when there is no neighbour that way, false when the ranks changed meanwhile.
 */
export async function moveTier(db: DB, actor: Actor, tier: AdminTier, direction: "up" | "down", now = Date.now()): Promise<boolean | Refused<"edge">> {
  const neighbour = await (
    direction === "up"
      ? db.$client.prepare(`SELECT id, rank FROM membership_tiers WHERE rank > ?1 ORDER BY rank ASC LIMIT 1`).bind(tier.rank)
      : db.$client.prepare(`SELECT id, rank FROM membership_tiers WHERE rank < ?1 AND rank >= ?2 ORDER BY rank DESC LIMIT 1`).bind(tier.rank, FIRST_ADMIN_RANK)
  ).first<{ id: string; rank: number }>();
  if (!neighbour) return refuse("edge");
  const d1 = db.$client;
  const statements = [
    d1
      .prepare(
        `UPDATE membership_tiers SET rank = (SELECT max(rank) + 1 FROM membership_tiers), updated_at = ?3
         WHERE id = ?1 AND rank = ?2 AND EXISTS (SELECT 1 FROM membership_tiers WHERE id = ?4 AND rank = ?5)`,
      )
      .bind(tier.id, tier.rank, now, neighbour.id, neighbour.rank),
    d1.prepare(`UPDATE membership_tiers SET rank = ?2, updated_at = ?3 WHERE id = ?1 AND changes() > 0`).bind(neighbour.id, tier.rank, now),
    d1.prepare(`UPDATE membership_tiers SET rank = ?2 WHERE id = ?1 AND changes() > 0`).bind(tier.id, neighbour.rank),
    auditIfChanged(
      db,
      entry(actor, "tier.move", tier.id, { before: { rank: tier.rank }, after: { rank: neighbour.rank, direction, swappedWith: neighbour.id } }),
      now,
    ),
  ];
  const [first] = await d1.batch(statements);
  return (first?.meta.changes ?? 0) > 0;
}
