// The store's pages as the Worker renders them: /store with its products in the first HTML, a
// product's page with its share tags (title, description, its first picture) and its schema.org
// Product with an Offer per currency and the right availability (never a VIP's price, whoever
// asks), both in the visitor's language and in the sitemap; a draft or archived product's page is
// a 404. Album and track pages carry the "Buy" button of the product that sells them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createUser, ORIGIN } from "./helpers";
import { decodeEntities, headOf, metaContents, page, rootOf, textOf, titleOf } from "./pages-fixtures";
import { seedImage, seedProduct, seedVariant } from "./store-fixtures";

type Json = Record<string, unknown>;

/** The parsed JSON-LD scripts of a page's head. */
const jsonLdOf = (html: string): Json[] =>
  [...headOf(html).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Json);
const productMarkup = (html: string) => jsonLdOf(html).find((data) => data["@type"] === "Product");

describe("/store", () => {
  it("renders the grid with each product's title and price in the first HTML, with its share tags", async () => {
    const shirt = await seedProduct({ kind: "merch", title: "Grid tour shirt", priceUsdCents: 2500 });
    await seedVariant(shirt.id, { stock: 2 });
    await seedProduct({ title: "Grid draft", state: "draft" });
    const res = await page("/store", { headers: { "accept-language": "en" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(rootOf(html));
    expect(text).toContain("Grid tour shirt");
    expect(text).toContain("$25.00");
    expect(text).toContain("Only 2 left");
    expect(text).not.toContain("Grid draft");
    expect(decodeEntities(titleOf(html)!)).toBe("Store · Freestyle Lovers");
    expect(metaContents(html, "og:title").map(decodeEntities)).toEqual(["Store · Freestyle Lovers"]);
  });

  it("is in Portuguese for a Portuguese-speaking visitor", async () => {
    await seedProduct({ title: "Poster EN", titlePtBr: "Pôster PT" });
    const html = await (await page("/store", { headers: { "accept-language": "pt-BR" } })).text();
    expect(decodeEntities(titleOf(html)!)).toBe("Loja · Freestyle Lovers");
    expect(textOf(rootOf(html))).toContain("Pôster PT");
  });
});

describe("/store/:product", () => {
  it("carries its share tags and a Product with an Offer per currency", async () => {
    const vinyl = await seedProduct({
      kind: "merch",
      title: "Moonlight vinyl",
      description: "Heavy vinyl with the download.\nSigned sleeve.",
      priceUsdCents: 3000,
      priceBrlCents: 15000,
      vipPriceUsdCents: 2400,
      vipPriceBrlCents: 12000,
      bundledAlbumId: "moonlight-boulevard",
    });
    await seedVariant(vinyl.id, { size: "One size", stock: 50 });
    await seedImage(vinyl.id, "store/moonlight-vinyl-back.jpg", 2);
    await seedImage(vinyl.id, "store/moonlight-vinyl-front.jpg", 1);
    // A VIP's page shows their price; what the page says to crawlers and chat apps never does.
    const vip = await createUser("vip");
    for (const cookie of [undefined, vip.cookie]) {
      const res = await page(`/store/${vinyl.slug}`, { headers: { "accept-language": "en", ...(cookie ? { cookie } : {}) } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(decodeEntities(titleOf(html)!)).toBe("Moonlight vinyl · Freestyle Lovers");
      expect(metaContents(html, "og:title").map(decodeEntities)).toEqual(["Moonlight vinyl · Freestyle Lovers"]);
      expect(metaContents(html, "og:image")).toEqual([`${ORIGIN}/media/store/moonlight-vinyl-front.jpg`]);
      expect(metaContents(html, "og:description").map(decodeEntities)).toEqual(["Heavy vinyl with the download. Signed sleeve."]);
      expect(metaContents(html, "og:type")).toEqual(["product"]);
      const markup = jsonLdOf(html);
      expect(markup).toHaveLength(1);
      expect(markup[0]).toEqual({
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Moonlight vinyl",
        url: `${ORIGIN}/store/${vinyl.slug}`,
        description: "Heavy vinyl with the download.\nSigned sleeve.",
        brand: { "@type": "Brand", name: "Lola Rivera" },
        image: [`${ORIGIN}/media/store/moonlight-vinyl-front.jpg`, `${ORIGIN}/media/store/moonlight-vinyl-back.jpg`],
        offers: [
          { "@type": "Offer", url: `${ORIGIN}/store/${vinyl.slug}`, price: "30.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
          { "@type": "Offer", url: `${ORIGIN}/store/${vinyl.slug}`, price: "150.00", priceCurrency: "BRL", availability: "https://schema.org/InStock" },
        ],
      });
      const text = textOf(rootOf(html));
      expect(text).toContain("Moonlight vinyl");
      expect(text).toContain(cookie ? "Your VIP price $24.00" : "VIPs pay $24.00");
    }
  });

  it("says a few left is limited and none left is out of stock; a download's picture is its release's cover", async () => {
    const few = await seedProduct({ kind: "merch", priceBrlCents: null });
    await seedVariant(few.id, { stock: 3 });
    const gone = await seedProduct({ state: "sold_out", albumId: "freestyle-nights", priceBrlCents: null });
    const availability = async (slug: string) => {
      const html = await (await page(`/store/${slug}`)).text();
      return { html, offers: productMarkup(html)?.offers as Json[] };
    };
    expect((await availability(few.slug)).offers.map((o) => o.availability)).toEqual(["https://schema.org/LimitedAvailability"]);
    const { html, offers } = await availability(gone.slug);
    expect(offers.map((o) => o.availability)).toEqual(["https://schema.org/OutOfStock"]);
    expect(productMarkup(html)?.image).toEqual([`${ORIGIN}/media/covers/freestyle-nights.png`]);
    expect(metaContents(html, "og:image")).toEqual([`${ORIGIN}/media/covers/freestyle-nights.png`]);
    expect(textOf(rootOf(html))).toContain("Sold out");
  });

  it("is in the visitor's language: Portuguese title and description when there are some", async () => {
    const { slug } = await seedProduct({ title: "Tour shirt", titlePtBr: "Camiseta da turnê", description: "Cotton.", descriptionPtBr: "Algodão." });
    const html = await (await page(`/store/${slug}`, { headers: { "accept-language": "pt-BR" } })).text();
    expect(decodeEntities(titleOf(html)!)).toBe("Camiseta da turnê · Freestyle Lovers");
    expect(metaContents(html, "og:description").map(decodeEntities)).toEqual(["Algodão."]);
    expect(productMarkup(html)).toMatchObject({ name: "Camiseta da turnê", description: "Algodão." });
  });

  it("is a 404 for a draft, an archived or an unknown product, without markup", async () => {
    const draft = await seedProduct({ state: "draft", title: "Hidden draft" });
    const archived = await seedProduct({ state: "archived", title: "Hidden archive" });
    for (const slug of [draft.slug, archived.slug, "no-such-product"]) {
      const res = await page(`/store/${slug}`);
      expect(res.status, slug).toBe(404);
      const html = await res.text();
      expect(jsonLdOf(html), slug).toEqual([]);
      expect(html, slug).not.toMatch(/Hidden draft|Hidden archive/);
    }
  });
});

describe("album and track pages", () => {
  it("offer the release's download: Buy digital album — $7.00 or more, Buy track — $1.00", async () => {
    await seedProduct({ albumId: "satin-and-neon", pricing: "name_your_price", priceUsdCents: 700 });
    const album = await (await page("/music/catalog/satin-and-neon", { headers: { "accept-language": "en" } })).text();
    expect(textOf(rootOf(album))).toContain("Buy digital album — $7.00 or more");
    const track = await firstTrackOf("city-lights-calling");
    await seedProduct({ trackId: track, priceUsdCents: 100 });
    const html = await (await page(`/music/track/${track}`, { headers: { "accept-language": "en" } })).text();
    expect(textOf(rootOf(html))).toContain("Buy track — $1.00");
  });
});

/** The first track of an album (one no other test here sells). */
async function firstTrackOf(albumId: string) {
  const D1 = (env as unknown as { DB: D1Database }).DB;
  return (await D1.prepare("SELECT id FROM tracks WHERE album_id = ?1 ORDER BY number LIMIT 1").bind(albumId).first<{ id: string }>())!.id;
}

describe("GET /sitemap.xml", () => {
  it("lists /store and each public product with its pictures, never a draft", async () => {
    const shirt = await seedProduct({ kind: "merch", title: "Sitemap shirt" });
    await seedImage(shirt.id, "store/sitemap-shirt.jpg", 1);
    const soldOut = await seedProduct({ state: "sold_out" });
    const draft = await seedProduct({ state: "draft" });
    const xml = await (await call("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${ORIGIN}/store</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/store/${shirt.slug}</loc>`);
    expect(xml).toContain(`<image:loc>${ORIGIN}/media/store/sitemap-shirt.jpg</image:loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/store/${soldOut.slug}</loc>`);
    expect(xml).not.toContain(draft.slug);
  });
});
