// Search everywhere (decision 056): the FTS5 index (migrations/0053_search.sql, kept in step by
// triggers) joined back to its source rows, each kind filtered by the rule its public list applies,
// so a search can show nothing its lists would not:
// - tracks and albums: none before their early access (releaseStateOf "hidden") unless the album is
//   sold as a pre-order (onPreorderSql, decision 152), as the catalog;
// - events: published and still listed (isListed), as /api/events;
// - posts: never hidden ones; a visitor finds public posts only (the rest are members' reading, and
//   a visitor's teaser never has their text), a member public and members' posts, and posts for
//   tiers their tier passes (readerPassesSql, decision 099), admins all; banned authors' posts for
//   admins only (as the feed);
// - members: signed-in readers only (profiles need an account), banned ones for admins only;
// - products: live and sold out, as the store.
// A kind the reader may not see is filtered out in SQL, before ranking and paging, so a page is
// never short and a count never tells of what was left out. Each kind is one statement; the grouped
// answer sends them in one batch.
import type { DB } from "./client";
import { coverUrlOf, onPreorderSql } from "./music/music";
import { displayUsername } from "./auth";
import { notSuspendedText } from "./suspensions";
import { PAST_EVENTS_LISTED_MS } from "./events";
import { productImageUrl } from "./store/store";
import { readerPassesSql } from "./tiers/gate";
import { VIP_TIER_ID, type MemberTier } from "#contracts/tiers/tiers.ts";
import { inLanguage } from "../lib/content-language";
import { lessReleased, releaseStateOf } from "../lib/release";
import type { Locale } from "#contracts/locale.ts";
import type { SearchItem, SearchKind } from "#contracts/search.ts";

/** Who searches: a visitor (and a banned member, whose session does not count) is null. */
export type SearchReader = { isAdmin: boolean; isVIP: boolean; tier?: MemberTier } | null;

export type SearchContext = { reader: SearchReader; locale: Locale; now: number; officialName: string };

type Row = Record<string, unknown>;
type KindQuery = { sql: string; toItem: (row: Row, ctx: SearchContext) => SearchItem };

/** Title matches weigh ten times a match in the other texts (bm25's column weights). */
const FROM = (kind: string) => `FROM search_fts JOIN search_docs d ON d.id = search_fts.rowid AND d.kind = '${kind}'`;
const RANKED = "ORDER BY bm25(search_fts, 10.0, 1.0), d.id LIMIT ?2 OFFSET ?3";

/**
 * SQL twin of releaseStateOf(...) !== "hidden" for the release columns of `alias` (worker/lib/release.ts
 * decides the same in JS): released, or in early access. `now` is the reader's clock, an integer.
 */
const notHidden = (alias: string, now: number) =>
  `(${alias}.release_at IS NULL OR ${alias}.release_at <= ${now} OR coalesce(${alias}.early_access_at <= ${now}, 0))`;

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)));
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);

