// The Worker's totals for the cart (POST /api/store/quote): subtotal, discount, shipping, total; a
// refusal said in the visitor's language (a quantity over stock, an amount under a minimum, ...).
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { QuoteResponse } from "#contracts/store/cart.ts";
import { serverErrorText } from "../../../lib/forms/errorText";
import { useFormatCents } from "../currency";
import { STORE_ERROR_TEXTS } from "../errorTexts";
import { cartMessages as m } from "./messages";

type Props = { quote: QuoteResponse | undefined; pending: boolean; error: unknown };

export function CartTotals({ quote, pending, error }: Props) {
  const format = useFormatCents();
  if (error) return <RefusalText error={error} fallback={<FormattedMessage {...m.quoteFailed} />} />;
  if (!quote) {
    return (
      <p className="muted" role="status">
        {pending && <FormattedMessage {...m.quoting} />}
      </p>
    );
  }
  const { currency } = quote;
  return (
    <dl className="cart-totals" aria-busy={pending}>
      <div>
        <dt>
          <FormattedMessage {...m.subtotal} />
        </dt>
        <dd>{format(quote.subtotalCents, currency)}</dd>
      </div>
      {quote.discountCents > 0 && (
        <div>
          <dt>
            <FormattedMessage {...m.discount} />
          </dt>
          <dd>−{format(quote.discountCents, currency)}</dd>
        </div>
      )}
      {quote.needsShipping && (
        <div>
          <dt>
            <FormattedMessage {...m.shipping} />
          </dt>
          <dd>
            {quote.shippingCents === null ? (
              <FormattedMessage {...m.shippingPending} />
            ) : quote.shippingCents === 0 ? (
              <FormattedMessage {...m.shippingFree} />
            ) : (
              format(quote.shippingCents, currency)
            )}
          </dd>
        </div>
      )}
      <div className="cart-total">
        <dt>
          <FormattedMessage {...m.total} />
        </dt>
        <dd>{format(quote.totalCents, currency)}</dd>
      </div>
    </dl>
  );
}

/** A refusal's own text when the store knows its code, else `fallback`. */
export function RefusalText({ error, fallback }: { error: unknown; fallback: ReactNode }) {
  const known = serverErrorText(error, STORE_ERROR_TEXTS);
  return (
    <p className="error-banner" role="alert">
      {known ? <FormattedMessage {...known.message} values={known.values} /> : fallback}
    </p>
  );
}
