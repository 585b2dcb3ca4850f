// Local demo only: a coming album sold as a pre-order (decision 118), so `npm start` shows the
// store's "Pre-order" button, the collection's "Pre-ordered — out {date}" and the back office's
// pre-order figures, and tests/e2e/preorders.spec.ts has an album to pre-order. "Neon Horizon"
// comes out three weeks after the seed (every seed moves it back there, as the demo events' dates,
// so it is always coming), its first two tracks are teasers that download at once, its digital
// album sells at $9 / R$ 45, and a cassette of it "ships from" its release day.
// The album and tracks are inserted once by fixed ids (INSERT OR IGNORE keeps what the back office
// changed since, teaser marks included); their demo audio and cover come from the catalog's
// generator (scripts/catalog/generate-demo-media.mjs renders DEMO_MEDIA_CATALOG).
import { createHash } from "node:crypto";
import { durationForTrackId } from "../catalog/hash.mjs";
import { renderCoverPng } from "./demo-covers.mjs";
import { DAY_MS, HOUR_MS } from "../../worker/lib/time.ts";

const ALBUM_ID = "neon-horizon";
const TITLES = ["Neon Horizon", "Signal in the Static", "Afterglow Avenue", "Heartbeat Frequency", "Dawn Over Bergen Street"];
/** The tracks marked teaser: they download the moment the pre-order is paid. */
export const DEMO_PREORDER_TEASERS = [1, 2];
/** How long after the seed the album comes out. */
const COMING_IN_DAYS = 21;

/** The coming album, in the catalog's shape (scripts/catalog/catalog.mjs), after its 30 releases. */
export const DEMO_PREORDER_ALBUM = {
  id: ALBUM_ID,
  title: "Neon Horizon",
  /** For the demo audio's tags only, which are made once; the catalog row's year follows the release day (demoPreorderYear). */
  year: 2027,
  type: "Album",
  coverKey: `covers/${ALBUM_ID}.png`,
  position: 30,
  tracks: TITLES.map((title, i) => {
    const id = `${ALBUM_ID}-${i + 1}`;
    return { id, albumId: ALBUM_ID, title, number: i + 1, durationSeconds: durationForTrackId(id), audioKey: `audio/${id}.mp3`, featuredPosition: null };
  }),
};

