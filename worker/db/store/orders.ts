// Orders made by a verified payment event (decision 054). paidOrderStatements builds the one batch
// that turns a checkout into an order; every statement after the first is conditional on the order
// row that first statement inserts (under an id chosen for this delivery), so a checkout that
// already has its order, however the event arrived, gets nothing more.
import { and, asc, eq } from "drizzle-orm";
import type { DB } from "../client";
import type { Statement } from "../d1";
import { albums, tracks } from "../schema/music";
import { entitlements, giftCodes, orderLines, orders, products, stockHolds } from "../schema/store";
import { membershipTiers } from "../schema/tiers";
import type { StoreCheckoutRow } from "./checkouts";
import type { ShippingAddress } from "#contracts/store/checkout.ts";
import type { OrderTax, TaxBehavior } from "#contracts/tax-model.ts";
import { REFUND_POLICY_VERSION } from "#contracts/disputes-model.ts";

const stmt = (text: string, ...params: unknown[]): Statement => ({ sql: text, params });

export type PaidLine = {
  lineNo: number;
  productId: string;
  variantId: string | null;
  kind: "digital" | "merch" | "gift_vip";
  title: string;
  variantLabel: string | null;
  sku: string | null;
  quantity: number;
  unitCents: number;
  totalCents: number;
  discountCents: number;
};

export type PaidOrder = {
  orderId: string;
  checkout: Pick<StoreCheckoutRow, "id">;
  lines: PaidLine[];
  paymentIntentId: string | null;
  shipping: { name: string | null; address: ShippingAddress } | null;
  paidAt: number;
  /** The releases the order gives (digital lines, merch bundles), each once, with a fresh id. */
  entitlements: { id: string; albumId: string | null; trackId: string | null }[];
  /** One code per gift line unit. */
  /** One per gift unit: the months and the tier its product gives (decision 116). */
  giftCodes: { code: string; months: number; tierId: string }[];
  /**
   * The checkout's holds: any an earlier expiry released (as the batch finds them, not as they
   * were read) have their stock taken again where it is still there.
   */
  releasedHolds: { variantId: string; quantity: number }[];
  /** The ticket lines' share of the total, tax included (decision 055): the ledger's `tickets` row, written by store-tickets.ts. */
  ticketCents: number;
  /** The tax within ticketCents. */
  ticketTaxCents: number;
  /** What the verified event said of tax (decision 093); null: no tax on the session (a free order). */
  tax: {
    cents: number;
    behavior: TaxBehavior;
    status: "collected" | "not_collected";
    country: string | null;
    region: string | null;
    buyerTaxId: string | null;
  } | null;
};

/** An order row's tax as pages and receipts show it (decision 093). */
export function orderTaxOf(o: {
  taxCents: number;
  taxBehavior: TaxBehavior | null;
  taxStatus: "collected" | "not_collected" | null;
  taxCountry: string | null;
  taxRegion: string | null;
  buyerTaxId: string | null;
}): OrderTax {
  if (!o.taxStatus) return null;
  return {
    cents: o.taxCents,
    behavior: o.taxBehavior ?? "exclusive",
    status: o.taxStatus,
    place: o.taxCountry && o.taxRegion ? `${o.taxCountry}-${o.taxRegion}` : o.taxCountry,
    buyerTaxId: o.buyerTaxId,
  };
}

/** Where an order's tax is owed, as the ledger and the tax report name it ("DE", "US-CA"). */
export function jurisdictionOfOrder(tax: PaidOrder["tax"]): string | null {
  if (!tax?.country || tax.cents === 0) return null;
  return tax.country === "US" && tax.region ? `US-${tax.region}` : tax.country;
}

