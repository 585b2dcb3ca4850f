// /api/search (decision 056): one search over tracks, albums, events, posts, members and store
// products, for whoever asks (worker/db/search.ts applies each kind's visibility rule).
//   GET /?q=                  the best SEARCH_GROUP_SIZE of each kind the reader may see, empty kinds left out
//   GET /?q=&kind=&offset=    one kind, SEARCH_PAGE_SIZE at a time from offset
// 400 search_query_required (blank), search_query_too_long; 429 rate_limited past
// EDGE_RATE_LIMITS.searchesPerIp from one address; a query with no letters or digits
// ("*", "^") matches nothing (200). A kind whose matches for the words as typed are none is searched
// again by the words' starts (relaxedTerms). Never kept in a shared cache: what a search finds
// depends on who asks (VIP-only posts, members), and its queries are a person's own typing.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { HonoEnv } from "../types";
import { readConfig } from "../env";
import { validate } from "../lib/validate";
import { answerLanguage } from "../middleware/content-language";
import { clientIp, hitEdgeLimit } from "../services/rate-limit";
import { readSettings } from "../db/settings";
import { searchKinds, type KindPage, type SearchContext } from "../db/search";
import { matchExpression, relaxedTerms, searchTerms } from "../lib/search-terms";
import { artistNameOf } from "#contracts/admin/settings.ts";
import {
  SEARCH_GROUP_SIZE,
  SEARCH_KINDS,
  SEARCH_PAGE_SIZE,
  searchQuerySchema,
  type SearchGroup,
  type SearchKind,
  type SearchResponse,
} from "#contracts/search.ts";

const groupOf = (page: KindPage, offset: number, relaxed: boolean): SearchGroup => ({
  kind: page.kind,
  items: page.items,
  nextOffset: page.more ? offset + page.items.length : null,
  relaxed,
});

/** Every search counts toward its address's limit, a refused one too (429 rate_limited past it). */
const perAddress = createMiddleware<HonoEnv>(async (c, next) => {
  await hitEdgeLimit(c.env, "searchesPerIp", clientIp(c.req));
  await next();
});

export const searchRoutes = new Hono<HonoEnv>().get("/", perAddress, validate("query", searchQuerySchema), async (c) => {
  const { q, kind, offset = 0 } = c.req.valid("query");
  c.header("Cache-Control", "private, no-store");
  const user = c.var.user;
  const db = c.var.db;
  const ctx: SearchContext = {
    reader: user ? { isAdmin: user.isAdmin, isVIP: user.isVIP, tier: user.tier } : null,
    locale: answerLanguage(c),
    now: Date.now(),
    officialName: artistNameOf(await readSettings(db), readConfig(c.env)),
  };
  const kinds: readonly SearchKind[] = kind ? [kind] : SEARCH_KINDS;
  const page = kind ? { limit: SEARCH_PAGE_SIZE, offset } : { limit: SEARCH_GROUP_SIZE, offset: 0 };
  const terms = searchTerms(q);
  const strict = matchExpression(terms);
  const pages = strict ? await searchKinds(db, kinds, strict, page, ctx) : [];
  const cut = relaxedTerms(terms);
  // The kinds the words as typed match nothing of (a later page past the end is not that).
  let unmatched = pages.filter((p) => p.items.length === 0).map((p) => p.kind);
  if (page.offset > 0 && strict && unmatched.length > 0) {
    const firsts = await searchKinds(db, unmatched, strict, { limit: 1, offset: 0 }, ctx);
    unmatched = firsts.filter((p) => p.items.length === 0).map((p) => p.kind);
  }
  const loose = cut && unmatched.length > 0 ? await searchKinds(db, unmatched, matchExpression(cut)!, page, ctx) : [];
  const groups = pages.map((p) => {
    const relaxed = loose.find((l) => l.kind === p.kind && l.items.length > 0);
    return relaxed ? groupOf(relaxed, page.offset, true) : groupOf(p, page.offset, false);
  });
  const answer = groups.filter((g) => kind || g.items.length > 0);
  if (kind && answer.length === 0) answer.push({ kind, items: [], nextOffset: null, relaxed: false });
  return c.json<SearchResponse>({ query: q, groups: answer });
});
