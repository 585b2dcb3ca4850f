// /store/cart: the cart's lines (pictures, options, quantities within limits, amounts offered), the
// currency, where to ship (only when something ships), a promotion code, the Worker's totals, and
// the checkout. Visitors' carts live in this browser; members' with the Worker.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { Loading } from "../../../components/Loading";
import { QueryFailed } from "../../../components/QueryState";
import { useCart } from "../../../lib/cart/useCart";
import { withAmount, withoutLine, withQuantity } from "../../../lib/cart/lines";
import type { CartLine, QuoteBody } from "#contracts/store/cart.ts";
import type { PublicProduct } from "#contracts/store/store.ts";
import type { Currency } from "#contracts/store/model.ts";
import { useCurrencyChoice, useStoreCurrency } from "../currency";
import { storeMessages } from "../messages";
import { productsQueryOptions, quoteQueryOptions } from "../queries";
import StoreMessages from "../messages?feature";
import { CartLineRow } from "./CartLineRow";
import { ConvertedAmounts, CurrencyPicker, ShippingCountry } from "./CartOptions";
import { isPromoRefusal, PromoCode } from "./PromoCode";
import { convertAmounts, type AmountChange, type AmountMemory } from "./convertAmounts";
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
  const queryClient = useQueryClient();
  const byId = new Map(products.map((product) => [product.id, product]));
  const inCart = lines.flatMap((line) => byId.get(line.productId) ?? []);
  const reaisOffered = inCart.every((product) => product.price.brl !== null);
  const currency = useStoreCurrency(inCart.map((product) => product.price));
  const [, chooseCurrency] = useCurrencyChoice();
  const { shippingCountry, promoCode } = cart.options;
  const country = shippingCountry ?? "";
  const physical = inCart.some((product) => product.physical);
  const memory = useRef<AmountMemory>(new Map());
  const [converted, setConverted] = useState<AmountChange[]>([]);
  // A kept code the Worker no longer takes (it ended, its uses ran out, the VIP signed out): why.
  const [dropped, setDropped] = useState<{ code: string; error: unknown } | null>(null);

  const bodyWith = (code: string | null): QuoteBody => ({
    currency,
    lines,
    tickets: [],
    ...(code ? { promoCode: code } : {}),
    ...(physical && country ? { shippingCountry: country } : {}),
  });
  const body = bodyWith(promoCode);
  const quote = useQuery({ ...quoteQueryOptions(body), placeholderData: keepPreviousData });
  const refusedCode = promoCode !== null && isPromoRefusal(quote.error) ? quote.error : null;
  const droppedCode = useRef<string | null>(null);
  useEffect(() => {
    if (!refusedCode || !promoCode || droppedCode.current === promoCode) return;
    droppedCode.current = promoCode;
    setDropped({ code: promoCode, error: refusedCode });
    cart.setOptions({ ...cart.options, promoCode: null });
  }, [refusedCode, promoCode, cart]);

  const change = (next: CartLine[]) => {
    cart.clearSaveError();
    cart.setLines(next).catch(() => undefined);
  };
  // Amounts are offered in the cart's currency: each is kept or converted, and the cart says so.
  const switchCurrency = (next: Currency) => {
    if (next === currency) return;
    chooseCurrency(next);
    const result = convertAmounts(lines, products, currency, next, memory.current);
    setConverted(result.changes);
    if (result.lines.some((line, i) => line !== lines[i] && line.amountCents !== lines[i]!.amountCents)) change(result.lines);
  };
  /** A code is kept only once the Worker priced the cart with it; a refusal leaves the cart as it was. */
  const tryCode = async (code: string) => {
    await queryClient.fetchQuery(quoteQueryOptions(bodyWith(code)));
    setDropped(null);
    droppedCode.current = null;
    cart.setOptions({ ...cart.options, promoCode: code });
  };

  return (
    <div className="cart">
      <section className="cart-lines-section" aria-label={intl.formatMessage(m.lines)}>
        {cart.saveError ? <RefusalText error={cart.saveError} fallback={<FormattedMessage {...m.saveFailed} />} /> : null}
        <ul className="cart-lines">
          {lines.map((line, index) => (
            <CartLineRow
              key={`${line.productId}/${line.variantId ?? ""}/${currency}`}
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
        <ConvertedAmounts changes={converted} />
        {physical && (
          <ShippingCountry value={country} onChange={(next) => cart.setOptions({ ...cart.options, shippingCountry: next || null })} invalid={false} />
        )}
        <PromoCode
          applied={refusedCode ? null : promoCode}
          onTry={tryCode}
          onRemove={() => cart.setOptions({ ...cart.options, promoCode: null })}
          dropped={dropped}
        />
        <CartTotals quote={quote.data} pending={quote.isFetching} error={quote.isError && !refusedCode ? quote.error : null} />
        <Checkout
          body={body}
          signedIn={cart.signedIn}
          free={quote.data?.totalCents === 0 && !quote.isPlaceholderData}
          ready={quote.isSuccess && !quote.isPlaceholderData && !cart.saving && !refusedCode}
        />
      </aside>
    </div>
  );
}
