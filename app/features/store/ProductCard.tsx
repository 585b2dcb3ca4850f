// One product in the store's grid: its first picture (or its release's cover), title, kind, price,
// the VIP teaser and its stock badge; the whole card opens the product's page.
import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import type { Currency } from "#contracts/store/model.ts";
import type { PublicProduct } from "#contracts/store/store.ts";
import { storeMessages as m } from "./messages";
import { PriceTag, VipTeaser } from "./PriceTag";
import { StockBadge } from "./StockBadge";
import { coverOf } from "./pictures";

const KIND_LABELS = { digital: m.kindDigital, merch: m.kindMerch, gift_vip: m.kindGift } as const;

export function ProductCard({ product, currency, eager }: { product: PublicProduct; currency: Currency; eager: boolean }) {
  const cover = coverOf(product);
  return (
    <article className={`store-card${product.stock.state === "sold_out" ? " store-card-sold-out" : ""}`} aria-labelledby={`product-${product.id}`}>
      <Link to="/store/$product" params={{ product: product.slug }} className="store-card-link">
        <div className="store-card-picture">
          {cover ? (
            <img src={cover.url} alt={cover.alt ?? ""} width={480} height={480} loading={eager ? "eager" : "lazy"} decoding="async" />
          ) : (
            <span className="store-card-placeholder" aria-hidden="true" />
          )}
          <StockBadge stock={product.stock} className="store-card-badge" />
        </div>
        <p className="store-card-kind">
          <FormattedMessage {...KIND_LABELS[product.kind]} />
        </p>
        <h2 id={`product-${product.id}`} className="store-card-title">
          {product.title}
        </h2>
      </Link>
      <PriceTag product={product} currency={currency} />
      <VipTeaser product={product} currency={currency} />
    </article>
  );
}
