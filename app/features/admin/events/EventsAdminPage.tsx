// /admin/events: search and filters, the events table (or its loading, failed and empty states),
// and Create Event, which shows the form in place of the list (as Edit does). View opens a
// read-only detail; Delete asks first.
import { useEffect, useRef, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { AdminEvent } from "../../../../worker/contracts/admin-events";
import { ConfirmDelete } from "./ConfirmDelete";
import { EventDetails } from "./EventDetails";
import { EventFilters } from "./EventFilters";
import { EventFormPanel } from "./EventFormPanel";
import { EventTable } from "./EventTable";
import { ListEmpty, ListFailed, ListLoading } from "./ListState";
import { eventsMessages as m } from "./messages";
import { adminEventsQueryOptions, eventsApi, NO_FILTERS, type EventFilters as Filters } from "./queries";
import { useDebounced } from "./useDebounced";
import "./events-admin.css";

type Mode = { kind: "list" } | { kind: "form"; event: AdminEvent | null };
type Dialog = { kind: "view" | "delete"; event: AdminEvent } | null;

export function EventsAdminPage() {
  const intl = useIntl();
  const [mode, setMode] = useState<Mode>({ kind: "list" });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState("");
  const createRef = useRef<HTMLButtonElement>(null);
  const backFromForm = useRef(false);

  // Back from the form, focus returns to where the list starts.
  useEffect(() => {
    if (mode.kind !== "list" || !backFromForm.current) return;
    backFromForm.current = false;
    createRef.current?.focus();
  }, [mode]);

  const openForm = (event: AdminEvent | null) => {
    setDone("");
    setMode({ kind: "form", event });
  };
  const closeForm = (message = "") => {
    backFromForm.current = true;
    setDone(message);
    setMode({ kind: "list" });
  };

  if (mode.kind === "form") {
    return (
      <div className="admin-events">
        <EventFormPanel event={mode.event} onCancel={() => closeForm()} onSaved={(created) => closeForm(intl.formatMessage(created ? m.created : m.saved))} />
      </div>
    );
  }

  return (
    <div className="admin-events">
      <div className="admin-events-toolbar">
        <EventFilters filters={filters} onChange={setFilters} />
        <button ref={createRef} type="button" className="btn btn-primary" onClick={() => openForm(null)}>
          {intl.formatMessage(m.create)}
        </button>
      </div>
      <p className={done ? "success-banner" : "sr-only"} role="status">
        {done}
      </p>
      <EventList filters={filters} onView={(event) => setDialog({ kind: "view", event })} onEdit={openForm} onDelete={(event) => setDialog({ kind: "delete", event })} />
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
            setDone(intl.formatMessage(m.deleted));
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

type EventListProps = { filters: Filters; onView: (event: AdminEvent) => void; onEdit: (event: AdminEvent) => void; onDelete: (event: AdminEvent) => void };

function EventList({ filters, onView, onEdit, onDelete }: EventListProps) {
  const search = useDebounced(filters.search);
  // The previous answer stays on screen while the next search or filter loads.
  const query = useQuery({ ...adminEventsQueryOptions({ ...filters, search }), placeholderData: keepPreviousData });
  if (query.isPending) return <ListLoading label={m.loading} />;
  if (query.isError) return <ListFailed label={m.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data.events.length === 0) return <ListEmpty title={m.empty} hint={m.emptyHint} />;
  return <EventTable events={query.data.events} busy={query.isPlaceholderData} onView={onView} onEdit={onEdit} onDelete={onDelete} />;
}
