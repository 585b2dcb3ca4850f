// The store's promotion codes in the back office (decision 054): list, create, edit and delete,
// each with its audit row in the same D1 batch. A code is its own primary key (upper case); its
// uses are counted by the checkout, so an edit may not set a cap below the uses already made (one
// conditional UPDATE, as the table's CHECK would refuse it anyway).
import { asc, desc, eq } from "drizzle-orm";
import type { DB } from "./client";
import { perks } from "./schema/perks";
import { promoCodes } from "./schema/store";
import { auditIfChanged, auditInsert, type Actor, type AuditEntry } from "./audit";
import { isUniqueViolation } from "./d1";
import { refuse, type Refused } from "../lib/outcome";
import type { AdminPromoCode, AdminPromoCodesResponse, PromoCreateValues, PromoUpdateValues } from "#contracts/store/admin.ts";

type PromoRow = typeof promoCodes.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toAdminPromo = (row: PromoRow, perkTitle: string | null): AdminPromoCode => ({
  code: row.code,
  percentOff: row.percentOff,
  scope: row.scope,
  vipOnly: row.vipOnly,
  minTierId: row.minTierId,
  perkId: row.perkId,
  perkTitle,
  maxUses: row.maxUses,
  uses: row.uses,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  createdAt: row.createdAt.toISOString(),
});

const entry = (actor: Actor, action: AuditEntry["action"], code: string, summary: AuditEntry["summary"]): AuditEntry => ({
  actor,
  action,
  targetType: "promo_code",
  targetId: code,
  summary,
});

/** What the audit row shows of a code's terms (times as instants). */
const termsView = (v: PromoUpdateValues) => ({
  ...v,
  startsAt: v.startsAt === null ? null : new Date(v.startsAt).toISOString(),
  endsAt: v.endsAt === null ? null : new Date(v.endsAt).toISOString(),
});

/** Every code, the newest first, and the perks a code may name. */
export async function listPromoCodes(db: DB): Promise<AdminPromoCodesResponse> {
  const [rows, perkRows] = await db.batch([
    db
      .select({ promo: promoCodes, perkTitle: perks.title })
      .from(promoCodes)
      .leftJoin(perks, eq(perks.id, promoCodes.perkId))
      .orderBy(desc(promoCodes.createdAt), asc(promoCodes.code)),
    db.select({ id: perks.id, title: perks.title }).from(perks).orderBy(desc(perks.startsAt)),
  ]);
  return { promoCodes: rows.map((r) => toAdminPromo(r.promo, r.perkTitle)), perks: perkRows };
}

export async function findPromoCode(db: DB, code: string): Promise<AdminPromoCode | null> {
  const row = await db
    .select({ promo: promoCodes, perkTitle: perks.title })
    .from(promoCodes)
    .leftJoin(perks, eq(perks.id, promoCodes.perkId))
    .where(eq(promoCodes.code, code))
    .get();
  return row ? toAdminPromo(row.promo, row.perkTitle) : null;
}

export async function perkExists(db: DB, id: string): Promise<boolean> {
  return (await db.select({ id: perks.id }).from(perks).where(eq(perks.id, id)).get()) !== undefined;
}

const timestamps = (v: PromoUpdateValues) => ({
  startsAt: v.startsAt === null ? null : new Date(v.startsAt),
  endsAt: v.endsAt === null ? null : new Date(v.endsAt),
});

export async function createPromoCode(db: DB, actor: Actor, values: PromoCreateValues, now = Date.now()): Promise<AdminPromoCode | Refused<"taken">> {
  const { code, ...terms } = values;
  try {
    await db.batch([
      db.insert(promoCodes).values({ code, ...terms, ...timestamps(terms), createdAt: new Date(now) }),
      auditInsert(db, entry(actor, "store.promo.create", code, { after: { code, ...termsView(terms) } }), now),
    ]);
  } catch (err) {
    if (isUniqueViolation(err, "promo_codes.code")) return refuse("taken");
    throw err;
  }
  return (await findPromoCode(db, code))!;
}

/**
 * New terms for a code, unless its cap would fall under the uses made: the code as it is now,
 * "below_uses", or null when there is no such code.
 */
export async function updatePromoCode(
  db: DB,
  actor: Actor,
  before: AdminPromoCode,
  values: PromoUpdateValues,
  now = Date.now(),
): Promise<AdminPromoCode | Refused<"below_uses"> | null> {
  const { startsAt, endsAt } = timestamps(values);
  const update = db.$client
    .prepare(
      `UPDATE promo_codes SET percent_off = ?2, scope = ?3, vip_only = ?4, perk_id = ?5, max_uses = ?6, starts_at = ?7, ends_at = ?8, min_tier_id = ?9
       WHERE code = ?1 AND (?6 IS NULL OR uses <= ?6)`,
    )
    .bind(
      before.code,
      values.percentOff,
      values.scope,
      values.vipOnly ? 1 : 0,
      values.perkId,
      values.maxUses,
      startsAt?.getTime() ?? null,
      endsAt?.getTime() ?? null,
      values.minTierId,
    );
  const was = {
    percentOff: before.percentOff,
    scope: before.scope,
    vipOnly: before.vipOnly,
    minTierId: before.minTierId,
    perkId: before.perkId,
    maxUses: before.maxUses,
    startsAt: before.startsAt,
    endsAt: before.endsAt,
  };
  const [result] = await db.$client.batch([
    update,
    auditIfChanged(db, entry(actor, "store.promo.update", before.code, { before: was, after: termsView(values) }), now),
  ]);
  if ((result?.meta.changes ?? 0) > 0) return findPromoCode(db, before.code);
  return (await findPromoCode(db, before.code)) ? refuse("below_uses") : null;
}

/** Deletes a code (orders keep its name as text): whether there was one. */
export async function deletePromoCode(db: DB, actor: Actor, before: AdminPromoCode, now = Date.now()): Promise<boolean> {
  const remove = db.$client.prepare("DELETE FROM promo_codes WHERE code = ?1").bind(before.code);
  const [result] = await db.$client.batch([
    remove,
    auditIfChanged(db, entry(actor, "store.promo.delete", before.code, { before: { ...before }, after: null }), now),
  ]);
  return (result?.meta.changes ?? 0) > 0;
}
