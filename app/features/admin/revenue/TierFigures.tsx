// The revenue page's tier figures (decision 100): per tier, members and MRR now, revenue and trial
// conversion over the period (in the page's currency), and members moving between tiers per day,
// week or month as a chart with its table. Loads on its own, after the page's other figures.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, useId, useMemo, useState } from "react";
import { useIntl, type IntlShape } from "react-intl";
import type { TierFigureBucket, TierFiguresResponse, TierMoves } from "#contracts/tiers/admin-figures.ts";
import type { Currency } from "#contracts/store/model.ts";
import { QueryState } from "../../../components/QueryState";
import { TierBadge, tierName } from "../../../components/TierBadge";
import { ChartPanel } from "../components/ChartPanel";
import { formatCount, formatDay, formatShortDay } from "../format";
import { commonMessages } from "../messages";
import { currencyCode, moneyText } from "./money";
import { formatMonth } from "./rows";
import { tierFiguresQueryOptions } from "./queries";
import { tierFigureMessages as m } from "./tier-messages";

const TierMovesChart = lazy(() => import("./charts").then((module) => ({ default: module.TierMovesChart })));

const BUCKETS: readonly TierFigureBucket[] = ["day", "week", "month"];
const MOVES = ["new", "upgraded", "downgraded", "churned"] as const;

type Props = { from: string; to: string; timeZone: string; currency: Currency; monthly: boolean };

export function TierFigures({ from, to, timeZone, currency, monthly }: Props) {
  const intl = useIntl();
  const headingId = useId();
  const [by, setBy] = useState<TierFigureBucket>(monthly ? "month" : "day");
  const figures = useQuery({ ...tierFiguresQueryOptions({ from, to, tz: timeZone, by }), placeholderData: keepPreviousData });
  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <div className="admin-section-head">
        <h2 id={headingId}>{intl.formatMessage(m.title)}</h2>
        <div className="admin-periods" role="group" aria-label={intl.formatMessage(m.grouping)}>
          {BUCKETS.map((bucket) => (
            <button
              key={bucket}
              type="button"
              className={bucket === by ? "btn btn-primary btn-sm" : "btn btn-ghost btn-sm"}
              aria-pressed={bucket === by}
              onClick={() => setBy(bucket)}
            >
              {intl.formatMessage(m[bucket])}
            </button>
          ))}
        </div>
      </div>
      <QueryState
        query={figures}
        loading={intl.formatMessage(m.loading)}
        failed={intl.formatMessage(m.failed)}
        retry={intl.formatMessage(commonMessages.retry)}
      >
        {(data) => (
          <>
            <TierTable data={data} currency={currency} />
            <MovesPanel data={data} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function TierTable({ data, currency }: { data: TierFiguresResponse; currency: Currency }) {
  const intl = useIntl();
  const money = (cents: number) => moneyText(intl, cents, currency);
  const percent = (rate: number) => intl.formatNumber(rate, { style: "percent", maximumFractionDigits: 1 });
  return (
    <div className="card admin-top">
      <p className="muted admin-note">{intl.formatMessage(m.note, { currency: currencyCode(currency) })}</p>
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">{intl.formatMessage(m.title)}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.tier)}</th>
              <th scope="col">{intl.formatMessage(m.members)}</th>
              <th scope="col">{intl.formatMessage(m.payingSubscriptions)}</th>
              <th scope="col">{intl.formatMessage(m.mrr)}</th>
              <th scope="col">{intl.formatMessage(m.revenue)}</th>
              <th scope="col">{intl.formatMessage(m.trials)}</th>
            </tr>
          </thead>
          <tbody>
            {data.tiers.map((tier) => {
              const mrr = data.mrr.find((r) => r.tierId === tier.id && r.currency === currency);
              const revenue = data.revenue.find((r) => r.tierId === tier.id && r.currency === currency);
              const trial = data.trials.find((t) => t.tierId === tier.id);
              const free = tier.rank === 0;
              return (
                <tr key={tier.id} data-tier={tier.id}>
                  <th scope="row">
                    {free ? tierName(intl.locale, tier) : <TierBadge holder={{ isVIP: true, tier }} vipLabel={tierName(intl.locale, tier)} />}
                  </th>
                  <td>{formatCount(intl, data.members[tier.id] ?? 0)}</td>
                  <td>{free ? "—" : formatCount(intl, mrr?.subscriptions ?? 0)}</td>
                  <td>{free ? "—" : money(mrr?.cents ?? 0)}</td>
                  <td>{free ? "—" : money(revenue?.cents ?? 0)}</td>
                  <td>
                    {!trial
                      ? free
                        ? "—"
                        : intl.formatMessage(m.noTrial)
                      : trial.rate === null
                        ? intl.formatMessage(m.trialsNone, { running: trial.running })
                        : intl.formatMessage(m.trialsValue, {
                            converted: trial.converted,
                            ended: trial.ended,
                            rate: percent(trial.rate),
                            running: trial.running,
                          })}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function periodLabels(intl: IntlShape, by: TierFigureBucket, start: string) {
  if (by === "month") return { axis: formatMonth(intl, start.slice(0, 7)), long: formatMonth(intl, start.slice(0, 7)) };
  return { axis: formatShortDay(intl, start), long: formatDay(intl, start) };
}

const sumOf = (moves: Record<string, TierMoves>): TierMoves => {
  const sum: TierMoves = { new: 0, upgraded: 0, downgraded: 0, churned: 0 };
  for (const tier of Object.values(moves)) for (const kind of MOVES) sum[kind] += tier[kind];
  return sum;
};

function MovesPanel({ data }: { data: TierFiguresResponse }) {
  const intl = useIntl();
  const paid = data.tiers.filter((t) => t.rank > 0);
  const rows = useMemo(() => data.periods.map((p) => ({ ...p, ...periodLabels(intl, data.by, p.start), sum: sumOf(p.moves) })), [data, intl]);
  const totals = sumOf(data.totals);
  const labels = {
    new: intl.formatMessage(m.new),
    upgraded: intl.formatMessage(m.upgraded),
    downgraded: intl.formatMessage(m.downgraded),
    churned: intl.formatMessage(m.churned),
  };
  const count = (value: number) => formatCount(intl, value);
  return (
    <ChartPanel
      title={intl.formatMessage(m.movesTitle)}
      summary={intl.formatMessage(m.movesSummary, totals)}
      chart={<TierMovesChart data={rows.map((r) => ({ label: r.axis, ...r.sum }))} labels={labels} formatCount={count} />}
      table={
        <table className="table">
          <caption>{intl.formatMessage(m.movesNote)}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.period)}</th>
              <th scope="col">{intl.formatMessage(m.tier)}</th>
              {MOVES.map((kind) => (
                <th key={kind} scope="col">
                  {labels[kind]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.flatMap((row) =>
              paid.map((tier) => (
                <tr key={`${row.start}-${tier.id}`}>
                  <th scope="row">
                    <time dateTime={row.start}>{row.long}</time>
                  </th>
                  <td>{tierName(intl.locale, tier)}</td>
                  {MOVES.map((kind) => (
                    <td key={kind}>{count(row.moves[tier.id]?.[kind] ?? 0)}</td>
                  ))}
                </tr>
              )),
            )}
          </tbody>
        </table>
      }
    />
  );
}
