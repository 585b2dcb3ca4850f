// A refunded gift order whose code a member already redeemed (decision 074): the admin chooses
// whether the redeemer keeps what is left of the gift's VIP time or it is taken back. Only the span
// of the member's comp that gift added counts (its window, kept at redemption), never time the member
// paid for or another gift gave; what has passed of it stays used. Each redeemed code is settled
// once: a conditional UPDATE marks it, and the comp is shortened in the same batch only when that
// UPDATE marked it and the comp is still as read (else the service reads again).
import { sql } from "drizzle-orm";
import type { DB } from "./client";
import { runBatch } from "./d1";
import { syncUserMembership, type VipChange } from "./payments";
import { addCalendarMonthsUtc } from "#contracts/store/gifts.ts";
import type { GiftMonths } from "#contracts/store/model.ts";

/** A redeemed code of the order and what is left of its VIP time now. */
export type RedeemedGift = {
  code: string;
  redeemerId: string | null;
  /** The redeemer's username (null: their account is gone). */
  redeemer: string | null;
  /** The gift's VIP time still ahead of the redeemer, in ms (0 once it has passed or was taken back). */
  remainingMs: number;
  /** A refund already settled it (kept or taken back). */
  settled: boolean;
  /** The redeemer's comp end as read (null: none, or until revoked): the revoke's guard. */
  compEndsAt: number | null;
};

type Row = {
  code: string;
  months: GiftMonths;
  redeemed_by: string | null;
  redeemed_at: number;
  vip_from: number | null;
  vip_until: number | null;
  time_settled_at: number | null;
  username: string | null;
  email: string | null;
  comp_ends_at: number | null;
};

function remainingOf(row: Row, now: number): number {
  if (row.time_settled_at !== null || row.redeemed_by === null || row.comp_ends_at === null) return 0;
  // Redeemed before windows were kept: the gift's months counted from its redemption.
  const from = row.vip_until === null ? row.redeemed_at : (row.vip_from ?? row.redeemed_at);
  const until = row.vip_until ?? addCalendarMonthsUtc(row.redeemed_at, row.months);
  return Math.max(0, Math.min(until, row.comp_ends_at) - Math.max(now, from));
}

/** The order's redeemed gift codes, oldest redemption first. */
export async function readRedeemedGifts(db: DB, orderId: string, now = Date.now()): Promise<RedeemedGift[]> {
  const rows = await db.all<Row>(sql`
    SELECT g.code, g.months, g.redeemed_by, g.redeemed_at, g.vip_from, g.vip_until, g.time_settled_at,
      u.username, u.email, c.ends_at AS comp_ends_at
    FROM gift_codes g
    LEFT JOIN users u ON u.id = g.redeemed_by
    LEFT JOIN vip_comps c ON c.user_id = g.redeemed_by
    WHERE g.order_id = ${orderId} AND g.redeemed_at IS NOT NULL
    ORDER BY g.redeemed_at, g.code`);
  return rows.map((row) => ({
    code: row.code,
    redeemerId: row.redeemed_by,
    redeemer: row.email === null ? null : row.username || row.email.split("@")[0] || row.email,
    remainingMs: remainingOf(row, now),
    settled: row.time_settled_at !== null,
    compEndsAt: row.comp_ends_at,
  }));
}

/** Marks the order's unsettled redeemed codes kept: the redeemers keep their time. */
export async function keepGiftTime(db: DB, orderId: string, now = Date.now()): Promise<void> {
  await db.run(sql`UPDATE gift_codes SET time_settled_at = ${now}
    WHERE order_id = ${orderId} AND redeemed_at IS NOT NULL AND time_settled_at IS NULL`);
}

/**
 * Takes back one redeemed gift's remaining time from its redeemer's comp. "settled": a refund
 * settled it before; "changed": the comp changed since it was read (read again). Otherwise what was
 * taken back and the VIP flag it turned off.
 */
export async function revokeGiftTime(
  db: DB,
  gift: RedeemedGift,
  now = Date.now(),
): Promise<"settled" | "changed" | { revokedMs: number; vipChange: VipChange | null }> {
  if (gift.settled) return "settled";
  const { code, redeemerId, remainingMs, compEndsAt } = gift;
  const compAsRead = redeemerId === null ? sql`1` : sql`(SELECT ends_at FROM vip_comps WHERE user_id = ${redeemerId}) IS ${compEndsAt}`;
  const mark = db
    .run(
      sql`UPDATE gift_codes SET time_settled_at = ${now}, time_revoked_ms = ${remainingMs}
        WHERE code = ${code} AND time_settled_at IS NULL AND ${compAsRead} RETURNING code`,
    )
    .getQuery();
  if (redeemerId === null || remainingMs === 0) {
    const [marked] = await runBatch(db, [mark]);
    return marked?.results.length ? { revokedMs: 0, vipChange: null } : await settledOrChanged(db, code);
  }
  const markedHere = sql`EXISTS (SELECT 1 FROM gift_codes WHERE code = ${code} AND time_settled_at = ${now} AND time_revoked_ms = ${remainingMs})`;
  const shorten = db
    .run(sql`UPDATE vip_comps SET ends_at = ends_at - ${remainingMs} WHERE user_id = ${redeemerId} AND ends_at IS ${compEndsAt} AND ${markedHere}`)
    .getQuery();
  const [marked, , , , sync] = await runBatch(db, [mark, shorten, ...syncUserMembership(db, redeemerId, now)]);
  if (!marked?.results.length) return settledOrChanged(db, code);
  return { revokedMs: remainingMs, vipChange: (sync?.results[0] as VipChange | undefined) ?? null };
}

async function settledOrChanged(db: DB, code: string): Promise<"settled" | "changed"> {
  const row = await db.get<{ time_settled_at: number | null } | undefined>(sql`SELECT time_settled_at FROM gift_codes WHERE code = ${code}`);
  return row?.time_settled_at != null ? "settled" : "changed";
}
