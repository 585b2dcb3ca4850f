// The published events list, shared by /events and the landing page's events section: a skeleton
// that holds the list's place while loading, 'Failed to load events' (red) with a retry, the empty
// state, or the events in the server's order (date ascending; past ones carry the sold-out look).
// It brings its own messages, since the landing page renders it outside the events route.
import { useQuery } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublicEvent } from "../../../worker/contracts/events";
import { EmptyState } from "../../components/EmptyState";
import { EventCard } from "./EventCard";
import { EventsMessages } from "./EventsMessages";
import { eventsMessages as m } from "./messages";
import { eventsQueryOptions } from "./queries";
import "./events.css";

type Props = { limit?: number; headingLevel?: 2 | 3 };

export function EventsList(props: Props) {
  return (
    <EventsMessages>
      <EventsListContent {...props} />
    </EventsMessages>
  );
}

/**
 * At most `limit` events, still in the server's order: the upcoming ones first, and only when there
 * are fewer of those than `limit`, the most recent past ones before them.
 */
export function pickEvents(events: readonly PublicEvent[], limit?: number): PublicEvent[] {
  if (limit === undefined) return [...events];
  const upcoming = events.filter((e) => e.availability !== "sold_out").slice(0, limit);
  const room = limit - upcoming.length;
  const past = room > 0 ? events.filter((e) => e.availability === "sold_out").slice(-room) : [];
  const chosen = new Set([...past, ...upcoming]);
  return events.filter((e) => chosen.has(e));
}

function EventsListContent({ limit, headingLevel = 2 }: Props) {
  const intl = useIntl();
  const query = useQuery(eventsQueryOptions());

  if (query.isPending) return <EventsListSkeleton count={Math.max(1, Math.min(limit ?? 3, 3))} />;
  if (!query.data) {
    return (
      <div className="error-banner events-error" role="alert">
        {intl.formatMessage(m.loadFailed)}{" "}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {intl.formatMessage(m.retry)}
        </button>
      </div>
    );
  }

  const events = pickEvents(query.data.events, limit);
  if (events.length === 0) {
    return (
      <EmptyState
        icon="calendar"
        title={<FormattedMessage id="home.events.empty" defaultMessage="No events announced yet" />}
        hint={<FormattedMessage id="home.events.emptyHint" defaultMessage="Check back soon, or follow us on social media for the latest news." />}
      />
    );
  }
  return (
    <ul className="events-list">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards at the real cards' size, so nothing below moves when the list arrives. */
function EventsListSkeleton({ count }: { count: number }) {
  const intl = useIntl();
  return (
    <div className="events-loading" role="status" aria-busy="true">
      <span className="sr-only">{intl.formatMessage(m.loading)}</span>
      <ul className="events-list" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <div className="event-card card event-card-skeleton">
              <div className="event-tile" />
              <div className="event-main">
                <span className="event-skeleton-line event-skeleton-title" />
                <span className="event-skeleton-line" />
                <span className="event-skeleton-line event-skeleton-short" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
