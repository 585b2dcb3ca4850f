// The event's check-ins, passes and tickets (decision 055), newest first, with how many there are.
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useIntl } from "react-intl";
import { Avatar } from "../../components/Avatar";
import { EmptyState } from "../../components/EmptyState";
import { Icon } from "../../components/Icon";
import { QueryState } from "../../components/QueryState";
import { checkInMessages as m } from "./messages";
import { checkInListQueryOptions } from "./queries";
import { ticketTypeName } from "./ResultPanel";
import { isTicketEntry, type CheckInListResponse } from "#contracts/tickets/vip-pass.ts";

export function CheckInList({ eventId }: { eventId: string }) {
  const intl = useIntl();
  const titleId = useId();
  const list = useQuery(checkInListQueryOptions(eventId));
  return (
    <section className="card check-in-list" aria-labelledby={titleId} aria-busy={list.isFetching || undefined}>
      <h2 id={titleId}>{intl.formatMessage(m.listTitle)}</h2>
      <QueryState query={list} loading={intl.formatMessage(m.listLoading)} failed={intl.formatMessage(m.listLoadFailed)} retry={intl.formatMessage(m.retry)}>
        {(data) =>
          data.total === 0 ? (
            <EmptyState icon="ticket" title={intl.formatMessage(m.listEmpty)} hint={intl.formatMessage(m.listEmptyHint)} />
          ) : (
            <Entries data={data} />
          )
        }
      </QueryState>
    </section>
  );
}

function Entries({ data }: { data: CheckInListResponse }) {
  const intl = useIntl();
  return (
    <>
      <p className="check-in-count" data-testid="check-in-count">
        {intl.formatMessage(m.listCount, { count: data.total })}
      </p>
      {data.checkIns.length < data.total && <p className="muted">{intl.formatMessage(m.listShown, { shown: data.checkIns.length, total: data.total })}</p>}
      <ol className="check-in-entries">
        {data.checkIns.map((entry) =>
          isTicketEntry(entry) ? (
            <li key={`ticket-${entry.ticket.id}`} className="check-in-entry check-in-entry-ticket">
              <Icon name="ticket" size={40} className="check-in-entry-icon" />
              <span className="check-in-entry-name">{entry.ticket.holderName ?? entry.ticket.ownerName ?? intl.formatMessage(m.listTicketNoName)}</span>
              <span className="muted check-in-entry-meta">
                <time dateTime={entry.checkedInAt}>{intl.formatTime(entry.checkedInAt, { timeStyle: "short" })}</time>
                {" · "}
                {intl.formatMessage(m.listTicket, { type: ticketTypeName(entry.ticket, intl.locale) })}
                {entry.staffName && ` · ${intl.formatMessage(m.listBy, { name: entry.staffName })}`}
              </span>
            </li>
          ) : (
            <li key={entry.member.id} className="check-in-entry">
              <Avatar src={entry.member.avatarUrl} alt={intl.formatMessage(m.avatarAlt, { name: entry.member.name })} size={40} />
              <span className="check-in-entry-name">{entry.member.name}</span>
              <span className="muted check-in-entry-meta">
                <time dateTime={entry.checkedInAt}>{intl.formatTime(entry.checkedInAt, { timeStyle: "short" })}</time>
                {" · "}
                {intl.formatMessage(entry.method === "qr" ? m.listMethodQr : m.listMethodCode)}
                {entry.staffName && ` · ${intl.formatMessage(m.listBy, { name: entry.staffName })}`}
              </span>
            </li>
          ),
        )}
      </ol>
    </>
  );
}
