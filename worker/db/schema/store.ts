// The store (decision 054): products and their pictures, variants with stock, promotion codes and
// shipping rates; the checkouts the Worker priced, with the stock they hold; the orders a verified
// payment made, their download entitlements and gift codes; members' carts; and the revenue ledger
// the revenue page reads. Money is integer cents, one currency per row ('usd' or 'brl').
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { albums, tracks } from "./music";
import { perks } from "./perks";
import {
  CURRENCIES,
  ORDER_STATUSES,
  PRICING_MODES,
  PRODUCT_KINDS,
  PRODUCT_STATES,
  PROMO_SCOPES,
  REVENUE_SOURCES,
  SHIPPING_ZONES,
  STORE_CHECKOUT_STATUSES,
  STOCK_HOLD_STATES,
  WEIGHT_CLASSES,
} from "#contracts/store/model.ts";
import { TAX_BEHAVIORS } from "#contracts/tax-model.ts";

const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// A product. Digital: an album (album_id) or a track (track_id) of the catalog. Merch: pictures,
// variants with stock, a weight class, optionally a bundled album whose download comes at once.
// Gift VIP: gift_months of VIP for someone else. price_*_cents is the price, or for
// name-your-price the minimum (0: free, still offers to pay). A VIP pays vip_price_*_cents when set,
// else the price less vip_discount_pct.
export const products = sqliteTable(
  "products",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique("products_slug_unique"),
    kind: text("kind", { enum: PRODUCT_KINDS }).notNull(),
    state: text("state", { enum: PRODUCT_STATES }).notNull().default("draft"),
    title: text("title").notNull(),
    titlePtBr: text("title_pt_br"),
    description: text("description").notNull().default(""),
    descriptionPtBr: text("description_pt_br"),
    pricing: text("pricing", { enum: PRICING_MODES }).notNull().default("fixed"),
    priceUsdCents: integer("price_usd_cents").notNull(),
    priceBrlCents: integer("price_brl_cents"),
    vipPriceUsdCents: integer("vip_price_usd_cents"),
    vipPriceBrlCents: integer("vip_price_brl_cents"),
    vipDiscountPct: integer("vip_discount_pct"),
    albumId: text("album_id").references(() => albums.id, { onDelete: "restrict" }),
    trackId: text("track_id").references(() => tracks.id, { onDelete: "restrict" }),
    bundledAlbumId: text("bundled_album_id").references(() => albums.id, { onDelete: "restrict" }),
    weightClass: text("weight_class", { enum: WEIGHT_CLASSES }),
    giftMonths: integer("gift_months"),
    /** The membership tier a gift gives (migrations/0083; null: VIP). */
    giftTierId: text("gift_tier_id"),
    /** Merch or a bundle sold before it exists ships from this day (migrations/0084, decision 118); null: at once. */
    shipsFrom: integer("ships_from", { mode: "timestamp_ms" }),
    perOrderLimit: integer("per_order_limit").notNull().default(10),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_state_position_idx").on(t.state, t.position),
    index("products_album_idx").on(t.albumId),
    index("products_track_idx").on(t.trackId),
    check("products_price_check", sql`${t.priceUsdCents} >= 0 AND (${t.priceBrlCents} IS NULL OR ${t.priceBrlCents} >= 0)`),
  ],
);

