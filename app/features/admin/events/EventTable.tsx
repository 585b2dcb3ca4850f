// The events table (spec: Event with its created date, Venue with city and state, Date, Price
// Range, Status badge, Source, Actions view / edit / delete; a custom event's Tickets link opens its
// ticket sales and door list).
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import type { AdminEvent } from "#contracts/admin/events.ts";
import { cityLine, eventWhen, formatDay, priceRange } from "./format";
import { eventsMessages as m, sourceMessages, statusMessages } from "./messages";
import { NotifyFansButton } from "../components/notify/NotifyFans";
import { CancelEventButton } from "./cancel/CancelEventDialog";
import { localTitle } from "../lib/localTitle";

type EventTableProps = {
  events: AdminEvent[];
  busy: boolean;
  onView: (event: AdminEvent) => void;
  onEdit: (event: AdminEvent) => void;
  onDelete: (event: AdminEvent) => void;
  /** "Cancel event" (refunds its buyers), or the refunds' progress of a cancelled event. */
  onCancel: (event: AdminEvent) => void;
};

export function EventTable({ events, busy, onView, onEdit, onDelete, onCancel }: EventTableProps) {
  const intl = useIntl();
  return (
    <div className="table-wrap" aria-busy={busy || undefined}>
      <table className="table admin-events-table">
        <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colEvent)}</th>
            <th scope="col">{intl.formatMessage(m.colVenue)}</th>
            <th scope="col">{intl.formatMessage(m.colDate)}</th>
            <th scope="col">{intl.formatMessage(m.colPrice)}</th>
            <th scope="col">{intl.formatMessage(m.colStatus)}</th>
            <th scope="col">{intl.formatMessage(m.colSource)}</th>
            <th scope="col">{intl.formatMessage(m.colActions)}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <EventRow key={event.id} event={event} onView={onView} onEdit={onEdit} onDelete={onDelete} onCancel={onCancel} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EventRow({ event, onView, onEdit, onDelete, onCancel }: { event: AdminEvent } & Omit<EventTableProps, "events" | "busy">) {
  const intl = useIntl();
  const price = priceRange(intl, event);
  const place = cityLine(event);
  const title = localTitle(intl.locale, event.title, event.titlePtBR);
  return (
    <tr>
      <th scope="row">
        <span className="admin-events-title">{title}</span>
        <span className="muted admin-events-sub">{intl.formatMessage(m.createdOn, { date: formatDay(intl, event.createdAt) })}</span>
      </th>
      <td>
        {event.online ? (
          intl.formatMessage(m.online)
        ) : (
          <>
            <span>{event.venueName ?? intl.formatMessage(m.notSet)}</span>
            {place && <span className="muted admin-events-sub">{place}</span>}
          </>
        )}
      </td>
      <td>
        <time dateTime={event.eventDate}>{eventWhen(intl, event.eventDate, event.timeZone)}</time>
        {event.presaleCodeMode !== "none" && (
          <span className="muted admin-events-sub">
            {intl.formatMessage(m.listPresale)}
            {event.presaleCodes && ` · ${intl.formatMessage(m.codesLeft, { left: event.presaleCodes.left, total: event.presaleCodes.total })}`}
          </span>
        )}
        {/* "Remind me" (decision 045): shown once anybody asked. */}
        {event.reminders.active + event.reminders.pending > 0 && (
          <span className="muted admin-events-sub">{intl.formatMessage(m.reminderCounts, event.reminders)}</span>
        )}
        {/* "Notify me" (decision 057): shown once anybody waits for the sale. */}
        {event.notifyWaiting > 0 && <span className="muted admin-events-sub">{intl.formatMessage(m.notifyWaiting, { count: event.notifyWaiting })}</span>}
      </td>
      <td>{price ?? <span className="muted">{intl.formatMessage(m.notSet)}</span>}</td>
      <td>
        <span className="badge admin-events-status" data-status={event.status}>
          {intl.formatMessage(statusMessages[event.status])}
        </span>
      </td>
      <td>{intl.formatMessage(sourceMessages[event.source])}</td>
      <td>
        <div className="admin-events-actions">
          <button type="button" className="btn btn-ghost btn-sm" aria-label={intl.formatMessage(m.viewNamed, { title })} onClick={() => onView(event)}>
            {intl.formatMessage(m.view)}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" aria-label={intl.formatMessage(m.editNamed, { title })} onClick={() => onEdit(event)}>
            {intl.formatMessage(m.edit)}
          </button>
          {event.source === "custom" && (
            <Link
              to="/admin/tickets/events/$eventId"
              params={{ eventId: event.id }}
              className="btn btn-ghost btn-sm"
              aria-label={intl.formatMessage(m.ticketSalesNamed, { title })}
            >
              {intl.formatMessage(m.ticketSales)}
            </Link>
          )}
          {event.online && event.source === "custom" && (
            <Link
              to="/admin/live/$eventId"
              params={{ eventId: event.id }}
              className="btn btn-ghost btn-sm"
              aria-label={intl.formatMessage(m.liveShowNamed, { title })}
            >
              {intl.formatMessage(m.liveShow)}
            </Link>
          )}
          {/* Only a published event is announced (the server refuses drafts and past events too). */}
          {event.status === "published" && <NotifyFansButton type="event" id={event.id} name={title} />}
          {(event.status !== "cancelled" || event.source === "custom") && (
            <CancelEventButton title={title} cancelled={event.status === "cancelled"} onClick={() => onCancel(event)} />
          )}
          <button type="button" className="btn btn-danger btn-sm" aria-label={intl.formatMessage(m.deleteNamed, { title })} onClick={() => onDelete(event)}>
            {intl.formatMessage(m.delete)}
          </button>
        </div>
      </td>
    </tr>
  );
}
