// One line of the cart: the product's picture and title, its option, its price each (the Worker's,
// once quoted; a VIP's marked so), the amount offered (name-your-price), the quantity within what
// one order may hold, and a way to remove it. A product no longer in the store can only be removed.
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { CartLine, PricedLine } from "#contracts/store/cart.ts";
import type { Currency } from "#contracts/store/model.ts";
import type { PublicProduct } from "#contracts/store/store.ts";
import { amountText, checkAmount } from "../amount";
import { useFormatCents } from "../currency";
import { NameYourPrice } from "../NameYourPrice";
import { coverOf } from "../pictures";
import { QuantityStepper } from "../QuantityStepper";
import { variantLabel } from "../VariantPicker";
import { storeMessages } from "../messages";
import { cartMessages as m } from "./messages";
import { tierName } from "#app/components/TierBadge.tsx";

type Props = {
  index: number;
  line: CartLine;
  product: PublicProduct | undefined;
  priced: PricedLine | undefined;
  currency: Currency;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onAmount: (cents: number) => void;
  onRemove: () => void;
};

export function CartLineRow({ index, line, product, priced, currency, busy, onQuantity, onAmount, onRemove }: Props) {
  const intl = useIntl();
  if (!product) {
    return (
      <li className="cart-line cart-line-gone">
        <div className="cart-line-picture" aria-hidden="true" />
        <div className="cart-line-text">
          <p className="cart-line-title">
            <FormattedMessage {...m.goneTitle} />
          </p>
          <p className="field-error">
            <FormattedMessage {...m.gone} />
          </p>
        </div>
        <RemoveButton title={intl.formatMessage(m.goneTitle)} onRemove={onRemove} busy={busy} />
      </li>
    );
  }
  const variant = product.variants.find((v) => v.id === line.variantId);
  const cover = coverOf(product);
  const max = Math.max(line.quantity, variant ? variant.maxQuantity : product.maxQuantity, 1);
  return (
    <li className="cart-line">
      <div className="cart-line-picture">{cover && <img src={cover.url} alt="" width={96} height={96} loading="lazy" />}</div>
      <div className="cart-line-text">
        <p className="cart-line-title">
          <Link to="/store/$product" params={{ product: product.slug }}>
            {product.title}
          </Link>
        </p>
        {variant && <p className="muted">{variantLabel(variant)}</p>}
        {variant?.stock.state === "sold_out" && (
          <p className="field-error">
            <FormattedMessage {...storeMessages.soldOut} />
          </p>
        )}
        <LinePrice priced={priced} currency={currency} />
        {product.pricing === "name_your_price" && (
          <LineAmount id={`cart-amount-${index}`} line={line} product={product} currency={currency} onAmount={onAmount} />
        )}
      </div>
      <div className="cart-line-actions">
        <QuantityStepper
          id={`cart-quantity-${index}`}
          label={intl.formatMessage(m.quantityOf, { title: product.title })}
          value={line.quantity}
          max={Math.min(max, product.perOrderLimit)}
          disabled={busy}
          onChange={onQuantity}
        />
        <RemoveButton title={product.title} onRemove={onRemove} busy={busy} />
      </div>
    </li>
  );
}

function LinePrice({ priced, currency }: { priced: PricedLine | undefined; currency: Currency }) {
  const intl = useIntl();
  const format = useFormatCents();
  if (!priced) return null;
  return (
    <p className="cart-line-price">
      <FormattedMessage {...m.each} values={{ price: format(priced.unitCents, currency) }} />
      {priced.vipPrice && (
        <span className="store-vip-badge">
          {" "}
          {priced.priceTier ? (
            <FormattedMessage {...m.tierPrice} values={{ tier: tierName(intl.locale, { name: priced.priceTier }) }} />
          ) : (
            <FormattedMessage {...m.vipPrice} />
          )}
        </span>
      )}
    </p>
  );
}

/** The amount offered, saved when it is a good one and the field is left. */
function LineAmount({
  id,
  line,
  product,
  currency,
  onAmount,
}: {
  id: string;
  line: CartLine;
  product: PublicProduct;
  currency: Currency;
  onAmount: (cents: number) => void;
}) {
  const intl = useIntl();
  const minCents = (currency === "usd" ? product.price.usd : product.price.brl) ?? product.price.usd;
  const saved = line.amountCents ?? minCents;
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? amountText(saved, intl.locale);
  const commit = () => {
    const check = checkAmount(shown, minCents);
    if (check.problem === null && check.cents !== saved) onAmount(check.cents);
    if (check.problem === null) setText(null);
  };
  return (
    <div onBlur={commit}>
      <NameYourPrice
        id={id}
        label={intl.formatMessage(m.amountOf, { title: product.title })}
        text={shown}
        minCents={minCents}
        currency={currency}
        onChange={setText}
        showProblem={text !== null}
      />
    </div>
  );
}

function RemoveButton({ title, onRemove, busy }: { title: string; onRemove: () => void; busy: boolean }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm cart-line-remove"
      disabled={busy}
      onClick={onRemove}
      aria-label={intl.formatMessage(m.remove, { title })}
    >
      ×
    </button>
  );
}
