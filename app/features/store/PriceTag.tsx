// A product's price in a currency as the store shows it: the price (name-your-price: "$7.00 or
// more", or "Name your price" when it is free), a VIP's own price beside the regular one struck
// through, and for everyone else the VIP price as a teaser.
import { FormattedMessage, useIntl } from "react-intl";
import type { PublicProduct } from "#contracts/store/store.ts";
import { moneyIn, type Currency } from "#contracts/store/model.ts";
import { useMoney } from "./currency";
import { storeMessages as m } from "./messages";

type Props = { product: PublicProduct; currency: Currency };

export function PriceTag({ product, currency }: Props) {
  const money = useMoney();
  const price = money(product.price, currency);
  const free = product.pricing === "name_your_price" && (moneyIn(product.price, currency) ?? product.price.usd) === 0;
  return (
    <p className="store-price">
      {product.vipApplied && (
        <span className="store-vip-badge">
          <FormattedMessage {...m.vipYours} />{" "}
        </span>
      )}
      <span className="store-price-amount">
        {free ? (
          <FormattedMessage {...m.nameYourPrice} />
        ) : product.pricing === "name_your_price" ? (
          <FormattedMessage {...m.orMore} values={{ price }} />
        ) : (
          price
        )}
      </span>
      {product.vipApplied && <RegularPrice product={product} currency={currency} />}
    </p>
  );
}

/** The price a VIP does not pay, struck through, and said as such to screen readers. */
function RegularPrice({ product, currency }: Props) {
  const intl = useIntl();
  const regular = useMoney()(product.regularPrice, currency);
  return (
    <>
      {" "}
      <s className="store-price-regular" aria-hidden="true">
        {regular}
      </s>
      <span className="sr-only">{intl.formatMessage(m.regularPrice, { price: regular })}</span>
    </>
  );
}

/** "VIPs pay $5": for everyone but VIPs, when the product has a VIP price. */
export function VipTeaser({ product, currency }: Props) {
  const money = useMoney();
  if (product.vipApplied || !product.vipPrice) return null;
  return (
    <p className="store-vip-teaser">
      <FormattedMessage {...m.vipTeaser} values={{ price: money(product.vipPrice, currency) }} />
    </p>
  );
}
