// The local test checkout's tax (decision 093): where the buyer is (what Stripe's page asks for
// Stripe Tax), and the tax and total the Worker works out for it with its DEMO rate table. The
// page computes nothing; Pay sends the place, and the Worker computes the tax again from its rows.
import { useQuery } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { formatMoney } from "#contracts/store/model.ts";
import type { CheckoutSummaryResponse } from "#contracts/store/checkout.ts";
import type { BillingPlace, LocalTaxPreviewResponse } from "#contracts/tax.ts";
import { FormField } from "../../../components/form/FormField";
import { api } from "../../../lib/api";
import { CountryField, countryAndState } from "../../../components/form/CountryField";
import { useDebounced } from "../../../lib/useDebounced";
import { taxPlaceName } from "../../../lib/intlFormat";
import { taxAddedMessage, taxIncludedMessage, taxMessages as m } from "./messages";

export type TaxPlaceValue = { country: string; state: string; postalCode: string; taxId: string };
export const emptyPlace: TaxPlaceValue = { country: "", state: "", postalCode: "", taxId: "" };

/** The place as the Worker takes it; null while it is not complete (no country, or a US one without its state). */
export function billingOf(place: TaxPlaceValue): BillingPlace | null {
  const where = countryAndState(place);
  return where && { ...where, postalCode: place.postalCode.trim() || null, taxId: place.taxId.trim() || null };
}

export function TaxPlaceFields({ value, onChange, disabled }: { value: TaxPlaceValue; onChange: (next: TaxPlaceValue) => void; disabled: boolean }) {
  const intl = useIntl();
  const set = (field: keyof TaxPlaceValue) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ ...value, [field]: e.target.value });
  return (
    <fieldset className="store-address" disabled={disabled}>
      <legend>{intl.formatMessage(m.placeTitle)}</legend>
      <p className="field-hint">{intl.formatMessage(m.placeHint)}</p>
      <CountryField
        purpose="billing"
        className="cart-field"
        label={intl.formatMessage(m.country)}
        chooseLabel={intl.formatMessage(m.countryChoose)}
        value={value.country}
        onChange={(country) => onChange({ ...value, country })}
      />
      <div className="store-address-row">
        {value.country === "US" && (
          <FormField label={intl.formatMessage(m.state)} value={value.state} autoComplete="billing address-level1" maxLength={2} onChange={set("state")} />
        )}
        <FormField label={intl.formatMessage(m.postalCode)} value={value.postalCode} autoComplete="billing postal-code" onChange={set("postalCode")} />
      </div>
      <FormField label={intl.formatMessage(m.taxId)} value={value.taxId} onChange={set("taxId")} />
    </fieldset>
  );
}

/** The Worker's tax for the place, as the page shows it; the total to pay once it is known. */
export function useLocalTax(sessionId: string, place: BillingPlace | null) {
  const key = useDebounced(place ? `${place.country}:${place.state ?? ""}` : "", 250);
  return useQuery({
    queryKey: ["store", "local-tax", sessionId, key],
    enabled: Boolean(place) && key !== "",
    queryFn: () => {
      const [country, state] = key.split(":");
      return api<LocalTaxPreviewResponse>(`/api/store/local/checkouts/${encodeURIComponent(sessionId)}/tax`, {
        method: "POST",
        json: { country, state: state || null },
      });
    },
  });
}

export function TaxLines({ summary, tax, placeKnown }: { summary: CheckoutSummaryResponse; tax: ReturnType<typeof useLocalTax>; placeKnown: boolean }) {
  const intl = useIntl();
  const money = (cents: number) => formatMoney(cents, summary.currency, intl.locale);
  const data = tax.data;
  const place = data ? taxPlaceName(data.jurisdiction, intl.locale) : "";
  return (
    <section className="store-tax" aria-live="polite" data-testid="local-tax">
      <p className="store-test-badge store-tax-demo">
        <FormattedMessage {...m.demo} />
      </p>
      {!placeKnown ? (
        <p className="muted">
          <FormattedMessage {...m.chooseFirst} />
        </p>
      ) : tax.isError ? (
        <p className="error-banner" role="alert">
          <FormattedMessage {...m.loadFailed} />
        </p>
      ) : data ? (
        <dl className="store-summary-totals">
          {data.status === "not_collected" ? (
            <>
              <dt>
                <FormattedMessage {...m.notCollected} />
              </dt>
              <dd>{money(0)}</dd>
            </>
          ) : (
            <>
              <dt>
                <FormattedMessage {...(data.behavior === "inclusive" ? taxIncludedMessage : taxAddedMessage)} values={{ place }} />
              </dt>
              <dd>{money(data.taxCents)}</dd>
            </>
          )}
          <dt className="store-summary-total">
            <FormattedMessage {...m.totalWithTax} />
          </dt>
          <dd className="store-summary-total">{money(data.totalCents)}</dd>
        </dl>
      ) : null}
    </section>
  );
}
