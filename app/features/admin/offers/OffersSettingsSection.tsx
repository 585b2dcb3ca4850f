// The settings page's upgrade and win-back offers (decision 101): on/off (off until turned on), the
// engagement thresholds, the percent off the first period, the tier offered, and the win-back offer.
// Saved on its own; the server's refusal of a field shows at that field.
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import {
  OFFER_PERCENT_MAX,
  OFFER_PERCENT_MIN,
  OFFER_THRESHOLD_MAX,
  type OfferSettings,
  type OfferSettingsResponse,
  type OfferThresholds,
} from "#contracts/tiers/offers-model.ts";
import { SettingsCard } from "../../../components/SettingsCard";
import { ApiRequestError } from "../../../lib/api";
import OffersMessages from "./messages?feature";
import { offerMessages as m } from "./messages";
import { offerSettingsQueryOptions, useSaveOfferSettings } from "./queries";

export function OffersSettingsSection() {
  return (
    <OffersMessages>
      <OffersSettingsContent />
    </OffersMessages>
  );
}

function OffersSettingsContent() {
  const intl = useIntl();
  const query = useQuery(offerSettingsQueryOptions());
  return (
    <SettingsCard
      titleId="settings-offers-title"
      title={intl.formatMessage(m.title)}
      intro={intl.formatMessage(m.intro)}
      query={query}
      loading={intl.formatMessage(m.loading)}
      failed={intl.formatMessage(m.loadFailed)}
      retry={intl.formatMessage(m.retry)}
    >
      {(data) => <OffersForm data={data} />}
    </SettingsCard>
  );
}

const THRESHOLDS = [
  { key: "plays", label: m.plays },
  { key: "likes", label: m.likes },
  { key: "eventsAttended", label: m.eventsAttended },
  { key: "purchases", label: m.purchases },
] as const satisfies readonly { key: keyof OfferThresholds; label: MessageDescriptor }[];

type Field = `thresholds.${keyof OfferThresholds}` | "percentOff" | "winBack.percentOff" | "tierId";
type Problems = Partial<Record<Field, MessageDescriptor>>;

const whole = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : NaN);
const inRange = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** The form's own checks, the server's rules. */
function check(draft: Drafts): Problems {
  const problems: Problems = {};
  for (const { key } of THRESHOLDS) if (!inRange(whole(draft.thresholds[key]), 0, OFFER_THRESHOLD_MAX)) problems[`thresholds.${key}`] = m.thresholdInvalid;
  if (!inRange(whole(draft.percentOff), OFFER_PERCENT_MIN, OFFER_PERCENT_MAX)) problems.percentOff = m.percentInvalid;
  if (!inRange(whole(draft.winBackPercentOff), OFFER_PERCENT_MIN, OFFER_PERCENT_MAX)) problems["winBack.percentOff"] = m.percentInvalid;
  return problems;
}

const SERVER_TEXTS: Record<string, MessageDescriptor> = {
  offer_threshold_invalid: m.thresholdInvalid,
  offer_percent_invalid: m.percentInvalid,
  offer_tier_invalid: m.tierInvalid,
};

/** The numbers as typed, the switches and the tier as chosen. */
type Drafts = {
  enabled: boolean;
  thresholds: Record<keyof OfferThresholds, string>;
  percentOff: string;
  tierId: string;
  winBack: boolean;
  winBackPercentOff: string;
};

const draftsOf = (s: OfferSettings): Drafts => ({
  enabled: s.enabled,
  thresholds: {
    plays: String(s.thresholds.plays),
    likes: String(s.thresholds.likes),
    eventsAttended: String(s.thresholds.eventsAttended),
    purchases: String(s.thresholds.purchases),
  },
  percentOff: String(s.percentOff),
  tierId: s.tierId,
  winBack: s.winBack.enabled,
  winBackPercentOff: String(s.winBack.percentOff),
});

const settingsOf = (d: Drafts): OfferSettings => ({
  enabled: d.enabled,
  thresholds: {
    plays: whole(d.thresholds.plays),
    likes: whole(d.thresholds.likes),
    eventsAttended: whole(d.thresholds.eventsAttended),
    purchases: whole(d.thresholds.purchases),
  },
  percentOff: whole(d.percentOff),
  tierId: d.tierId,
  winBack: { enabled: d.winBack, percentOff: whole(d.winBackPercentOff) },
});

