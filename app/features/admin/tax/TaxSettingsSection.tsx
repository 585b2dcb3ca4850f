// The settings page's sales tax section (decision 093): where the artist is registered to collect
// tax, whether prices include it per currency, and the local checkout's DEMO rates for reference.
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { DEMO_TAX_RATES, JURISDICTION_PATTERN, type TaxBehavior, type TaxSettings } from "#contracts/tax-model.ts";
import { SettingsCard } from "../../../components/SettingsCard";
import TaxMessages from "./messages?feature";
import { taxMessages as m } from "./messages";
import { taxSettingsQueryOptions, useSaveTaxSettings } from "./queries";

export function TaxSettingsSection() {
  return (
    <TaxMessages>
      <TaxSettingsContent />
    </TaxMessages>
  );
}

function TaxSettingsContent() {
  const intl = useIntl();
  const query = useQuery(taxSettingsQueryOptions());
  return (
    <SettingsCard
      titleId="settings-tax-title"
      title={intl.formatMessage(m.settingsTitle)}
      intro={intl.formatMessage(m.settingsIntro)}
      query={query}
      loading={intl.formatMessage(m.loading)}
      failed={intl.formatMessage(m.loadFailed)}
      retry={intl.formatMessage(m.retry)}
    >
      {(data) => <TaxSettingsForm initial={data} />}
    </SettingsCard>
  );
}

const parseRegistrations = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((r) => r.trim().toUpperCase())
    .filter(Boolean);

function TaxSettingsForm({ initial }: { initial: TaxSettings }) {
  const intl = useIntl();
  const ids = { regs: useId(), hint: useId() };
  const [text, setText] = useState(initial.registrations.join(" "));
  const [behavior, setBehavior] = useState(initial.behavior);
  const [invalid, setInvalid] = useState(false);
  const save = useSaveTaxSettings();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const registrations = parseRegistrations(text);
    if (registrations.some((r) => !JURISDICTION_PATTERN.test(r))) return setInvalid(true);
    setInvalid(false);
    save.mutate({ registrations, behavior }, { onSuccess: (saved) => setText(saved.registrations.join(" ")) });
  };

  const behaviorField = (currency: "usd" | "brl") => (
    <fieldset className="settings-radios">
      <legend>{intl.formatMessage(m[currency])}</legend>
      {(["inclusive", "exclusive"] as TaxBehavior[]).map((b) => (
        <label key={b}>
          <input
            type="radio"
            name={`tax-${currency}`}
            value={b}
            checked={behavior[currency] === b}
            onChange={() => setBehavior({ ...behavior, [currency]: b })}
          />{" "}
          {intl.formatMessage(m[b])}
        </label>
      ))}
    </fieldset>
  );

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <div className="form-field">
        <label htmlFor={ids.regs}>{intl.formatMessage(m.registrations)}</label>
        <input
          id={ids.regs}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={ids.hint}
          aria-invalid={invalid}
          spellCheck={false}
          autoCapitalize="characters"
        />
        <p id={ids.hint} className="field-hint">
          {intl.formatMessage(m.registrationsHint)}
        </p>
        {invalid && (
          <p className="field-error" role="alert">
            {intl.formatMessage(m.invalid)}
          </p>
        )}
      </div>
      <h3>{intl.formatMessage(m.behaviorTitle)}</h3>
      {behaviorField("usd")}
      {behaviorField("brl")}
      <details>
        <summary>{intl.formatMessage(m.demoTable)}</summary>
        <ul>
          {Object.entries(DEMO_TAX_RATES).map(([place, rate]) => (
            <li key={place}>
              {place}: {intl.formatNumber(rate.bps / 10000, { style: "percent", maximumFractionDigits: 2 })}
            </li>
          ))}
        </ul>
      </details>
      {save.isError && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(m.saveFailed)}
        </p>
      )}
      {save.isSuccess && (
        <p className="info-banner" role="status">
          {intl.formatMessage(m.saved)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {intl.formatMessage(save.isPending ? m.saving : m.save)}
      </button>
    </form>
  );
}
