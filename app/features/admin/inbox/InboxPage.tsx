// /admin/messages: the contact-form inbox, newest first, searched (name, e-mail, subject, body)
// and filtered by status and priority, a page of cards at a time.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import { commonMessages } from "../messages";
import { InboxFilters } from "./InboxFilters";
import { MessageCard } from "./MessageCard";
import { inboxMessages as m } from "./messages";
import { messagesQueryOptions, type InboxFilters as Filters } from "./queries";
import "../admin.css";
import "./inbox.css";

/** Typing pauses this long before the search is sent. */
export const SEARCH_DELAY_MS = 300;

export function InboxPage() {
  const intl = useIntl();
  const [filters, setFilters] = useState<Filters>({ search: "", status: "all", priority: "all", page: 1 });
  const [searchText, setSearchText] = useState("");
  const [updateFailed, setUpdateFailed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.search === searchText.trim() ? f : { ...f, search: searchText.trim(), page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  const list = useQuery(messagesQueryOptions(filters));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <div className="admin-page" aria-busy={list.isFetching}>
      <InboxFilters
        search={searchText}
        status={filters.status}
        priority={filters.priority}
        onSearch={setSearchText}
        onStatus={(status) => setFilters({ ...filters, status, page: 1 })}
        onPriority={(priority) => setFilters({ ...filters, priority, page: 1 })}
      />
      {updateFailed && (
        <div className="error-banner admin-error" role="alert">
          <span>{intl.formatMessage(m.updateFailed)}</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setUpdateFailed(false)}>
            {intl.formatMessage(m.cancel)}
          </button>
        </div>
      )}
      <QueryState
        query={list}
        loading={intl.formatMessage(m.loading)}
        failed={intl.formatMessage(m.loadFailed)}
        retry={intl.formatMessage(commonMessages.retry)}
      >
        {(data) =>
          data.messages.length === 0 ? (
            <EmptyState icon="mail" title={intl.formatMessage(m.empty)} hint={intl.formatMessage(m.emptyHint)} />
          ) : (
            <>
              <div className="inbox-list">
                {data.messages.map((message) => (
                  <MessageCard key={message.id} message={message} onUpdateFailed={() => setUpdateFailed(true)} />
                ))}
              </div>
              {pages > 1 && (
                <nav className="inbox-pager" aria-label={intl.formatMessage(m.pageOf, { page: filters.page, pages, total: data.total })}>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={filters.page <= 1}
                    onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
                  >
                    {intl.formatMessage(m.previous)}
                  </button>
                  <span className="muted">{intl.formatMessage(m.pageOf, { page: filters.page, pages, total: data.total })}</span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={filters.page >= pages}
                    onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
                  >
                    {intl.formatMessage(m.next)}
                  </button>
                </nav>
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}
