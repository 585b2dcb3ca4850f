// Reads of the membership tiers (decision 096). The ladder is read on many pages (badges, gates,
// the signup options), so it is remembered for a few seconds per isolate like the settings; a write
// forgets it here at once (forgetTiers), other isolates see it when their copy expires.
import { asc, eq } from "drizzle-orm";
import type { DB } from "../client";
import { membershipTiers } from "../schema/tiers";
import { users } from "../schema/accounts";
import { forget, remember } from "../../lib/memo";
import type { TierView } from "#contracts/tiers/tiers.ts";

const MEMO_KEY = "membership-tiers";
const TIERS_TTL_MS = 10_000;

type TierRow = typeof membershipTiers.$inferSelect;

function textList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export const tierViewOf = (row: TierRow): TierView => ({
  id: row.id,
  rank: row.rank,
  name: { en: row.nameEn, ptBR: row.namePtBR },
  description: { en: row.descriptionEn, ptBR: row.descriptionPtBR },
  benefits: { en: textList(row.benefitsEn), ptBR: textList(row.benefitsPtBR) },
  prices: { monthlyUsd: row.monthlyUsdCents, yearlyUsd: row.yearlyUsdCents, monthlyBrl: row.monthlyBrlCents, yearlyBrl: row.yearlyBrlCents },
  badgeColor: row.badgeColor,
  trialDays: row.trialDays,
  lossless: row.lossless,
  archived: row.archivedAt !== null,
});

/** Every tier, archived ones too, lowest rank first. */
export const readTiers = (db: DB): Promise<TierView[]> =>
  remember(MEMO_KEY, TIERS_TTL_MS, async () => (await db.select().from(membershipTiers).orderBy(asc(membershipTiers.rank)).all()).map(tierViewOf));

/** After a tier is written: this isolate reads the ladder again at once. */
export const forgetTiers = () => forget(MEMO_KEY);

/** The tier a member holds now (null: the free tier, or no such account). */
export async function findMemberTierId(db: DB, userId: string): Promise<string | null> {
  const row = await db.select({ tierId: users.tierId }).from(users).where(eq(users.id, userId)).get();
  return row?.tierId ?? null;
}
