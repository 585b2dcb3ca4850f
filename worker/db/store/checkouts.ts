// Store checkouts and the stock they hold (decision 054). The statement builders return unexecuted
// statements so a reservation, a release or an order goes into ONE D1 batch (one transaction).
//
// Taking: stock per variant with `UPDATE product_variants SET stock = stock - ?1 WHERE id = ?2 AND
// stock >= ?1`, a limited promotion code's use with `uses = uses + 1 WHERE uses < max_uses`; each
// is followed by an insert into store_refusals that only happens when that UPDATE changed no row,
// and that insert breaks the table's CHECK named after the refusal: the batch fails whole, nothing
// is stored, and refusalOf(err) names the answer (409 sold_out or promo_code_used_up).
// Giving back: only holds still `held` are restocked and released, and only an `open` checkout's
// promotion use is returned, in statements that change nothing the second time (a replayed expiry
// restocks nothing). Ticket lines (decision 055) take and give back their seats in the same
// batches, the same way (worker/db/store/tickets.ts).
import { and, asc, eq, lte, or } from "drizzle-orm";
import type { DB } from "../client";
import { runBatch, type Statement } from "../d1";
import { orders, products, productVariants, storeCheckoutLines, storeCheckouts } from "../schema/store";
import type { StoreCheckoutStatus } from "#contracts/store/model.ts";
import { ticketReleaseStatements, ticketReservationStatements, type NewTicketHold } from "./tickets";

export type StoreCheckoutRow = typeof storeCheckouts.$inferSelect;
export type NewStoreCheckout = typeof storeCheckouts.$inferInsert & { expiresAt: Date };
export type NewCheckoutLine = Omit<typeof storeCheckoutLines.$inferInsert, "checkoutId">;

const stmt = (text: string, ...params: unknown[]): Statement => ({ sql: text, params });

/** The refusals a reservation batch can fail with (the CHECKs of store_refusals). */
export const RESERVATION_REFUSALS = ["sold_out", "promo_code_used_up"] as const;
export type ReservationRefusal = (typeof RESERVATION_REFUSALS)[number];

/** Which refusal failed a reservation batch, if that is why it failed. */
export function refusalOf(err: unknown): ReservationRefusal | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    for (const code of RESERVATION_REFUSALS) if (e.message.includes(`store_refused_${code}`)) return code;
  }
  return null;
}

/** Fails the batch with `code` when the statement just before it changed no row. */
const refuseIfUnchanged = (code: ReservationRefusal) => stmt(`INSERT INTO store_refusals (code) SELECT ?1 WHERE changes() = 0`, code);

/**
 * The checkout, its lines, a hold per variant with its stock taken, a hold per ticket type with its
 * seats taken, and a limited code's use, as one batch. `takes` sums the lines of each variant.
 */
export function reservationStatements(
  db: DB,
  checkout: NewStoreCheckout,
  lines: NewCheckoutLine[],
  takes: { variantId: string; quantity: number }[],
  limitedPromo: string | null,
  now: number,
  tickets: NewTicketHold[] = [],
): Statement[] {
  const statements: Statement[] = [
    db
      .insert(storeCheckouts)
      .values({ ...checkout, promoUseTaken: limitedPromo !== null, createdAt: new Date(now), updatedAt: new Date(now) })
      .toSQL(),
    ...lines.map((line) =>
      db
        .insert(storeCheckoutLines)
        .values({ ...line, checkoutId: checkout.id })
        .toSQL(),
    ),
  ];
  for (const { variantId, quantity } of takes) {
    statements.push(
      stmt(`UPDATE product_variants SET stock = stock - ?1 WHERE id = ?2 AND stock >= ?1`, quantity, variantId),
      refuseIfUnchanged("sold_out"),
      stmt(
        `INSERT INTO stock_holds (checkout_id, variant_id, quantity, state, updated_at) VALUES (?1, ?2, ?3, 'held', ?4)`,
        checkout.id,
        variantId,
        quantity,
        now,
      ),
    );
  }
  statements.push(...ticketReservationStatements(checkout.id, tickets, now));
  if (limitedPromo !== null) {
    statements.push(
      stmt(`UPDATE promo_codes SET uses = uses + 1 WHERE code = ?1 AND max_uses IS NOT NULL AND uses < max_uses`, limitedPromo),
      refuseIfUnchanged("promo_code_used_up"),
    );
  }
  return statements;
}

