// The back office's perks (decision 030). Each write and its audit row go in one D1 batch; a
// perk's delete takes its reveals and its code pool with it in that batch (the route deletes the
// picture from R2 after it).
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { DB } from "./client";
import { offerCodes, perkReveals, perks } from "./schema/perks";
import { users } from "./schema/accounts";
import { auditInsert, type Actor } from "./audit";
import { runBatch } from "./d1";
import { countOfferCodes, deletePoolStatement } from "./offer-codes";
import { perkPictureUrl, perkPool, type PerkRow } from "./perks";
import { PERK_REVEALS_PAGE, perkStateAt, type AdminPerk, type PerkRevealsResponse, type PerkValues } from "#contracts/perks.ts";
import type { OfferCodeCounts } from "#contracts/offer-codes.ts";
import { auditDetail } from "#contracts/audit-detail.ts";

const NO_CODES: OfferCodeCounts = { total: 0, claimed: 0, left: 0 };

function toAdminPerk(row: PerkRow, reveals: number, codes: OfferCodeCounts, now: number): AdminPerk {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    titlePtBr: row.titlePtBr,
    descriptionPtBr: row.descriptionPtBr,
    pictureUrl: perkPictureUrl(row.imageKey),
    link: row.link,
    codeMode: row.codeMode,
    sharedCode: row.sharedCode,
    audience: row.audience,
    minTierId: row.minTierId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    state: perkStateAt(row.startsAt.getTime(), row.endsAt.getTime(), now),
    reveals,
    codes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Rows with their reveal counts and code pools, two grouped queries for the lot. */
async function withCounts(db: DB, rows: PerkRow[], now: number): Promise<AdminPerk[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [revealRows, codes] = await Promise.all([
    db.select({ perkId: perkReveals.perkId, n: count() }).from(perkReveals).where(inArray(perkReveals.perkId, ids)).groupBy(perkReveals.perkId),
    countOfferCodes(db, "perk", ids),
  ]);
  const reveals = new Map(revealRows.map((r) => [r.perkId, r.n]));
  return rows.map((row) => toAdminPerk(row, reveals.get(row.id) ?? 0, codes.get(row.id) ?? NO_CODES, now));
}

/** Every perk, the latest start first. */
export async function listAdminPerks(db: DB, now = Date.now()): Promise<AdminPerk[]> {
  return withCounts(db, await db.select().from(perks).orderBy(desc(perks.startsAt), desc(perks.createdAt)), now);
}

export async function findAdminPerk(db: DB, id: string, now = Date.now()): Promise<AdminPerk | null> {
  const row = await db.select().from(perks).where(eq(perks.id, id)).get();
  return row ? ((await withCounts(db, [row], now))[0] ?? null) : null;
}

const clipped = (text: string | null) => (text !== null && text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** What the audit row shows of a perk. */
const auditView = (
  v: Pick<PerkRow, "title" | "titlePtBr" | "link" | "codeMode" | "sharedCode" | "audience" | "minTierId" | "startsAt" | "endsAt"> & {
    description: string;
    descriptionPtBr: string | null;
  },
) => ({
  title: v.title,
  description: clipped(v.description),
  titlePtBr: v.titlePtBr,
  descriptionPtBr: clipped(v.descriptionPtBr),
  link: v.link,
  codeMode: v.codeMode,
  sharedCode: v.sharedCode,
  audience: v.audience,
  minTierId: v.minTierId,
  startsAt: v.startsAt.toISOString(),
  endsAt: v.endsAt.toISOString(),
});

const rowValues = (values: PerkValues) => ({ ...values, startsAt: new Date(values.startsAt), endsAt: new Date(values.endsAt) });

export async function createPerk(db: DB, actor: Actor, values: PerkValues, now = Date.now()): Promise<AdminPerk> {
  const id = crypto.randomUUID();
  const row = { id, ...rowValues(values), imageKey: null, createdAt: new Date(now), updatedAt: new Date(now) };
  await db.batch([
    db.insert(perks).values(row),
    auditInsert(db, { actor, action: "perk.create", targetType: "perk", targetId: id, summary: { after: auditView(row) } }, now),
  ]);
  return (await findAdminPerk(db, id, now))!;
}

/** Every field replaced; null when the perk went away meanwhile. */
export async function updatePerk(db: DB, actor: Actor, before: PerkRow, values: PerkValues, now = Date.now()): Promise<AdminPerk | null> {
  const was: Record<string, unknown> = auditView(before);
  const will: Record<string, unknown> = auditView(rowValues(values));
  const keys = Object.keys(will).filter((key) => was[key] !== will[key]);
  await db.batch([
    db
      .update(perks)
      .set({ ...rowValues(values), updatedAt: new Date(now) })
      .where(eq(perks.id, before.id)),
    auditInsert(
      db,
      {
        actor,
        action: "perk.update",
        targetType: "perk",
        targetId: before.id,
        summary: { before: Object.fromEntries(keys.map((k) => [k, was[k]])), after: Object.fromEntries(keys.map((k) => [k, will[k]])) },
      },
      now,
    ),
  ]);
  return findAdminPerk(db, before.id, now);
}

/** The new picture's key in place of the old; the old key (for R2) or null when the perk is gone. */
export async function setPerkPicture(db: DB, actor: Actor, before: PerkRow, key: string, now = Date.now()): Promise<{ previous: string | null } | null> {
  const [updated] = await db.batch([
    db
      .update(perks)
      .set({ imageKey: key, updatedAt: new Date(now) })
      .where(eq(perks.id, before.id))
      .returning({ id: perks.id }),
    auditInsert(
      db,
      { actor, action: "perk.picture", targetType: "perk", targetId: before.id, summary: { before: { picture: before.imageKey }, after: { picture: key } } },
      now,
    ),
  ]);
  return updated.length === 0 ? null : { previous: before.imageKey };
}

/** The perk, its reveals and its code pool in one batch, with the audit row. */
export async function deletePerk(db: DB, actor: Actor, before: PerkRow, reveals: number, codes: OfferCodeCounts, now = Date.now()) {
  await runBatch(db, [
    deletePoolStatement(perkPool(before.id)),
    db.delete(perkReveals).where(eq(perkReveals.perkId, before.id)).toSQL(),
    db.delete(perks).where(eq(perks.id, before.id)).toSQL(),
    auditInsert(
      db,
      {
        actor,
        action: "perk.delete",
        targetType: "perk",
        targetId: before.id,
        summary: { before: auditView(before), after: null, ...auditDetail({ kind: "perk_deleted", reveals, codes: codes.total, claimed: codes.claimed }) },
      },
      now,
    ).toSQL(),
  ]);
}

/** The latest reveals of a perk (who, when, their unique code) and how many there are. */
export async function listPerkReveals(db: DB, perkId: string): Promise<PerkRevealsResponse> {
  const [rows, total] = await db.batch([
    db
      .select({ userId: perkReveals.userId, username: users.username, email: users.email, revealedAt: perkReveals.revealedAt, code: offerCodes.code })
      .from(perkReveals)
      .innerJoin(users, eq(users.id, perkReveals.userId))
      .leftJoin(offerCodes, and(eq(offerCodes.poolKind, "perk"), eq(offerCodes.poolId, perkReveals.perkId), eq(offerCodes.claimedBy, perkReveals.userId)))
      .where(eq(perkReveals.perkId, perkId))
      .orderBy(desc(perkReveals.revealedAt), desc(perkReveals.userId))
      .limit(PERK_REVEALS_PAGE),
    db.select({ n: count() }).from(perkReveals).where(eq(perkReveals.perkId, perkId)),
  ]);
  return { reveals: rows.map((r) => ({ ...r, revealedAt: r.revealedAt.toISOString() })), total: total[0]?.n ?? 0 };
}
