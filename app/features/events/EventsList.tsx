// The published events list, shared by /events and the landing page's events section: a skeleton
// that holds the list's place while loading, 'Failed to load events' (QueryState) with a retry, the empty
// state, or the upcoming events in the server's order (date ascending). Past shows never stand among
// them: /events lists them below, newest first, under 'Past shows' (decision 031). It brings its own
// messages, since the landing page renders it outside the events route.
import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublicEvent } from "#contracts/events.ts";
import type { Locale } from "#contracts/locale.ts";
import { EmptyState } from "../../components/EmptyState";
import { HydrateWhenNear } from "../../ssr/HydrateWhenNear";
import { QueryState } from "../../components/QueryState";
import { EventCard } from "./EventCard";
import EventsMessages from "./messages?feature";
import { eventsMessages as m } from "./messages";
import { SoldOutTypeContext, type SoldOutTypeSlot } from "./ticket-slots";
import { eventsQueryOptions } from "../../lib/eventsList";
import "./events.css";

/**
 * `archive`: the past shows' section below the list (/events). `cardsWaitForView`: each card waits
 * until it nears the viewport (the default); off where the whole list already waits (the landing's
 * events section), since a part made while the page switches language would hydrate in the new one.
 */
type Props = { limit?: number; headingLevel?: 2 | 3; archive?: boolean; cardsWaitForView?: boolean };

/** `soldOutType`: what the route puts under a sold-out ticket type (the waitlist's join). */
export function EventsList({ soldOutType = null, ...props }: Props & { soldOutType?: SoldOutTypeSlot | null }) {
  return (
    <EventsMessages>
      <SoldOutTypeContext value={soldOutType}>
        <EventsListContent {...props} />
      </SoldOutTypeContext>
    </EventsMessages>
  );
}

/** The upcoming events (at most `limit`), in the server's order: soonest first. */
export function pickEvents(events: readonly PublicEvent[], limit?: number): PublicEvent[] {
  return events.filter((e) => !e.past).slice(0, limit);
}

/** The past shows, newest first. */
export const pastShows = (events: readonly PublicEvent[]): PublicEvent[] => events.filter((e) => e.past).reverse();

function EventsListContent({ limit, headingLevel = 2, archive = false, cardsWaitForView = true }: Props) {
  const intl = useIntl();
  const query = useQuery(eventsQueryOptions(intl.locale as Locale));
  return (
    <QueryState
      query={query}
      placeholder={<EventsListSkeleton count={Math.max(1, Math.min(limit ?? 3, 3))} />}
      failed={intl.formatMessage(m.loadFailed)}
      retry={intl.formatMessage(m.retry)}
    >
      {(data) => (
        <EventsListBody all={data.events} limit={limit} headingLevel={headingLevel} archive={archive} Pass={cardsWaitForView ? HydrateWhenNear : Suspense} />
      )}
    </QueryState>
  );
}

/**
 * Each card hydrates in a pass and a commit of its own (`Pass`, a Suspense boundary): once it nears
 * the viewport or is used where cards wait (decision 178), so a card below the first screen (its
 * dates, tickets, presale and reminder controls) stays the server's HTML until then.
 */
function EventsListBody({
  all,
  limit,
  headingLevel,
  archive,
  Pass,
}: {
  all: readonly PublicEvent[];
  limit?: number;
  headingLevel: 2 | 3;
  archive: boolean;
  Pass: typeof HydrateWhenNear | typeof Suspense;
}) {
  const intl = useIntl();
  const events = pickEvents(all, limit);
  const past = archive ? pastShows(all) : [];
  const archiveSection = past.length > 0 && (
    <section className="events-past" aria-labelledby="events-past-title">
      <h2 id="events-past-title">{intl.formatMessage(m.pastTitle)}</h2>
      <ul className="events-list">
        {past.map((event) => (
          <li key={event.id}>
            <Pass>
              <EventCard event={event} headingLevel={3} />
            </Pass>
          </li>
        ))}
      </ul>
    </section>
  );
  if (events.length === 0) {
    return (
      <>
        <EmptyState
          icon="calendar"
          title={<FormattedMessage id="home.events.empty" defaultMessage="No events announced yet" />}
          hint={<FormattedMessage id="home.events.emptyHint" defaultMessage="Check back soon, or follow us on social media for the latest news." />}
        />
        {archiveSection}
      </>
    );
  }
  return (
    <>
      <ul className="events-list">
        {events.map((event) => (
          <li key={event.id}>
            <Pass>
              <EventCard event={event} headingLevel={headingLevel} />
            </Pass>
          </li>
        ))}
      </ul>
      {archiveSection}
    </>
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
