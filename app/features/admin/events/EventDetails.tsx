// 'View': every field of an event, read-only, whatever its status; a published one links the
// public events page.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { Modal } from "../../../components/Modal";
import { VENUE_COUNTRIES, type AdminEvent, type VenueCountry } from "../../../../worker/contracts/admin-events";
import { eventWhen, formatMoment, priceRange } from "./format";
import { countryMessages, eventsMessages as m, sourceMessages, statusMessages } from "./messages";

export function EventDetails({ event, onClose }: { event: AdminEvent; onClose: () => void }) {
  const intl = useIntl();
  const notSet = <span className="muted">{intl.formatMessage(m.notSet)}</span>;
  const show = (value: ReactNode) => (value === null || value === "" ? notSet : value);
  const when = (iso: string | null) => (iso ? eventWhen(intl, iso, event.timeZone) : null);
  const country = event.venueCountry && (VENUE_COUNTRIES as readonly string[]).includes(event.venueCountry) ? intl.formatMessage(countryMessages[event.venueCountry as VenueCountry]) : event.venueCountry;
  const rows: [string, ReactNode][] = [
    [intl.formatMessage(m.fieldStatus), intl.formatMessage(statusMessages[event.status])],
    [intl.formatMessage(m.fieldEventDate), when(event.eventDate)],
    [intl.formatMessage(m.fieldTimeZone), event.timeZone],
    [intl.formatMessage(m.fieldSource), intl.formatMessage(sourceMessages[event.source])],
    [intl.formatMessage(m.fieldEventbriteId), event.eventbriteId],
    [intl.formatMessage(m.fieldTicketUrl), event.externalTicketUrl],
    [intl.formatMessage(m.fieldDescription), event.description],
    ...(event.online ? ([[intl.formatMessage(m.fieldJoinUrl), event.joinUrl]] as [string, ReactNode][]) : []),
    [intl.formatMessage(m.fieldVenueName), event.online ? intl.formatMessage(m.online) : event.venueName],
    [intl.formatMessage(m.fieldVenueAddress), event.venueAddress],
    [intl.formatMessage(m.fieldVenueCity), event.venueCity],
    [intl.formatMessage(m.fieldVenueState), event.venueState],
    [intl.formatMessage(m.fieldVenueCountry), country],
    [intl.formatMessage(m.fieldVenuePostalCode), event.venuePostalCode],
    [intl.formatMessage(m.fieldVenueCapacity), event.venueCapacity === null ? null : intl.formatNumber(event.venueCapacity)],
    [intl.formatMessage(m.colPrice), priceRange(intl, event)],
    [intl.formatMessage(m.fieldSaleStart), when(event.ticketSaleStart)],
    [intl.formatMessage(m.fieldSaleEnd), when(event.ticketSaleEnd)],
    [intl.formatMessage(m.detailsCreated), formatMoment(intl, event.createdAt)],
    [intl.formatMessage(m.detailsUpdated), formatMoment(intl, event.updatedAt)],
  ];
  const footer = (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        {intl.formatMessage(m.close)}
      </button>
    </div>
  );
  return (
    <Modal title={event.title} onClose={onClose} footer={footer} className="admin-events-dialog">
      <dl className="admin-events-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{show(value)}</dd>
          </div>
        ))}
      </dl>
      {event.status === "published" ? (
        <p>
          <Link to="/events">{intl.formatMessage(m.detailsPublicLink)}</Link>
        </p>
      ) : (
        <p className="muted">{intl.formatMessage(m.detailsNotPublic)}</p>
      )}
    </Modal>
  );
}
