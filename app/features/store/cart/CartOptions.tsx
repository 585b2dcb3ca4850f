// The cart's choices that change its total: the currency (reais only when every item has a price in
// reais) and what switching it did to the amounts offered, and the country to ship to (only when
// something ships). The promotion code has its own file (PromoCode.tsx).
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { CountryField } from "../../../components/form/CountryField";
import type { Currency } from "#contracts/store/model.ts";
import { useFormatCents } from "../currency";
import type { AmountChange } from "./convertAmounts";
import { cartMessages as m } from "./messages";

type CurrencyProps = { currency: Currency; reaisOffered: boolean; onChoose: (currency: Currency) => void };

export function CurrencyPicker({ currency, reaisOffered, onChoose }: CurrencyProps) {
  const name = useId();
  const options = [
    { value: "usd", label: m.usd, disabled: false },
    { value: "brl", label: m.brl, disabled: !reaisOffered },
  ] as const;
  return (
    <fieldset className="cart-currency">
      <legend>
        <FormattedMessage {...m.currency} />
      </legend>
      {options.map((option) => (
        <label key={option.value} className="cart-radio">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={currency === option.value}
            disabled={option.disabled}
            onChange={() => onChoose(option.value)}
          />{" "}
          <FormattedMessage {...option.label} />
        </label>
      ))}
      {!reaisOffered && (
        <p className="muted">
          <FormattedMessage {...m.brlUnavailable} />
        </p>
      )}
    </fieldset>
  );
}

/** Countries by name in the visitor's language, sent as ISO alpha-2 codes (what the quote takes). */
export function ShippingCountry({ value, onChange, invalid }: { value: string; onChange: (country: string) => void; invalid: boolean }) {
  const intl = useIntl();
  return (
    <CountryField
      purpose="shipping"
      label={<FormattedMessage {...m.country} />}
      chooseLabel={intl.formatMessage(m.countryChoose)}
      value={value}
      onChange={onChange}
      invalid={invalid}
      className="cart-field"
    />
  );
}

/** What switching currency did to the amounts offered: each one's old and new amount. */
export function ConvertedAmounts({ changes }: { changes: AmountChange[] }) {
  const format = useFormatCents();
  return (
    <div role="status" className="cart-converted">
      {changes.length > 0 && (
        <ul className="muted">
          {changes.map((change) => (
            <li key={change.productId}>
              <FormattedMessage
                {...m.amountConverted}
                values={{ title: change.title, from: format(change.from.cents, change.from.currency), to: format(change.to.cents, change.to.currency) }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
