// Add or edit a tier: its names, descriptions and benefits in English and Portuguese side by side,
// its prices in both currencies (typed in units, sent in cents), its badge colour and free trial.
// The free tier and VIP take only their texts, benefits and badge: their prices are not set here.
// The shared schema checks the form before it is sent; the Worker checks it again and its 400 (or
// 409 for a name whose address is taken) lands on the field it names.
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import {
  builtInTierInputSchema,
  tierInputSchema,
  TIER_BENEFIT_MAX,
  TIER_BENEFITS_MAX,
  TIER_DESCRIPTION_MAX,
  TIER_NAME_MAX,
  TIER_TRIAL_DAYS_MAX,
} from "#contracts/tiers/admin.ts";
import type { AdminTier, AdminTierResponse, TierInput } from "#contracts/tiers/admin.ts";
import type { ErrorText } from "../components/form/errors";
import { ErrorMessage, TextField, wholeNumber } from "../components/form/fields";
import { BilingualNameFields } from "../components/form/BilingualNameFields";
import { FormDialog } from "../components/form/FormDialog";
import { fieldErrorsOf, serverError, type TierField, type TierFieldErrors } from "./errors";
import { tiersAdminMessages as m } from "./messages";
import { tiersApi, useTierWrite } from "./queries";

type Props = { tier?: AdminTier; onClose: () => void; onSaved: (tier: AdminTier) => void };

/** "24.99" → 2499; text that is not an amount is sent as typed, so the schema names the field. */
function centsOf(text: string): number | string | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : text;
}
const amountOf = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

const PRICE_FIELDS = [
  ["monthlyUsdCents", m.monthlyUsd, "monthlyUsd"],
  ["yearlyUsdCents", m.yearlyUsd, "yearlyUsd"],
  ["monthlyBrlCents", m.monthlyBrl, "monthlyBrl"],
  ["yearlyBrlCents", m.yearlyBrl, "yearlyBrl"],
] as const;
type PriceField = (typeof PRICE_FIELDS)[number][0];

