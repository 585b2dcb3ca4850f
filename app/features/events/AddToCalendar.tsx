// Add one event to a calendar: the server's .ics file (any calendar app) or Google Calendar's
// "add event" page, built from the event itself.
import { useIntl } from "react-intl";
import { useOrigin } from "../../lib/origin";
import type { PublicEvent } from "#contracts/events.ts";
import { Icon } from "../../components/Icon";
import { googleCalendarHref, icsHref } from "./format";
import { eventsMessages as m } from "./messages";

export function AddToCalendar({ event }: { event: PublicEvent }) {
  const intl = useIntl();
  const origin = useOrigin();
  return (
    <div className="event-calendar" role="group" aria-label={intl.formatMessage(m.calendarGroup, { title: event.title })}>
      <span className="event-calendar-label" aria-hidden="true">
        <Icon name="calendar" size={16} />
        {intl.formatMessage(m.addToCalendar)}
      </span>
      <a className="btn btn-ghost btn-sm" href={icsHref(event.id)} download>
        {intl.formatMessage(m.ics)}
      </a>
      <a className="btn btn-ghost btn-sm" href={googleCalendarHref(event, { origin, locale: intl.locale })} target="_blank" rel="noopener noreferrer">
        {intl.formatMessage(m.google)}
        <span className="sr-only"> {intl.formatMessage(m.newTab)}</span>
      </a>
    </div>
  );
}
