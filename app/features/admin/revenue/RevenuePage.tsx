// /admin/revenue: the chosen period's money in one currency at a time (memberships, store,
// tickets, refunds), monthly recurring revenue, VIP members gained and lost, the store's top
// products and the membership tiers' figures (TierFigures), dated in the admin's own time zone.
// Switching keeps the last figures on screen until the new ones arrive.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useIntl } from "react-intl";
import { Loading } from "../../../components/Loading";
import { QueryFailed, QueryState } from "../../../components/QueryState";
import { serverErrorText, type ErrorTexts } from "../../../lib/forms/errorText";
import { CURRENCIES, type Currency } from "#contracts/store/model.ts";
import { PeriodPicker, type PeriodOption } from "../components/PeriodPicker";
import { formatDay } from "../format";
import { commonMessages } from "../messages";
import { adminTimeZone } from "../queries";
import { MembersPanel } from "./MembersPanel";
import { revenueMessages as m } from "./messages";
import { currencyCode } from "./money";
import { byMonth, presetRange, todayIn, type RevenuePreset } from "./periods";
import { revenueQueryOptions } from "./queries";
import { RevenueCards } from "./RevenueCards";
import { RevenuePanel } from "./RevenuePanel";
import { MrrTable, TopProducts } from "./RevenueTables";
import { TierFigures } from "./TierFigures";
import "../admin.css";

const PRESET_OPTIONS: readonly PeriodOption<RevenuePreset>[] = [
  { value: "7d", label: commonMessages.last7 },
  { value: "30d", label: commonMessages.last30 },
  { value: "90d", label: commonMessages.last90 },
  { value: "12m", label: m.last12Months },
];

/** The Worker's refusals of a period, in the admin's language (the presets never make one). */
const ERROR_TEXTS: ErrorTexts = { revenue_period_reversed: m.errorPeriodReversed, revenue_period_too_long: m.errorPeriodTooLong };

type Props = {
  preset: RevenuePreset;
  onPresetChange: (preset: RevenuePreset) => void;
  currency: Currency;
  onCurrencyChange: (currency: Currency) => void;
};

export function RevenuePage({ preset, onPresetChange, currency, onCurrencyChange }: Props) {
  const intl = useIntl();
  const [timeZone] = useState(adminTimeZone);
  const range = presetRange(preset, todayIn(timeZone));
  const revenue = useQuery({ ...revenueQueryOptions({ ...range, tz: timeZone }), placeholderData: keepPreviousData });
  const updating = revenue.isPlaceholderData && revenue.isFetching;
  const known = revenue.error ? serverErrorText(revenue.error, ERROR_TEXTS) : undefined;
  const failed = known ? intl.formatMessage(known.message, known.values) : intl.formatMessage(m.failed);

  return (
    <div className="admin-page">
      <div className="admin-toolbar">
        <PeriodPicker options={PRESET_OPTIONS} value={preset} onChange={onPresetChange} />
        <CurrencySwitch value={currency} onChange={onCurrencyChange} />
      </div>
      <QueryState query={revenue} loading={intl.formatMessage(m.loading)} failed={failed} retry={intl.formatMessage(commonMessages.retry)}>
        {(data) => {
          const figures = data.currencies.find((c) => c.currency === currency) ?? data.currencies[0]!;
          const monthly = byMonth(preset);
          return (
            <div className="admin-page" aria-busy={updating}>
              {updating && <Loading label={intl.formatMessage(m.loading)} />}
              {/* The last figures stay on screen when a later load fails, under the failure. */}
              {revenue.isError && (
                <QueryFailed
                  message={failed}
                  retryLabel={intl.formatMessage(commonMessages.retry)}
                  onRetry={() => void revenue.refetch()}
                  retrying={revenue.isFetching}
                />
              )}
              <p className="muted admin-note">
                {intl.formatMessage(m.timeZoneNote, { timeZone: data.timeZone, from: formatDay(intl, data.from), to: formatDay(intl, data.to) })}
              </p>
              <RevenueCards figures={figures} mrr={data.mrr} members={data.members} />
              <div className="admin-charts">
                <RevenuePanel figures={figures} monthly={monthly} />
                <MembersPanel members={data.members} monthly={monthly} />
              </div>
              <div className="admin-tops">
                <TopProducts figures={figures} />
                <MrrTable mrr={data.mrr} />
              </div>
              <TierFigures from={data.from} to={data.to} timeZone={timeZone} currency={currency} monthly={monthly} />
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}

/** USD or BRL: the store's currencies, each shown on its own (amounts are never converted). */
function CurrencySwitch({ value, onChange }: { value: Currency; onChange: (currency: Currency) => void }) {
  const intl = useIntl();
  return (
    <div className="admin-periods" role="group" aria-label={intl.formatMessage(m.currency)}>
      {CURRENCIES.map((currency) => (
        <button
          key={currency}
          type="button"
          className={currency === value ? "btn btn-primary btn-sm" : "btn btn-ghost btn-sm"}
          aria-pressed={currency === value}
          onClick={() => onChange(currency)}
        >
          {currencyCode(currency)}
        </button>
      ))}
    </div>
  );
}
