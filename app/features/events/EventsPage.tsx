// The body of /events: the calendar subscription (the feed of every published event, as a link and
// as a webcal:// link calendar apps subscribe to) and the full events list.
import { useIntl } from "react-intl";
import { useOrigin } from "../../lib/origin";
import { Icon } from "../../components/Icon";
import { EventsList } from "./EventsList";
import EventsMessages from "./messages?feature";
import { FEED_PATH } from "./format";
import { eventsMessages as m } from "./messages";
import type { SoldOutTypeSlot } from "./ticket-slots";
import "./events.css";

/** `soldOutType`: what the route puts under a sold-out ticket type (the waitlist's join). */
export function EventsPage({ soldOutType }: { soldOutType?: SoldOutTypeSlot }) {
  return (
    <div className="events-page">
      <EventsMessages>
        <CalendarSubscribe />
      </EventsMessages>
      <EventsList headingLevel={2} archive soldOutType={soldOutType} />
    </div>
  );
}

function CalendarSubscribe() {
  const intl = useIntl();
  const origin = useOrigin();
  const host = new URL(origin).host;
  return (
    <div className="events-subscribe">
      <div className="events-subscribe-links">
        <a className="btn btn-ghost btn-sm" href={FEED_PATH}>
          <Icon name="calendar" size={16} />
          {intl.formatMessage(m.subscribe)}
        </a>
        {host && (
          <a className="events-subscribe-app" href={`webcal://${host}${FEED_PATH}`}>
            {intl.formatMessage(m.subscribeApp)}
          </a>
        )}
      </div>
      <p className="muted events-subscribe-hint">{intl.formatMessage(m.subscribeHint, { url: `${origin}${FEED_PATH}` })}</p>
    </div>
  );
}
