// /store/cart: the cart's lines (pictures, options, quantities within limits, amounts offered), the
// currency, where to ship (only when something ships), a promotion code, the Worker's totals, and
// the checkout. Visitors' carts live in this browser; members' with the Worker.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { Loading } from "../../../components/Loading";
import { QueryFailed } from "../../../components/QueryState";
import { useCart } from "../../../lib/cart/useCart";
import { withAmount, withoutLine, withQuantity } from "../../../lib/cart/lines";
import type { CartLine, QuoteBody } from "../../../../worker/contracts/store-cart";
import type { PublicProduct } from "../../../../worker/contracts/store";
import { moneyIn, type Currency } from "../../../../worker/contracts/store-model";
import { useCurrencyChoice, useStoreCurrency } from "../currency";
import { storeMessages } from "../messages";
import { productsQueryOptions, quoteQueryOptions } from "../queries";
import { StoreMessages } from "../StoreMessages";
import { CartLineRow } from "./CartLineRow";
import { CurrencyPicker, PromoCode, ShippingCountry } from "./CartOptions";
import { CartTotals, RefusalText } from "./CartTotals";
import { Checkout } from "./Checkout";
import { cartMessages as m } from "./messages";
import "../store.css";

export function CartPage() {
  const cart = useCart();
  const products = useQuery(productsQueryOptions(useIntl().locale));
  let content;
  if (cart.loadError) {
    content = (
      <QueryFailed
        message={<FormattedMessage {...m.loadFailed} />}
        error={cart.loadError}
        retryLabel={<FormattedMessage {...storeMessages.retry} />}
        onRetry={cart.retryLoad}
      />
    );
  } else if (products.isError) {
    content = (
      <QueryFailed
        message={<FormattedMessage {...m.loadFailed} />}
        error={products.error}
        retryLabel={<FormattedMessage {...storeMessages.retry} />}
        onRetry={() => void products.refetch()}
      />
    );
  } else if (cart.loading || products.isPending) {
    content = <Loading label={<FormattedMessage {...m.loading} />} />;
  } else if (cart.lines.length === 0) {
    content = (
      <EmptyState icon="bag" title={<FormattedMessage {...m.empty} />} hint={<FormattedMessage {...m.emptyHint} />}>
        <Link to="/store" className="btn btn-primary">
          <FormattedMessage {...m.browse} />
        </Link>
      </EmptyState>
    );
  } else {
    content = <CartContents lines={cart.lines} products={products.data.products} />;
  }
  return <StoreMessages>{content}</StoreMessages>;
}

function CartContents({ lines, products }: { lines: CartLine[]; products: PublicProduct[] }) {
  const intl = useIntl();
  const cart = useCart();
  const byId = new Map(products.map((product) => [product.id, product]));
  const inCart = lines.flatMap((line) => byId.get(line.productId) ?? []);
  const reaisOffered = inCart.every((product) => product.price.brl !== null);
  const currency = useStoreCurrency(inCart.map((product) => product.price));
  const [, chooseCurrency] = useCurrencyChoice();
  const [country, setCountry] = useState("");
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const physical = inCart.some((product) => product.physical);

  const body: QuoteBody = {
    currency,
    lines,
    tickets: [],
    ...(promoCode ? { promoCode } : {}),
    ...(physical && country ? { shippingCountry: country } : {}),
  };
  const quote = useQuery({ ...quoteQueryOptions(body), placeholderData: keepPreviousData });
  const change = (next: CartLine[]) => {
    cart.clearSaveError();
    cart.setLines(next).catch(() => undefined);
  };
  // Amounts are offered in the cart's currency: another currency starts from its suggested amount.
  const switchCurrency = (next: Currency) => {
    if (next === currency) return;
    chooseCurrency(next);
    const repriced = lines.map((line) => {
      const product = byId.get(line.productId);
      const suggested = product?.suggested ? moneyIn(product.suggested, next) : null;
      return product?.pricing === "name_your_price" && suggested !== null ? { ...line, amountCents: suggested } : line;
    });
    if (repriced.some((line, i) => line !== lines[i])) change(repriced);
  };

  return (
    <div className="cart">
      <section className="cart-lines-section" aria-label={intl.formatMessage(m.lines)}>
        {cart.saveError ? <RefusalText error={cart.saveError} fallback={<FormattedMessage {...m.saveFailed} />} /> : null}
        <ul className="cart-lines">
          {lines.map((line, index) => (
            <CartLineRow
              key={`${line.productId}/${line.variantId ?? ""}`}
              index={index}
              line={line}
              product={byId.get(line.productId)}
              priced={quote.data?.lines[index]}
              currency={currency}
              busy={cart.saving}
              onQuantity={(quantity) => change(withQuantity(lines, index, quantity))}
              onAmount={(cents) => change(withAmount(lines, index, cents))}
              onRemove={() => change(withoutLine(lines, index))}
            />
          ))}
        </ul>
      </section>
      <aside className="cart-summary" aria-labelledby="cart-summary-title">
        <h2 id="cart-summary-title">
          <FormattedMessage {...m.summary} />
        </h2>
        <CurrencyPicker currency={currency} reaisOffered={reaisOffered} onChoose={switchCurrency} />
        {physical && <ShippingCountry value={country} onChange={setCountry} invalid={false} />}
        <PromoCode applied={promoCode} onApply={setPromoCode} />
        <CartTotals quote={quote.data} pending={quote.isFetching} error={quote.isError ? quote.error : null} />
        <Checkout body={body} signedIn={cart.signedIn} ready={quote.isSuccess && !quote.isPlaceholderData && !cart.saving} />
      </aside>
    </div>
  );
}
