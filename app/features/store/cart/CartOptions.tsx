// The cart's choices that change its total: the currency (reais only when every item has a price in
// reais), the country to ship to (only when something ships), and a promotion code.
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { countryOptions } from "../../../lib/countries";
import { countryAlpha2 } from "../../../../worker/contracts/countries";
import type { Currency } from "../../../../worker/contracts/store-model";
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
  const id = useId();
  const options = countryOptions(intl.locale).flatMap((option) => {
    const alpha2 = countryAlpha2(option.value);
    return alpha2 ? [{ value: alpha2, label: option.label }] : [];
  });
  return (
    <div className="cart-field">
      <label htmlFor={id}>
        <FormattedMessage {...m.country} />
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={invalid} autoComplete="shipping country">
        <option value="">{intl.formatMessage(m.countryChoose)}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function PromoCode({ applied, onApply }: { applied: string | null; onApply: (code: string | null) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  if (applied) {
    return (
      <p className="cart-promo-applied">
        <FormattedMessage {...m.promoApplied} values={{ code: applied }} />{" "}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onApply(null)}>
          <FormattedMessage {...m.removePromo} />
        </button>
      </p>
    );
  }
  const apply = () => {
    const code = text.trim().toUpperCase();
    if (code) onApply(code.slice(0, 40));
  };
  return (
    <div className="cart-field cart-promo">
      <label htmlFor={id}>
        <FormattedMessage {...m.promo} />
      </label>
      <div className="cart-promo-row">
        <input
          id={id}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            }
          }}
        />
        <button type="button" className="btn btn-ghost btn-sm" onClick={apply}>
          <FormattedMessage {...m.apply} />
        </button>
      </div>
    </div>
  );
}
