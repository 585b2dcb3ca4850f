// /admin/events: search and filters, the events table (or its loading, failed and empty states),
// and Create Event, which shows the form in place of the list (as Edit does). View opens a
// read-only detail; Delete asks first.
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { useDebounced } from "../../../lib/useDebounced";
import type { AdminEvent } from "#contracts/admin/events.ts";
import { ConfirmDelete } from "./ConfirmDelete";
import { EventDetails } from "./EventDetails";
import { EventFilters } from "./EventFilters";
import { EventFormPanel } from "./EventFormPanel";
import { EventTable } from "./EventTable";
import { ListOrFormPage } from "./ListOrFormPage";
import { ListEmpty } from "./ListEmpty";
import { eventsMessages as m } from "./messages";
import { adminEventsQueryOptions, eventsApi, NO_FILTERS, useEventsRefresh, type EventFilters as Filters } from "./queries";
import { CancelEventDialog } from "./cancel/CancelEventDialog";
import "./events-admin.css";

type Dialog = { kind: "view" | "delete" | "cancel"; event: AdminEvent } | null;

export function EventsAdminPage() {
  const intl = useIntl();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = useEventsRefresh();

  return (
    <ListOrFormPage<AdminEvent>
      filters={<EventFilters filters={filters} onChange={setFilters} />}
      createLabel={intl.formatMessage(m.create)}
      form={(event, close) => (
        <EventFormPanel event={event} onCancel={() => close()} onSaved={(created) => close(intl.formatMessage(created ? m.created : m.saved))} />
      )}
    >
      {({ edit, announce }) => (
        <>
          <EventList
            filters={filters}
            onView={(event) => setDialog({ kind: "view", event })}
            onEdit={edit}
            onDelete={(event) => setDialog({ kind: "delete", event })}
            onCancel={(event) => setDialog({ kind: "cancel", event })}
          />
          {dialog?.kind === "cancel" && (
            <CancelEventDialog eventId={dialog.event.id} title={dialog.event.title} onClose={() => setDialog(null)} onCancelled={refresh} />
          )}
          {dialog?.kind === "view" && <EventDetails event={dialog.event} onClose={() => setDialog(null)} />}
          {dialog?.kind === "delete" && (
            <ConfirmDelete
              title={intl.formatMessage(m.deleteTitle)}
              question={intl.formatMessage(m.deleteConfirm)}
              name={dialog.event.title}
              remove={() => eventsApi.remove(dialog.event.id)}
              errorOf={() => ({ message: m.deleteFailed })}
              onDeleted={() => {
                setDialog(null);
                announce(intl.formatMessage(m.deleted));
              }}
              onClose={() => setDialog(null)}
            />
          )}
        </>
      )}
    </ListOrFormPage>
  );
}

type EventListProps = {
  filters: Filters;
  onView: (event: AdminEvent) => void;
  onEdit: (event: AdminEvent) => void;
  onDelete: (event: AdminEvent) => void;
  onCancel: (event: AdminEvent) => void;
};

function EventList({ filters, onView, onEdit, onDelete, onCancel }: EventListProps) {
  const intl = useIntl();
  const search = useDebounced(filters.search);
  // The previous answer stays on screen while the next search or filter loads.
  const query = useQuery({ ...adminEventsQueryOptions({ ...filters, search }), placeholderData: keepPreviousData });
  return (
    <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retry)}>
      {({ events }) =>
        events.length === 0 ? (
          <ListEmpty title={m.empty} hint={m.emptyHint} />
        ) : (
          <EventTable events={events} busy={query.isPlaceholderData} onView={onView} onEdit={onEdit} onDelete={onDelete} onCancel={onCancel} />
        )
      }
    </QueryState>
  );
}
