// The search's texts, shared by the header's box (on every page) and the /search page: in the
// site catalogs (app/i18n/pt-BR.json and the English read from here), since the header needs them
// before any feature loads.
import { defineMessage, defineMessages } from "react-intl";
import type { SearchKind } from "#contracts/search.ts";

export const searchMessages = defineMessages({
  label: { id: "search.label", defaultMessage: "Search the site" },
  placeholder: { id: "search.placeholder", defaultMessage: "Search music, events, posts…" },
  shortcutHint: { id: "search.shortcutHint", defaultMessage: "Press / or Ctrl+K to search" },
  results: { id: "search.results", defaultMessage: "Search results" },
  searching: { id: "search.searching", defaultMessage: "Searching…" },
  failed: { id: "search.failed", defaultMessage: "Search is not available right now. Please try again." },
  closeMatches: { id: "search.closeMatches", defaultMessage: "Close matches" },
  earlyAccess: { id: "search.earlyAccess", defaultMessage: "Coming soon" },
  pageTitle: { id: "search.page.title", defaultMessage: "Search" },
  pageIntro: { id: "search.page.intro", defaultMessage: "Tracks, albums, events, posts, members and the store, in one place." },
  pageDescription: { id: "search.page.description", defaultMessage: "Search the artist's music, events, community posts, members and store." },
  submit: { id: "search.submit", defaultMessage: "Search" },
  /** The results page's own field: a search landmark named apart from the header's. */
  pageForm: { id: "search.page.form", defaultMessage: "Refine this search" },
  showMore: { id: "search.showMore", defaultMessage: "Show more" },
  retry: { id: "search.retry", defaultMessage: "Try again" },
  typeToSearch: { id: "search.typeToSearch", defaultMessage: "Type a word or the start of one: accents and capitals don't matter." },
});

export const noResultsMessage = defineMessage<{ query: string }>({ id: "search.noResults", defaultMessage: "No results for “{query}”" });
export const seeAllMessage = defineMessage<{ query: string }>({ id: "search.seeAll", defaultMessage: "See all results for “{query}”" });

/** Each group's heading. */
export const kindMessages: Record<SearchKind, ReturnType<typeof defineMessage>> = defineMessages({
  tracks: { id: "search.kind.tracks", defaultMessage: "Tracks" },
  albums: { id: "search.kind.albums", defaultMessage: "Albums" },
  events: { id: "search.kind.events", defaultMessage: "Events" },
  posts: { id: "search.kind.posts", defaultMessage: "Posts" },
  members: { id: "search.kind.members", defaultMessage: "Members" },
  products: { id: "search.kind.products", defaultMessage: "Store" },
});
