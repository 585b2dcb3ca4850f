// The settings page's retention offer at cancel (decision 103): on/off (off until turned on), the
// percent off and how many renewals it lasts. Saved on its own; the server's refusal of a field
// shows at that field.
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import {
  RETENTION_PERCENT_MAX,
  RETENTION_PERCENT_MIN,
  RETENTION_PERIODS_MAX,
  RETENTION_PERIODS_MIN,
  type RetentionSettings,
} from "#contracts/tiers/retention-offer-model.ts";
import { SettingsCard } from "../../../components/SettingsCard";
import { ApiRequestError } from "../../../lib/api";
import OffersMessages from "./messages?feature";
import { offerMessages, retentionSettingsMessages as m } from "./messages";
import { retentionSettingsQueryOptions, useSaveRetentionSettings } from "./queries";

export function RetentionSettingsSection() {
  return (
    <OffersMessages>
      <RetentionSettingsContent />
    </OffersMessages>
  );
}

function RetentionSettingsContent() {
  const intl = useIntl();
  const query = useQuery(retentionSettingsQueryOptions());
  return (
    <SettingsCard
      titleId="settings-retention-title"
      title={intl.formatMessage(m.title)}
      intro={intl.formatMessage(m.intro)}
      query={query}
      loading={intl.formatMessage(offerMessages.loading)}
      failed={intl.formatMessage(m.loadFailed)}
      retry={intl.formatMessage(offerMessages.retry)}
    >
      {(data) => <RetentionForm data={data} />}
    </SettingsCard>
  );
}

type Field = "percentOff" | "periods";
const FIELDS: Record<Field, { label: MessageDescriptor; invalid: MessageDescriptor; min: number; max: number }> = {
  percentOff: { label: m.percentOff, invalid: m.percentInvalid, min: RETENTION_PERCENT_MIN, max: RETENTION_PERCENT_MAX },
  periods: { label: m.periods, invalid: m.periodsInvalid, min: RETENTION_PERIODS_MIN, max: RETENTION_PERIODS_MAX },
};

const whole = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : NaN);
const inRange = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

function RetentionForm({ data }: { data: RetentionSettings }) {
  const intl = useIntl();
  const id = useId();
  const save = useSaveRetentionSettings();
  const [enabled, setEnabled] = useState(data.enabled);
  const [drafts, setDrafts] = useState<Record<Field, string>>({ percentOff: String(data.percentOff), periods: String(data.periods) });
  const [problems, setProblems] = useState<Partial<Record<Field, true>>>({});

  const touched = () => {
    setProblems({});
    if (!save.isIdle) save.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, true>> = {};
    for (const field of ["percentOff", "periods"] as const) if (!inRange(whole(drafts[field]), FIELDS[field].min, FIELDS[field].max)) found[field] = true;
    if (Object.keys(found).length > 0) return setProblems(found);
    save.mutate({ enabled, percentOff: whole(drafts.percentOff), periods: whole(drafts.periods) });
  };

  // A field the server refused: shown at that field; anything else: the banner.
  const error = save.error;
  const refusedField =
    error instanceof ApiRequestError && error.status === 400 && (error.field === "percentOff" || error.field === "periods") ? error.field : null;
  const shown = (field: Field) => problems[field] === true || (Object.keys(problems).length === 0 && refusedField === field);

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => {
            setEnabled(e.target.checked);
            touched();
          }}
          disabled={save.isPending}
        />{" "}
        {intl.formatMessage(m.enabled)}
      </label>
      {(["percentOff", "periods"] as const).map((field) => (
        <div className="form-field" key={field}>
          <label htmlFor={`${id}-${field}`}>{intl.formatMessage(FIELDS[field].label)}</label>
          <input
            id={`${id}-${field}`}
            inputMode="numeric"
            value={drafts[field]}
            onChange={(e) => {
              setDrafts({ ...drafts, [field]: e.target.value });
              touched();
            }}
            aria-invalid={shown(field)}
            aria-describedby={shown(field) ? `${id}-${field}-error` : undefined}
            disabled={save.isPending}
          />
          {shown(field) && (
            <p id={`${id}-${field}-error`} className="field-error" role="alert">
              {intl.formatMessage(FIELDS[field].invalid, { min: FIELDS[field].min, max: FIELDS[field].max })}
            </p>
          )}
        </div>
      ))}
      {save.isError && !refusedField && (
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
        {intl.formatMessage(save.isPending ? offerMessages.saving : m.save)}
      </button>
    </form>
  );
}
