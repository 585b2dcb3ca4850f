// 'View' on a venue: its details, read-only, and how many events were filled from it.
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { Modal } from "../../../components/Modal";
import type { AdminVenue } from "../../../../worker/contracts/admin-venues";
import { formatMoment } from "./format";
import { countryMessages, eventsMessages as m } from "./messages";

export function VenueDetails({ venue, onClose }: { venue: AdminVenue; onClose: () => void }) {
  const intl = useIntl();
  const rows: [string, ReactNode][] = [
    [intl.formatMessage(m.fieldVenueAddress), venue.address],
    [intl.formatMessage(m.fieldVenueCity), venue.city],
    [intl.formatMessage(m.fieldVenueState), venue.state],
    [intl.formatMessage(m.fieldVenueCountry), intl.formatMessage(countryMessages[venue.country])],
    [intl.formatMessage(m.fieldVenuePostalCode), venue.postalCode],
    [intl.formatMessage(m.fieldVenueCapacity), venue.capacity === null ? null : intl.formatNumber(venue.capacity)],
    [intl.formatMessage(m.venueDetailsEvents), intl.formatMessage(m.venueEventCount, { count: venue.eventCount })],
    [intl.formatMessage(m.detailsCreated), formatMoment(intl, venue.createdAt)],
  ];
  const footer = (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onClose}>
        {intl.formatMessage(m.close)}
      </button>
    </div>
  );
  return (
    <Modal title={venue.name} onClose={onClose} footer={footer} className="admin-events-dialog">
      <dl className="admin-events-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === null ? <span className="muted">{intl.formatMessage(m.notSet)}</span> : value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
