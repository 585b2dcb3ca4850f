// /admin/audit: every admin write, newest first, 50 at a time ('Load more' follows the cursor),
// filtered by action and by admin.
import { useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { QueryFailed, QueryState } from "../../../components/QueryState";
import type { AuditListResponse } from "#contracts/admin/admin.ts";
import { commonMessages } from "../messages";
import { adminKeys, auditQueryOptions, type AuditFilters as Filters } from "../queries";
import { AuditFilters, type AdminOption } from "./AuditFilters";
import { AuditTable } from "./AuditTable";
import { auditMessages as m } from "./messages";
import "../admin.css";

export function AuditPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const audit = useInfiniteQuery(auditQueryOptions(filters));
  const entries = useMemo(() => audit.data?.pages.flatMap((page) => page.entries) ?? [], [audit.data]);
  const filtered = Boolean(filters.action || filters.actorId);

  const { actions, admins } = seenInAuditQueries(queryClient.getQueriesData<InfiniteData<AuditListResponse>>({ queryKey: adminKeys.auditAll }));

  return (
    <div className="admin-page">
      <AuditFilters filters={filters} actions={actions} admins={admins} onChange={setFilters} />
      <QueryState query={audit} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.failed)} retry={intl.formatMessage(commonMessages.retry)}>
        {() =>
          entries.length === 0 ? (
            filtered ? (
              <EmptyState icon="shield" title={intl.formatMessage(m.noMatchTitle)} hint={intl.formatMessage(m.noMatchHint)} />
            ) : (
              <EmptyState icon="shield" title={intl.formatMessage(m.emptyTitle)} hint={intl.formatMessage(m.emptyHint)} />
            )
          ) : (
            <>
              <AuditTable entries={entries} />
              <p className="muted admin-note" role="status">
                {intl.formatMessage(m.shown, { count: entries.length })}
              </p>
              {audit.isFetchNextPageError && (
                <QueryFailed
                  message={intl.formatMessage(m.failedMore)}
                  retryLabel={intl.formatMessage(commonMessages.retry)}
                  onRetry={() => void audit.fetchNextPage()}
                  retrying={audit.isFetchingNextPage}
                />
              )}
              {audit.hasNextPage && !audit.isFetchNextPageError && (
                <button type="button" className="btn btn-ghost" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
                  {intl.formatMessage(audit.isFetchingNextPage ? m.loadingMore : m.loadMore)}
                </button>
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

/**
 * The filters' choices: the actions the server listed and the admins seen in any page loaded so
 * far, under any filter, so that narrowing to one admin or action keeps the others choosable (and
 * the lists do not empty while a new filter loads). Read on each render: this page re-renders
 * whenever one of its queries gets data.
 */
function seenInAuditQueries(cached: [unknown, InfiniteData<AuditListResponse> | undefined][]) {
  const actions = new Set<string>();
  const admins = new Map<string, string>();
  for (const [, data] of cached) {
    for (const page of data?.pages ?? []) {
      for (const action of page.actions) actions.add(action);
      for (const entry of page.entries) if (entry.actorId) admins.set(entry.actorId, entry.actorEmail);
    }
  }
  return {
    actions: [...actions].sort(),
    admins: [...admins].map(([id, email]): AdminOption => ({ id, email })).sort((a, b) => a.email.localeCompare(b.email)),
  };
}