export function paidOrderStatements(o: PaidOrder, now: number): [Statement, ...Statement[]] {
  const exists = `EXISTS (SELECT 1 FROM orders WHERE id = ?1)`;
  const statements: [Statement, ...Statement[]] = [
    // The order itself: numbered next in sequence inside this batch (D1 runs batches one at a time).
    stmt(
      `INSERT INTO orders (id, number, checkout_id, user_id, email, locale, currency, subtotal_cents, discount_cents, shipping_cents,
                           total_cents, promo_code, shipping_name, shipping_address, status, payment_intent_id, paid_at, created_at, updated_at,
                           tax_cents, tax_behavior, tax_status, tax_country, tax_region, buyer_tax_id)
       SELECT ?1, COALESCE((SELECT MAX(number) FROM orders), 1000) + 1, c.id, c.user_id, c.email, c.locale, c.currency, c.subtotal_cents,
              c.discount_cents, c.shipping_cents, c.total_cents + ?8, c.promo_code, ?3, ?4, 'paid', ?5, ?6, ?7, ?7,
              ?9, ?10, ?11, ?12, ?13, ?14
         FROM store_checkouts c
        WHERE c.id = ?2 AND c.status <> 'paid' AND NOT EXISTS (SELECT 1 FROM orders x WHERE x.checkout_id = c.id)`,
      o.orderId,
      o.checkout.id,
      o.shipping?.name ?? null,
      o.shipping ? JSON.stringify(o.shipping.address) : null,
      o.paymentIntentId,
      o.paidAt,
      now,
      // Exclusive tax is added to what the buyer paid; inclusive is already in the total.
      o.tax?.behavior === "exclusive" ? o.tax.cents : 0,
      o.tax?.cents ?? 0,
      o.tax?.behavior ?? null,
      o.tax?.status ?? null,
      o.tax?.country ?? null,
      o.tax?.region ?? null,
      o.tax?.buyerTaxId ?? null,
    ),
  ];
  for (const l of o.lines) {
    statements.push(
      stmt(
        `INSERT INTO order_lines (order_id, line_no, product_id, variant_id, kind, title, variant_label, sku, quantity, unit_cents, total_cents, discount_cents)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12 WHERE ${exists}`,
        o.orderId,
        l.lineNo,
        l.productId,
        l.variantId,
        l.kind,
        l.title,
        l.variantLabel,
        l.sku,
        l.quantity,
        l.unitCents,
        l.totalCents,
        l.discountCents,
      ),
    );
  }
  for (const h of o.releasedHolds) {
    // The stock again when it is still there; the hold is committed only when it was taken (changes()
    // reads the UPDATE just before). A hold left `released` on a paid checkout is stock that ran out.
    statements.push(
      stmt(
        `UPDATE product_variants SET stock = stock - ?2 WHERE id = ?3 AND stock >= ?2 AND ${exists}
            AND EXISTS (SELECT 1 FROM stock_holds WHERE checkout_id = ?4 AND variant_id = ?3 AND state = 'released')`,
        o.orderId,
        h.quantity,
        h.variantId,
        o.checkout.id,
      ),
      stmt(
        `UPDATE stock_holds SET state = 'committed', updated_at = ?3 WHERE checkout_id = ?1 AND variant_id = ?2 AND state = 'released' AND changes() > 0`,
        o.checkout.id,
        h.variantId,
        now,
      ),
    );
  }
  // The order's access log (decision 094): the purchase (its IP and time) and the refund policy the
  // checkout showed, once per order (a second event for the same checkout finds them).
  statements.push(
    stmt(
      `INSERT INTO order_access_log (order_id, kind, at, ip, detail)
       SELECT o.id, k.kind, o.paid_at, CASE WHEN k.kind = 'purchase' THEN c.buyer_ip END,
              CASE WHEN k.kind = 'purchase' THEN json_object('email', o.email) ELSE json_object('policy', ?3) END
         FROM orders o JOIN store_checkouts c ON c.id = o.checkout_id, (SELECT 'purchase' AS kind UNION ALL SELECT 'refund_policy') k
        WHERE o.id = ?1 AND c.id = ?2 AND NOT EXISTS (SELECT 1 FROM order_access_log l WHERE l.order_id = o.id AND l.kind = 'purchase')`,
      o.orderId,
      o.checkout.id,
      REFUND_POLICY_VERSION,
    ),
  );
  statements.push(
    stmt(`UPDATE stock_holds SET state = 'committed', updated_at = ?3 WHERE checkout_id = ?2 AND state = 'held' AND ${exists}`, o.orderId, o.checkout.id, now),
  );
  for (const e of o.entitlements) {
    statements.push(
      stmt(
        // A release whose public time is still ahead is a pre-order (decision 118): that time is
        // kept, and the five-minute job announces it once it has passed.
        `INSERT INTO entitlements (id, order_id, user_id, email, album_id, track_id, created_at, preordered_release_at)
         SELECT ?2, o.id, o.user_id, o.email, ?3, ?4, ?5,
                (SELECT CASE WHEN r > ?5 THEN r END FROM (
                   SELECT a.release_at AS r FROM albums a WHERE a.id = ?3
                   UNION ALL
                   SELECT max(coalesce(t.release_at, 0), coalesce(a.release_at, 0)) FROM tracks t JOIN albums a ON a.id = t.album_id WHERE t.id = ?4))
           FROM orders o WHERE o.id = ?1`,
        o.orderId,
        e.id,
        e.albumId,
        e.trackId,
        now,
      ),
    );
  }
  for (const g of o.giftCodes) {
    statements.push(
      stmt(
        `INSERT INTO gift_codes (code, order_id, months, tier_id, buyer_email, buyer_user_id, created_at)
         SELECT ?2, o.id, ?3, ?5, o.email, o.user_id, ?4 FROM orders o WHERE o.id = ?1`,
        o.orderId,
        g.code,
        g.months,
        now,
        g.tierId,
      ),
    );
  }
  if (o.lines.length > 0) {
    statements.push(
      // A member's cart held what they just bought (tickets are not in the cart: an order of tickets only leaves it).
      // The code was spent on this order; the country to ship to stays the member's choice.
      stmt(`UPDATE carts SET lines = '[]', promo_code = NULL, updated_at = ?2 WHERE user_id = (SELECT user_id FROM orders WHERE id = ?1)`, o.orderId, now),
      // The store's share: the total less the tickets' (their own `tickets` row).
      stmt(
        `INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, order_id, occurred_at, tax_cents, tax_jurisdiction)
         SELECT 'order:' || o.id, 'store', o.total_cents - ?2, o.currency, o.user_id, o.id, o.paid_at, o.tax_cents - ?3, ?4 FROM orders o WHERE o.id = ?1`,
        o.orderId,
        o.ticketCents,
        o.ticketTaxCents,
        jurisdictionOfOrder(o.tax),
      ),
    );
  }
  statements.push(
    stmt(`UPDATE store_checkouts SET status = 'paid', promo_use_taken = 0, updated_at = ?3 WHERE id = ?2 AND ${exists}`, o.orderId, o.checkout.id, now),
  );
  return statements;
}

