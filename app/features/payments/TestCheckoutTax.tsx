// The VIP test checkout's tax (decision 093): where the member is, as Stripe's page asks for
// Stripe Tax, and the tax and total the Worker works out for it with its DEMO rates. The page
// computes nothing; Pay sends the place and the Worker computes the tax again.
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { LocalTaxPreviewResponse } from "#contracts/tax.ts";
import { api } from "../../lib/api";
import { BillingCountryField, countryAndState } from "../../components/form/BillingCountryField";
import { taxPlaceName } from "../../lib/intlFormat";
import { vipTaxAddedMessage, vipTaxIncludedMessage, vipTaxMessages as m } from "./messages";

export type VipPlace = { country: string; state: string };

/** The place as the Worker takes it; null until it is complete (a US place needs its state). */
export const vipBillingOf = (place: VipPlace) => countryAndState(place);

export function useVipTax(sessionId: string, place: VipPlace) {
  const billing = vipBillingOf(place);
  return useQuery({
    queryKey: ["payments", "local-tax", sessionId, billing?.country ?? "", billing?.state ?? ""],
    enabled: billing !== null,
    queryFn: () => api<LocalTaxPreviewResponse>(`/api/payments/local/checkout/${encodeURIComponent(sessionId)}/tax`, { method: "POST", json: billing }),
  });
}

export function VipTaxFields({
  value,
  onChange,
  tax,
  currency,
  disabled,
}: {
  value: VipPlace;
  onChange: (next: VipPlace) => void;
  tax: ReturnType<typeof useVipTax>;
  currency: string;
  disabled: boolean;
}) {
  const intl = useIntl();
  const stateId = useId();
  const money = (cents: number) => intl.formatNumber(cents / 100, { style: "currency", currency });
  const data = tax.data;
  return (
    <fieldset className="test-checkout-tax" disabled={disabled} data-testid="vip-local-tax">
      <legend>{intl.formatMessage(m.placeTitle)}</legend>
      <p className="test-mode-badge">
        <FormattedMessage {...m.demo} />
      </p>
      <BillingCountryField
        label={intl.formatMessage(m.country)}
        chooseLabel={intl.formatMessage(m.countryChoose)}
        value={value.country}
        onChange={(country) => onChange({ ...value, country })}
      />
      {value.country === "US" && (
        <div className="field">
          <label htmlFor={stateId}>{intl.formatMessage(m.state)}</label>
          <input
            id={stateId}
            value={value.state}
            maxLength={2}
            autoComplete="billing address-level1"
            onChange={(e) => onChange({ ...value, state: e.target.value })}
          />
        </div>
      )}
      <div aria-live="polite">
        {data &&
          (data.status === "not_collected" ? (
            <p>{intl.formatMessage(m.notCollected)}</p>
          ) : (
            <p>
              {intl.formatMessage(data.behavior === "inclusive" ? vipTaxIncludedMessage : vipTaxAddedMessage, {
                place: taxPlaceName(data.jurisdiction, intl.locale),
                amount: money(data.taxCents),
              })}
            </p>
          ))}
        {tax.isError && (
          <p className="error-banner" role="alert">
            {intl.formatMessage(m.loadFailed)}
          </p>
        )}
      </div>
    </fieldset>
  );
}
