// Paid store orders for the back office's tests, written with raw SQL as the checkout's fulfilment
// would leave them (products, a variant with the stock left after the sale, the checkout, the
// order and its lines, download entitlements, gift codes and the ledger's `order:<id>` row), and
// charge.refunded events as Stripe sends them. Nothing here goes through the code under test.
import { env } from "cloudflare:workers";
import type { Currency, GiftMonths, OrderStatus } from "../../worker/contracts/store/model";
import { event, type TestEvent } from "./payments-fixtures";

export const D1 = (env as unknown as { DB: D1Database }).DB;

export type LineSpec =
  | { kind: "merch"; title?: string; size?: string; quantity?: number; unitCents?: number; stockLeft?: number; sku?: string; productId?: string }
  | { kind: "digital"; title?: string; albumId?: string; unitCents?: number; productId?: string }
  | { kind: "gift_vip"; title?: string; months?: GiftMonths; quantity?: number; unitCents?: number; productId?: string };

export type OrderSpec = {
  lines?: LineSpec[];
  email?: string;
  userId?: string | null;
  locale?: "en" | "pt-BR";
  currency?: Currency;
  paidAt?: number;
  status?: OrderStatus;
  discountCents?: number;
  shippingCents?: number;
  refundedCents?: number;
  shippingName?: string | null;
  address?: Record<string, string | null> | null;
  /** null: an order without a payment (a free download). */
  paymentIntentId?: string | null;
  shippedAt?: number | null;
};

