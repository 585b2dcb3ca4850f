// The venues table (spec: Venue Name, Address, Capacity, Actions view / edit / delete).
import { useIntl } from "react-intl";
import type { AdminVenue } from "#contracts/admin/venues.ts";
import { eventsMessages as m } from "./messages";

type VenueTableProps = {
  venues: AdminVenue[];
  busy: boolean;
  onView: (venue: AdminVenue) => void;
  onEdit: (venue: AdminVenue) => void;
  onDelete: (venue: AdminVenue) => void;
};

export function VenueTable({ venues, busy, onView, onEdit, onDelete }: VenueTableProps) {
  const intl = useIntl();
  return (
    <div className="table-wrap" aria-busy={busy || undefined}>
      <table className="table admin-events-table">
        <caption className="sr-only">{intl.formatMessage(m.venuesCaption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.venuesColName)}</th>
            <th scope="col">{intl.formatMessage(m.venuesColAddress)}</th>
            <th scope="col" className="admin-num">
              {intl.formatMessage(m.venuesColCapacity)}
            </th>
            <th scope="col">{intl.formatMessage(m.venuesColActions)}</th>
          </tr>
        </thead>
        <tbody>
          {venues.map((venue) => (
            <tr key={venue.id}>
              <th scope="row">{venue.name}</th>
              <td>{[venue.address, venue.city, venue.state].filter(Boolean).join(", ")}</td>
              <td className="admin-num">
                {venue.capacity === null ? <span className="muted">{intl.formatMessage(m.notSet)}</span> : intl.formatNumber(venue.capacity)}
              </td>
              <td>
                <div className="admin-events-actions">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={intl.formatMessage(m.venueViewNamed, { name: venue.name })}
                    onClick={() => onView(venue)}
                  >
                    {intl.formatMessage(m.view)}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={intl.formatMessage(m.venueEditNamed, { name: venue.name })}
                    onClick={() => onEdit(venue)}
                  >
                    {intl.formatMessage(m.edit)}
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger btn-sm"
                    aria-label={intl.formatMessage(m.venueDeleteNamed, { name: venue.name })}
                    onClick={() => onDelete(venue)}
                  >
                    {intl.formatMessage(m.delete)}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
