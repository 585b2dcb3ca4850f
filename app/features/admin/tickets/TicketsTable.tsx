// The tickets: order id, event, customer, status, price (two decimals), date, and a button that
// opens the ticket's details.
import { useIntl } from "react-intl";
import type { TicketView } from "../../../../worker/contracts/admin-tickets";
import { Icon } from "../../../components/Icon";
import { formatMoment } from "../format";
import { formatMoney } from "./format";
import { statusMessages, ticketsMessages as m } from "./messages";

export function TicketsTable({ tickets, onOpen }: { tickets: TicketView[]; onOpen: (id: string) => void }) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table tickets-table">
        <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colOrder)}</th>
            <th scope="col">{intl.formatMessage(m.colEvent)}</th>
            <th scope="col">{intl.formatMessage(m.colCustomer)}</th>
            <th scope="col">{intl.formatMessage(m.colStatus)}</th>
            <th scope="col" className="tickets-num">
              {intl.formatMessage(m.colPrice)}
            </th>
            <th scope="col">{intl.formatMessage(m.colDate)}</th>
            <th scope="col">
              <span className="sr-only">{intl.formatMessage(m.colActions)}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tickets.map((ticket) => (
            <tr key={ticket.id}>
              <td>
                <code>{ticket.orderId}</code>
              </td>
              <td>{ticket.eventTitle}</td>
              <td className="tickets-customer">{ticket.customerEmail}</td>
              <td>
                <StatusBadge status={ticket.status} />
              </td>
              <td className="tickets-num">{formatMoney(intl, ticket.price, ticket.currency)}</td>
              <td>
                <time dateTime={ticket.createdAt}>{formatMoment(intl, ticket.createdAt)}</time>
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={intl.formatMessage(m.viewTicket, { orderId: ticket.orderId })}
                  title={intl.formatMessage(m.viewTicket, { orderId: ticket.orderId })}
                  onClick={() => onOpen(ticket.id)}
                >
                  <Icon name="ticket" size={18} />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StatusBadge({ status }: { status: TicketView["status"] }) {
  const intl = useIntl();
  return <span className={`badge tickets-status tickets-status-${status}`}>{intl.formatMessage(statusMessages[status])}</span>;
}