export type InsertedLine = { lineNo: number; kind: LineSpec["kind"]; productId: string; variantId: string | null; quantity: number; totalCents: number };
export type InsertedOrder = {
  id: string;
  number: number;
  email: string;
  paymentIntentId: string | null;
  totalCents: number;
  currency: Currency;
  lines: InsertedLine[];
  giftCodes: string[];
  entitlements: string[];
};

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(++serial).toString(36)}`;
let nextNumber = 1000;

const run = (query: string, ...binds: unknown[]) =>
  D1.prepare(query)
    .bind(...binds)
    .run();

export const DEFAULT_ADDRESS = { line1: "Rua Augusta, 1500", line2: "Apto 12", city: "São Paulo", state: "SP", postalCode: "01304-001", country: "BR" };

async function insertProduct(kind: LineSpec["kind"], title: string, priceCents: number, extra: { albumId?: string; months?: number } = {}) {
  const id = `prod-${unique()}`;
  await run(
    `INSERT INTO products (id, slug, kind, state, title, price_usd_cents, album_id, weight_class, gift_months)
     VALUES (?1, ?1, ?2, 'live', ?3, ?4, ?5, ?6, ?7)`,
    id,
    kind,
    title,
    priceCents,
    kind === "digital" ? (extra.albumId ?? "freestyle-nights") : null,
    kind === "merch" ? "standard" : null,
    kind === "gift_vip" ? (extra.months ?? 3) : null,
  );
  return id;
}

/** A paid order as fulfilment stores it. Defaults: one shirt (size M, 2 left), $25, shipped to São Paulo. */
export async function insertPaidOrder(spec: OrderSpec = {}): Promise<InsertedOrder> {
  const id = crypto.randomUUID();
  const number = ++nextNumber;
  const currency = spec.currency ?? "usd";
  const specs = spec.lines ?? [{ kind: "merch" }];
  const lines: InsertedLine[] = [];
  const pending: (() => Promise<unknown>)[] = [];
  const giftCodes: string[] = [];
  const entitlements: string[] = [];
  const email = spec.email ?? `buyer-${unique()}@example.com`;
  const userId = spec.userId ?? null;

  for (const [index, line] of specs.entries()) {
    const lineNo = index + 1;
    const quantity = line.kind === "digital" ? 1 : (line.quantity ?? 1);
    const unitCents = line.unitCents ?? (line.kind === "merch" ? 2500 : line.kind === "digital" ? 900 : 2997);
    const title = line.title ?? (line.kind === "merch" ? "Tour shirt" : line.kind === "digital" ? "Freestyle Nights (digital album)" : "Gift VIP, 3 months");
    const productId =
      line.productId ??
      (await insertProduct(line.kind, title, unitCents, {
        albumId: line.kind === "digital" ? line.albumId : undefined,
        months: line.kind === "gift_vip" ? line.months : undefined,
      }));
    let variantId: string | null = null;
    let label: string | null = null;
    let sku: string | null = null;
    if (line.kind === "merch") {
      variantId = `var-${unique()}`;
      label = line.size ?? "M";
      sku = line.sku ?? `SHIRT-${label}-${unique()}`;
      await run(
        `INSERT INTO product_variants (id, product_id, sku, size, stock) VALUES (?1, ?2, ?3, ?4, ?5)`,
        variantId,
        productId,
        sku,
        label,
        line.stockLeft ?? 2,
      );
    }
    lines.push({ lineNo, kind: line.kind, productId, variantId, quantity, totalCents: unitCents * quantity });
    pending.push(() =>
      run(
        `INSERT INTO order_lines (order_id, line_no, product_id, variant_id, kind, title, variant_label, sku, quantity, unit_cents, total_cents)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
        id,
        lineNo,
        productId,
        variantId,
        line.kind,
        title,
        label,
        sku,
        quantity,
        unitCents,
        unitCents * quantity,
      ),
    );
    if (line.kind === "digital") {
      const entitlement = crypto.randomUUID();
      entitlements.push(entitlement);
      pending.push(() =>
        run(
          `INSERT INTO entitlements (id, order_id, user_id, email, album_id) VALUES (?1, ?2, ?3, ?4, ?5)`,
          entitlement,
          id,
          userId,
          email,
          line.albumId ?? "freestyle-nights",
        ),
      );
    }
    if (line.kind === "gift_vip") {
      for (let i = 0; i < quantity; i++) {
        const code = `GIFT-${unique().toUpperCase()}`;
        giftCodes.push(code);
        pending.push(() =>
          run(
            `INSERT INTO gift_codes (code, order_id, months, buyer_email, buyer_user_id) VALUES (?1, ?2, ?3, ?4, ?5)`,
            code,
            id,
            line.months ?? 3,
            email,
            userId,
          ),
        );
      }
    }
  }

  const subtotal = lines.reduce((n, l) => n + l.totalCents, 0);
  const physical = specs.some((l) => l.kind === "merch");
  const shipping = spec.shippingCents ?? (physical ? 900 : 0);
  const discount = spec.discountCents ?? 0;
  const total = subtotal - discount + shipping;
  const paidAt = spec.paidAt ?? Date.now();
  const checkoutId = `chk-${unique()}`;
  const paymentIntentId = spec.paymentIntentId === undefined ? `pi_test_${unique()}` : spec.paymentIntentId;
  await run(
    `INSERT INTO store_checkouts (id, provider_session_id, mode, user_id, email, locale, currency, subtotal_cents, discount_cents, shipping_cents, total_cents, status, expires_at)
     VALUES (?1, ?2, 'local', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'paid', ?11)`,
    checkoutId,
    `cs_test_${unique()}`,
    userId,
    email,
    spec.locale ?? "en",
    currency,
    subtotal,
    discount,
    shipping,
    total,
    paidAt + 30 * 60_000,
  );
  await run(
    `INSERT INTO orders (id, number, checkout_id, user_id, email, locale, currency, subtotal_cents, discount_cents, shipping_cents, total_cents, refunded_cents,
       shipping_name, shipping_address, status, shipped_at, payment_intent_id, paid_at, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?18, ?18)`,
    id,
    number,
    checkoutId,
    userId,
    email,
    spec.locale ?? "en",
    currency,
    subtotal,
    discount,
    shipping,
    total,
    spec.refundedCents ?? 0,
    spec.shippingName === undefined ? (physical ? "Ana Souza" : null) : spec.shippingName,
    spec.address === undefined ? (physical ? JSON.stringify(DEFAULT_ADDRESS) : null) : spec.address && JSON.stringify(spec.address),
    spec.status ?? "paid",
    spec.shippedAt ?? null,
    paymentIntentId,
    paidAt,
  );
  for (const insert of pending) await insert();
  await run(
    `INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, order_id, occurred_at) VALUES (?1, 'store', ?2, ?3, ?4, ?5, ?6)`,
    `order:${id}`,
    total,
    currency,
    userId,
    id,
    paidAt,
  );
  return { id, number, email, paymentIntentId, totalCents: total, currency, lines, giftCodes, entitlements };
}