/** A post's text as one line, cut at a word near `max` characters. */
function excerpt(content: string, max = 120): string {
  const line = content.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

const tracks: (now: number) => KindQuery = (now) => ({
  sql: `SELECT t.id, t.title, a.title AS album_title, a.cover_key, t.release_at, t.early_access_at,
    a.release_at AS album_release_at, a.early_access_at AS album_early_access_at
    ${FROM("track")} JOIN tracks t ON t.id = d.ref JOIN albums a ON a.id = t.album_id
    WHERE search_fts MATCH ?1 AND ((${notHidden("t", now)} AND ${notHidden("a", now)}) OR ${onPreorderSql("a.id")}) ${RANKED}`,
  toItem: (row, { now: at }) => {
    const state = lessReleased(
      releaseStateOf({ releaseAt: dateOf(row.album_release_at), earlyAccessAt: dateOf(row.album_early_access_at) }, at),
      releaseStateOf({ releaseAt: dateOf(row.release_at), earlyAccessAt: dateOf(row.early_access_at) }, at),
    );
    const id = String(row.id);
    return {
      kind: "tracks",
      id,
      title: String(row.title),
      subtitle: String(row.album_title),
      imageUrl: coverUrlOf(text(row.cover_key)),
      href: `/music/track/${encodeURIComponent(id)}`,
      earlyAccess: state !== "released",
    };
  },
});

const albums: (now: number) => KindQuery = (now) => ({
  sql: `SELECT a.id, a.title, a.year, a.type, a.cover_key, a.release_at, a.early_access_at
    ${FROM("album")} JOIN albums a ON a.id = d.ref
    WHERE search_fts MATCH ?1 AND (${notHidden("a", now)} OR ${onPreorderSql("a.id")}) ${RANKED}`,
  toItem: (row, { now: at }) => {
    const id = String(row.id);
    return {
      kind: "albums",
      id,
      title: String(row.title),
      subtitle: String(row.year),
      imageUrl: coverUrlOf(text(row.cover_key)),
      href: `/music/catalog/${encodeURIComponent(id)}`,
      earlyAccess: releaseStateOf({ releaseAt: dateOf(row.release_at), earlyAccessAt: dateOf(row.early_access_at) }, at) !== "released",
    };
  },
});

const events: (now: number) => KindQuery = (now) => ({
  sql: `SELECT e.id, e.title, e.title_pt_br, e.event_date, e.time_zone, e.venue_city, e.venue_country, e.is_online, e.image_key
    ${FROM("event")} JOIN events e ON e.id = d.ref
    WHERE search_fts MATCH ?1 AND e.status = 'published' AND e.event_date >= ${now - PAST_EVENTS_LISTED_MS} ${RANKED}`,
  toItem: (row, { locale }) => {
    const id = String(row.id);
    const place = [text(row.venue_city), text(row.venue_country)].filter(Boolean).join(", ");
    return {
      kind: "events",
      id,
      title: inLanguage(locale, String(row.title), text(row.title_pt_br)),
      subtitle: place || null,
      imageUrl: coverUrlOf(text(row.image_key)),
      href: `/events#event-${encodeURIComponent(id)}`,
      date: new Date(Number(row.event_date)).toISOString(),
      timeZone: String(row.time_zone),
    };
  },
});

/** The posts a reader finds by their text (decisions 024 and 099): a visitor public ones only. */
function readablePosts(reader: SearchReader): string {
  if (!reader) return "p.visibility = 'public'";
  return `(p.visibility IN ('public', 'members') OR (p.visibility = 'vip' AND ${readerPassesSql("p", reader, VIP_TIER_ID)}))`;
}

const posts: (reader: SearchReader, now: number) => KindQuery = (reader, now) => ({
  sql: `SELECT p.id, p.content, p.image_url, p.is_official, u.username, u.email, u.avatar_url
    ${FROM("post")} JOIN posts p ON p.id = d.ref JOIN users u ON u.id = p.user_id
    WHERE search_fts MATCH ?1 AND p.hidden_at IS NULL AND ${readablePosts(reader)}
    ${reader?.isAdmin ? "" : `AND ${notSuspendedText("u", now)}`} ${RANKED}`,
  toItem: (row, { officialName }) => {
    const id = String(row.id);
    const official = Boolean(row.is_official);
    return {
      kind: "posts",
      id,
      title: excerpt(String(row.content)),
      subtitle: official ? officialName : displayUsername({ username: String(row.username), email: String(row.email) }),
      imageUrl: text(row.image_url) ?? (official ? null : text(row.avatar_url)),
      href: `/social/post/${encodeURIComponent(id)}`,
    };
  },
});

const members: (reader: SearchReader, now: number) => KindQuery = (reader, now) => ({
  sql: `SELECT u.id, u.username, u.email, u.avatar_url, pr.location
    ${FROM("member")} JOIN users u ON u.id = d.ref LEFT JOIN profiles pr ON pr.user_id = u.id
    WHERE search_fts MATCH ?1 ${reader?.isAdmin ? "" : `AND ${notSuspendedText("u", now)}`} ${RANKED}`,
  toItem: (row) => {
    const id = String(row.id);
    return {
      kind: "members",
      id,
      title: displayUsername({ username: String(row.username), email: String(row.email) }),
      subtitle: text(row.location),
      imageUrl: text(row.avatar_url),
      href: `/social/profile/${encodeURIComponent(id)}`,
    };
  },
});

const products: KindQuery = {
  sql: `SELECT pr.id, pr.slug, pr.title, pr.title_pt_br,
    (SELECT i.image_key FROM product_images i WHERE i.product_id = pr.id ORDER BY i.position, i.id LIMIT 1) AS image_key
    ${FROM("product")} JOIN products pr ON pr.id = d.ref
    WHERE search_fts MATCH ?1 AND pr.state IN ('live', 'sold_out') ${RANKED}`,
  toItem: (row, { locale }) => {
    const key = text(row.image_key);
    return {
      kind: "products",
      id: String(row.id),
      title: inLanguage(locale, String(row.title), text(row.title_pt_br)),
      subtitle: null,
      imageUrl: key ? productImageUrl(key) : null,
      href: `/store/${encodeURIComponent(String(row.slug))}`,
    };
  },
};

/** The statement for each kind this reader may search; members are not searched for visitors. */
function kindQuery(kind: SearchKind, reader: SearchReader, now: number): KindQuery | null {
  switch (kind) {
    case "tracks":
      return tracks(now);
    case "albums":
      return albums(now);
    case "events":
      return events(now);
    case "posts":
      return posts(reader, now);
    case "members":
      return reader ? members(reader, now) : null;
    case "products":
      return products;
  }
}

export type KindPage = { kind: SearchKind; items: SearchItem[]; more: boolean };

/**
 * The best matches of `match` (an FTS5 expression from lib/search-terms.ts, never raw input) for
 * each of `kinds`: `limit` of them from `offset`, and whether there are more. One batch.
 */
export async function searchKinds(
  db: DB,
  kinds: readonly SearchKind[],
  match: string,
  page: { limit: number; offset: number },
  ctx: SearchContext,
): Promise<KindPage[]> {
  const d1 = db.$client;
  const asked = kinds.flatMap((kind) => {
    const query = kindQuery(kind, ctx.reader, Math.floor(ctx.now));
    return query ? [{ kind, query }] : [];
  });
  if (asked.length === 0) return [];
  const results = await d1.batch<Row>(asked.map(({ query }) => d1.prepare(query.sql).bind(match, page.limit + 1, page.offset)));
  return asked.map(({ kind, query }, i) => {
    const rows = results[i]?.results ?? [];
    return { kind, items: rows.slice(0, page.limit).map((row) => query.toItem(row, ctx)), more: rows.length > page.limit };
  });
}
