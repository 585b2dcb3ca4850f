// The billing country a checkout asks for, its tax following it (decision 093): the store's and the
// membership's local test checkouts ask it as Stripe's page does. Countries with an ISO alpha-2
// code, named and sorted in the reader's language; a US place also needs its state.
import { useId } from "react";
import { useIntl } from "react-intl";
import { countryAlpha2 } from "#contracts/countries.ts";
import { countryOptions } from "../../lib/countries";

/** The country and, in the US, the state as the Worker takes them; null until both are there. */
export function countryAndState(place: { country: string; state: string }): { country: string; state: string | null } | null {
  const state = place.state.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(place.country) || (place.country === "US" && !/^[A-Z]{2}$/.test(state))) return null;
  return { country: place.country, state: place.country === "US" ? state : null };
}

export function BillingCountryField({
  label,
  chooseLabel,
  value,
  onChange,
  className = "field",
}: {
  label: string;
  /** The empty choice's text ("Choose a country"). */
  chooseLabel: string;
  /** An alpha-2 code, or "" for none chosen yet. */
  value: string;
  onChange: (country: string) => void;
  className?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const options = countryOptions(intl.locale).flatMap((o) => {
    const alpha2 = countryAlpha2(o.value);
    return alpha2 ? [{ value: alpha2, label: o.label }] : [];
  });
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="billing country">
        <option value="">{chooseLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
