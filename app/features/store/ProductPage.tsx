// /store/{product}: the gallery, the title and price (a VIP's own, or the VIP teaser), the stock,
// what to choose and "Add to cart", the description in the visitor's language, and for a download
// what it holds (tracks, formats and sizes) before purchase.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { QueryState } from "../../components/QueryState";
import { hasStatus } from "../../lib/forms/errorText";
import { useSessionUser } from "../../lib/session/useSession";
import type { PublicProduct } from "#contracts/store/store.ts";
import { BuyBox } from "./BuyBox";
import { useStoreCurrency } from "./currency";
import { Gallery } from "./Gallery";
import { storeMessages as m } from "./messages";
import { picturesOf } from "./pictures";
import { PriceTag, VipTeaser } from "./PriceTag";
import { productQueryOptions } from "./queries";
import { ReleaseContents } from "./ReleaseContents";
import { StockBadge } from "./StockBadge";
import StoreMessages from "./messages?feature";
import "./store.css";

const BackLink = () => (
  <p>
    <Link to="/store" className="btn btn-ghost btn-sm">
      <FormattedMessage {...m.back} />
    </Link>
  </p>
);

export function ProductPage({ slug }: { slug: string }) {
  const query = useQuery(productQueryOptions(slug, useIntl().locale));
  const missing = query.isError && (hasStatus(query.error, 404) || hasStatus(query.error, 400));
  return (
    <StoreMessages>
      <section className="page store-product-page">
        <BackLink />
        {missing ? (
          <EmptyState icon="bag" title={<FormattedMessage {...m.notFound} />} hint={<FormattedMessage {...m.notFoundHint} />} />
        ) : (
          <QueryState
            query={query}
            loading={<FormattedMessage {...m.loading} />}
            failed={<FormattedMessage {...m.productLoadFailed} />}
            retry={<FormattedMessage {...m.retry} />}
          >
            {({ product }) => <Product product={product} />}
          </QueryState>
        )}
      </section>
    </StoreMessages>
  );
}

function Product({ product }: { product: PublicProduct }) {
  const currency = useStoreCurrency([product.price]);
  const { user } = useSessionUser();
  return (
    <article className="store-product" aria-labelledby="product-title">
      <Gallery pictures={picturesOf(product)} title={product.title} />
      <div className="store-product-text">
        <h1 id="product-title">{product.title}</h1>
        <PriceTag product={product} currency={currency} />
        {!product.vipApplied && product.vipPrice && (
          <div className="store-vip-offer">
            <VipTeaser product={product} currency={currency} />
            {!user?.isVIP && (
              <Link to="/vip-signup" className="btn btn-ghost btn-sm">
                <FormattedMessage {...m.becomeVip} />
              </Link>
            )}
          </div>
        )}
        {product.physical && product.stock.state === "in_stock" ? (
          <p className="store-in-stock">
            <FormattedMessage {...m.inStock} />
          </p>
        ) : (
          <StockBadge stock={product.stock} />
        )}
        <WhatYouGet product={product} />
        <BuyBox key={product.id} product={product} currency={currency} />
        <Description text={product.description} />
        <ReleaseContents product={product} />
      </div>
    </article>
  );
}

/** What the product is: the release it sells, the album it comes with, the gift, or that it ships. */
function WhatYouGet({ product }: { product: PublicProduct }) {
  const intl = useIntl();
  const lines = [];
  const release = product.release;
  if (release) {
    lines.push(
      <p key="release">
        <FormattedMessage {...(release.kind === "album" ? m.releaseAlbum : m.releaseTrack)} values={{ title: release.title }} />{" "}
        {release.kind === "album" ? (
          <Link to="/music/catalog/$id" params={{ id: release.id }}>
            <FormattedMessage {...m.goToRelease} />
          </Link>
        ) : (
          <Link to="/music/track/$trackId" params={{ trackId: release.id }}>
            <FormattedMessage {...m.goToRelease} />
          </Link>
        )}
      </p>,
    );
  }
  if (release?.outAt) {
    const date = intl.formatDate(release.outAt, { dateStyle: "long", timeZone: "UTC" });
    lines.push(
      <p key="preorder" className="store-preorder-note">
        {intl.formatMessage(m.preorderNote, { date })}
      </p>,
    );
  }
  if (product.shipsFrom) {
    const date = intl.formatDate(product.shipsFrom, { dateStyle: "long", timeZone: "UTC" });
    lines.push(
      <p key="ships-from" className="store-ships-from">
        {intl.formatMessage(m.shipsFrom, { date })}
      </p>,
    );
  }
  if (product.bundledRelease) lines.push(<p key="bundle">{<FormattedMessage {...m.bundle} values={{ title: product.bundledRelease.title }} />}</p>);
  if (product.giftMonths) lines.push(<p key="gift">{<FormattedMessage {...m.gift} values={{ months: product.giftMonths }} />}</p>);
  if (product.physical)
    lines.push(
      <p key="ships" className="muted">
        {<FormattedMessage {...m.physical} />}
      </p>,
    );
  return <div className="store-what">{lines}</div>;
}

/** The description is plain text from the back office: a paragraph per line, never HTML. */
function Description({ text }: { text: string }) {
  const paragraphs = text.split("\n").filter((line) => line.trim() !== "");
  if (paragraphs.length === 0) return null;
  return (
    <div className="store-description">
      {paragraphs.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}
