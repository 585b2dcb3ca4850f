// 'View': every field of an event, read-only, whatever its status; a published one links the
// public events page.
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import type { AdminEvent } from "#contracts/admin/events.ts";
import { countryDisplayName } from "../../../lib/countries";
import { DetailsDialog, type DetailRow } from "./DetailsDialog";
import { eventWhen, formatMoment, priceRange } from "./format";
import { eventsMessages as m, reminderOffsetMessages, sourceMessages, statusMessages } from "./messages";
import type { ReminderOffset } from "#contracts/reminders.ts";

export function EventDetails({ event, onClose }: { event: AdminEvent; onClose: () => void }) {
  const intl = useIntl();
  const when = (iso: string | null) => (iso ? eventWhen(intl, iso, event.timeZone) : null);
  const country = event.venueCountry && countryDisplayName(event.venueCountry, intl.locale);
  const rows: DetailRow[] = [
    [intl.formatMessage(m.fieldStatus), intl.formatMessage(statusMessages[event.status])],
    [intl.formatMessage(m.fieldEventDate), when(event.eventDate)],
    [intl.formatMessage(m.fieldTimeZone), event.timeZone],
    [intl.formatMessage(m.fieldSource), intl.formatMessage(sourceMessages[event.source])],
    [intl.formatMessage(m.fieldEventbriteId), event.eventbriteId],
    [intl.formatMessage(m.fieldTicketUrl), event.externalTicketUrl],
    [intl.formatMessage(m.fieldDescription), event.description],
    ...(event.online ? ([[intl.formatMessage(m.fieldJoinUrl), event.joinUrl]] as DetailRow[]) : []),
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
    [
      intl.formatMessage(m.formReminders),
      event.reminderOffsets
        .map((offset) => (offset in reminderOffsetMessages ? intl.formatMessage(reminderOffsetMessages[offset as ReminderOffset]) : null))
        .filter(Boolean)
        .join(", "),
    ],
    [intl.formatMessage(m.reminderCountsLabel), intl.formatMessage(m.reminderCounts, event.reminders)],
    [intl.formatMessage(m.notifyWaitingLabel), intl.formatMessage(m.notifyWaiting, { count: event.notifyWaiting })],
    [intl.formatMessage(m.detailsCreated), formatMoment(intl, event.createdAt)],
    [intl.formatMessage(m.detailsUpdated), formatMoment(intl, event.updatedAt)],
  ];
  return (
    <DetailsDialog title={event.title} rows={rows} onClose={onClose}>
      {event.status === "published" ? (
        <p>
          <Link to="/events">{intl.formatMessage(m.detailsPublicLink)}</Link>
        </p>
      ) : (
        <p className="muted">{intl.formatMessage(m.detailsNotPublic)}</p>
      )}
    </DetailsDialog>
  );
}