export const listHolds = (db: DB, checkoutId: string) => db.select().from(stockHolds).where(eq(stockHolds.checkoutId, checkoutId)).all();

// ---- reads for the receipt and the admins' notice ---------------------------------------------

export const findOrder = (db: DB, orderId: string) => db.select().from(orders).where(eq(orders.id, orderId)).get();

/** An order's lines with the product's Portuguese title (the receipt is in the buyer's language). */
export const listOrderLines = (db: DB, orderId: string) =>
  db
    .select({
      lineNo: orderLines.lineNo,
      kind: orderLines.kind,
      title: orderLines.title,
      titlePtBr: products.titlePtBr,
      variantLabel: orderLines.variantLabel,
      quantity: orderLines.quantity,
      unitCents: orderLines.unitCents,
      totalCents: orderLines.totalCents,
      discountCents: orderLines.discountCents,
      shipsFrom: products.shipsFrom,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo))
    .all();

/** An order's entitlements with the release's title (an album's, or a track's). */
export const listOrderEntitlements = (db: DB, orderId: string) =>
  db
    .select({ id: entitlements.id, albumId: entitlements.albumId, trackId: entitlements.trackId, albumTitle: albums.title, trackTitle: tracks.title })
    .from(entitlements)
    .leftJoin(albums, eq(albums.id, entitlements.albumId))
    .leftJoin(tracks, eq(tracks.id, entitlements.trackId))
    .where(and(eq(entitlements.orderId, orderId)))
    .all();

/** An order's gift codes with their tier's names (its id where the ladder lacks it), for the receipt. */
export const listOrderGiftCodes = async (db: DB, orderId: string) =>
  (
    await db
      .select({ code: giftCodes.code, months: giftCodes.months, tierId: giftCodes.tierId, en: membershipTiers.nameEn, ptBR: membershipTiers.namePtBR })
      .from(giftCodes)
      .leftJoin(membershipTiers, eq(membershipTiers.id, giftCodes.tierId))
      .where(eq(giftCodes.orderId, orderId))
      .orderBy(asc(giftCodes.code))
      .all()
  ).map((g) => ({ code: g.code, months: g.months, tier: { en: g.en ?? g.tierId, ptBR: g.ptBR ?? g.tierId } }));
