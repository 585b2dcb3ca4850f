// /admin: the last 24 hours at a glance (visitors, page views, session length, active members),
// each against the span before, today's orders and the month's revenue, and the way into each area
// with its headline count.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import type { OverviewResponse } from "#contracts/admin/analytics.ts";
import { StatCard } from "../components/StatCard";
import { TrendBadge } from "../components/TrendBadge";
import { formatCount, formatDuration } from "../format";
import { commonMessages } from "../messages";
import { adminOverviewQueryOptions } from "../queries";
import { overviewMessages as m } from "./messages";
import { FailedJobs } from "./FailedJobs";
import { StoreFigures } from "./StoreFigures";
import "../admin.css";

export function OverviewPage() {
  const intl = useIntl();
  const overview = useQuery(adminOverviewQueryOptions());
  return (
    <QueryState query={overview} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.failed)} retry={intl.formatMessage(commonMessages.retry)}>
      {(data) => (
        <div className="admin-page">
          <OverviewStats data={data} />
          <StoreFigures store={data.store} />
          <RequestHealthCards health={data.health} />
          <FailedJobs />
          <OverviewLinks totals={data.totals} />
        </div>
      )}
    </QueryState>
  );
}

function OverviewStats({ data }: { data: OverviewResponse }) {
  const intl = useIntl();
  const headingId = useId();
  const cards = [
    { label: m.currentVisitors, hint: m.currentVisitorsHint, trend: data.currentVisitors, value: formatCount(intl, data.currentVisitors.value) },
    { label: m.pageViews, hint: m.pageViewsHint, trend: data.pageViews, value: formatCount(intl, data.pageViews.value) },
    { label: m.avgSession, hint: m.avgSessionHint, trend: data.avgSessionSeconds, value: formatDuration(intl, data.avgSessionSeconds.value) },
    { label: m.activeUsers, hint: m.activeUsersHint, trend: data.activeUsers, value: formatCount(intl, data.activeUsers.value) },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        {intl.formatMessage(m.activity)}
      </h2>
      <div className="grid admin-stats">
        {cards.map((card) => (
          <StatCard key={card.label.id} label={intl.formatMessage(card.label)} value={card.value}>
            <TrendBadge changePct={card.trend.changePct} />
            <p className="muted admin-stat-hint">{intl.formatMessage(card.hint)}</p>
          </StatCard>
        ))}
      </div>
    </section>
  );
}

/** The Worker's last hour, from the request log's figures (RequestMetrics). */
function RequestHealthCards({ health }: { health: OverviewResponse["health"] }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        {intl.formatMessage(m.health)}
      </h2>
      {health.requests === 0 || health.p95Ms === null ? (
        <p className="muted">{intl.formatMessage(m.healthQuiet)}</p>
      ) : (
        <div className="grid admin-stats">
          <StatCard label={intl.formatMessage(m.healthRequests)} value={formatCount(intl, health.requests)} />
          <StatCard label={intl.formatMessage(m.healthErrors)} value={intl.formatNumber(health.errorRate, { style: "percent", maximumFractionDigits: 2 })}>
            <p className="muted admin-stat-hint">{intl.formatMessage(m.healthErrorsHint)}</p>
          </StatCard>
          <StatCard label={intl.formatMessage(m.healthP95)} value={intl.formatMessage(m.healthP95Value, { ms: health.p95Ms })}>
            <p className="muted admin-stat-hint">{intl.formatMessage(m.healthP95Hint)}</p>
          </StatCard>
        </div>
      )}
    </section>
  );
}

type AreaLink = {
  to: "/admin/analytics" | "/admin/users" | "/admin/events" | "/admin/messages" | "/admin/marketing";
  title: MessageDescriptor;
  detail: string;
};

function OverviewLinks({ totals }: { totals: OverviewResponse["totals"] }) {
  const intl = useIntl();
  const headingId = useId();
  const links: AreaLink[] = [
    { to: "/admin/analytics", title: m.analytics, detail: intl.formatMessage(m.analyticsHint) },
    { to: "/admin/users", title: m.users, detail: intl.formatMessage(m.usersCount, { count: totals.users }) },
    { to: "/admin/events", title: m.events, detail: intl.formatMessage(m.eventsCount, { count: totals.upcomingEvents }) },
    { to: "/admin/messages", title: m.messages, detail: intl.formatMessage(m.messagesCount, { count: totals.messages }) },
    { to: "/admin/marketing", title: m.marketing, detail: intl.formatMessage(m.marketingCount, { count: totals.subscribers }) },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        {intl.formatMessage(m.manage)}
      </h2>
      <ul className="grid admin-links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="card admin-link-card">
              <span className="admin-link-title">{intl.formatMessage(link.title)}</span>
              <span className="muted">{link.detail}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
