// Store rows as fulfilment leaves them, written with raw SQL (never with the code under test): a
// paid order (with the checkout it came from) and, optionally, the gift VIP codes it bought.
// Shared by the store's Worker tests; each part inserts the rows its routes start from.
import type { GiftMonths } from "../../worker/contracts/store/model";

export type GiftSeed = {
  /** Default: a fresh GIFT-XXXX-XXXX-XXXX. */
  code?: string;
  months?: GiftMonths;
  /** The tier it gives (default: VIP). */
  tierId?: string;
  /** A refund made it void (ms). */
  voidedAt?: number | null;
  redeemedBy?: string | null;
  redeemedAt?: number | null;
};

export type PaidOrderSeed = {
  /** The buyer's account; null for a guest. */
  userId?: string | null;
  email?: string;
  locale?: "en" | "pt-BR";
  currency?: "usd" | "brl";
  totalCents?: number;
  paidAt?: number;
  gifts?: GiftSeed[];
};

export type PaidOrder = { orderId: string; checkoutId: string; number: number; email: string; giftCodes: string[] };

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const group = () => Array.from({ length: 4 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join("");
/** A code of the shape fulfilment makes; random enough that two tests never share one. */
export const fixtureGiftCode = () => `GIFT-${group()}-${group()}-${group()}`;

let orderSerial = Math.floor(Math.random() * 1_000_000) * 100;

export async function insertPaidOrder(db: D1Database, seed: PaidOrderSeed = {}): Promise<PaidOrder> {
  const checkoutId = crypto.randomUUID();
  const orderId = crypto.randomUUID();
  const number = ++orderSerial;
  const email = seed.email ?? `buyer-${number}@example.com`;
  const currency = seed.currency ?? "usd";
  const total = seed.totalCents ?? 2999;
  const paidAt = seed.paidAt ?? Date.now();
  const locale = seed.locale ?? "en";
  const userId = seed.userId ?? null;
  const giftCodes = (seed.gifts ?? []).map((g) => g.code ?? fixtureGiftCode());
  await db.batch([
    db
      .prepare(
        `INSERT INTO store_checkouts (id, provider_session_id, mode, user_id, email, locale, currency, subtotal_cents, total_cents, status, expires_at, created_at, updated_at)
         VALUES (?1, ?2, 'local', ?3, ?4, ?5, ?6, ?7, ?7, 'paid', ?8, ?8, ?8)`,
      )
      .bind(checkoutId, `cs_local_${number}`, userId, email, locale, currency, total, paidAt),
    db
      .prepare(
        `INSERT INTO orders (id, number, checkout_id, user_id, email, locale, currency, subtotal_cents, total_cents, status, paid_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, 'paid', ?9, ?9, ?9)`,
      )
      .bind(orderId, number, checkoutId, userId, email, locale, currency, total, paidAt),
    ...(seed.gifts ?? []).map((g, i) =>
      db
        .prepare(
          `INSERT INTO gift_codes (code, order_id, months, buyer_email, buyer_user_id, redeemed_by, redeemed_at, voided_at, created_at, tier_id)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
        )
        .bind(giftCodes[i], orderId, g.months ?? 3, email, userId, g.redeemedBy ?? null, g.redeemedAt ?? null, g.voidedAt ?? null, paidAt, g.tierId ?? "vip"),
    ),
  ]);
  return { orderId, checkoutId, number, email, giftCodes };
}

/** One gift code in a paid order of its own (the buyer a member when `userId` is given). */
export async function insertGiftCode(db: D1Database, gift: GiftSeed & Omit<PaidOrderSeed, "gifts"> = {}): Promise<string> {
  const { code, months, tierId, voidedAt, redeemedBy, redeemedAt, ...order } = gift;
  const { giftCodes } = await insertPaidOrder(db, { ...order, gifts: [{ code, months, tierId, voidedAt, redeemedBy, redeemedAt }] });
  return giftCodes[0]!;
}
