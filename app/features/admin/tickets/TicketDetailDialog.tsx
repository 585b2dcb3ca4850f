// One ticket in a dialog: the order, the customer, what was paid and when, and its event (or a
// note that the event was deleted and the order kept); a ticket sold here also shows its type,
// holder, code and check-in, with links to its store order and its event's sales.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import type { TicketDetailResponse } from "#contracts/tickets/admin.ts";
import { QueryState } from "../../../components/QueryState";
import { Modal } from "../../../components/Modal";
import { formatMoment } from "../format";
import { formatMoney } from "./format";
import { eventStatusMessages, sourceMessages, ticketStatusMessages, ticketsMessages as m } from "./messages";
import { ticketQueryOptions } from "./queries";
import { localTitle } from "../lib/localTitle";
import { StatusBadge } from "./TicketsTable";

export function TicketDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const intl = useIntl();
  const detail = useQuery(ticketQueryOptions(id));
  const footer = (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        {intl.formatMessage(m.close)}
      </button>
    </div>
  );
  return (
    <Modal title={intl.formatMessage(m.detailTitle)} onClose={onClose} footer={footer} className="tickets-dialog">
      <QueryState query={detail} loading={intl.formatMessage(m.detailLoading)} failed={intl.formatMessage(m.detailFailed)} retry={intl.formatMessage(m.retry)}>
        {(data) => <TicketFacts detail={data} />}
      </QueryState>
    </Modal>
  );
}

function TicketFacts({ detail: { ticket, event } }: { detail: TicketDetailResponse }) {
  const intl = useIntl();
  const eventDate = event && intl.formatDate(event.eventDate, { dateStyle: "medium", timeStyle: "short", timeZone: event.timeZone });
  const venue = event && [event.venueName, event.venueCity].filter(Boolean).join(", ");
  return (
    <dl className="tickets-facts">
      <dt>{intl.formatMessage(m.colOrder)}</dt>
      <dd>
        <code>{ticket.orderId}</code>
      </dd>
      <dt>{intl.formatMessage(m.colSource)}</dt>
      <dd>
        {intl.formatMessage(sourceMessages[ticket.source])}
        {ticket.storeOrderId && (
          <>
            {" · "}
            <Link to="/admin/store/orders/$orderId" params={{ orderId: ticket.storeOrderId }}>
              {intl.formatMessage(m.detailStoreOrder)}
            </Link>
          </>
        )}
      </dd>
      <dt>{intl.formatMessage(m.colStatus)}</dt>
      <dd>
        <StatusBadge status={ticket.status} />
        {ticket.ticketStatus && ticket.ticketStatus !== "valid" && (
          <span className="muted"> {intl.formatMessage(ticketStatusMessages[ticket.ticketStatus])}</span>
        )}
      </dd>
      {ticket.source === "sold" && (
        <>
          <dt>{intl.formatMessage(m.detailType)}</dt>
          <dd>{ticket.typeName}</dd>
          <dt>{intl.formatMessage(m.detailHolder)}</dt>
          <dd>{ticket.holderName ?? <span className="muted">{intl.formatMessage(m.detailNoName)}</span>}</dd>
          <dt>{intl.formatMessage(m.detailCode)}</dt>
          <dd>
            <code>{ticket.code}</code>
          </dd>
          <dt>{intl.formatMessage(m.detailCheckedIn)}</dt>
          <dd>
            {ticket.checkedInAt ? (
              <time dateTime={ticket.checkedInAt}>{formatMoment(intl, ticket.checkedInAt)}</time>
            ) : (
              <span className="muted">{intl.formatMessage(m.detailNotCheckedIn)}</span>
            )}
          </dd>
        </>
      )}
      <dt>{intl.formatMessage(m.colPrice)}</dt>
      <dd>{formatMoney(intl, ticket.price, ticket.currency)}</dd>
      <dt>{intl.formatMessage(m.detailOrdered)}</dt>
      <dd>
        <time dateTime={ticket.createdAt}>{formatMoment(intl, ticket.createdAt)}</time>
      </dd>
      <dt>{intl.formatMessage(m.detailEmail)}</dt>
      <dd>
        <a href={`mailto:${ticket.customerEmail}`}>{ticket.customerEmail}</a>
      </dd>
      <dt>{intl.formatMessage(m.detailName)}</dt>
      <dd>{ticket.customerName ?? <span className="muted">{intl.formatMessage(m.detailNoName)}</span>}</dd>
      <dt>{intl.formatMessage(m.colEvent)}</dt>
      <dd>
        {event ? (
          <Link to="/admin/tickets/events/$eventId" params={{ eventId: event.id }}>
            {localTitle(intl.locale, ticket.eventTitle, ticket.eventTitlePtBr)}
          </Link>
        ) : (
          localTitle(intl.locale, ticket.eventTitle, ticket.eventTitlePtBr)
        )}
        {!event && <p className="muted tickets-note">{intl.formatMessage(m.detailEventGone)}</p>}
      </dd>
      {event && (
        <>
          <dt>{intl.formatMessage(m.detailEventDate)}</dt>
          <dd>
            <time dateTime={event.eventDate}>{eventDate}</time>
          </dd>
          <dt>{intl.formatMessage(m.detailVenue)}</dt>
          <dd>{event.online ? intl.formatMessage(m.detailOnline) : venue || "—"}</dd>
          <dt>{intl.formatMessage(m.detailEventStatus)}</dt>
          <dd>{intl.formatMessage(eventStatusMessages[event.status])}</dd>
        </>
      )}
    </dl>
  );
}
