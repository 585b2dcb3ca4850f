// A product's prices: fixed or name-your-price (the price is then the minimum, 0 a free download
// that still offers to pay), in US dollars and optionally in reais, and the VIP's benefit: none, a
// price of their own in each currency, or a discount.
import { useIntl } from "react-intl";
import { STORE_VIP_DISCOUNT_MAX } from "#contracts/store/admin-limits.ts";
import type { PricingMode } from "#contracts/store/model.ts";
import { SelectField, TextField } from "../components/form/fields";
import type { FieldErrors } from "./errors";
import { storeAdminMessages as m } from "./messages";
import type { ProductDraft, ProductField, SetDraft, VipMode } from "./productDraft";

type Props = { draft: ProductDraft; set: SetDraft; errors: FieldErrors<ProductField> };

export function ProductPriceFields({ draft, set, errors }: Props) {
  const intl = useIntl();
  const nyp = draft.pricing === "name_your_price";
  const amount = (key: "priceUsd" | "priceBrl" | "vipPriceUsd" | "vipPriceBrl", field: ProductField, label: string, hint?: string) => (
    <TextField label={label} value={draft[key]} onChange={(v) => set(key, v)} required={key === "priceUsd"} hint={hint} error={errors[field]} />
  );
  return (
    <fieldset className="admin-store-fieldset">
      <legend>{intl.formatMessage(m.sectionPrice)}</legend>
      <SelectField<PricingMode>
        label={intl.formatMessage(m.fieldPricing)}
        value={draft.pricing}
        onChange={(v) => set("pricing", v)}
        options={[
          { value: "fixed", label: intl.formatMessage(m.pricingFixed) },
          { value: "name_your_price", label: intl.formatMessage(m.pricingNyp) },
        ]}
        error={errors.pricing}
      />
      <div className="admin-store-pair">
        {amount("priceUsd", "priceUsdCents", intl.formatMessage(nyp ? m.fieldMinUsd : m.fieldPriceUsd), nyp ? intl.formatMessage(m.fieldMinHint) : undefined)}
        {amount("priceBrl", "priceBrlCents", intl.formatMessage(nyp ? m.fieldMinBrl : m.fieldPriceBrl), intl.formatMessage(m.fieldPriceBrlHint))}
      </div>
      <SelectField<VipMode>
        label={intl.formatMessage(m.fieldVipMode)}
        value={draft.vipMode}
        onChange={(v) => set("vipMode", v)}
        options={[
          { value: "none", label: intl.formatMessage(m.vipNone) },
          { value: "price", label: intl.formatMessage(m.vipModePrice) },
          { value: "discount", label: intl.formatMessage(m.vipModeDiscount) },
        ]}
      />
      {draft.vipMode === "price" && (
        <div className="admin-store-pair">
          {amount("vipPriceUsd", "vipPriceUsdCents", intl.formatMessage(m.fieldVipPriceUsd))}
          {amount("vipPriceBrl", "vipPriceBrlCents", intl.formatMessage(m.fieldVipPriceBrl))}
        </div>
      )}
      {draft.vipMode === "discount" && (
        <TextField
          label={intl.formatMessage(m.fieldVipDiscount)}
          type="number"
          min={1}
          max={STORE_VIP_DISCOUNT_MAX}
          value={draft.vipDiscountPct}
          onChange={(v) => set("vipDiscountPct", v)}
          error={errors.vipDiscountPct}
        />
      )}
    </fieldset>
  );
}
