// 'View' on a venue: its details, read-only, and how many events were filled from it.
import { useIntl } from "react-intl";
import type { AdminVenue } from "#contracts/admin/venues.ts";
import { DetailsDialog, type DetailRow } from "./DetailsDialog";
import { formatMoment } from "./format";
import { countryDisplayName } from "../../../lib/countries";
import { eventsMessages as m } from "./messages";

export function VenueDetails({ venue, onClose }: { venue: AdminVenue; onClose: () => void }) {
  const intl = useIntl();
  const rows: DetailRow[] = [
    [intl.formatMessage(m.fieldVenueAddress), venue.address],
    [intl.formatMessage(m.fieldVenueCity), venue.city],
    [intl.formatMessage(m.fieldVenueState), venue.state],
    [intl.formatMessage(m.fieldVenueCountry), countryDisplayName(venue.country, intl.locale)],
    [intl.formatMessage(m.fieldVenuePostalCode), venue.postalCode],
    [intl.formatMessage(m.fieldVenueCapacity), venue.capacity === null ? null : intl.formatNumber(venue.capacity)],
    [intl.formatMessage(m.venueDetailsEvents), intl.formatMessage(m.venueEventCount, { count: venue.eventCount })],
    [intl.formatMessage(m.detailsCreated), formatMoment(intl, venue.createdAt)],
  ];
  return <DetailsDialog title={venue.name} rows={rows} onClose={onClose} />;
}
