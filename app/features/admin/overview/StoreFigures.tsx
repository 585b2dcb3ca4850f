// The overview's store figures: orders paid today and the month's revenue, per currency, in the
// admin's time zone, with the ways to the orders and the revenue page.
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { useIntl } from "react-intl";
import type { Money, OverviewStore } from "#contracts/admin/revenue.ts";
import { formatMoney } from "#contracts/store/model.ts";
import { StatCard } from "../components/StatCard";
import { formatCount } from "../format";
import { overviewMessages as m } from "./messages";

/** The store's orders page (its route belongs to the orders part of the back office). */
const ORDERS_PATH = "/admin/store/orders";

/** The amounts that are not zero, "$45.00 · R$ 120,00"; the first currency's zero when all are. */
function amounts(money: Money[], locale: string): string {
  const shown = money.filter((amount) => amount.cents !== 0);
  return (shown.length > 0 ? shown : money.slice(0, 1)).map((amount) => formatMoney(amount.cents, amount.currency, locale)).join(" · ");
}

export function StoreFigures({ store }: { store: OverviewStore }) {
  const intl = useIntl();
  const headingId = useId();
  const { ordersToday, monthRevenue } = store;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        {intl.formatMessage(m.store)}
      </h2>
      <div className="grid admin-stats">
        <StatCard label={intl.formatMessage(m.ordersToday)} value={formatCount(intl, ordersToday.count)}>
          <p className="muted admin-stat-hint">{ordersToday.count === 0 ? intl.formatMessage(m.noOrdersToday) : amounts(ordersToday.totals, intl.locale)}</p>
          <a href={ORDERS_PATH} className="btn btn-ghost btn-sm">
            {intl.formatMessage(m.seeOrders)}
          </a>
        </StatCard>
        <StatCard label={intl.formatMessage(m.monthRevenue)} value={amounts(monthRevenue, intl.locale)}>
          <p className="muted admin-stat-hint">{intl.formatMessage(m.monthRevenueHint)}</p>
          <Link to="/admin/revenue" className="btn btn-ghost btn-sm">
            {intl.formatMessage(m.seeRevenue)}
          </Link>
        </StatCard>
      </div>
    </section>
  );
}
