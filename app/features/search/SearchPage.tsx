// The full results page, /search?q= (server-rendered for visitors): a field that works without
// scripts (a GET form), then every kind's best matches with their pictures and links; a kind with
// more has "Show more", which lists it a page at a time. Loading, failure and nothing found are
// said in the page's language.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { QueryFailed } from "../../components/QueryState";
import { Loading } from "../../components/Loading";
import { ResultLink } from "../../components/search/ResultLink";
import { SearchResultRow } from "../../components/search/SearchResultRow";
import { kindMessages, noResultsMessage, searchMessages } from "../../components/search/messages";
import { useLocale } from "../../i18n/I18nProvider";
import { searchKindQueryOptions, searchQueryOptions } from "../../lib/search/queries";
import { SEARCH_QUERY_MAX } from "#contracts/search-limits.ts";
import type { SearchGroup, SearchItem } from "#contracts/search.ts";
import "../../components/search/search.css";

function ResultList({ items }: { items: readonly SearchItem[] }) {
  return (
    <ul className="search-page-list">
      {items.map((item) => (
        <li key={`${item.kind}-${item.id}`}>
          <ResultLink href={item.href}>
            <SearchResultRow item={item} />
          </ResultLink>
        </li>
      ))}
    </ul>
  );
}

/** One kind's whole list, a page at a time, once its "Show more" was pressed. */
function KindPages({ q, group }: { q: string; group: SearchGroup }) {
  const { locale } = useLocale();
  const pages = useInfiniteQuery(searchKindQueryOptions(q, group.kind, locale));
  const items = pages.data?.pages.flatMap((page) => page.groups[0]?.items ?? []) ?? group.items;
  return (
    <>
      <ResultList items={items} />
      {pages.isError && <QueryFailed message={<FormattedMessage {...searchMessages.failed} />} />}
      {(pages.hasNextPage || pages.isFetching) && (
        <button type="button" className="btn btn-ghost btn-sm" disabled={pages.isFetching} onClick={() => void pages.fetchNextPage()}>
          <FormattedMessage {...searchMessages.showMore} />
        </button>
      )}
    </>
  );
}

function Group({ q, group }: { q: string; group: SearchGroup }) {
  const intl = useIntl();
  const [all, setAll] = useState(false);
  const headingId = `search-group-${group.kind}`;
  return (
    <section className="search-page-group" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage {...kindMessages[group.kind]} />
        {group.relaxed && <span className="muted"> · {intl.formatMessage(searchMessages.closeMatches)}</span>}
      </h2>
      {all ? (
        <KindPages q={q} group={group} />
      ) : (
        <>
          <ResultList items={group.items} />
          {group.nextOffset !== null && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAll(true)}>
              <FormattedMessage {...searchMessages.showMore} />
            </button>
          )}
        </>
      )}
    </section>
  );
}

export function SearchPage({ q }: { q: string }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const results = useQuery(searchQueryOptions(q, locale));
  return (
    <>
      <form role="search" aria-label={intl.formatMessage(searchMessages.pageForm)} className="search-page-form" action="/search" method="get">
        <label className="sr-only" htmlFor="search-page-q">
          {intl.formatMessage(searchMessages.label)}
        </label>
        <input
          id="search-page-q"
          className="site-search-input"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={intl.formatMessage(searchMessages.placeholder)}
        />
        <button type="submit" className="btn btn-primary">
          <FormattedMessage {...searchMessages.submit} />
        </button>
      </form>
      {q === "" ? (
        <p className="muted">
          <FormattedMessage {...searchMessages.typeToSearch} />
        </p>
      ) : results.isPending ? (
        <Loading label={<FormattedMessage {...searchMessages.searching} />} />
      ) : results.isError ? (
        <QueryFailed
          message={<FormattedMessage {...searchMessages.failed} />}
          error={results.error}
          retryLabel={<FormattedMessage {...searchMessages.retry} />}
          onRetry={() => void results.refetch()}
        />
      ) : results.data.groups.length === 0 ? (
        <EmptyState title={intl.formatMessage(noResultsMessage, { query: q })} hint={<FormattedMessage {...searchMessages.typeToSearch} />} />
      ) : (
        results.data.groups.map((group) => <Group key={group.kind} q={q} group={group} />)
      )}
    </>
  );
}
