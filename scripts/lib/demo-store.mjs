// Local demo only: a store (decision 054) so `npm start` shows /store and /admin/store at work and
// every journey can be walked offline: a tour shirt in four sizes with little stock left in M, a
// vinyl + digital bundle, two digital albums at a fixed price with a price in reais and a VIP
// benefit, a name-your-price single (minimum $1) and a free track that still offers to pay, gift VIP
// for 1, 3, 6 and 12 months, all live; and the promotion code FREESTYLE20 of the demo perk "20% off
// the official merch store" (VIPs, merch). Inserted once by fixed ids (INSERT OR IGNORE keeps what
// the back office or a checkout changed since, stock included). The merch and gift pictures show
// what they sell (a shirt, a record sleeve, a card: demo-product-pictures.mjs), the downloads'
// are drawn like the album covers; the media step puts them into local R2.
import { createHash } from "node:crypto";
import { renderCoverPng } from "./demo-covers.mjs";
import { renderProductPicturePng } from "./demo-product-pictures.mjs";

/** The demo perk whose shared code is the store's FREESTYLE20 (scripts/lib/demo-perks.mjs). */
export const MERCH_PERK_ID = "0b7e0000-0000-4000-8000-000000000001";

const id = (n) => `5a0e0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const defaults = {
  pricing: "fixed",
  priceBrlCents: null,
  vipPriceUsdCents: null,
  vipPriceBrlCents: null,
  vipDiscountPct: null,
  albumId: null,
  trackId: null,
  bundledAlbumId: null,
  weightClass: null,
  giftMonths: null,
  giftTierId: null,
  perOrderLimit: 10,
  pictures: 1,
  variants: [],
};

const gift = (n, months, usd, brl, slug, pt) => ({
  ...defaults,
  id: id(n),
  slug,
  kind: "gift_vip",
  title: `Gift VIP: ${months === 1 ? "1 month" : `${months} months`}`,
  titlePtBr: `VIP de presente: ${pt}`,
  description: `Give a friend ${months === 1 ? "a month" : `${months} months`} of VIP: every track in full, the radio, the listening parties and the perks. They redeem the code when signed in, after any VIP time they already have.`,
  descriptionPtBr: `Dê a um amigo ${pt} de VIP: todas as faixas completas, a rádio, as audições e as vantagens. Ele resgata o código com a conta aberta, depois do tempo de VIP que já tiver.`,
  priceUsdCents: usd,
  priceBrlCents: brl,
  giftMonths: months,
  perOrderLimit: 5,
  position: 60 + months,
});

export const DEMO_PRODUCTS = [
  {
    ...defaults,
    id: id(1),
    slug: "tour-shirt-2026",
    kind: "merch",
    title: "Freestyle Lovers Tour 2026 shirt",
    titlePtBr: "Camiseta da turnê Freestyle Lovers 2026",
    description: "Heavyweight black cotton with the neon tour print on the front and every date on the back.",
    descriptionPtBr: "Algodão preto encorpado com a estampa neon da turnê na frente e todas as datas nas costas.",
    priceUsdCents: 2500,
    priceBrlCents: 12000,
    weightClass: "light",
    perOrderLimit: 5,
    position: 10,
    pictures: 2,
    variants: [
      { id: id(101), sku: "FL-TOUR26-S", size: "S", stock: 12 },
      { id: id(102), sku: "FL-TOUR26-M", size: "M", stock: 3 },
      { id: id(103), sku: "FL-TOUR26-L", size: "L", stock: 9 },
      { id: id(104), sku: "FL-TOUR26-XL", size: "XL", stock: 6 },
    ],
  },
  {
    ...defaults,
    id: id(2),
    slug: "freestyle-nights-vinyl",
    kind: "merch",
    title: "Freestyle Nights on pink vinyl + digital album",
    titlePtBr: "Freestyle Nights em vinil rosa + álbum digital",
    description: "The 1987 debut on 180 g pink splatter vinyl, with the digital album to download the moment you pay.",
    descriptionPtBr: "A estreia de 1987 em vinil rosa respingado de 180 g, com o álbum digital para baixar assim que você paga.",
    priceUsdCents: 3200,
    priceBrlCents: 16000,
    vipPriceUsdCents: 2800,
    vipPriceBrlCents: 14000,
    bundledAlbumId: "freestyle-nights",
    weightClass: "heavy",
    perOrderLimit: 2,
    position: 20,
    pictures: 2,
    variants: [{ id: id(201), sku: "FN-LP-PINK", colour: "Pink splatter", stock: 25 }],
  },
  {
    ...defaults,
    id: id(3),
    slug: "freestyle-nights-digital",
    kind: "digital",
    title: "Freestyle Nights (digital album)",
    titlePtBr: "Freestyle Nights (álbum digital)",
    description: "All ten tracks of the debut album to keep: MP3 and lossless, with the cover and the credits.",
    descriptionPtBr: "As dez faixas do álbum de estreia para guardar: MP3 e sem perdas, com a capa e os créditos.",
    priceUsdCents: 700,
    priceBrlCents: 3500,
    vipPriceUsdCents: 500,
    vipPriceBrlCents: 2500,
    albumId: "freestyle-nights",
    position: 30,
  },
  {
    ...defaults,
    id: id(4),
    slug: "moonlight-boulevard-digital",
    kind: "digital",
    title: "Moonlight Boulevard (digital album)",
    titlePtBr: "Moonlight Boulevard (álbum digital)",
    description: "The 1988 album to keep, every track with the cover and the credits. Name your price from $7; VIP members' minimum is 20% lower.",
    descriptionPtBr:
      "O álbum de 1988 para guardar, todas as faixas com a capa e os créditos. Pague quanto quiser a partir de US$ 7; para membros VIP o mínimo é 20% menor.",
    pricing: "name_your_price",
    priceUsdCents: 700,
    priceBrlCents: 3500,
    vipDiscountPct: 20,
    albumId: "moonlight-boulevard",
    position: 40,
  },
  {
    ...defaults,
    id: id(5),
    slug: "spring-love-single",
    kind: "digital",
    title: "Spring Love (single)",
    titlePtBr: "Spring Love (single)",
    description: "The single with its extended club mix and the instrumental. Name your price: $1 or more.",
    descriptionPtBr: "O single com o extended club mix e a versão instrumental. Pague quanto quiser: a partir de R$ 5.",
    pricing: "name_your_price",
    priceUsdCents: 100,
    priceBrlCents: 500,
    albumId: "spring-love-single",
    position: 50,
  },
  {
    ...defaults,
    id: id(6),
    slug: "dream-about-you-free",
    kind: "digital",
    title: "Dream About You (free download)",
    titlePtBr: "Dream About You (download gratuito)",
    description: "A thank-you to every fan: download it for free, or pay what you like.",
    descriptionPtBr: "Um agradecimento a cada fã: baixe de graça, ou pague quanto quiser.",
    pricing: "name_your_price",
    priceUsdCents: 0,
    priceBrlCents: 0,
    trackId: "dream-about-you",
    position: 55,
  },
  gift(7, 1, 999, 4990, "gift-vip-1-month", "1 mês"),
  gift(8, 3, 2700, 13500, "gift-vip-3-months", "3 meses"),
  gift(9, 6, 5000, 25000, "gift-vip-6-months", "6 meses"),
  gift(10, 12, 9000, 45000, "gift-vip-12-months", "12 meses"),
  // A gift of the demo's Inner Circle tier (decision 116): three of its months at its monthly price.
  {
    ...gift(11, 3, 7497, 38970, "gift-inner-circle-3-months", "3 meses"),
    title: "Gift Inner Circle: 3 months",
    titlePtBr: "Círculo Íntimo de presente: 3 meses",
    description:
      "Give a friend 3 months of Inner Circle: everything VIP has, plus lossless listening, replays of live shows and the members-only room. They redeem the code when signed in.",
    descriptionPtBr:
      "Dê a um amigo 3 meses de Círculo Íntimo: tudo o que o VIP tem, mais áudio sem perdas, reprises dos shows ao vivo e a sala só para membros. Ele resgata o código com a conta aberta.",
    giftTierId: "inner-circle",
    position: 75,
  },
];

/** FREESTYLE20: the demo perk's shared code, 20% off merch for VIP members. */
export const DEMO_PROMO_CODES = [{ code: "FREESTYLE20", percentOff: 20, scope: "merch", vipOnly: true, perkId: MERCH_PERK_ID }];

/** `store/<product id>-<16 hex>.png`, the shape of a picture the back office uploads; stable across seeds. */
export const demoProductImageKey = (product, index) =>
  `store/${product.id}-${createHash("sha256").update(`demo-product:${product.id}:${index}`).digest("hex").slice(0, 16)}.png`;

/** Every demo picture: its product, place and key. */
const demoImages = () =>
  DEMO_PRODUCTS.flatMap((product) => Array.from({ length: product.pictures }, (_, index) => ({ product, index, key: demoProductImageKey(product, index) })));

/** The pictures to put into local R2: key and PNG bytes. */
export const demoStorePictures = () =>
  demoImages().map(({ product, index, key }) => ({
    key,
    png: renderProductPicturePng(product, index) ?? renderCoverPng({ id: `demo-product-${product.id}-${index}` }),
  }));

const DEMO_TAX_REGISTRATIONS = ["DE", "FR", "NL"];

const sqlValue = (value) =>
  value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
const row = (values) => `(${values.map(sqlValue).join(", ")})`;

export function demoStoreSql(now) {
  const out = [];
  for (const p of DEMO_PRODUCTS) {
    out.push(
      `INSERT OR IGNORE INTO products (id, slug, kind, state, title, title_pt_br, description, description_pt_br, pricing, price_usd_cents, price_brl_cents, vip_price_usd_cents, vip_price_brl_cents, vip_discount_pct, album_id, track_id, bundled_album_id, weight_class, gift_months, gift_tier_id, per_order_limit, position, created_at, updated_at)
       VALUES ${row([p.id, p.slug, p.kind, "live", p.title, p.titlePtBr, p.description, p.descriptionPtBr, p.pricing, p.priceUsdCents, p.priceBrlCents, p.vipPriceUsdCents, p.vipPriceBrlCents, p.vipDiscountPct, p.albumId, p.trackId, p.bundledAlbumId, p.weightClass, p.giftMonths, p.giftTierId, p.perOrderLimit, p.position, now, now])};`,
    );
    for (const [position, v] of p.variants.entries()) {
      out.push(
        `INSERT OR IGNORE INTO product_variants (id, product_id, sku, size, colour, stock, position) SELECT ${row([v.id, p.id, v.sku, v.size, v.colour, v.stock, position]).slice(1, -1)} WHERE EXISTS (SELECT 1 FROM products WHERE id = ${sqlValue(p.id)});`,
      );
    }
  }
  // A picture once per key (its row id is the table's own), and only to a product still there.
  for (const { product, index, key } of demoImages()) {
    out.push(
      `INSERT OR IGNORE INTO product_images (product_id, image_key, position) SELECT ${sqlValue(product.id)}, ${sqlValue(key)}, ${index} WHERE EXISTS (SELECT 1 FROM products WHERE id = ${sqlValue(product.id)}) AND NOT EXISTS (SELECT 1 FROM product_images WHERE image_key = ${sqlValue(key)});`,
    );
  }
  // Sales tax (decision 093): the demo artist is registered in three EU countries, so the local
  // checkout's DEMO calculator shows VAT to a buyer there; elsewhere it says "not collected".
  out.push(
    `INSERT OR IGNORE INTO site_settings (key, value, updated_at) VALUES ('tax.registrations', ${sqlValue(JSON.stringify(DEMO_TAX_REGISTRATIONS))}, ${now});`,
  );
  for (const c of DEMO_PROMO_CODES) {
    out.push(
      `INSERT OR IGNORE INTO promo_codes (code, percent_off, scope, vip_only, perk_id, created_at) SELECT ${row([c.code, c.percentOff, c.scope, c.vipOnly ? 1 : 0]).slice(1, -1)}, (SELECT id FROM perks WHERE id = ${sqlValue(c.perkId)}), ${now};`,
    );
  }
  // The demo's Inner Circle tier has 20 % off merch (decision 099); the row only counts once the
  // tier itself is on the ladder (the store joins the discount to its tier).
  out.push(`INSERT OR IGNORE INTO store_tier_discounts (tier_id, scope, percent_off, updated_at) VALUES ('inner-circle', 'merch', 20, ${now});`);
  return out;
}