// A product's pictures in R2 (folder "store"), in order; the first is its cover.
export const productImages = sqliteTable(
  "product_images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    imageKey: text("image_key").notNull(),
    position: integer("position").notNull(),
    alt: text("alt"),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

// A merch product's variants (size, colour), each its own SKU and stock. stock never goes below
// zero: it is taken by `UPDATE ... SET stock = stock - ?1 WHERE id = ?2 AND stock >= ?1`, and the
// CHECK refuses anything else.
export const productVariants = sqliteTable(
  "product_variants",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique("product_variants_sku_unique"),
    size: text("size"),
    colour: text("colour"),
    stock: integer("stock").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_variants_product_idx").on(t.productId, t.position), check("product_variants_stock_check", sql`${t.stock} >= 0`)],
);

// Promotion codes the checkout accepts (upper case). A perk's shared code is one (perk_id set);
// max_uses null: unlimited, else taken like stock (`uses = uses + 1 WHERE uses < max_uses`).
export const promoCodes = sqliteTable(
  "promo_codes",
  {
    code: text("code").primaryKey(),
    percentOff: integer("percent_off").notNull(),
    scope: text("scope", { enum: PROMO_SCOPES }).notNull().default("all"),
    vipOnly: integer("vip_only", { mode: "boolean" }).notNull().default(false),
    perkId: text("perk_id").references(() => perks.id, { onDelete: "set null" }),
    /** For members of this tier and above (decision 099, migrations/0068); null: no tier asked. */
    minTierId: text("min_tier_id"),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [check("promo_codes_uses_check", sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`)],
);

// What shipping costs, by zone and weight class, in each currency. Free over the threshold in
// site_settings ("store.freeShippingOver").
/** A tier's percentage off the store's items of a scope, for that tier and the ones above it (decision 099). */
export const storeTierDiscounts = sqliteTable(
  "store_tier_discounts",
  {
    tierId: text("tier_id").notNull(),
    scope: text("scope", { enum: ["all", "merch", "digital"] }).notNull(),
    percentOff: integer("percent_off").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tierId, t.scope] })],
);

export const shippingRates = sqliteTable(
  "shipping_rates",
  {
    zone: text("zone", { enum: SHIPPING_ZONES }).notNull(),
    weightClass: text("weight_class", { enum: WEIGHT_CLASSES }).notNull(),
    usdCents: integer("usd_cents").notNull(),
    brlCents: integer("brl_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.zone, t.weightClass] })],
);

// A checkout the Worker priced: its own snapshot of lines and amounts (the provider is told these,
// never asked), the provider's session, member or guest e-mail. status: open until paid, expired
// (abandoned or run out) or failed.
export const storeCheckouts = sqliteTable(
  "store_checkouts",
  {
    id: text("id").primaryKey(),
    providerSessionId: text("provider_session_id").unique("store_checkouts_provider_session_unique"),
    mode: text("mode", { enum: ["live", "local"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    locale: text("locale").notNull().default("en"),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    promoCode: text("promo_code"),
    shippingCountry: text("shipping_country"),
    status: text("status", { enum: STORE_CHECKOUT_STATUSES }).notNull().default("open"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** SHA-256 of the buyer cookie of the browser that opened a guest's checkout: it may read it. */
    buyerKeyHash: text("buyer_key_hash"),
    /** The checkout holds one use of a limited promotion code (given back once if it expires). */
    promoUseTaken: integer("promo_use_taken", { mode: "boolean" }).notNull().default(false),
    /** The prices' tax behaviour for its currency when it was opened (decision 093). */
    taxBehavior: text("tax_behavior", { enum: TAX_BEHAVIORS }).notNull().default("exclusive"),
    /** The buyer's IP address at checkout: the order's purchase IP (dispute evidence, decision 094). */
    buyerIp: text("buyer_ip"),
  },
  (t) => [index("store_checkouts_status_expiry_idx").on(t.status, t.expiresAt), index("store_checkouts_user_idx").on(t.userId)],
);

export const storeCheckoutLines = sqliteTable(
  "store_checkout_lines",
  {
    checkoutId: text("checkout_id")
      .notNull()
      .references(() => storeCheckouts.id, { onDelete: "cascade" }),
    lineNo: integer("line_no").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    variantId: text("variant_id").references(() => productVariants.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    vipPrice: integer("vip_price", { mode: "boolean" }).notNull().default(false),
    /** The promotion's share of this line: (unit price - discounted unit price) x quantity. */
    discountCents: integer("discount_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.checkoutId, t.lineNo] })],
);

// Never holds a row: a reservation batch inserts a refusal's code here when a conditional UPDATE
// changed nothing (`... SELECT 'sold_out' WHERE changes() = 0`), and the named CHECK fails the
// whole batch with a message that names it (migrations/0043_store_checkout.sql).
export const storeRefusals = sqliteTable("store_refusals", { code: text("code").notNull() }, (t) => [
  check("store_refused_sold_out", sql`${t.code} <> 'sold_out'`),
  check("store_refused_promo_code_used_up", sql`${t.code} <> 'promo_code_used_up'`),
]);

// Stock a checkout took from a variant: held until paid (committed) or expired (released, the
// quantity given back in the same batch, conditionally, so twice releases once).
export const stockHolds = sqliteTable(
  "stock_holds",
  {
    checkoutId: text("checkout_id")
      .notNull()
      .references(() => storeCheckouts.id, { onDelete: "cascade" }),
    variantId: text("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    state: text("state", { enum: STOCK_HOLD_STATES }).notNull().default("held"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.checkoutId, t.variantId] }), index("stock_holds_state_idx").on(t.state)],
);

// An order: made once, by the verified payment event, from its checkout's snapshot.
export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    number: integer("number").notNull().unique("orders_number_unique"),
    checkoutId: text("checkout_id")
      .notNull()
      .unique("orders_checkout_unique")
      .references(() => storeCheckouts.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    locale: text("locale").notNull().default("en"),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** What refunds asked of the provider take, claimed before asking (never past the total). */
    refundClaimedCents: integer("refund_claimed_cents").notNull().default(0),
    promoCode: text("promo_code"),
    shippingName: text("shipping_name"),
    /** The address the provider collected: { line1, line2, city, state, postalCode, country }. */
    shippingAddress: text("shipping_address", { mode: "json" }).$type<Record<string, string | null>>(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("paid"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    shippedAt: integer("shipped_at", { mode: "timestamp_ms" }),
    /** What a refund is made against at the provider. */
    paymentIntentId: text("payment_intent_id"),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The part of total_cents that is tax, as the verified payment event carried it (decision 093). */
    taxCents: integer("tax_cents").notNull().default(0),
    taxBehavior: text("tax_behavior", { enum: TAX_BEHAVIORS }),
    /** collected, or not_collected (not registered where the buyer is); null: sold before tax. */
    taxStatus: text("tax_status", { enum: ["collected", "not_collected"] }),
    taxCountry: text("tax_country"),
    /** The US state (or another country's region) the tax was computed for. */
    taxRegion: text("tax_region"),
    buyerTaxId: text("buyer_tax_id"),
  },
  (t) => [
    index("orders_paid_idx").on(t.paidAt),
    index("orders_user_idx").on(t.userId),
    index("orders_email_idx").on(t.email),
    index("orders_status_idx").on(t.status, t.paidAt),
    index("orders_payment_intent_idx").on(t.paymentIntentId),
  ],
);

// An order's lines, their titles as sold (a product renamed later keeps its orders' words).
export const orderLines = sqliteTable(
  "order_lines",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineNo: integer("line_no").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    variantId: text("variant_id").references(() => productVariants.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: PRODUCT_KINDS }).notNull(),
    title: text("title").notNull(),
    variantLabel: text("variant_label"),
    sku: text("sku"),
    quantity: integer("quantity").notNull(),
    unitCents: integer("unit_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The promotion's share of this line (total_cents - discount_cents was paid for it). */
    discountCents: integer("discount_cents").notNull().default(0),
    /** A refund gave this line's stock back (once). */
    restockedAt: integer("restocked_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.lineNo] }), index("order_lines_product_idx").on(t.productId)],
);

// A buyer's right to download and stream a release: an album or one track. Revoked by a full refund.
export const entitlements = sqliteTable(
  "entitlements",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    albumId: text("album_id").references(() => albums.id, { onDelete: "cascade" }),
    trackId: text("track_id").references(() => tracks.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    /** Bought before the release's public time (decision 118): that time at the sale; null: not a pre-order. */
    preorderedReleaseAt: integer("preordered_release_at", { mode: "timestamp_ms" }),
    /** When "It's out" was claimed for this pre-order (once). */
    announcedAt: integer("announced_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("entitlements_user_idx").on(t.userId),
    index("entitlements_preorder_idx")
      .on(t.announcedAt, t.preorderedReleaseAt)
      .where(sql`${t.preorderedReleaseAt} IS NOT NULL`),
    index("entitlements_email_idx").on(t.email),
    index("entitlements_order_idx").on(t.orderId),
    check("entitlements_release_check", sql`(${t.albumId} IS NULL) <> (${t.trackId} IS NULL)`),
  ],
);

// Downloads started per entitlement per UTC day (the fair daily limit).
export const downloadCounts = sqliteTable(
  "download_counts",
  {
    entitlementId: text("entitlement_id")
      .notNull()
      .references(() => entitlements.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
    /** What was served, in files' worth (each range's length over the archive's size). */
    served: real("served").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entitlementId, t.day] })],
);

// Gift codes an order bought: redeemed once, by a signed-in member, for `months` of the code's tier.
export const giftCodes = sqliteTable(
  "gift_codes",
  {
    code: text("code").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    months: integer("months").notNull(),
    /** The membership tier the gift gives, as its product named it when bought (migrations/0083). */
    tierId: text("tier_id").notNull().default("vip"),
    buyerEmail: text("buyer_email").notNull(),
    buyerUserId: text("buyer_user_id").references(() => users.id, { onDelete: "set null" }),
    redeemedBy: text("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    redeemedAt: integer("redeemed_at", { mode: "timestamp_ms" }),
    /** A refund made the code void before it was redeemed. */
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    /** The span of the redeemer's comp this gift added (null: none, or redeemed before it was kept). */
    vipFrom: integer("vip_from", { mode: "timestamp_ms" }),
    vipUntil: integer("vip_until", { mode: "timestamp_ms" }),
    /** A refund of the order settled the redeemed gift's time: taken back (time_revoked_ms > 0 or 0) or kept (null). */
    timeSettledAt: integer("time_settled_at", { mode: "timestamp_ms" }),
    timeRevokedMs: integer("time_revoked_ms"),
    createdAt: createdAt(),
  },
  (t) => [index("gift_codes_order_idx").on(t.orderId), index("gift_codes_buyer_idx").on(t.buyerUserId)],
);

// A member's cart, kept across devices (a visitor's lives in the browser and merges on sign-in).
export const carts = sqliteTable("carts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lines: text("lines", { mode: "json" })
    .$type<{ productId: string; variantId: string | null; quantity: number; amountCents: number | null }[]>()
    .notNull()
    .default(sql`'[]'`),
  /** The cart's choices, kept with it: the country to ship to (alpha-2) and the code applied. */
  shippingCountry: text("shipping_country"),
  promoCode: text("promo_code"),
  updatedAt: updatedAt(),
});

// Money in and out, one row per charge or refund, written in the same batch as its effect (so
// once per payment event): the revenue page's source. amount_cents is negative for a refund.
export const revenueEntries = sqliteTable(
  "revenue_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ref: text("ref").notNull().unique("revenue_entries_ref_unique"),
    source: text("source", { enum: REVENUE_SOURCES }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    occurredAt: integer("occurred_at", { mode: "timestamp_ms" }).notNull(),
    /** The tax within amount_cents (negative for a refund's share); amount_cents - tax_cents is revenue. */
    taxCents: integer("tax_cents").notNull().default(0),
    /** Where that tax is owed: "DE", "US-CA" (null: none). */
    taxJurisdiction: text("tax_jurisdiction"),
  },
  (t) => [index("revenue_entries_time_idx").on(t.occurredAt)],
);

// The CRC-32 of an R2 object a release's zip holds, for its ETag (migration 0043): known before the
// first byte, so every download and every Range of one is generated with its exact bytes.
export const mediaChecksums = sqliteTable("media_checksums", {
  key: text("key").primaryKey(),
  etag: text("etag").notNull(),
  size: integer("size").notNull(),
  crc32: integer("crc32").notNull(),
  computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
});

// A file a paid download needed that was not in R2, once per key (migration 0059): the admin was told.
export const missingMediaReports = sqliteTable("missing_media_reports", {
  key: text("key").primaryKey(),
  reportedAt: integer("reported_at", { mode: "timestamp_ms" }).notNull(),
});

// A one-time link to claim a guest's purchases made with another address, mailed there (only its
// SHA-256 kept); used by the member who asked for it, signed in.
export const storeClaimLinks = sqliteTable(
  "store_claim_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("store_claim_links_user_idx").on(t.userId)],
);
