// One event as a row/card (docs/features.md#events-virtual-meets-and-the-contact-form): title, the sold-out badge of a future event an administrator
// marked so (a past show is just past: decision 031), date and time at the venue (EventWhen), venue with city and state (country outside the US) or
// 'Online', description, capacity ('TBA' when unknown), price range, the ticket link (a dimmed,
// inert control while sold out; none once past) or, for tickets sold on this site, "Get tickets"
// (TicketsBlock), the watch page of a streamed show, and add-to-calendar.
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { useIntl } from "react-intl";
import type { PublicEvent } from "#contracts/events.ts";
import { Icon } from "../../components/Icon";
import { AddToCalendar } from "./AddToCalendar";
import { RemindMe } from "./RemindMe";
import { NotifyMe } from "../../components/notify-me/NotifyMe";
import { PresaleBlock } from "./PresaleBlock";
import { TicketsBlock } from "./TicketsBlock";
import { dateTimeFormat, knownTimeZone } from "../../lib/intlFormat";
import { EventWhen } from "./EventWhen";
import { placeLine, priceLabel, type PriceLabel } from "./format";
import { eventsMessages as m } from "./messages";

/** Only web addresses become links (the ticket and join URLs are typed in by an administrator). */
export function webUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

export function PriceText({ price }: { price: NonNullable<PriceLabel> }) {
  const intl = useIntl();
  if (price.kind === "free") return <>{intl.formatMessage(m.free)}</>;
  if (price.kind === "single") return <>{price.price}</>;
  return <>{intl.formatMessage(m.priceRange, { min: price.min, max: price.max })}</>;
}

/** The calendar-page tile: the month and the day, in the event's zone. Decorative. */
function DateTile({ iso, timeZone }: { iso: string; timeZone: string }) {
  const intl = useIntl();
  const instant = new Date(iso);
  const zone = knownTimeZone(timeZone);
  return (
    <div className="event-tile" aria-hidden="true">
      <span className="event-tile-month">{dateTimeFormat(intl.locale, { month: "short", timeZone: zone }).format(instant).replace(/\.$/, "")}</span>
      <span className="event-tile-day">{dateTimeFormat(intl.locale, { day: "numeric", timeZone: zone }).format(instant)}</span>
    </div>
  );
}

export function EventCard({ event, headingLevel = 2 }: { event: PublicEvent; headingLevel?: 2 | 3 }) {
  const intl = useIntl();
  const id = useId();
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const past = event.past;
  const soldOut = !past && event.availability === "sold_out";
  const price = priceLabel(event, intl.locale);
  const place = placeLine(event, intl.locale);
  // An event selling tickets on this site (decision 055) offers them here, not through a link.
  const ticketUrl = event.tickets ? null : webUrl(event.externalTicketUrl);
  const showCapacity = !event.online || event.venueCapacity !== null;
  // "Notify me when tickets go on sale" only where nothing can be bought yet: not beside a link to
  // the tickets (a sale elsewhere may have opened before this site's date), nor over a sale here.
  const offersNotify = !past && !!event.saleOpensAt && !ticketUrl && event.tickets?.state !== "on_sale";

  return (
    <article id={`event-${event.id}`} className={past ? "event-card card is-past" : "event-card card"} aria-labelledby={`${id}-title`}>
      <DateTile iso={event.eventDate} timeZone={event.timeZone} />
      <div className="event-main">
        <div className="event-head">
          <Heading id={`${id}-title`} className="event-title">
            {event.title}
          </Heading>
          {soldOut && <span className="badge event-badge-soldout">{intl.formatMessage(m.soldOut)}</span>}
        </div>
        <EventWhen iso={event.eventDate} timeZone={event.timeZone} />
        <p className="event-where">
          <Icon name="globe" size={16} />
          {event.online ? (
            <>
              <span className="event-online">{intl.formatMessage(m.online)}</span>
              {/* A streamed show is watched on its own page (the Watch link below), not at a virtual meet. */}
              {!event.watchUrl && (
                <Link to="/virtual-meet" className="event-online-link">
                  {intl.formatMessage(m.onlineDetails)}
                </Link>
              )}
            </>
          ) : (
            <>
              <span className="event-venue">{event.venueName?.trim() || intl.formatMessage(m.venueTba)}</span>
              {place && <span className="event-place">{place}</span>}
            </>
          )}
        </p>
        {event.description?.trim() && <p className="event-desc">{event.description}</p>}
        {(showCapacity || price) && (
          <dl className="event-facts">
            {showCapacity && (
              <div>
                <dt>{intl.formatMessage(m.capacity)}</dt>
                <dd className="event-capacity">{event.venueCapacity === null ? intl.formatMessage(m.tba) : intl.formatNumber(event.venueCapacity)}</dd>
              </div>
            )}
            {price && (
              <div>
                <dt>{intl.formatMessage(m.price)}</dt>
                <dd className="event-price">
                  <PriceText price={price} />
                </dd>
              </div>
            )}
          </dl>
        )}
        {/* A VIP presale ahead or on (decision 029): the server sends no ticket link until the general sale. */}
        {!past && !soldOut && event.presale && !event.tickets && <PresaleBlock event={event} presale={event.presale} />}
        {/* Tickets sold here: the types, the sale window and the buy form (its own VIP presale rules). */}
        {!past && !soldOut && event.tickets && <TicketsBlock event={event} tickets={event.tickets} />}
      </div>
      <div className="event-actions">
        {past || (event.tickets && !soldOut) ? null : soldOut ? (
          // Sold out: the buy control stays in its place, dimmed and inert (not a link any more).
          <button type="button" className="btn btn-sm event-buy" aria-disabled="true" aria-label={intl.formatMessage(m.soldOutLabel, { title: event.title })}>
            <Icon name="ticket" size={16} />
            {intl.formatMessage(m.buy)}
          </button>
        ) : (
          ticketUrl && (
            <a
              className="btn btn-primary btn-sm event-buy"
              href={ticketUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={intl.formatMessage(m.buyLabel, { title: event.title })}
            >
              <Icon name="ticket" size={16} />
              {intl.formatMessage(m.buy)}
            </a>
          )
        )}
        {/* A streamed show (decision 113): its watch page says whether it is ahead, on air or over. */}
        {event.watchUrl && (
          <Link
            to="/live/$eventId"
            params={{ eventId: event.id }}
            className="btn btn-sm event-watch"
            aria-label={intl.formatMessage(past ? m.watchPastLabel : m.watchLabel, { title: event.title })}
          >
            <Icon name="video" size={16} />
            {intl.formatMessage(past ? m.watchPast : m.watch)}
          </Link>
        )}
        {!past && <AddToCalendar event={event} />}
        <RemindMe event={event} />
        {offersNotify && <NotifyMe item={{ kind: "event", id: event.id, title: event.title }} />}
      </div>
    </article>
  );
}