const productId = (n) => `5a0e0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** The album's digital pre-order and the cassette that ships on its day. */
export const DEMO_PREORDER_PRODUCTS = [
  {
    id: productId(12),
    slug: "neon-horizon-digital",
    kind: "digital",
    title: "Neon Horizon (digital album)",
    titlePtBr: "Neon Horizon (álbum digital)",
    description: "The new album, five tracks. Pre-order it now: the first two tracks download at once, the rest on the day it comes out.",
    descriptionPtBr: "O álbum novo, cinco faixas. Compre na pré-venda: as duas primeiras faixas você baixa na hora, o resto no dia em que ele sai.",
    priceUsdCents: 900,
    priceBrlCents: 4500,
    albumId: ALBUM_ID,
    weightClass: null,
    position: 35,
    variants: [],
  },
  {
    id: productId(13),
    slug: "neon-horizon-cassette",
    kind: "merch",
    title: "Neon Horizon on cassette",
    titlePtBr: "Neon Horizon em fita cassete",
    description: "The new album on a clear neon-pink cassette, made to order: it ships from the day the album comes out.",
    descriptionPtBr: "O álbum novo em fita cassete rosa neon transparente, feita sob encomenda: enviada a partir do dia em que o álbum sai.",
    priceUsdCents: 1400,
    priceBrlCents: 7000,
    albumId: null,
    weightClass: "light",
    position: 36,
    variants: [{ id: productId(1301), sku: "NH-CASS-PINK", colour: "Neon pink", stock: 40 }],
  },
];

/** The album's public release time for a seed at `now`: 18:00 UTC, three weeks on. */
export function demoPreorderReleaseAt(now) {
  const day = Math.floor((now + COMING_IN_DAYS * DAY_MS) / DAY_MS) * DAY_MS;
  return day + 18 * HOUR_MS;
}

/** The cassette's "ships from": the release's UTC day (the back office's form stores a day at 00:00 UTC). */
export const demoPreorderShipsFrom = (now) => Math.floor(demoPreorderReleaseAt(now) / DAY_MS) * DAY_MS;

const productImageKey = (product) => `store/${product.id}-${createHash("sha256").update(`demo-product:${product.id}:0`).digest("hex").slice(0, 16)}.png`;

/** The products' pictures for local R2: drawn like the album's cover. */
export const demoPreorderPictures = () =>
  DEMO_PREORDER_PRODUCTS.map((product) => ({ key: productImageKey(product), png: renderCoverPng({ id: `demo-product-${product.id}-0` }) }));

const sqlValue = (value) =>
  value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
const row = (values) => values.map(sqlValue).join(", ");

/** The album's year: the UTC year of its release day, which the seed moves (a fixed year said 2027 for a release in December 2026). */
const demoPreorderYear = (now) => new Date(demoPreorderReleaseAt(now)).getUTCFullYear();

/** The album, its tracks and teaser marks, its two products; the dates moved to stay relative to `now`. */
export function demoPreorderSql(now) {
  const album = DEMO_PREORDER_ALBUM;
  const releaseAt = demoPreorderReleaseAt(now);
  const year = demoPreorderYear(now);
  const out = [
    `INSERT OR IGNORE INTO albums (id, title, year, type, cover_key, position, release_at) VALUES (${row([album.id, album.title, year, album.type, album.coverKey, album.position, releaseAt])});`,
    // Always coming: the seed moves it three weeks on, as it moves the demo events, and its year with it.
    `UPDATE albums SET release_at = ${releaseAt}, year = ${year}, early_access_at = NULL WHERE id = ${sqlValue(album.id)};`,
  ];
  for (const t of album.tracks) {
    const teaser = DEMO_PREORDER_TEASERS.includes(t.number) ? 1 : 0;
    out.push(
      `INSERT OR IGNORE INTO tracks (id, album_id, title, number, duration_seconds, audio_key, teaser) VALUES (${row([t.id, album.id, t.title, t.number, t.durationSeconds, t.audioKey, teaser])});`,
    );
  }
  for (const p of DEMO_PREORDER_PRODUCTS) {
    out.push(
      `INSERT OR IGNORE INTO products (id, slug, kind, state, title, title_pt_br, description, description_pt_br, pricing, price_usd_cents, price_brl_cents, album_id, weight_class, per_order_limit, position, created_at, updated_at)
       VALUES (${row([p.id, p.slug, p.kind, "live", p.title, p.titlePtBr, p.description, p.descriptionPtBr, "fixed", p.priceUsdCents, p.priceBrlCents, p.albumId, p.weightClass, 5, p.position, now, now])});`,
    );
    for (const [position, v] of p.variants.entries()) {
      out.push(
        `INSERT OR IGNORE INTO product_variants (id, product_id, sku, colour, stock, position) SELECT ${row([v.id, p.id, v.sku, v.colour, v.stock, position])} WHERE EXISTS (SELECT 1 FROM products WHERE id = ${sqlValue(p.id)});`,
      );
    }
    const key = productImageKey(p);
    out.push(
      `INSERT OR IGNORE INTO product_images (product_id, image_key, position) SELECT ${sqlValue(p.id)}, ${sqlValue(key)}, 0 WHERE EXISTS (SELECT 1 FROM products WHERE id = ${sqlValue(p.id)}) AND NOT EXISTS (SELECT 1 FROM product_images WHERE image_key = ${sqlValue(key)});`,
    );
  }
  out.push(`UPDATE products SET ships_from = ${demoPreorderShipsFrom(now)} WHERE id = ${sqlValue(DEMO_PREORDER_PRODUCTS[1].id)};`);
  return out;
}
