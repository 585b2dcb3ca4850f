// The orders: number (a link to the order), date, customer, items, status, total; a shipment due
// is flagged so it stands out.
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import type { OrderListItem } from "#contracts/store/admin-orders.ts";
import { formatMoment } from "../format";
import { formatCents } from "./format";
import { ordersMessages as m, statusMessages } from "./messages";

export function OrdersTable({ orders }: { orders: OrderListItem[] }) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table orders-table">
        <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colOrder)}</th>
            <th scope="col">{intl.formatMessage(m.colDate)}</th>
            <th scope="col">{intl.formatMessage(m.colCustomer)}</th>
            <th scope="col">{intl.formatMessage(m.colItems)}</th>
            <th scope="col">{intl.formatMessage(m.colStatus)}</th>
            <th scope="col" className="orders-num">
              {intl.formatMessage(m.colTotal)}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td>
                <Link
                  to="/admin/store/orders/$orderId"
                  params={{ orderId: order.id }}
                  aria-label={intl.formatMessage(m.viewOrder, { number: String(order.number) })}
                >
                  #{order.number}
                </Link>
              </td>
              <td>
                <time dateTime={order.paidAt}>{formatMoment(intl, order.paidAt)}</time>
              </td>
              <td className="orders-customer">
                {order.name && <span className="orders-name">{order.name}</span>}
                <span className="muted">{order.email}</span>
              </td>
              <td>{intl.formatMessage(m.items, { count: order.items })}</td>
              <td>
                <StatusBadge status={order.status} />
                {order.physical && !order.shippedAt && order.status !== "refunded" && (
                  <span className="badge orders-to-ship">{intl.formatMessage(m.toShip)}</span>
                )}
                {order.shipsFrom && !order.shippedAt && (
                  <span className="badge orders-ships-later">
                    {intl.formatMessage(m.shipsFrom, { date: intl.formatDate(order.shipsFrom, { dateStyle: "medium", timeZone: "UTC" }) })}
                  </span>
                )}
              </td>
              <td className="orders-num">
                {formatCents(intl, order.totalCents, order.currency)}
                {order.refundedCents > 0 && (
                  <span className="muted orders-refunded">
                    {intl.formatMessage(m.refundedOf, { amount: formatCents(intl, order.refundedCents, order.currency) })}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StatusBadge({ status }: { status: OrderListItem["status"] }) {
  const intl = useIntl();
  return <span className={`badge orders-status orders-status-${status}`}>{intl.formatMessage(statusMessages[status])}</span>;
}