export function TierFormDialog({ tier, onClose, onSaved }: Props) {
  const intl = useIntl();
  const builtIn = tier?.builtIn ?? false;
  const [names, setNames] = useState({ en: tier?.name.en ?? "", ptBR: tier?.name.ptBR ?? "" });
  const [descriptions, setDescriptions] = useState({ en: tier?.description.en ?? "", ptBR: tier?.description.ptBR ?? "" });
  const [benefits, setBenefits] = useState({ en: tier?.benefits.en ?? [], ptBR: tier?.benefits.ptBR ?? [] });
  const [prices, setPrices] = useState<Record<PriceField, string>>({
    monthlyUsdCents: amountOf(tier?.prices.monthlyUsd ?? null),
    yearlyUsdCents: amountOf(tier?.prices.yearlyUsd ?? null),
    monthlyBrlCents: amountOf(tier?.prices.monthlyBrl ?? null),
    yearlyBrlCents: amountOf(tier?.prices.yearlyBrl ?? null),
  });
  const [badgeColor, setBadgeColor] = useState(tier?.badgeColor ?? "#7c3aed");
  const [trialDays, setTrialDays] = useState(String(tier?.trialDays ?? 0));
  const [lossless, setLossless] = useState(tier?.lossless ?? false);
  const [errors, setErrors] = useState<TierFieldErrors>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const save = useTierWrite((input: TierInput) => (tier ? tiersApi.update<AdminTierResponse>(tier.id, input) : tiersApi.create<AdminTierResponse>(input)));

  const submit = () => {
    setFormError(null);
    const input = {
      nameEn: names.en,
      namePtBr: names.ptBR,
      descriptionEn: descriptions.en,
      descriptionPtBr: descriptions.ptBR,
      benefitsEn: benefits.en,
      benefitsPtBr: benefits.ptBR,
      ...(Object.fromEntries(PRICE_FIELDS.map(([field]) => [field, builtIn ? null : centsOf(prices[field])])) as Record<PriceField, number | null>),
      badgeColor,
      trialDays: builtIn ? 0 : (wholeNumber(trialDays) ?? (trialDays as unknown as number)),
      lossless,
    } satisfies TierInput;
    const checked = (builtIn ? builtInTierInputSchema : tierInputSchema).safeParse(input);
    if (!checked.success) return setErrors(fieldErrorsOf(checked.error));
    setErrors({});
    save.mutate(input, {
      onSuccess: ({ tier: saved }) => onSaved(saved),
      onError: (err) => {
        const { field, error } = serverError(err);
        if (field) setErrors({ [field]: error });
        else setFormError(error);
      },
    });
  };

  return (
    <FormDialog
      title={tier ? intl.formatMessage(m.formEditTitle, { name: tier.name.en }) : intl.formatMessage(m.formCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submit={tier ? m.formSave : m.formCreate}
      submitting={tier ? m.formSaving : m.formCreating}
      error={formError}
    >
      <BilingualNameFields
        className="admin-tiers-languages"
        fieldsetClassName="admin-tiers-language"
        names={names}
        onNames={setNames}
        descriptions={descriptions}
        onDescriptions={setDescriptions}
        nameMax={TIER_NAME_MAX}
        descriptionMax={TIER_DESCRIPTION_MAX}
        nameHint={tier ? undefined : intl.formatMessage(m.fieldNameHint)}
        errors={errors}
        extra={({ key, suffix, label }) => (
          <BenefitsEditor
            language={label}
            list={benefits[key]}
            onChange={(list) => setBenefits({ ...benefits, [key]: list })}
            error={errors[`benefits${suffix}` as TierField]}
          />
        )}
      />
      {builtIn ? (
        <p className="field-hint">{intl.formatMessage(m.builtInPrices)}</p>
      ) : (
        <fieldset className="admin-tiers-prices">
          <legend>{intl.formatMessage(m.fieldPrices)}</legend>
          <p className="field-hint">{intl.formatMessage(m.pricesHint)}</p>
          <div className="admin-tiers-price-grid">
            {PRICE_FIELDS.map(([field, label]) => (
              <TextField
                key={field}
                label={intl.formatMessage(label)}
                value={prices[field]}
                onChange={(value) => setPrices({ ...prices, [field]: value })}
                error={errors[field]}
              />
            ))}
          </div>
        </fieldset>
      )}
      <ColorField label={intl.formatMessage(m.fieldBadgeColor)} value={badgeColor} onChange={setBadgeColor} error={errors.badgeColor} />
      {!builtIn && (
        <TextField
          label={intl.formatMessage(m.fieldTrialDays)}
          type="number"
          min={0}
          max={TIER_TRIAL_DAYS_MAX}
          value={trialDays}
          onChange={setTrialDays}
          hint={intl.formatMessage(m.fieldTrialDaysHint)}
          error={errors.trialDays}
        />
      )}
      <div className="field">
        <label>
          <input type="checkbox" checked={lossless} onChange={(e) => setLossless(e.target.checked)} /> {intl.formatMessage(m.fieldLossless)}
        </label>
        <p className="field-hint">{intl.formatMessage(m.fieldLosslessHint)}</p>
      </div>
    </FormDialog>
  );
}

type BenefitsProps = { language: string; list: string[]; onChange: (list: string[]) => void; error?: ErrorText };

/** A list of short texts: one input per benefit with its Remove button, and Add below. */
function BenefitsEditor({ language, list, onChange, error }: BenefitsProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field admin-tiers-benefits" role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
      <span id={`${id}-label`} className="field-label">
        {intl.formatMessage(m.fieldBenefits)}
      </span>
      <ol>
        {list.map((benefit, i) => (
          <li key={i} className="admin-tiers-benefit">
            <input
              type="text"
              value={benefit}
              maxLength={TIER_BENEFIT_MAX}
              aria-label={intl.formatMessage(m.benefitLabel, { number: i + 1, language })}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange(list.map((item, j) => (j === i ? e.target.value : item)))}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={intl.formatMessage(m.removeBenefitNamed, { number: i + 1, language })}
              onClick={() => onChange(list.filter((_, j) => j !== i))}
            >
              {intl.formatMessage(m.removeBenefit)}
            </button>
          </li>
        ))}
      </ol>
      {list.length < TIER_BENEFITS_MAX && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange([...list, ""])}>
          {intl.formatMessage(m.addBenefit, { language })}
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          <ErrorMessage error={error} />
        </p>
      )}
    </div>
  );
}

/** The badge colour: the browser's colour picker, with the value beside it. */
function ColorField({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: ErrorText }) {
  const id = useId();
  return (
    <div className="field admin-tiers-color">
      <label htmlFor={id}>{label}</label>
      <span className="admin-tiers-color-row">
        <input
          id={id}
          type="color"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <code>{value}</code>
      </span>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          <ErrorMessage error={error} />
        </p>
      )}
    </div>
  );
}
