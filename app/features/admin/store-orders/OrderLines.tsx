// What an order holds, line by line (its ticket lines too, with how many are valid and checked
// in), and its amounts: subtotal, discount, shipping, tax (added or included), total, what is
// revenue net of tax, and what
// was refunded or is waiting for the payment provider.
import { useIntl } from "react-intl";
import type { OrderDetail } from "#contracts/store/admin-orders.ts";
import { formatCents } from "./format";
import { ordersMessages as m, ticketsNotIssuedMessage, ticketStateMessage } from "./messages";
import { taxPlaceName } from "../../../lib/intlFormat";

export function OrderLines({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  const money = (cents: number) => formatCents(intl, cents, order.currency);
  const tax = order.tax;
  const place = tax?.place ? taxPlaceName(tax.place, intl.locale) : "";
  const amounts: [string, string, string?][] = [
    [intl.formatMessage(m.subtotal), money(order.subtotalCents)],
    ...(order.discountCents > 0
      ? [[intl.formatMessage(m.discount) + (order.promoCode ? ` (${order.promoCode})` : ""), `−${money(order.discountCents)}`] as [string, string]]
      : []),
    ...(order.physical ? [[intl.formatMessage(m.shipping), money(order.shippingCents)] as [string, string]] : []),
    ...(tax && tax.cents > 0 && tax.behavior === "exclusive" ? [[`${intl.formatMessage(m.taxAdded)} (${place})`, money(tax.cents)] as [string, string]] : []),
    [intl.formatMessage(m.total), money(order.totalCents), "orders-grand"],
    ...(tax && tax.cents > 0 && tax.behavior === "inclusive"
      ? [[`${intl.formatMessage(m.taxIncluded)} (${place})`, money(tax.cents)] as [string, string]]
      : []),
    ...(tax?.status === "not_collected" ? [[`${intl.formatMessage(m.taxNotCollected)} (${place})`, money(0)] as [string, string]] : []),
    ...(tax ? [[intl.formatMessage(m.netOfTax), money(order.totalCents - tax.cents)] as [string, string]] : []),
    ...(tax?.buyerTaxId ? [[intl.formatMessage(m.buyerTaxId), tax.buyerTaxId] as [string, string]] : []),
    ...(order.refundedCents > 0 ? [[intl.formatMessage(m.refunded), `−${money(order.refundedCents)}`] as [string, string]] : []),
    ...(order.pendingRefundCents > 0 ? [[intl.formatMessage(m.pending), `−${money(order.pendingRefundCents)}`] as [string, string]] : []),
  ];
  return (
    <div className="table-wrap">
      <table className="table orders-lines">
        <caption>{intl.formatMessage(m.linesTitle)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colProduct)}</th>
            <th scope="col">{intl.formatMessage(m.colSku)}</th>
            <th scope="col" className="orders-num">
              {intl.formatMessage(m.colQuantity)}
            </th>
            <th scope="col" className="orders-num">
              {intl.formatMessage(m.colUnit)}
            </th>
            <th scope="col" className="orders-num">
              {intl.formatMessage(m.colLineTotal)}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.lineNo}>
              <td>
                {line.title}
                {line.variantLabel && <span className="muted"> · {line.variantLabel}</span>}
                {line.restockedAt && <span className="badge orders-restocked">{intl.formatMessage(m.restocked)}</span>}
              </td>
              <td>{line.sku ? <code>{line.sku}</code> : "—"}</td>
              <td className="orders-num">{intl.formatNumber(line.quantity)}</td>
              <td className="orders-num">{money(line.unitCents)}</td>
              <td className="orders-num">{money(line.totalCents)}</td>
            </tr>
          ))}
          {order.tickets.map((t) => (
            <tr key={t.ticketTypeId}>
              <td>
                <span className="badge">{intl.formatMessage(m.ticketLine)}</span> {t.eventTitle}
                <span className="muted"> · {t.typeName}</span>
                <span className="muted"> · {intl.formatMessage(ticketStateMessage, { valid: t.valid, checkedIn: t.checkedIn })}</span>
                {t.issued < t.quantity && (
                  <span className="badge orders-restocked">{intl.formatMessage(ticketsNotIssuedMessage, { count: t.quantity - t.issued })}</span>
                )}
              </td>
              <td>—</td>
              <td className="orders-num">{intl.formatNumber(t.quantity)}</td>
              <td className="orders-num">{money(t.unitCents)}</td>
              <td className="orders-num">{money(t.totalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {amounts.map(([label, value, className]) => (
            <tr key={label} className={className}>
              <th scope="row" colSpan={4} className="orders-num">
                {label}
              </th>
              <td className="orders-num">{value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
