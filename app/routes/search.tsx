import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { PageFrame } from "../components/PageFrame";
import { searchMessages } from "../components/search/messages";
import { SearchPage } from "../features/search/SearchPage";
import { searchableText, searchQueryOptions } from "../lib/search/queries";
import { usePageMeta } from "../lib/usePageMeta";

type SearchParams = { q: string };

/**
 * ?q= is the query as typed (trimmed and cut to the Worker's limit); anything else is no query. The
 * router reads `?q=2026` (the page's own form without script, a shared link) as a number: it is the
 * text the visitor typed all the same.
 */
const parseSearch = (search: Record<string, unknown>): SearchParams => ({
  q: typeof search.q === "string" ? searchableText(search.q) : typeof search.q === "number" ? searchableText(String(search.q)) : "",
});

// Open to everyone and rendered by the Worker for visitors; a member's results come with their session.
export const Route = createFileRoute("/search")({
  validateSearch: parseSearch,
  loaderDeps: ({ search }) => ({ q: search.q }),
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context, deps }) => {
    if (deps.q !== "") void context.queryClient.prefetchQuery(searchQueryOptions(deps.q, context.locale?.() ?? "en"));
  },
  component: Search,
});

function Search() {
  usePageMeta({ title: searchMessages.pageTitle, description: searchMessages.pageDescription });
  const { q } = Route.useSearch();
  return (
    <PageFrame title={<FormattedMessage {...searchMessages.pageTitle} />} intro={<FormattedMessage {...searchMessages.pageIntro} />}>
      <SearchPage key={q} q={q} />
    </PageFrame>
  );
}
