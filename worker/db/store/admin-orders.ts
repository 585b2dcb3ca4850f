// Store orders for the back office: the filtered, paged list with its totals per currency, one
// order with its lines, counts and history, and the export's pages. Searches match the order
// number, the buyer's e-mail, the name it ships to and the member's username.
import { orderTaxOf } from "./orders";
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DB } from "../client";
import { auditLog } from "../schema/operations";
import { entitlements, giftCodes, orderLines, orders, products, revenueEntries } from "../schema/store";
import { users } from "../schema/accounts";
import { membershipTiers } from "../schema/tiers";
import { ORDERS_PAGE_SIZE, type OrderFilterStatus } from "#contracts/store/admin-orders-limits.ts";
import type { OrderAddress, OrderDetail, OrderLineView, OrderListItem, OrdersListResponse, OrderTotal } from "#contracts/store/admin-orders.ts";
import type { Period } from "../../lib/ticket-periods";
import { orderHistory, SHIP_ACTION, REFUND_ACTION } from "./order-history";
import { orderTicketLinesQuery } from "./tickets";
import { REFUND_OF_REF } from "./refunds";
import { readRedeemedGifts } from "../gift-time";

export type OrderFilters = {
  search: string | null;
  status: OrderFilterStatus | null;
  product: string | null;
  period: Period | null;
  /** Orders with merch that ships from a later day, or the others (decision 118); null: both. */
  ships?: "now" | "later" | null;
};

/** The latest day an order's merch ships from (ms), null when it ships at once (decision 118). */
const shipsFromOf = sql<number | null>`(SELECT max(p.ships_from) FROM order_lines l JOIN products p ON p.id = l.product_id
  WHERE l.order_id = ${orders.id} AND l.kind = 'merch')`;

/** Case-insensitive substring (instr, not LIKE: no wildcards to escape). */
const contains = (column: SQLWrapper, needle: string) => sql`instr(lower(${column}), ${needle}) > 0`;

const shownName = sql<string | null>`coalesce(${orders.shippingName}, ${users.username})`;

