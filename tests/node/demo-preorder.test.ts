// The local demo's pre-order (scripts/lib/demo-preorder.mjs): a coming album three weeks after the
// seed with its first two tracks teasers, a digital album at $9 / R$ 45 and a cassette that ships
// from the release day. It goes into the migrated tables (foreign keys on), each seed moves its
// time back to three weeks on while keeping what the back office changed, its products pass the
// back office's form, and its demo audio and cover are rendered with the catalog's.
import { describe, expect, it } from "vitest";
import { migratedDb } from "./migrated-db";
import { DEMO_PREORDER_ALBUM, DEMO_PREORDER_PRODUCTS, demoPreorderPictures, demoPreorderReleaseAt, demoPreorderSql } from "../../scripts/lib/demo-preorder.mjs";
import { DEMO_MEDIA_CATALOG, demoMediaJobs } from "../../scripts/catalog/generate-demo-media.mjs";
import { productInputSchema } from "../../worker/contracts/store/admin";

const DAY = 86_400_000;
/** A seed run on Saturday 21 November 2026, 09:07:30 in New York. */
const SEED_NOW = Date.UTC(2026, 10, 21, 14, 7, 30);

type Row = Record<string, string | number | null>;
const all = (database: ReturnType<typeof migratedDb>, query: string) => database.prepare(query).all() as unknown as Row[];

function seededDb(now = SEED_NOW) {
  const database = migratedDb();
  database.exec(demoPreorderSql(now).join("\n"));
  return database;
}

describe("the demo pre-order", () => {
  it("is an album out three weeks after the seed at 18:00 UTC, its first two tracks teasers, sold at $9 with a cassette shipping that day", () => {
    const database = seededDb();
    const releaseAt = Date.UTC(2026, 11, 12, 18, 0, 0);
    expect(demoPreorderReleaseAt(SEED_NOW)).toBe(releaseAt);
    expect(all(database, "SELECT title, release_at, early_access_at FROM albums WHERE id = 'neon-horizon'")).toEqual([
      { title: "Neon Horizon", release_at: releaseAt, early_access_at: null },
    ]);
    expect(all(database, "SELECT number, teaser, audio_key FROM tracks WHERE album_id = 'neon-horizon' ORDER BY number")).toEqual(
      [1, 2, 3, 4, 5].map((n) => ({ number: n, teaser: n <= 2 ? 1 : 0, audio_key: `audio/neon-horizon-${n}.mp3` })),
    );
    expect(all(database, "SELECT slug, kind, state, price_usd_cents, price_brl_cents, album_id, ships_from FROM products ORDER BY position")).toEqual([
      { slug: "neon-horizon-digital", kind: "digital", state: "live", price_usd_cents: 900, price_brl_cents: 4500, album_id: "neon-horizon", ships_from: null },
      {
        slug: "neon-horizon-cassette",
        kind: "merch",
        state: "live",
        price_usd_cents: 1400,
        price_brl_cents: 7000,
        album_id: null,
        ships_from: Date.UTC(2026, 11, 12),
      },
    ]);
    expect(all(database, "SELECT sku, stock FROM product_variants")).toEqual([{ sku: "NH-CASS-PINK", stock: 40 }]);
    expect(all(database, "SELECT count(*) AS n FROM product_images")).toEqual([{ n: 2 }]);
  });

  it("gives the album the year of its release day, and a seed that moves the day into the next year moves the year", () => {
    // Seeded on 28 November 2026, it comes out on 19 December 2026: not "2027".
    const database = seededDb(Date.UTC(2026, 10, 28, 17, 0));
    expect(all(database, "SELECT year, release_at FROM albums WHERE id = 'neon-horizon'")).toEqual([{ year: 2026, release_at: Date.UTC(2026, 11, 19, 18) }]);
    database.exec(demoPreorderSql(Date.UTC(2026, 11, 20, 9)).join("\n"));
    expect(all(database, "SELECT year FROM albums WHERE id = 'neon-horizon'")).toEqual([{ year: 2027 }]);
  });

  it("a later seed moves the release three weeks on again, and keeps the teaser marks and titles the back office changed", () => {
    const database = seededDb();
    database.exec("UPDATE tracks SET teaser = 1 WHERE id = 'neon-horizon-5'");
    database.exec("UPDATE albums SET title = 'Renamed', early_access_at = 1 WHERE id = 'neon-horizon'");
    const later = SEED_NOW + 10 * DAY;
    database.exec(demoPreorderSql(later).join("\n"));
    expect(all(database, "SELECT title, release_at, early_access_at FROM albums WHERE id = 'neon-horizon'")).toEqual([
      { title: "Renamed", release_at: demoPreorderReleaseAt(later), early_access_at: null },
    ]);
    expect(all(database, "SELECT count(*) AS n FROM tracks WHERE album_id = 'neon-horizon' AND teaser = 1")).toEqual([{ n: 3 }]);
    expect(all(database, "SELECT ships_from FROM products WHERE slug = 'neon-horizon-cassette'")).toEqual([{ ships_from: Date.UTC(2026, 11, 22) }]);
    expect(all(database, "SELECT count(*) AS n FROM products")).toEqual([{ n: 2 }]);
  });

  it("passes the back office's product form", () => {
    for (const p of DEMO_PREORDER_PRODUCTS) {
      const checked = productInputSchema.safeParse({
        kind: p.kind,
        slug: p.slug,
        state: "live",
        title: p.title,
        titlePtBr: p.titlePtBr,
        description: p.description,
        descriptionPtBr: p.descriptionPtBr,
        pricing: "fixed",
        priceUsdCents: p.priceUsdCents,
        priceBrlCents: p.priceBrlCents,
        albumId: p.albumId,
        weightClass: p.weightClass,
        shipsFrom: p.kind === "merch" ? "2026-12-12" : null,
        perOrderLimit: 5,
        position: p.position,
      });
      expect(checked.success ? [] : checked.error.issues, p.slug).toEqual([]);
    }
  });

  it("has its demo audio and cover rendered with the catalog's, and a picture per product", async () => {
    expect(DEMO_MEDIA_CATALOG.at(-1)).toBe(DEMO_PREORDER_ALBUM);
    const jobs = await demoMediaJobs(DEMO_MEDIA_CATALOG, "/tmp/unused");
    const keys = jobs.map((j) => j.key);
    for (const track of DEMO_PREORDER_ALBUM.tracks) expect(keys).toContain(track.audioKey);
    expect(keys).toContain("covers/neon-horizon.png");
    const pictures = demoPreorderPictures();
    expect(pictures).toHaveLength(2);
    for (const { key, png } of pictures) {
      expect(key).toMatch(/^store\/5a0e0000-0000-4000-8000-0000000000(12|13)-[0-9a-f]{16}\.png$/);
      expect([...png.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    }
  });
});
