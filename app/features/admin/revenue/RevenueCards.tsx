// The period's figures in the chosen currency, monthly recurring revenue against the period's
// start, and the VIP members gained and lost.
import { useId } from "react";
import { useIntl } from "react-intl";
import type { CurrencyRevenue, RevenueResponse } from "#contracts/admin/revenue.ts";
import { StatCard } from "../components/StatCard";
import { TrendBadge } from "../components/TrendBadge";
import { formatCount } from "../format";
import { revenueMessages as m } from "./messages";
import { moneyText } from "./money";

export function RevenueCards({ figures, mrr, members }: { figures: CurrencyRevenue; mrr: RevenueResponse["mrr"]; members: RevenueResponse["members"] }) {
  const intl = useIntl();
  const headingId = useId();
  const money = (cents: number) => moneyText(intl, cents, figures.currency);
  const t = figures.totals;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {intl.formatMessage(m.summary)}
      </h2>
      <div className="grid admin-stats">
        <StatCard label={intl.formatMessage(m.net)} value={money(t.net)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.netHint)}</p>
        </StatCard>
        <StatCard label={intl.formatMessage(m.netOfTax)} value={money(figures.tax.netOfTaxCents)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.netOfTaxHint)}</p>
        </StatCard>
        <StatCard label={intl.formatMessage(m.tax)} value={money(figures.tax.cents)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.taxHint)}</p>
        </StatCard>
        <StatCard label={intl.formatMessage(m.vip)} value={money(t.vip)} />
        <StatCard label={intl.formatMessage(m.store)} value={money(t.store)} />
        {t.tickets !== 0 && <StatCard label={intl.formatMessage(m.tickets)} value={money(t.tickets)} />}
        <StatCard label={intl.formatMessage(m.refunds)} value={money(t.refunds)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.refundsHint, { count: figures.refundCount })}</p>
        </StatCard>
        <StatCard label={intl.formatMessage(m.mrr)} value={moneyText(intl, mrr.cents.value, mrr.currency)}>
          <TrendBadge changePct={mrr.cents.changePct} />
          <p className="muted admin-stat-hint">
            {intl.formatMessage(m.mrrHint, { count: mrr.subscriptions, atStart: moneyText(intl, mrr.atStart.cents, mrr.currency) })}
          </p>
        </StatCard>
        <StatCard label={intl.formatMessage(m.gained)} value={formatCount(intl, members.totals.gained)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.membersHint)}</p>
        </StatCard>
        <StatCard label={intl.formatMessage(m.lost)} value={formatCount(intl, members.totals.lost)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.membersHint)}</p>
        </StatCard>
      </div>
    </section>
  );
}