/**
 * Gives back what an open checkout holds and closes it as `to` (expired or failed): the stock and
 * the seats of holds still `held` (then marked released), its promotion code's use. Changes nothing for a
 * checkout already paid, expired or failed, so a replay or a late event gives nothing back twice.
 */
export const releaseStatements = (checkoutId: string, to: Exclude<StoreCheckoutStatus, "open" | "paid">, now: number): Statement[] => [
  stmt(
    `UPDATE product_variants
        SET stock = stock + (SELECT h.quantity FROM stock_holds h WHERE h.checkout_id = ?1 AND h.variant_id = product_variants.id AND h.state = 'held')
      WHERE id IN (SELECT variant_id FROM stock_holds WHERE checkout_id = ?1 AND state = 'held')`,
    checkoutId,
  ),
  stmt(`UPDATE stock_holds SET state = 'released', updated_at = ?2 WHERE checkout_id = ?1 AND state = 'held'`, checkoutId, now),
  ...ticketReleaseStatements(checkoutId, now),
  stmt(
    `UPDATE promo_codes SET uses = uses - 1
      WHERE uses > 0 AND code = (SELECT promo_code FROM store_checkouts WHERE id = ?1 AND status = 'open' AND promo_use_taken = 1)`,
    checkoutId,
  ),
  stmt(`UPDATE store_checkouts SET status = ?2, promo_use_taken = 0, updated_at = ?3 WHERE id = ?1 AND status = 'open'`, checkoutId, to, now),
];

export const setProviderSession = (db: DB, checkoutId: string, sessionId: string, now = Date.now()) =>
  db
    .update(storeCheckouts)
    .set({ providerSessionId: sessionId, updatedAt: new Date(now) })
    .where(eq(storeCheckouts.id, checkoutId));

/** A checkout by its own id or its provider session's id (the return URL carries the latter). */
export const findStoreCheckout = (db: DB, ref: string) =>
  db
    .select()
    .from(storeCheckouts)
    .where(or(eq(storeCheckouts.id, ref), eq(storeCheckouts.providerSessionId, ref)))
    .get();

/** A checkout's lines with what its product and variant say of them now. */
export const listCheckoutLines = (db: DB, checkoutId: string) =>
  db
    .select({
      lineNo: storeCheckoutLines.lineNo,
      productId: storeCheckoutLines.productId,
      variantId: storeCheckoutLines.variantId,
      quantity: storeCheckoutLines.quantity,
      unitCents: storeCheckoutLines.unitCents,
      totalCents: storeCheckoutLines.totalCents,
      discountCents: storeCheckoutLines.discountCents,
      vipPrice: storeCheckoutLines.vipPrice,
      kind: products.kind,
      title: products.title,
      titlePtBr: products.titlePtBr,
      albumId: products.albumId,
      trackId: products.trackId,
      bundledAlbumId: products.bundledAlbumId,
      giftMonths: products.giftMonths,
      giftTierId: products.giftTierId,
      size: productVariants.size,
      colour: productVariants.colour,
      sku: productVariants.sku,
    })
    .from(storeCheckoutLines)
    .innerJoin(products, eq(products.id, storeCheckoutLines.productId))
    .leftJoin(productVariants, eq(productVariants.id, storeCheckoutLines.variantId))
    .where(eq(storeCheckoutLines.checkoutId, checkoutId))
    .orderBy(asc(storeCheckoutLines.lineNo))
    .all();
export type CheckoutLineView = Awaited<ReturnType<typeof listCheckoutLines>>[number];

export async function orderNumberOf(db: DB, checkoutId: string): Promise<number | null> {
  const row = await db.select({ number: orders.number }).from(orders).where(eq(orders.checkoutId, checkoutId)).get();
  return row?.number ?? null;
}

/** Local checkouts still open past their expiry, oldest first: the sweep delivers their expiry. */
export const listExpiredLocalCheckouts = (db: DB, now: number, limit: number) =>
  db
    .select()
    .from(storeCheckouts)
    .where(and(eq(storeCheckouts.status, "open"), eq(storeCheckouts.mode, "local"), lte(storeCheckouts.expiresAt, new Date(now))))
    .orderBy(asc(storeCheckouts.expiresAt))
    .limit(limit)
    .all();

/** Runs the release of one checkout on its own (the provider refused to open its session). */
export async function releaseCheckout(db: DB, checkoutId: string, to: "expired" | "failed", now = Date.now()) {
  const [first, ...rest] = releaseStatements(checkoutId, to, now);
  await runBatch(db, [first!, ...rest]);
}