function where({ search, status, product, period, ships }: OrderFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search) {
    const needle = search.toLowerCase();
    const number = /^#?\s*(\d{1,12})$/.exec(search)?.[1];
    conditions.push(
      or(
        number ? eq(orders.number, Number(number)) : undefined,
        contains(orders.email, needle),
        contains(sql`coalesce(${orders.shippingName}, '')`, needle),
        contains(sql`coalesce(${users.username}, '')`, needle),
      ),
    );
  }
  if (status) conditions.push(eq(orders.status, status));
  if (product) conditions.push(sql`EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = ${orders.id} AND l.product_id = ${product})`);
  if (ships === "later") conditions.push(sql`${shipsFromOf} IS NOT NULL`);
  if (ships === "now") conditions.push(sql`${shipsFromOf} IS NULL`);
  if (period) conditions.push(gte(orders.paidAt, new Date(period.from)), lt(orders.paidAt, new Date(period.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const listColumns = {
  id: orders.id,
  number: orders.number,
  paidAt: orders.paidAt,
  email: orders.email,
  name: shownName,
  status: orders.status,
  currency: orders.currency,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  shippedAt: orders.shippedAt,
  items: sql<number>`(SELECT coalesce(sum(l.quantity), 0) FROM order_lines l WHERE l.order_id = ${orders.id})
    + (SELECT coalesce(sum(h.quantity), 0) FROM ticket_holds h WHERE h.checkout_id = ${orders.checkoutId})`,
  physical: sql<number>`EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = ${orders.id} AND l.kind = 'merch')`,
  shipsFrom: shipsFromOf,
};

type ListRow = {
  id: string;
  number: number;
  paidAt: Date;
  email: string;
  name: string | null;
  status: OrderListItem["status"];
  currency: OrderListItem["currency"];
  totalCents: number;
  refundedCents: number;
  shippedAt: Date | null;
  items: number;
  physical: number;
  shipsFrom: number | null;
};

const toListItem = (row: ListRow): OrderListItem => ({
  id: row.id,
  number: row.number,
  paidAt: row.paidAt.toISOString(),
  email: row.email,
  name: row.name,
  status: row.status,
  currency: row.currency,
  totalCents: row.totalCents,
  refundedCents: row.refundedCents,
  items: Number(row.items),
  physical: Boolean(row.physical),
  shippedAt: row.shippedAt?.toISOString() ?? null,
  shipsFrom: row.shipsFrom === null ? null : new Date(row.shipsFrom).toISOString().slice(0, 10),
});

/** One page of matching orders (newest paid first), how many match, their totals per currency, and the products sold. */
export async function listOrders(db: DB, filters: OrderFilters, page: number): Promise<OrdersListResponse> {
  const condition = where(filters);
  const [rows, sums, sold] = await db.batch([
    db
      .select(listColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(condition)
      .orderBy(desc(orders.paidAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    db
      .select({
        currency: orders.currency,
        totalCents: sql<number>`sum(${orders.totalCents})`,
        refundedCents: sql<number>`sum(${orders.refundedCents})`,
        count: sql<number>`count(*)`,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(condition)
      .groupBy(orders.currency)
      .orderBy(desc(sql`count(*)`), asc(orders.currency)),
    db
      .selectDistinct({ id: products.id, title: products.title })
      .from(products)
      .innerJoin(orderLines, eq(orderLines.productId, products.id))
      .orderBy(asc(products.title)),
  ]);
  const totals = sums.map((s): OrderTotal => ({ currency: s.currency, totalCents: s.totalCents, refundedCents: s.refundedCents, count: s.count }));
  return {
    orders: rows.map(toListItem),
    count: totals.reduce((n, t) => n + t.count, 0),
    page,
    pageSize: ORDERS_PAGE_SIZE,
    totals,
    products: sold,
  };
}

const ADDRESS_KEYS = ["line1", "line2", "city", "state", "postalCode", "country"] as const;

/** The stored address as the contract's shape (every key, null where the provider gave none). */
export function addressOf(stored: Record<string, string | null> | null): OrderAddress | null {
  if (!stored) return null;
  const value = (key: string) => (typeof stored[key] === "string" && stored[key] !== "" ? stored[key] : null);
  return Object.fromEntries(ADDRESS_KEYS.map((key) => [key, value(key) ?? value(key === "postalCode" ? "postal_code" : key)])) as OrderAddress;
}

/** One order with everything the detail page shows; null when there is none. */
export async function findOrderDetail(db: DB, id: string): Promise<Omit<OrderDetail, "disputes"> | null> {
  const [found, lines, rights, gifts, audits, refunds, tickets, giftList] = await db.batch([
    db
      .select({ order: orders, username: users.username, items: listColumns.items, physical: listColumns.physical, shipsFrom: listColumns.shipsFrom })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, id)),
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.lineNo)),
    db
      .select({ total: sql<number>`count(*)`, revoked: sql<number>`count(${entitlements.revokedAt})` })
      .from(entitlements)
      .where(eq(entitlements.orderId, id)),
    db
      .select({ total: sql<number>`count(*)`, redeemed: sql<number>`count(${giftCodes.redeemedAt})`, voided: sql<number>`count(${giftCodes.voidedAt})` })
      .from(giftCodes)
      .where(eq(giftCodes.orderId, id)),
    db
      .select({ action: auditLog.action, actorEmail: auditLog.actorEmail, summary: auditLog.summary, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "order"), eq(auditLog.targetId, id), inArray(auditLog.action, [SHIP_ACTION, REFUND_ACTION])))
      .orderBy(asc(auditLog.id)),
    db
      // A refund's rows (its tickets' part apart) as one refund.
      .select({
        ref: sql.raw(REFUND_OF_REF).mapWith(String),
        amountCents: sql`sum(${revenueEntries.amountCents})`.mapWith(Number),
        occurredAt: sql`min(${revenueEntries.occurredAt})`.mapWith(revenueEntries.occurredAt),
      })
      .from(revenueEntries)
      .where(and(eq(revenueEntries.orderId, id), sql`${revenueEntries.ref} LIKE 'refund:%'`))
      .groupBy(sql.raw(REFUND_OF_REF))
      .orderBy(sql`min(${revenueEntries.occurredAt})`, sql`min(${revenueEntries.id})`),
    orderTicketLinesQuery(db, id),
    db
      .select({
        code: giftCodes.code,
        months: giftCodes.months,
        tierId: giftCodes.tierId,
        en: membershipTiers.nameEn,
        ptBR: membershipTiers.namePtBR,
        redeemedAt: giftCodes.redeemedAt,
        voidedAt: giftCodes.voidedAt,
      })
      .from(giftCodes)
      .leftJoin(membershipTiers, eq(membershipTiers.id, giftCodes.tierId))
      .where(eq(giftCodes.orderId, id))
      .orderBy(asc(giftCodes.code)),
  ]);
  const row = found[0];
  if (!row) return null;
  const o = row.order;
  const history = orderHistory(o, audits, refunds);
  const redeemed = gifts[0]?.redeemed ? await readRedeemedGifts(db, id) : [];
  return {
    ...toListItem({ ...o, name: o.shippingName ?? row.username, items: row.items, physical: row.physical, shipsFrom: row.shipsFrom }),
    locale: o.locale,
    tax: orderTaxOf(o),
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    shippingCents: o.shippingCents,
    promoCode: o.promoCode,
    shippingName: o.shippingName,
    address: addressOf(o.shippingAddress ?? null),
    member: o.userId && row.username ? { id: o.userId, username: row.username } : null,
    paymentIntentId: o.paymentIntentId,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    trackingUrl: o.trackingUrl,
    lines: lines.map((l): OrderLineView => ({
      lineNo: l.lineNo,
      productId: l.productId,
      kind: l.kind,
      title: l.title,
      variantLabel: l.variantLabel,
      sku: l.sku,
      quantity: l.quantity,
      unitCents: l.unitCents,
      totalCents: l.totalCents,
      restockedAt: l.restockedAt?.toISOString() ?? null,
    })),
    tickets,
    refundableCents: Math.max(0, o.totalCents - o.refundedCents - history.pendingCents),
    pendingRefundCents: history.pendingCents,
    entitlements: { total: rights[0]?.total ?? 0, revoked: rights[0]?.revoked ?? 0 },
    giftCodes: { total: gifts[0]?.total ?? 0, redeemed: gifts[0]?.redeemed ?? 0, voided: gifts[0]?.voided ?? 0 },
    redeemedGifts: redeemed.map(({ code, redeemer, remainingMs, settled }) => ({ code, redeemer, remainingMs, settled })),
    gifts: giftList.map((g) => ({
      code: g.code,
      months: g.months,
      tier: { id: g.tierId, name: { en: g.en ?? g.tierId, ptBR: g.ptBR ?? g.tierId } },
      state: g.redeemedAt !== null ? "redeemed" : g.voidedAt !== null ? "void" : "unredeemed",
    })),
    history: history.entries,
  };
}

/** What a refund request needs of an order. */
export type RefundableOrder = {
  id: string;
  number: number;
  status: OrderListItem["status"];
  currency: OrderListItem["currency"];
  totalCents: number;
  refundedCents: number;
  paymentIntentId: string | null;
  /** Asked for here and not yet confirmed by the provider's event. */
  pendingCents: number;
  /** A redeemed gift code whose VIP time no refund has settled yet: the request must choose. */
  giftTimeOpen: boolean;
};

export async function findRefundableOrder(db: DB, id: string): Promise<RefundableOrder | null> {
  const detail = await findOrderDetail(db, id);
  if (!detail) return null;
  const { number, status, currency, totalCents, refundedCents, paymentIntentId, pendingRefundCents, redeemedGifts } = detail;
  const giftTimeOpen = redeemedGifts.some((g) => !g.settled);
  return { id, number, status, currency, totalCents, refundedCents, paymentIntentId, pendingCents: pendingRefundCents, giftTimeOpen };
}

// ---- the CSV export's pages ---------------------------------------------------------------

export type ExportOrder = {
  id: string;
  number: number;
  paidAt: number;
  email: string;
  name: string | null;
  address: OrderAddress | null;
  currency: string;
  status: string;
  carrier: string | null;
  trackingNumber: string | null;
  /** What the buyer paid and the tax in it, where it is owed (decision 093). */
  totalCents: number;
  taxCents: number;
  taxPlace: string | null;
  buyerTaxId: string | null;
};

export type ExportLine = {
  orderId: string;
  sku: string | null;
  title: string;
  variantLabel: string | null;
  quantity: number;
  unitCents: number;
};

type Cursor = { paidAt: number; id: string };

/** The next `batch` matching orders after `cursor` (newest first). */
function exportPage(db: DB, filters: OrderFilters, cursor: Cursor | null, batch: number) {
  const after = cursor ? or(lt(orders.paidAt, new Date(cursor.paidAt)), and(eq(orders.paidAt, new Date(cursor.paidAt)), lt(orders.id, cursor.id))) : undefined;
  return db
    .select({ order: orders, name: shownName })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(where(filters), after))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(batch);
}

const exportLines = (db: DB, orderIds: string[], product: string | null) =>
  db
    .select({
      orderId: orderLines.orderId,
      sku: orderLines.sku,
      title: orderLines.title,
      variantLabel: orderLines.variantLabel,
      quantity: orderLines.quantity,
      unitCents: orderLines.unitCents,
    })
    .from(orderLines)
    // One parameter for the page's ids (D1 binds at most 100 a statement).
    .where(
      and(sql`${orderLines.orderId} IN (SELECT value FROM json_each(${JSON.stringify(orderIds)}))`, product ? eq(orderLines.productId, product) : undefined),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));

/**
 * The matching orders, newest first, `batch` at a time, each with its lines (only the filtered
 * product's lines when the filter names one). Keyset paging, so a page costs the same at the end
 * of a long export as at its start.
 */
export async function* exportOrderPages(db: DB, filters: OrderFilters, batch: number): AsyncGenerator<{ order: ExportOrder; lines: ExportLine[] }[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const page = await exportPage(db, filters, cursor, batch);
    if (page.length === 0) return;
    const lines = await exportLines(
      db,
      page.map((p) => p.order.id),
      filters.product,
    );
    yield page.map(({ order: o, name }) => ({
      order: {
        id: o.id,
        number: o.number,
        paidAt: o.paidAt.getTime(),
        email: o.email,
        name,
        address: addressOf(o.shippingAddress ?? null),
        currency: o.currency,
        status: o.status,
        carrier: o.carrier,
        trackingNumber: o.trackingNumber,
        totalCents: o.totalCents,
        taxCents: o.taxCents,
        taxPlace: orderTaxOf(o)?.place ?? null,
        buyerTaxId: o.buyerTaxId,
      },
      lines: lines.filter((l) => l.orderId === o.id),
    }));
    if (page.length < batch) return;
    const last = page[page.length - 1]!.order;
    cursor = { paidAt: last.paidAt.getTime(), id: last.id };
  }
}
