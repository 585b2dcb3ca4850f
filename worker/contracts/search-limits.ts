// Search everywhere (decision 056): the kinds, limits and English texts of GET /api/search. No zod
// here: the header's search field is on every page, whose first load must not carry zod.

/** The kinds of things found, in the order the groups are shown. */
export const SEARCH_KINDS = ["tracks", "albums", "events", "posts", "members", "products"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Longest query taken: longer is a 400 (nobody types that into a search box; it bounds the work). */
export const SEARCH_QUERY_MAX = 200;
/** Most words of a query that are matched (the rest are ignored). */
export const SEARCH_TERMS_MAX = 8;
/** Matches per kind in the grouped answer. */
export const SEARCH_GROUP_SIZE = 5;
/** Matches per page of one kind. */
export const SEARCH_PAGE_SIZE = 20;
/** Deepest page offset served: relevance past a few hundred matches helps nobody. */
export const SEARCH_OFFSET_MAX = 1000;

export const SEARCH_MESSAGES = {
  queryRequired: "Type something to search for",
  queryTooLong: `Search for at most ${SEARCH_QUERY_MAX} characters`,
} as const;
