// /store: every product on sale (and those sold out), filtered by kind, in the visitor's currency.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { QueryState } from "../../components/QueryState";
import type { ProductKind } from "#contracts/store/model.ts";
import type { PublicProduct } from "#contracts/store/store.ts";
import { useStoreCurrency } from "./currency";
import { storeMessages as m } from "./messages";
import { ProductCard } from "./ProductCard";
import { productsQueryOptions } from "./queries";
import StoreMessages from "./messages?feature";
import "./store.css";

const FILTERS = [
  { kind: undefined, label: m.filterAll },
  { kind: "digital", label: m.filterDigital },
  { kind: "merch", label: m.filterMerch },
  { kind: "gift_vip", label: m.filterGift },
] as const;

/** How many cards load their picture at once: the first row or two on any screen. */
const EAGER_PICTURES = 4;

export function StorePage({ kind }: { kind?: ProductKind }) {
  const query = useQuery(productsQueryOptions(useIntl().locale));
  return (
    <StoreMessages>
      <QueryState
        query={query}
        loading={<FormattedMessage {...m.loading} />}
        failed={<FormattedMessage {...m.loadFailed} />}
        retry={<FormattedMessage {...m.retry} />}
      >
        {({ products }) =>
          products.length === 0 ? (
            <EmptyState icon="bag" title={<FormattedMessage {...m.empty} />} hint={<FormattedMessage {...m.emptyHint} />} />
          ) : (
            <Storefront products={products} kind={kind} />
          )
        }
      </QueryState>
    </StoreMessages>
  );
}

function Storefront({ products, kind }: { products: PublicProduct[]; kind?: ProductKind }) {
  const intl = useIntl();
  const currency = useStoreCurrency(products.map((product) => product.price));
  const shown = kind ? products.filter((product) => product.kind === kind) : products;
  const kinds = new Set(products.map((product) => product.kind));
  return (
    <>
      <nav className="store-filters" aria-label={intl.formatMessage(m.filterLabel)}>
        {FILTERS.filter((filter) => filter.kind === undefined || kinds.has(filter.kind)).map((filter) => (
          <Link
            key={filter.kind ?? "all"}
            to="/store"
            search={{ kind: filter.kind }}
            className="store-filter"
            // "Everything" is the address without a kind, not any address of the store.
            activeOptions={{ includeSearch: true, explicitUndefined: true }}
          >
            <FormattedMessage {...filter.label} />
          </Link>
        ))}
      </nav>
      {shown.length === 0 ? (
        <p className="muted">
          <FormattedMessage {...m.filterEmpty} />
        </p>
      ) : (
        <ul className="store-grid" aria-label={intl.formatMessage(m.gridLabel)}>
          {shown.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} currency={currency} eager={index < EAGER_PICTURES} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
