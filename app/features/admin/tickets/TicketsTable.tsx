// The tickets: order id, event, customer, status, price (two decimals), date, then for tickets sold
// here their type, holder and check-in (empty for imported orders), the source, and a button that
// opens the ticket's details. An event's title links to its sales and door list.
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import type { TicketView } from "#contracts/tickets/admin.ts";
import { Icon } from "../../../components/Icon";
import { formatMoment } from "../format";
import { formatMoney } from "./format";
import { localTitle } from "../lib/localTitle";
import { sourceMessages, statusMessages, ticketStatusMessages, ticketsMessages as m } from "./messages";

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
            <th scope="col">{intl.formatMessage(m.colType)}</th>
            <th scope="col">{intl.formatMessage(m.colHolder)}</th>
            <th scope="col">{intl.formatMessage(m.colCheckedIn)}</th>
            <th scope="col">{intl.formatMessage(m.colSource)}</th>
            <th scope="col">
              <span className="sr-only">{intl.formatMessage(m.colActions)}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tickets.map((ticket) => {
            const eventTitle = localTitle(intl.locale, ticket.eventTitle, ticket.eventTitlePtBr);
            return (
              <tr key={ticket.id}>
                <td>
                  <code>{ticket.orderId}</code>
                </td>
                <td>
                  {ticket.eventId ? (
                    <Link
                      to="/admin/tickets/events/$eventId"
                      params={{ eventId: ticket.eventId }}
                      title={intl.formatMessage(m.salesLinkTitle, { event: eventTitle })}
                    >
                      {eventTitle}
                    </Link>
                  ) : (
                    eventTitle
                  )}
                </td>
                <td className="tickets-customer">{ticket.customerEmail}</td>
                <td>
                  <StatusBadge status={ticket.status} />
                  {ticket.ticketStatus && ticket.ticketStatus !== "valid" && (
                    <span className="muted tickets-why"> {intl.formatMessage(ticketStatusMessages[ticket.ticketStatus])}</span>
                  )}
                </td>
                <td className="tickets-num">{formatMoney(intl, ticket.price, ticket.currency)}</td>
                <td>
                  <time dateTime={ticket.createdAt}>{formatMoment(intl, ticket.createdAt)}</time>
                </td>
                <td>{ticket.typeName}</td>
                <td>{ticket.holderName}</td>
                <td>{ticket.checkedInAt && <time dateTime={ticket.checkedInAt}>{formatMoment(intl, ticket.checkedInAt)}</time>}</td>
                <td>
                  <span className={`badge tickets-source tickets-source-${ticket.source}`}>{intl.formatMessage(sourceMessages[ticket.source])}</span>
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
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function StatusBadge({ status }: { status: TicketView["status"] }) {
  const intl = useIntl();
  return <span className={`badge tickets-status tickets-status-${status}`}>{intl.formatMessage(statusMessages[status])}</span>;
}
