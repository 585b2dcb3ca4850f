// The store's buttons on an album's or a track's page, when a live product sells it: "Buy digital
// album — $7 or more", "Buy track — $1", "Buy track — name your price" (free). A fixed price goes straight into the cart; a name-your-price
// one, and merch that comes with the album, open the product's page (there is an amount or a size
// to choose). Nothing shows while the products load or when none sells the release. A release whose
// time is ahead sells as a pre-order: "Pre-order digital album — $12", and "Out {date}" under it.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useCart } from "../../lib/cart/useCart";
import { addLine } from "../../lib/cart/lines";
import { moneyIn, type Currency } from "#contracts/store/model.ts";
import type { PublicProduct } from "#contracts/store/store.ts";
import { useMoney, useStoreCurrency } from "./currency";
import { storeMessages as m } from "./messages";
import { releaseProductsQueryOptions } from "./queries";
import StoreMessages from "./messages?feature";
import "./store.css";

export function BuyRelease({ kind, id }: { kind: "album" | "track"; id: string }) {
  const products = useQuery(releaseProductsQueryOptions(kind, id, useIntl().locale)).data?.products ?? [];
  if (products.length === 0) return null;
  return (
    <StoreMessages>
      <BuyButtons products={products} />
    </StoreMessages>
  );
}

function BuyButtons({ products }: { products: PublicProduct[] }) {
  const currency = useStoreCurrency(products.map((product) => product.price));
  const outAt = products.find((product) => product.kind === "digital" && product.release?.outAt)?.release?.outAt;
  return (
    <div className="store-buy-release">
      {products.map((product) => (
        <BuyButton key={product.id} product={product} currency={currency} />
      ))}
      {outAt && <OutOn at={outAt} />}
    </div>
  );
}

/** "Out {date}" under a pre-order's buttons: the day in UTC, the same on the server and in the browser. */
export function OutOn({ at }: { at: string }) {
  const intl = useIntl();
  return <p className="muted store-out-on">{intl.formatMessage(m.outOn, { date: intl.formatDate(at, { dateStyle: "long", timeZone: "UTC" }) })}</p>;
}

function useLabel(product: PublicProduct, currency: Currency) {
  const intl = useIntl();
  const price = useMoney()(product.price, currency);
  const nyp = product.pricing === "name_your_price";
  // Free: "name your price", as the store's price tag says it (PriceTag.tsx), never "$0.00 or more".
  const free = nyp && (moneyIn(product.price, currency) ?? product.price.usd) === 0;
  const release = product.kind === "digital" ? product.release?.kind : undefined;
  if (free && release) return intl.formatMessage(release === "album" ? m.buyAlbumFree : m.buyTrackFree);
  if (release && product.release?.outAt && !nyp) return intl.formatMessage(release === "album" ? m.preorderAlbum : m.preorderTrack, { price });
  if (release === "album") return intl.formatMessage(nyp ? m.buyAlbumNyp : m.buyAlbum, { price });
  if (release === "track") return intl.formatMessage(nyp ? m.buyTrackNyp : m.buyTrack, { price });
  const shown = free ? intl.formatMessage(m.nameYourPrice) : nyp ? intl.formatMessage(m.orMore, { price }) : price;
  return intl.formatMessage(m.buyOther, { title: product.title, price: shown });
}

function BuyButton({ product, currency }: { product: PublicProduct; currency: Currency }) {
  const label = useLabel(product, currency);
  const cart = useCart();
  const [state, setState] = useState<"idle" | "added" | "failed">("idle");
  const direct = product.kind === "digital" && product.pricing === "fixed" && product.maxQuantity > 0;
  if (!direct) {
    return (
      <Link to="/store/$product" params={{ product: product.slug }} className={`btn ${product.kind === "digital" ? "btn-primary" : "btn-ghost"}`}>
        {label}
      </Link>
    );
  }
  if (state === "added") {
    return (
      <p role="status" className="store-buy-added">
        <FormattedMessage {...m.added} />{" "}
        <Link to="/store/cart">
          <FormattedMessage {...m.viewCart} />
        </Link>
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={cart.saving || cart.loading}
        onClick={async () => {
          const next = addLine(cart.lines, { productId: product.id, variantId: null, quantity: 1, amountCents: null }, product.perOrderLimit);
          try {
            await cart.setLines(next.lines);
            setState("added");
          } catch {
            setState("failed");
          }
        }}
      >
        {label}
      </button>
      {state === "failed" && (
        <p className="field-error" role="alert">
          <FormattedMessage {...m.addFailed} />
        </p>
      )}
    </>
  );
}
