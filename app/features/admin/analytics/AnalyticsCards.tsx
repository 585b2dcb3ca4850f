// The site analytics figures for the chosen period, each trend against the period before it.
import { useId } from "react";
import { useIntl } from "react-intl";
import type { AnalyticsResponse } from "#contracts/admin/analytics.ts";
import { StatCard } from "../components/StatCard";
import { TrendBadge } from "../components/TrendBadge";
import { formatCount, formatDuration, formatPercent } from "../format";
import { analyticsMessages as m } from "./messages";

export function AnalyticsCards({ cards }: { cards: AnalyticsResponse["cards"] }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {intl.formatMessage(m.summary)}
      </h2>
      <div className="grid admin-stats">
        <StatCard label={intl.formatMessage(m.currentVisitors)} value={formatCount(intl, cards.currentVisitors.value)}>
          <TrendBadge changePct={cards.currentVisitors.changePct} />
        </StatCard>
        <StatCard label={intl.formatMessage(m.pageViews)} value={formatCount(intl, cards.pageViews.value)}>
          <TrendBadge changePct={cards.pageViews.changePct} />
        </StatCard>
        <StatCard label={intl.formatMessage(m.avgSession)} value={formatDuration(intl, cards.avgSessionSeconds.value)}>
          <TrendBadge changePct={cards.avgSessionSeconds.changePct} />
        </StatCard>
        <StatCard label={intl.formatMessage(m.bounceRate)} value={formatPercent(intl, cards.bounceRatePct.value)}>
          {/* Fewer single-page visits is the good direction. */}
          <TrendBadge changePct={cards.bounceRatePct.changePct} invert />
        </StatCard>
        <StatCard label={intl.formatMessage(m.totalUsers)} value={formatCount(intl, cards.totalUsers.value)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.newToday, { count: cards.totalUsers.newToday })}</p>
        </StatCard>
        <StatCard label={intl.formatMessage(m.activeUsers)} value={formatCount(intl, cards.activeUsers.value)}>
          <TrendBadge changePct={cards.activeUsers.changePct} />
        </StatCard>
        <StatCard label={intl.formatMessage(m.subscribers)} value={formatCount(intl, cards.newsletterSubscribers)} />
        <StatCard label={intl.formatMessage(m.mobileUsers)} value={formatPercent(intl, cards.mobilePct)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.ofVisitors)}</p>
        </StatCard>
        <StatCard label={intl.formatMessage(m.desktopUsers)} value={formatPercent(intl, cards.desktopPct)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.ofVisitors)}</p>
        </StatCard>
      </div>
    </section>
  );
}
