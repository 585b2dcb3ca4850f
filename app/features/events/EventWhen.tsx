// When an event is, the same way on every page (decision 031): the date and time at the venue, in
// its zone (named), and, where the viewer's own zone reads differently, their time too. The viewer's
// zone is only known in the browser: it is added after hydration, so the server's HTML (rendered in
// no one's zone) and the first browser render agree.
import { useIntl } from "react-intl";
import { Icon } from "../../components/Icon";
import { formatWhen, knownTimeZone } from "../../lib/intlFormat";
import { useViewerZone } from "../../lib/useViewerZone";
import { utcOffsetMinutes } from "#contracts/time-zones.ts";
import { eventsMessages as m } from "./messages";

/** True when the two zones show a different clock time at that instant. */
export function zonesDiffer(iso: string, venueZone: string | undefined, viewerZone: string | undefined): boolean {
  if (!viewerZone) return false;
  const at = Date.parse(iso);
  return utcOffsetMinutes(at, venueZone ?? "UTC") !== utcOffsetMinutes(at, viewerZone);
}

export function EventWhen({ iso, timeZone }: { iso: string; timeZone: string }) {
  const intl = useIntl();
  const venueZone = knownTimeZone(timeZone);
  const viewerZone = useViewerZone(undefined);
  const when = formatWhen(iso, intl.locale, venueZone);
  const differs = zonesDiffer(iso, venueZone, viewerZone);
  const yours = differs ? formatWhen(iso, intl.locale, viewerZone) : null;
  // The viewer's date only when it is another day than the venue's.
  const yoursText = yours ? (yours.date === when.date ? yours.time : `${yours.date} · ${yours.time}`) : "";
  return (
    <p className="event-when">
      <Icon name="calendar" size={16} />
      <time dateTime={iso}>
        <span className="event-date">{when.date}</span>
        <span aria-hidden="true"> · </span>
        <span className="event-time">{when.time}</span>
      </time>
      {yours && <span className="event-time-viewer muted"> ({intl.formatMessage(m.yourTime, { time: yoursText })})</span>}
    </p>
  );
}
