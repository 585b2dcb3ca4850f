// schema.org markup of a product page (/store/:product): a Product with one Offer per currency it
// is sold in, its price (for name-your-price, the least one may pay) and availability. Pure: the
// page head service passes the product as a visitor sees it (never a VIP price), the origin and
// the artist's name (the brand of their merch and music).
import type { PublicProduct, StockState } from "#contracts/store/store.ts";
import { jsonLdScript } from "./event-jsonld";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const AVAILABILITY: Record<StockState, string> = {
  in_stock: "https://schema.org/InStock",
  low: "https://schema.org/LimitedAvailability",
  sold_out: "https://schema.org/OutOfStock",
};

export const productUrl = (origin: string, slug: string) => `${origin}/store/${encodeURIComponent(slug)}`;

/** Cents as schema.org wants a price: a decimal string with a dot ("7.00"). */
const decimal = (cents: number) => (cents / 100).toFixed(2);

export function productJsonLd(product: PublicProduct, origin: string, brand: string): Json {
  const url = productUrl(origin, product.slug);
  const availability = AVAILABILITY[product.stock.state];
  const prices: [string, number | null][] = [
    ["USD", product.regularPrice.usd],
    ["BRL", product.regularPrice.brl],
  ];
  const offers = prices.flatMap(([currency, cents]): Json[] =>
    cents === null ? [] : [{ "@type": "Offer", url, price: decimal(cents), priceCurrency: currency, availability }],
  );
  const data: { [key: string]: Json } = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    url,
    brand: { "@type": "Brand", name: brand },
    offers,
  };
  if (product.description.trim()) data.description = product.description;
  const images = product.images.map((image) => new URL(image.url, `${origin}/`).href);
  const cover = product.release?.coverUrl ?? product.bundledRelease?.coverUrl;
  if (images.length) data.image = images;
  else if (cover) data.image = [new URL(cover, `${origin}/`).href];
  return data;
}

export const productHead = (product: PublicProduct, origin: string, brand: string) => jsonLdScript(productJsonLd(product, origin, brand));
