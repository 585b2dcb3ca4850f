// Helpers for the store's checkout tests: products, variants and codes written straight into D1
// (the back office that makes them is another part), requests to the store's routes as each role,
// and everything a checkout can change, to prove that a refusal changed nothing.
import { env } from "cloudflare:workers";
import { call, cookieFrom, createUser, type TestUser } from "./helpers";
import { createDoorStaff } from "./check-in-fixtures";
import { STORE_BUYER_COOKIE } from "../../worker/contracts/store/checkout";

export const D1 = (env as unknown as { DB: D1Database }).DB;

let seq = 0;
const uid = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type ProductSeed = {
  kind?: "digital" | "merch" | "gift_vip";
  state?: "draft" | "live" | "sold_out" | "archived";
  title?: string;
  titlePtBr?: string | null;
  pricing?: "fixed" | "name_your_price";
  usd?: number;
  brl?: number | null;
  vipUsd?: number | null;
  vipBrl?: number | null;
  vipPct?: number | null;
  albumId?: string | null;
  trackId?: string | null;
  bundledAlbumId?: string | null;
  weightClass?: "light" | "standard" | "heavy" | null;
  giftMonths?: number | null;
  limit?: number;
};

export async function seedProduct(p: ProductSeed = {}) {
  const id = uid("prod");
  const kind = p.kind ?? "digital";
  await D1.prepare(
    `INSERT INTO products (id, slug, kind, state, title, title_pt_br, pricing, price_usd_cents, price_brl_cents, vip_price_usd_cents, vip_price_brl_cents,
       vip_discount_pct, album_id, track_id, bundled_album_id, weight_class, gift_months, per_order_limit)
     VALUES (?1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)`,
  )
    .bind(
      id,
      kind,
      p.state ?? "live",
      p.title ?? `A ${kind} ${id}`,
      p.titlePtBr ?? null,
      p.pricing ?? "fixed",
      p.usd ?? 1000,
      p.brl === undefined ? 5000 : p.brl,
      p.vipUsd ?? null,
      p.vipBrl ?? null,
      p.vipPct ?? null,
      p.albumId === undefined ? (kind === "digital" && !p.trackId ? "freestyle-nights" : null) : p.albumId,
      p.trackId ?? null,
      p.bundledAlbumId ?? null,
      p.weightClass === undefined ? (kind === "merch" ? "standard" : null) : p.weightClass,
      p.giftMonths === undefined ? (kind === "gift_vip" ? 3 : null) : p.giftMonths,
      p.limit ?? 10,
    )
    .run();
  return id;
}

export async function seedVariant(
  productId: string,
  { stock = 10, size = "M", colour = "Black" }: { stock?: number; size?: string | null; colour?: string | null } = {},
) {
  const id = uid("var");
  await D1.prepare(`INSERT INTO product_variants (id, product_id, sku, size, colour, stock) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`)
    .bind(id, productId, `SKU-${id}`, size, colour, stock)
    .run();
  return id;
}

/** A live shirt with one variant (size M) of `stock`. */
export async function seedShirt(stock = 10, product: ProductSeed = {}) {
  const productId = await seedProduct({ kind: "merch", usd: 2500, brl: 12000, title: "Tour Shirt", titlePtBr: "Camiseta da Turnê", ...product });
  const variantId = await seedVariant(productId, { stock });
  return { productId, variantId };
}

export async function seedPromo({
  code = uid("PROMO").toUpperCase(),
  percentOff = 20,
  scope = "all",
  vipOnly = false,
  maxUses = null,
  uses = 0,
  startsAt = null,
  endsAt = null,
}: {
  code?: string;
  percentOff?: number;
  scope?: "all" | "merch" | "digital";
  vipOnly?: boolean;
  maxUses?: number | null;
  uses?: number;
  startsAt?: number | null;
  endsAt?: number | null;
} = {}) {
  await D1.prepare(`INSERT INTO promo_codes (code, percent_off, scope, vip_only, max_uses, uses, starts_at, ends_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`)
    .bind(code, percentOff, scope, vipOnly ? 1 : 0, maxUses, uses, startsAt, endsAt)
    .run();
  return code;
}

export type StoreRole = "visitor" | "user" | "vip" | "admin" | "door" | "banned";
export const STORE_ROLES: StoreRole[] = ["visitor", "user", "vip", "admin", "door", "banned"];

export async function buyerFor(role: StoreRole): Promise<TestUser | null> {
  if (role === "visitor") return null;
  if (role === "door") return createDoorStaff();
  return createUser(role);
}

export type CartLineInput = { productId: string; variantId?: string | null; quantity?: number; amountCents?: number | null };
export const cart = (lines: CartLineInput[], extra: Record<string, unknown> = {}) => ({
  currency: "usd",
  lines: lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, quantity: l.quantity ?? 1, amountCents: l.amountCents ?? null })),
  ...extra,
});

export const postQuote = (json: unknown, cookie?: string, headers?: Record<string, string>) => call("/api/store/quote", { json, cookie, headers });

export const postCheckout = (json: unknown, cookie?: string, headers?: Record<string, string>) => call("/api/store/checkout", { json, cookie, headers });

/** The buyer cookie a checkout answer set, as a Cookie header value. */
export const buyerCookieOf = (res: Response) => cookieFrom(res, STORE_BUYER_COOKIE);

/** Joins cookies for one request. */
export const cookies = (...values: (string | null | undefined)[]) => values.filter(Boolean).join("; ") || undefined;

export async function stockOf(variantId: string) {
  return (await D1.prepare("SELECT stock FROM product_variants WHERE id = ?1").bind(variantId).first<{ stock: number }>())!.stock;
}

export async function usesOf(code: string) {
  return (await D1.prepare("SELECT uses FROM promo_codes WHERE code = ?1").bind(code).first<{ uses: number }>())!.uses;
}

const countOf = async (table: string) => (await D1.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** Everything a checkout or its fulfilment can write, to prove a refusal wrote nothing. */
export async function storeState() {
  const [variants, codes] = await Promise.all([
    D1.prepare("SELECT id, stock FROM product_variants ORDER BY id").all(),
    D1.prepare("SELECT code, uses FROM promo_codes ORDER BY code").all(),
  ]);
  return {
    checkouts: await countOf("store_checkouts"),
    lines: await countOf("store_checkout_lines"),
    holds: await countOf("stock_holds"),
    orders: await countOf("orders"),
    revenue: await countOf("revenue_entries"),
    variants: variants.results,
    codes: codes.results,
  };
}

export const checkoutRowBySession = (sessionId: string) =>
  D1.prepare("SELECT * FROM store_checkouts WHERE provider_session_id = ?1 OR id = ?1").bind(sessionId).first<Record<string, unknown>>();

/** The session id in a local checkout URL (/store/checkout/test?session=...). */
export const sessionOf = (url: string) => new URL(url, "https://x.test").searchParams.get("session")!;