function OffersForm({ data }: { data: OfferSettingsResponse }) {
  const intl = useIntl();
  const id = useId();
  const save = useSaveOfferSettings();
  const [draft, setDraft] = useState<Drafts>(() => draftsOf(data.settings));
  const [problems, setProblems] = useState<Problems>({});
  const values = { min: OFFER_PERCENT_MIN, max: OFFER_PERCENT_MAX };

  const edit = (next: Drafts) => {
    setDraft(next);
    setProblems({});
    if (!save.isIdle) save.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(draft);
    if (Object.keys(found).length > 0) return setProblems(found);
    save.mutate(settingsOf(draft), { onSuccess: (saved) => setDraft(draftsOf(saved.settings)) });
  };

  // A field the server refused, with a text of this form's: shown at the field; anything else: the banner.
  const error = save.error;
  const refused =
    error instanceof ApiRequestError && error.status === 400 && error.field && SERVER_TEXTS[error.code]
      ? { [error.field as Field]: SERVER_TEXTS[error.code] }
      : null;
  const shown: Problems = Object.keys(problems).length > 0 ? problems : (refused ?? {});

  const numberField = (field: Field, label: MessageDescriptor, value: string, set: (v: string) => void, max: number) => (
    <div className="form-field" key={field}>
      <label htmlFor={`${id}-${field}`}>{intl.formatMessage(label)}</label>
      <input
        id={`${id}-${field}`}
        inputMode="numeric"
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={shown[field] !== undefined}
        aria-describedby={shown[field] ? `${id}-${field}-error` : undefined}
        disabled={save.isPending}
      />
      {shown[field] && (
        <p id={`${id}-${field}-error`} className="field-error" role="alert">
          {intl.formatMessage(shown[field], field.startsWith("thresholds") ? { max } : values)}
        </p>
      )}
    </div>
  );

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={save.isPending}>
      <label className="settings-check">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => edit({ ...draft, enabled: e.target.checked })} disabled={save.isPending} />{" "}
        {intl.formatMessage(m.enabled)}
      </label>
      <fieldset className="settings-radios">
        <legend>{intl.formatMessage(m.thresholdsTitle)}</legend>
        <p className="field-hint">{intl.formatMessage(m.thresholdsHint)}</p>
        {THRESHOLDS.map(({ key, label }) =>
          numberField(
            `thresholds.${key}`,
            label,
            draft.thresholds[key],
            (v) => edit({ ...draft, thresholds: { ...draft.thresholds, [key]: v } }),
            OFFER_THRESHOLD_MAX,
          ),
        )}
      </fieldset>
      {numberField("percentOff", m.percentOff, draft.percentOff, (v) => edit({ ...draft, percentOff: v }), OFFER_PERCENT_MAX)}
      <div className="form-field">
        <label htmlFor={`${id}-tier`}>{intl.formatMessage(m.tier)}</label>
        <select
          id={`${id}-tier`}
          value={draft.tierId}
          onChange={(e) => edit({ ...draft, tierId: e.target.value })}
          aria-invalid={shown.tierId !== undefined}
          disabled={save.isPending}
        >
          {data.tiers.map((tier) => (
            <option key={tier.id} value={tier.id}>
              {intl.locale === "pt-BR" ? tier.name.ptBR : tier.name.en}
            </option>
          ))}
        </select>
        {shown.tierId && (
          <p className="field-error" role="alert">
            {intl.formatMessage(shown.tierId)}
          </p>
        )}
      </div>
      <label className="settings-check">
        <input type="checkbox" checked={draft.winBack} onChange={(e) => edit({ ...draft, winBack: e.target.checked })} disabled={save.isPending} />{" "}
        {intl.formatMessage(m.winBack)}
      </label>
      {numberField("winBack.percentOff", m.winBackPercentOff, draft.winBackPercentOff, (v) => edit({ ...draft, winBackPercentOff: v }), OFFER_PERCENT_MAX)}
      {save.isError && !refused && (
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
