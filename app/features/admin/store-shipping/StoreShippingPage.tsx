// /admin/store/shipping: what shipping costs by zone and weight class in both currencies, and the
// merch total from which it is free. The whole table is saved at once (audited by the Worker).
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { CURRENCIES, type Currency, type ShippingZone, type WeightClass } from "#contracts/store/model.ts";
import type { ShippingSettings } from "#contracts/store/shipping.ts";
import { QueryState } from "../../../components/QueryState";
import { shippingMessages as m, rateLabel, thresholdLabel } from "./messages";
import { shippingQueryOptions, useSaveShipping } from "./queries";
import { centsOf, draftOf, RATE_KEYS, settingsOf, type Draft, type RateKey } from "./draft";
import "./shipping.css";

const ZONES: Record<ShippingZone, MessageDescriptor> = { br: m.zoneBr, us: m.zoneUs, world: m.zoneWorld };
const CLASSES: Record<WeightClass, MessageDescriptor> = { light: m.light, standard: m.standard, heavy: m.heavy };
const CURRENCY_NAMES: Record<Currency, MessageDescriptor> = { usd: m.usd, brl: m.brl };

function AmountInput({ value, label, onChange, disabled }: { value: string; label: string; onChange: (v: string) => void; disabled: boolean }) {
  const invalid = centsOf(value) === null;
  return (
    <input
      className="input shipping-amount"
      inputMode="decimal"
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function ShippingForm({ saved }: { saved: ShippingSettings }) {
  const intl = useIntl();
  const save = useSaveShipping();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [done, setDone] = useState(false);
  const edit = (next: Draft) => {
    setDraft(next);
    setDone(false);
  };
  const setRate = (key: RateKey, currency: Currency) => (value: string) =>
    edit({ ...draft, rates: { ...draft.rates, [key]: { ...draft.rates[key], [currency]: value } } });
  const settings = settingsOf(draft);
  const busy = save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!settings) return;
    save.mutate(settings, { onSuccess: (next) => (setDraft(draftOf(next)), setDone(true)) });
  };

  return (
    <form className="card shipping-form" onSubmit={submit} noValidate>
      <h2>
        <FormattedMessage {...m.ratesTitle} />
      </h2>
      <p className="field-hint">
        <FormattedMessage {...m.ratesHint} />
      </p>
      <table className="shipping-table">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.zone)}</th>
            <th scope="col">{intl.formatMessage(m.weightClass)}</th>
            {CURRENCIES.map((c) => (
              <th scope="col" key={c}>
                {intl.formatMessage(CURRENCY_NAMES[c])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {RATE_KEYS.map((key) => {
            const [zone, weightClass] = key.split(":") as [ShippingZone, WeightClass];
            const names = { zone: intl.formatMessage(ZONES[zone]), weightClass: intl.formatMessage(CLASSES[weightClass]) };
            return (
              <tr key={key}>
                <th scope="row">{names.zone}</th>
                <td>{names.weightClass}</td>
                {CURRENCIES.map((c) => (
                  <td key={c}>
                    <AmountInput
                      value={draft.rates[key][c]}
                      label={intl.formatMessage(rateLabel, { ...names, currency: c.toUpperCase() })}
                      onChange={setRate(key, c)}
                      disabled={busy}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>

      <fieldset className="shipping-free" disabled={busy}>
        <legend>{intl.formatMessage(m.freeTitle)}</legend>
        <p className="field-hint">{intl.formatMessage(m.freeHint)}</p>
        {CURRENCIES.map((c) => (
          <div className="shipping-free-row" key={c}>
            <AmountInput
              value={draft.free[c] ?? ""}
              label={intl.formatMessage(thresholdLabel, { currency: c.toUpperCase() })}
              onChange={(v) => edit({ ...draft, free: { ...draft.free, [c]: v } })}
              disabled={busy || draft.free[c] === null}
            />
            <label className="form-check">
              <input
                type="checkbox"
                checked={draft.free[c] === null}
                onChange={(e) => edit({ ...draft, free: { ...draft.free, [c]: e.target.checked ? null : "0.00" } })}
              />
              {intl.formatMessage(m.never)} ({c.toUpperCase()})
            </label>
          </div>
        ))}
      </fieldset>

      {!settings && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...m.invalid} />
        </p>
      )}
      {save.isError && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...m.saveFailed} />
        </p>
      )}
      {done && (
        <p className="success-banner" role="status">
          <FormattedMessage {...m.saved} />
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !settings}>
          <FormattedMessage {...(busy ? m.saving : m.save)} />
        </button>
      </div>
    </form>
  );
}

export function StoreShippingPage() {
  const query = useQuery(shippingQueryOptions());
  return (
    <QueryState
      query={query}
      loading={<FormattedMessage {...m.loading} />}
      failed={<FormattedMessage {...m.loadFailed} />}
      retry={<FormattedMessage {...m.retry} />}
    >
      {(saved) => <ShippingForm saved={saved} />}
    </QueryState>
  );
}
