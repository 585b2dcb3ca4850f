// /admin/venues: a search (name, address), the venues table (or its loading, failed and empty
// states), and Create Venue, which shows the form in place of the list (as Edit does). View opens
// a read-only detail; Delete asks first, and says so when events still use the venue.
import { useId, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import { ApiRequestError } from "../../../lib/api";
import { useDebounced } from "../../../lib/useDebounced";
import { ADMIN_VENUE_CODES, type AdminVenue } from "#contracts/admin/venues.ts";
import { ConfirmDelete } from "./ConfirmDelete";
import type { ErrorText } from "./errors";
import { ListOrFormPage } from "./ListOrFormPage";
import { ListEmpty } from "./ListEmpty";
import { eventsMessages as m } from "./messages";
import { adminVenuesQueryOptions, venuesApi } from "./queries";
import { VenueDetails } from "./VenueDetails";
import { VenueFormPanel } from "./VenueFormPanel";
import { VenueTable } from "./VenueTable";
import "./events-admin.css";

type Dialog = { kind: "view" | "delete"; venue: AdminVenue } | null;

/**
 * Why a delete failed: still used by events, said in the page's language with the count the 409
 * names (the list's own count may be older), else the generic text.
 */
function deleteErrorOf(venue: AdminVenue) {
  return (err: unknown): ErrorText => {
    if (err instanceof ApiRequestError && err.code === ADMIN_VENUE_CODES.inUse) {
      const count = Number(err.params?.count ?? venue.eventCount);
      return { message: m.venueInUse, values: { count } };
    }
    return { message: m.venueDeleteFailed };
  };
}

export function VenuesAdminPage() {
  const intl = useIntl();
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [dialog, setDialog] = useState<Dialog>(null);

  const searchForm = (
    <form
      className="admin-filters admin-events-filters"
      role="search"
      aria-label={intl.formatMessage(m.venuesSearchLabel)}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="field admin-events-search">
        <label htmlFor={searchId} className="sr-only">
          {intl.formatMessage(m.venuesSearchLabel)}
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          maxLength={200}
          autoComplete="off"
          placeholder={intl.formatMessage(m.venuesSearchPlaceholder)}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
    </form>
  );

  return (
    <ListOrFormPage<AdminVenue>
      filters={searchForm}
      createLabel={intl.formatMessage(m.venuesCreate)}
      form={(venue, close) => (
        <VenueFormPanel venue={venue} onCancel={() => close()} onSaved={(created) => close(intl.formatMessage(created ? m.venueCreated : m.venueSaved))} />
      )}
    >
      {({ edit, announce }) => (
        <>
          <VenueList
            search={search}
            onView={(venue) => setDialog({ kind: "view", venue })}
            onEdit={edit}
            onDelete={(venue) => setDialog({ kind: "delete", venue })}
          />
          {dialog?.kind === "view" && <VenueDetails venue={dialog.venue} onClose={() => setDialog(null)} />}
          {dialog?.kind === "delete" && (
            <ConfirmDelete
              title={intl.formatMessage(m.venueDeleteTitle)}
              question={intl.formatMessage(m.venueDeleteConfirm)}
              name={dialog.venue.name}
              remove={() => venuesApi.remove(dialog.venue.id)}
              errorOf={deleteErrorOf(dialog.venue)}
              onDeleted={() => {
                setDialog(null);
                announce(intl.formatMessage(m.venueDeleted));
              }}
              onClose={() => setDialog(null)}
            />
          )}
        </>
      )}
    </ListOrFormPage>
  );
}

type VenueListProps = { search: string; onView: (venue: AdminVenue) => void; onEdit: (venue: AdminVenue) => void; onDelete: (venue: AdminVenue) => void };

function VenueList({ search, onView, onEdit, onDelete }: VenueListProps) {
  const intl = useIntl();
  const settled = useDebounced(search);
  const query = useQuery({ ...adminVenuesQueryOptions(settled), placeholderData: keepPreviousData });
  return (
    <QueryState query={query} loading={intl.formatMessage(m.venuesLoading)} failed={intl.formatMessage(m.venuesLoadFailed)} retry={intl.formatMessage(m.retry)}>
      {({ venues }) =>
        venues.length === 0 ? (
          <ListEmpty title={m.venuesEmpty} />
        ) : (
          <VenueTable venues={venues} busy={query.isPlaceholderData} onView={onView} onEdit={onEdit} onDelete={onDelete} />
        )
      }
    </QueryState>
  );
}