/** Every order and what hangs from it, gone: a test that counts orders starts from none. */
export async function clearOrders() {
  await D1.batch(
    ["revenue_entries", "gift_codes", "entitlements", "order_lines", "orders", "store_checkouts", "product_variants", "products"].map((table) =>
      D1.prepare(`DELETE FROM ${table}`),
    ),
  );
}

// ---- reading what changed ---------------------------------------------------------------------

export const orderRow = (id: string) =>
  D1.prepare("SELECT status, refunded_cents, shipped_at, carrier, tracking_number, tracking_url FROM orders WHERE id = ?1").bind(id).first<{
    status: string;
    refunded_cents: number;
    shipped_at: number | null;
    carrier: string | null;
    tracking_number: string | null;
    tracking_url: string | null;
  }>();

export const stockOf = async (variantId: string) =>
  (await D1.prepare("SELECT stock FROM product_variants WHERE id = ?1").bind(variantId).first<{ stock: number }>())!.stock;

export const refundRows = async (orderId: string) =>
  (
    await D1.prepare("SELECT ref, amount_cents, currency, order_id FROM revenue_entries WHERE order_id = ?1 AND ref LIKE 'refund:%' ORDER BY id")
      .bind(orderId)
      .all<{ ref: string; amount_cents: number; currency: string; order_id: string }>()
  ).results;

/** Everything a refund or a shipment may change, to prove that something changed nothing. */
export async function orderStateOf(orderId: string) {
  const all = async (query: string) => (await D1.prepare(query).bind(orderId).all()).results;
  return {
    order: await D1.prepare("SELECT * FROM orders WHERE id = ?1").bind(orderId).first(),
    lines: await all("SELECT * FROM order_lines WHERE order_id = ?1 ORDER BY line_no"),
    stock: await all("SELECT v.id, v.stock FROM product_variants v JOIN order_lines l ON l.variant_id = v.id WHERE l.order_id = ?1 ORDER BY v.id"),
    entitlements: await all("SELECT * FROM entitlements WHERE order_id = ?1 ORDER BY id"),
    giftCodes: await all("SELECT * FROM gift_codes WHERE order_id = ?1 ORDER BY code"),
    ledger: await all("SELECT ref, amount_cents FROM revenue_entries WHERE order_id = ?1 ORDER BY id"),
    audit: await all("SELECT action, summary FROM audit_log WHERE target_id = ?1 ORDER BY id"),
  };
}

// ---- charge.refunded as Stripe sends it -------------------------------------------------------

export type RefundSpec = { id: string; amount: number; createdMs?: number; status?: string };

/**
 * The charge of `paymentIntentId` after its refunds: `cumulative` is amount_refunded (every refund
 * so far); `refunds` the list (null: left out, as newer API versions do).
 */
export function chargeRefundedEvent(
  {
    paymentIntentId,
    amount,
    cumulative,
    refunds,
    currency = "usd",
  }: { paymentIntentId: string; amount: number; cumulative: number; refunds: RefundSpec[] | null; currency?: string },
  createdMs = Date.now(),
): TestEvent {
  return event(
    "charge.refunded",
    {
      id: `ch_test_${paymentIntentId}`,
      object: "charge",
      amount,
      amount_refunded: cumulative,
      currency,
      payment_intent: paymentIntentId,
      refunded: cumulative >= amount,
      ...(refunds
        ? {
            refunds: {
              object: "list",
              has_more: false,
              data: refunds.map((r) => ({
                id: r.id,
                object: "refund",
                amount: r.amount,
                currency,
                created: Math.floor((r.createdMs ?? createdMs) / 1000),
                status: r.status ?? "succeeded",
                payment_intent: paymentIntentId,
              })),
            },
          }
        : {}),
    },
    createdMs,
  );
}
