// Special perks as members see them (decision 030): the live list, and a member's reveal. A reveal
// is recorded once per member (perk_reveals' primary key); a unique code comes from the perk's
// pool in offer_codes, claimed atomically by claimOfferCode, so racing members never share one.
import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { DB } from "./client";
import { perkReveals, perks } from "./schema/perks";
import { isForeignKeyViolation } from "./d1";
import { claimOfferCode, countOfferCodes } from "./offer-codes";
import type { OfferPool } from "#contracts/offer-codes.ts";
import { PERK_TEASER_MAX, type PerkRevealResponse, type PublicPerk } from "#contracts/perks.ts";
import type { Locale } from "#contracts/locale.ts";
import { inLanguage } from "../lib/content-language";
import { gateTier, passesVipTier, tiersForMinTiers } from "./tiers/gate";
import type { TierHolder, TierView } from "#contracts/tiers/tiers.ts";

export type PerkRow = typeof perks.$inferSelect;

export const perkPool = (id: string): OfferPool => ({ kind: "perk", id });

/** Pictures live under perks/ in R2 and are served by the public media route. */
export const perkPictureUrl = (key: string | null) => (key ? `/media/${key}` : null);

/** Who asks: their id, and their tier and flags for a VIP perk's tier (decision 104). */
export type PerkViewer = { id: string; holder: TierHolder } | null;

/** A locked perk shows the start of its description only, cut at a word. */
export function teaserOf(text: string): string {
  if (text.length <= PERK_TEASER_MAX) return text;
  const cut = text.slice(0, PERK_TEASER_MAX);
  const space = cut.lastIndexOf(" ");
  return `${(space > PERK_TEASER_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A perk for every member, or a VIP perk whose tier (null: VIP) admits the viewer; `tiers` from perkTiers. */
export const canReveal = (perk: Pick<PerkRow, "audience" | "minTierId">, viewer: PerkViewer, tiers: readonly TierView[]) =>
  viewer !== null && (perk.audience === "members" || passesVipTier(viewer.holder, perk.minTierId, tiers));

/** The ladder when one of `rows` names a tier, else none (no D1 read). */
export const perkTiers = (db: DB, rows: readonly Pick<PerkRow, "minTierId">[]) =>
  tiersForMinTiers(
    db,
    rows.map((r) => r.minTierId),
  );

export async function findPerk(db: DB, id: string): Promise<PerkRow | null> {
  return (await db.select().from(perks).where(eq(perks.id, id)).get()) ?? null;
}

/**
 * A perk's title and description in `locale`: each Portuguese text where there is one, else the
 * English (decision 031's rule for events, per field as there).
 */
export const perkTextIn = (row: Pick<PerkRow, "title" | "description" | "titlePtBr" | "descriptionPtBr">, locale: Locale) => ({
  title: inLanguage(locale, row.title, row.titlePtBr),
  description: inLanguage(locale, row.description, row.descriptionPtBr),
});

/** The perks live at `now`, newest first, as `viewer` may see them, in `locale`. */
export async function listLivePerks(db: DB, viewer: PerkViewer, locale: Locale, now = Date.now()): Promise<PublicPerk[]> {
  const at = new Date(now);
  const rows = await db
    .select()
    .from(perks)
    .where(and(lte(perks.startsAt, at), gt(perks.endsAt, at)))
    .orderBy(desc(perks.startsAt), desc(perks.createdAt));
  if (rows.length === 0) return [];
  const uniqueIds = rows.filter((r) => r.codeMode === "unique").map((r) => r.id);
  const [counts, revealed, tiers] = await Promise.all([
    countOfferCodes(db, "perk", uniqueIds),
    viewer
      ? db
          .select({ perkId: perkReveals.perkId, revealedAt: perkReveals.revealedAt })
          .from(perkReveals)
          .where(
            and(
              eq(perkReveals.userId, viewer.id),
              inArray(
                perkReveals.perkId,
                rows.map((r) => r.id),
              ),
            ),
          )
      : Promise.resolve([]),
    perkTiers(db, rows),
  ]);
  const revealedAt = new Map(revealed.map((r) => [r.perkId, r.revealedAt.toISOString()]));
  return rows.map((row): PublicPerk => {
    const locked = !canReveal(row, viewer, tiers);
    const mine = revealedAt.get(row.id) ?? null;
    const { title, description } = perkTextIn(row, locale);
    return {
      id: row.id,
      title,
      description: locked ? teaserOf(description) : description,
      pictureUrl: perkPictureUrl(row.imageKey),
      audience: row.audience,
      minTier: row.minTierId === null ? null : gateTier(tiers, row.minTierId),
      hasCode: row.codeMode !== "none",
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      locked,
      revealedAt: mine,
      codesGone: row.codeMode === "unique" && mine === null && (counts.get(row.id)?.left ?? 0) === 0,
    };
  });
}

/**
 * When the live list next changes by the clock: the soonest start of a perk still to come or end of
 * a live one (ms), or null when no perk is due to start or end.
 */
export async function nextPerkChange(db: DB, now = Date.now()): Promise<number | null> {
  const [row] = await db
    .select({ at: sql<number | null>`min(CASE WHEN ${perks.startsAt} > ${now} THEN ${perks.startsAt} ELSE ${perks.endsAt} END)` })
    .from(perks)
    .where(gt(perks.endsAt, new Date(now)));
  return row?.at ?? null;
}

/**
 * The member's reveal of a live perk they may reveal: their code (the shared one, or theirs from
 * the pool: the one they hold, else the next free one), the link and when they first revealed it.
 * A second reveal finds the same code and the first time. `"codes_gone"` when the pool has no
 * code left for them; `"not_found"` when the perk was deleted meanwhile.
 */
export async function revealPerk(db: DB, perk: PerkRow, userId: string, now = Date.now()): Promise<PerkRevealResponse | "codes_gone" | "not_found"> {
  let code: string | null = null;
  if (perk.codeMode === "unique") {
    const claimed = await claimOfferCode(db, perkPool(perk.id), userId, new Date(now));
    if (claimed === "none_left") return "codes_gone";
    code = claimed.code;
  } else if (perk.codeMode === "shared") {
    code = perk.sharedCode;
  }
  try {
    // The first reveal's row stays: a repeat (or a racing twin) inserts nothing.
    await db
      .insert(perkReveals)
      .values({ perkId: perk.id, userId, revealedAt: new Date(now) })
      .onConflictDoNothing();
  } catch (err) {
    if (isForeignKeyViolation(err)) return "not_found";
    throw err;
  }
  const row = await db
    .select({ revealedAt: perkReveals.revealedAt })
    .from(perkReveals)
    .where(and(eq(perkReveals.perkId, perk.id), eq(perkReveals.userId, userId)))
    .get();
  if (!row) return "not_found";
  return { code, link: perk.link, revealedAt: row.revealedAt.toISOString() };
}
