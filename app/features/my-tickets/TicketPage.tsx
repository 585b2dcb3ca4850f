// One ticket (/tickets/$ticketId), printable: the QR big, the event, its date in the event's time
// zone, the venue, the type, the name at the door and the code. The name is edited here too, and
// the ticket transferred. On paper (my-tickets.css, @media print) only the ticket, black on white.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Component, lazy, Suspense, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Loading } from "../../components/Loading";
import { QueryState } from "../../components/QueryState";
import { ApiRequestError } from "../../lib/api";
import type { Locale } from "#contracts/locale.ts";
import type { MyTicketResponse } from "#contracts/tickets/mine-model.ts";
import { myTicketsMessages as m } from "./messages";
import MyTicketsMessages from "./messages?feature";
import { myTicketQueryOptions } from "./queries";
import { EventWhen, eventWhere, HolderName, TicketStatus, TransferButton, WatchLink, watchUrlOf } from "./TicketParts";
import "./my-tickets.css";

// The QR encoder is a chunk of its own, as on the VIP pass.
const QrSvg = lazy(() => import("../../components/QrSvg"));

export function TicketPage({ ticketId }: { ticketId: string }) {
  return (
    <MyTicketsMessages>
      <TicketContent ticketId={ticketId} />
    </MyTicketsMessages>
  );
}

function BackLink() {
  return (
    <Link to="/tickets" className="btn btn-ghost btn-sm ticket-no-print">
      <FormattedMessage {...m.back} />
    </Link>
  );
}

function TicketContent({ ticketId }: { ticketId: string }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const [transferredTo, setTransferredTo] = useState<string | null>(null);
  // Once handed on, the ticket is no longer this member's: it is not asked for again.
  const query = useQuery({ ...myTicketQueryOptions(ticketId, locale), enabled: transferredTo === null });
  if (transferredTo !== null) {
    return (
      <div className="ticket-page">
        <p className="success-banner" role="status">
          <FormattedMessage {...m.transferDone} values={{ username: transferredTo }} />
        </p>
        <BackLink />
      </div>
    );
  }
  if (query.error instanceof ApiRequestError && query.error.status === 404) {
    return (
      <div className="ticket-page">
        <p className="muted">
          <FormattedMessage {...m.notFound} />
        </p>
        <BackLink />
      </div>
    );
  }
  return (
    <div className="ticket-page">
      <QueryState
        query={query}
        loading={intl.formatMessage(m.ticketLoading)}
        failed={intl.formatMessage(m.ticketLoadFailed)}
        retry={intl.formatMessage(m.retry)}
      >
        {(data) => <TicketSheet data={data} locale={locale} onTransferred={setTransferredTo} />}
      </QueryState>
    </div>
  );
}

function TicketSheet({
  data: { event, ticket },
  locale,
  onTransferred,
}: {
  data: MyTicketResponse;
  locale: Locale;
  onTransferred: (username: string) => void;
}) {
  const intl = useIntl();
  const where = eventWhere(event);
  return (
    <>
      <article className="ticket-sheet" aria-labelledby="ticket-event-title">
        <h2 id="ticket-event-title" className="ticket-sheet-title">
          {event.title}
        </h2>
        {event.status === "cancelled" && <p className="info-banner">{intl.formatMessage(m.eventCancelled)}</p>}
        <div className="ticket-sheet-qr-wrap">
          {watchUrlOf(ticket) ? (
            <div className="ticket-sheet-watch">
              <p className="muted">{intl.formatMessage(m.watchOnline)}</p>
              <WatchLink ticket={ticket} title={event.title} />
            </div>
          ) : ticket.token ? (
            <QrBoundary fallback={<p className="muted">{intl.formatMessage(m.qrFailed)}</p>}>
              <Suspense fallback={<Loading />}>
                <QrSvg
                  key={ticket.token}
                  text={ticket.token}
                  label={intl.formatMessage(m.qrLabel, { event: event.title })}
                  className="ticket-sheet-qr"
                  testId="ticket-qr"
                />
              </Suspense>
            </QrBoundary>
          ) : (
            <p className="muted ticket-sheet-no-qr">{intl.formatMessage(m.noQr)}</p>
          )}
        </div>
        <p className="ticket-sheet-code" data-testid="ticket-code">
          {ticket.code}
        </p>
        {ticket.token && !watchUrlOf(ticket) && <p className="muted ticket-sheet-hint">{intl.formatMessage(m.qrHint)}</p>}
        <dl className="ticket-sheet-details">
          <dt>{intl.formatMessage(m.when)}</dt>
          <dd>
            <EventWhen event={event} />
          </dd>
          <dt>{intl.formatMessage(m.where)}</dt>
          <dd>{where ?? intl.formatMessage(m.online)}</dd>
          <dt>{intl.formatMessage(m.type)}</dt>
          <dd>
            {ticket.typeName} <TicketStatus ticket={ticket} event={event} />
          </dd>
          <dt>{intl.formatMessage(m.code)}</dt>
          <dd>
            <code>{ticket.code}</code> · {intl.formatMessage(m.order, { number: ticket.orderNumber })}
          </dd>
        </dl>
        <HolderName ticket={ticket} locale={locale} />
      </article>
      <div className="ticket-sheet-actions ticket-no-print">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {intl.formatMessage(m.print)}
        </button>
        <TransferButton ticket={ticket} onTransferred={onTransferred} />
        <BackLink />
      </div>
    </>
  );
}

/** A QR chunk that fails to load (offline, a new deploy) leaves the typed code usable. */
class QrBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
