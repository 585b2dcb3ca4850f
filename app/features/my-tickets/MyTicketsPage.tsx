// The body of /tickets (signed in): the member's tickets grouped by event, upcoming first then
// past, each with its type, status, name at the door (editable inline until the doors open), code,
// a link to its printable page (the QR) and Transfer. Empty: "No tickets yet" and the events.
// Another feature's parts (the waitlist's offers above the tickets, its Hand back on each ticket)
// come in from the route as slots.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { QueryState } from "../../components/QueryState";
import type { Locale } from "#contracts/locale.ts";
import type { MyTicket, MyTicketEvent, MyTicketGroup, MyTicketsResponse } from "#contracts/tickets/mine-model.ts";
import { myTicketsMessages as m } from "./messages";
import MyTicketsMessages from "./messages?feature";
import { myTicketsQueryOptions } from "./queries";
import { EventWhen, eventWhere, HolderName, TicketStatus, TransferButton, WatchLink, watchUrlOf } from "./TicketParts";
import "./my-tickets.css";

export type MyTicketsSlots = {
  /** Above the tickets (the waitlist's offers and places). */
  top?: ReactNode;
  /** Under each ticket's actions (the waitlist's Hand back). */
  ticket?: (ticket: MyTicket, event: MyTicketEvent) => ReactNode;
};

export function MyTicketsPage({ slots = {} }: { slots?: MyTicketsSlots }) {
  return (
    <MyTicketsMessages>
      <MyTicketsContent slots={slots} />
    </MyTicketsMessages>
  );
}

function MyTicketsContent({ slots }: { slots: MyTicketsSlots }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const query = useQuery(myTicketsQueryOptions(locale));
  const [transferred, setTransferred] = useState<string | null>(null);
  return (
    <div className="my-tickets-page">
      <div role="status">{transferred && <p className="success-banner">{intl.formatMessage(m.transferDone, { username: transferred })}</p>}</div>
      {slots.top}
      <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
        {(data) => <TicketLists data={data} locale={locale} onTransferred={setTransferred} ticketSlot={slots.ticket} />}
      </QueryState>
    </div>
  );
}

type ListProps = { locale: Locale; onTransferred: (username: string) => void; ticketSlot: MyTicketsSlots["ticket"] };

function TicketLists({ data, ...props }: ListProps & { data: MyTicketsResponse }) {
  const intl = useIntl();
  if (data.upcoming.length === 0 && data.past.length === 0) {
    return (
      <EmptyState icon="ticket" title={intl.formatMessage(m.emptyTitle)} hint={intl.formatMessage(m.emptyHint)}>
        <Link to="/events" className="btn btn-primary btn-sm">
          {intl.formatMessage(m.emptyLink)}
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      {[
        ["upcoming", data.upcoming, m.upcoming],
        ["past", data.past, m.past],
      ].map(([key, groups, heading]) =>
        (groups as MyTicketGroup[]).length === 0 ? null : (
          <section key={key as string} className="my-tickets-section" aria-labelledby={`my-tickets-${key as string}`}>
            <h2 id={`my-tickets-${key as string}`}>{intl.formatMessage(heading as typeof m.upcoming)}</h2>
            {(groups as MyTicketGroup[]).map((group) => (
              <EventTickets key={group.event.id} group={group} {...props} />
            ))}
          </section>
        ),
      )}
    </>
  );
}

function EventTickets({ group: { event, tickets }, locale, onTransferred, ticketSlot }: ListProps & { group: MyTicketGroup }) {
  const intl = useIntl();
  const where = eventWhere(event);
  return (
    <article className="card my-tickets-event" aria-labelledby={`event-${event.id}`}>
      <h3 id={`event-${event.id}`}>{event.title}</h3>
      <p className="muted">
        <EventWhen event={event} />
        {" · "}
        {where ?? intl.formatMessage(m.online)}
      </p>
      {event.status === "cancelled" && <p className="info-banner">{intl.formatMessage(m.eventCancelled)}</p>}
      <ul className="my-tickets-list">
        {tickets.map((ticket) => (
          <li key={ticket.id} className="my-ticket" data-testid="my-ticket">
            <div className="my-ticket-head">
              <strong>{ticket.typeName}</strong> <TicketStatus ticket={ticket} event={event} />
              {!ticket.bought && <span className="muted"> · {intl.formatMessage(m.receivedTransfer)}</span>}
            </div>
            <p className="my-ticket-code">
              <span className="ticket-label">{intl.formatMessage(m.code)}</span> <code>{ticket.code}</code>
            </p>
            <HolderName ticket={ticket} locale={locale} />
            <div className="my-ticket-actions">
              {watchUrlOf(ticket) ? (
                <WatchLink ticket={ticket} title={event.title} />
              ) : (
                <Link
                  to="/tickets/$ticketId"
                  params={{ ticketId: ticket.id }}
                  className="btn btn-primary btn-sm"
                  aria-label={intl.formatMessage(m.showLabel, { code: ticket.code })}
                >
                  {intl.formatMessage(m.show)}
                </Link>
              )}
              <TransferButton ticket={ticket} onTransferred={onTransferred} />
            </div>
            {ticketSlot?.(ticket, event)}
          </li>
        ))}
      </ul>
    </article>
  );
}
