// Pools of codes handed to one member each (decision 026). Claiming is one UPDATE that takes the
// pool's first free row, so two members racing never get the same code: D1 runs statements one
// at a time, and the row is taken by the statement that sees it free. The unique index on
// (pool, claimed_by) keeps a member to one code even when their own two claims race.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DB } from "./client";
import { offerCodes } from "./schema/perks";
import { isUniqueViolation, type Statement } from "./d1";
import type { OfferCodeCounts, OfferPool, OfferPoolKind } from "#contracts/offer-codes.ts";

/** Rows per INSERT: 4 bound values each, within D1's 100 parameters per statement. */
const INSERT_ROWS = 24;

export type ClaimedCode = { code: string; claimedAt: Date };

const inPool = (pool: OfferPool) => and(eq(offerCodes.poolKind, pool.kind), eq(offerCodes.poolId, pool.id));

/** The code the member already holds from this pool, if any. */
export async function findClaimedCode(db: DB, pool: OfferPool, userId: string): Promise<ClaimedCode | null> {
  const row = await db
    .select({ code: offerCodes.code, claimedAt: offerCodes.claimedAt })
    .from(offerCodes)
    .where(and(inPool(pool), eq(offerCodes.claimedBy, userId)))
    .get();
  return row?.claimedAt ? { code: row.code, claimedAt: row.claimedAt } : null;
}

/**
 * The member's code from the pool: the one they hold, else the next free one, now theirs.
 * `"none_left"` when every code is taken.
 */
export async function claimOfferCode(db: DB, pool: OfferPool, userId: string, now = new Date()): Promise<ClaimedCode | "none_left"> {
  const held = await findClaimedCode(db, pool, userId);
  if (held) return held;
  try {
    const taken = await db.$client
      .prepare(
        `UPDATE offer_codes SET claimed_by = ?1, claimed_at = ?2
         WHERE id = (SELECT id FROM offer_codes WHERE pool_kind = ?3 AND pool_id = ?4 AND claimed_at IS NULL ORDER BY id LIMIT 1)
           AND claimed_at IS NULL
         RETURNING code`,
      )
      .bind(userId, now.getTime(), pool.kind, pool.id)
      .first<{ code: string }>();
    if (taken) return { code: taken.code, claimedAt: now };
  } catch (err) {
    // The member's other claim won the race: theirs is the code it took.
    if (!isUniqueViolation(err)) throw err;
  }
  return (await findClaimedCode(db, pool, userId)) ?? "none_left";
}

/** Adds the codes the pool does not hold yet; returns how many were added. */
export async function insertOfferCodes(db: DB, pool: OfferPool, codes: string[], now = new Date()): Promise<number> {
  if (codes.length === 0) return 0;
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < codes.length; i += INSERT_ROWS) {
    const chunk = codes.slice(i, i + INSERT_ROWS);
    statements.push(
      d1
        .prepare(`INSERT OR IGNORE INTO offer_codes (pool_kind, pool_id, code, created_at) VALUES ${chunk.map(() => "(?, ?, ?, ?)").join(", ")}`)
        .bind(...chunk.flatMap((code) => [pool.kind, pool.id, code, now.getTime()])),
    );
  }
  const results = await d1.batch(statements);
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

/** Counts for several pools of one kind at once (a list page): every id gets a row, zeros included. */
export async function countOfferCodes(db: DB, kind: OfferPoolKind, ids: string[]): Promise<Map<string, OfferCodeCounts>> {
  const counts = new Map<string, OfferCodeCounts>(ids.map((id) => [id, { total: 0, claimed: 0, left: 0 }]));
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      poolId: offerCodes.poolId,
      total: sql<number>`count(*)`,
      claimed: sql<number>`count(${offerCodes.claimedAt})`,
    })
    .from(offerCodes)
    .where(and(eq(offerCodes.poolKind, kind), inArray(offerCodes.poolId, ids)))
    .groupBy(offerCodes.poolId);
  for (const row of rows) counts.set(row.poolId, { total: row.total, claimed: row.claimed, left: row.total - row.claimed });
  return counts;
}

export async function countPool(db: DB, pool: OfferPool): Promise<OfferCodeCounts> {
  return (await countOfferCodes(db, pool.kind, [pool.id])).get(pool.id)!;
}

/** Deletes a pool's codes: run in the batch that deletes its event or perk. */
export const deletePoolStatement = (pool: OfferPool): Statement => ({
  sql: "DELETE FROM offer_codes WHERE pool_kind = ? AND pool_id = ?",
  params: [pool.kind, pool.id],
});

/** Deletes the pool's codes nobody has claimed yet (an admin replacing a provider's batch). */
export async function deleteFreeCodes(db: DB, pool: OfferPool): Promise<number> {
  const result = await db.$client.prepare("DELETE FROM offer_codes WHERE pool_kind = ? AND pool_id = ? AND claimed_at IS NULL").bind(pool.kind, pool.id).run();
  return result.meta.changes ?? 0;
}
