// Preview cards for links in a room's message to the site's own pages (decision 110): a track, an
// album, an event or a product, built from D1 as a visitor would see the page (never by fetching
// the URL). A hidden (unreleased) track or album, a draft or cancelled event and a product that is
// not on sale give no card, so a card never tells more than the public page; links elsewhere stay
// plain links. The room's object asks for them after the message went out.
import type { DB } from "../db/client";
import { findAlbum, findTimedTrack } from "../db/music/music";
import { findPublishedEvent, toPublicEvent } from "../db/events";
import { findPublicProduct } from "../db/store/store";
import { isSlugId } from "#contracts/ids.ts";
import { ROOM_PREVIEWS_MAX } from "#contracts/rooms/limits.ts";
import type { RoomLinkPreview } from "#contracts/rooms/rooms.ts";

type SiteLink = { kind: RoomLinkPreview["kind"]; id: string };

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi;
/** The store's own pages under /store/ that are not products. */
const STORE_PAGES = new Set(["cart", "thanks"]);
const EVENT_HASH = /^#event-([A-Za-z0-9_-]{1,100})$/;

function siteLinkOf(url: URL): SiteLink | null {
  const path = url.pathname.replace(/\/+$/, "");
  const [, first, second, third, extra] = path.split("/");
  if (first === "music" && third && !extra && isSlugId(third)) {
    if (second === "track") return { kind: "track", id: third };
    if (second === "catalog") return { kind: "album", id: third };
  }
  if (first === "store" && second && !third && isSlugId(second) && !STORE_PAGES.has(second)) return { kind: "product", id: second };
  const event = EVENT_HASH.exec(url.hash);
  if (first === "events" && !second && event) return { kind: "event", id: event[1]! };
  return null;
}

/** The first ROOM_PREVIEWS_MAX distinct links to the site's track, album, event and product pages in the text. */
export function siteLinksIn(text: string, siteUrl: string): SiteLink[] {
  const host = new URL(siteUrl).host;
  const links: SiteLink[] = [];
  for (const [raw] of text.matchAll(URL_IN_TEXT)) {
    let url: URL;
    try {
      // Punctuation that ends a sentence is not part of the link.
      url = new URL(raw.replace(/[.,;:!?)\]]+$/, ""));
    } catch {
      continue;
    }
    if (url.host !== host) continue;
    const link = siteLinkOf(url);
    if (!link || links.some((l) => l.kind === link.kind && l.id === link.id)) continue;
    links.push(link);
    if (links.length === ROOM_PREVIEWS_MAX) break;
  }
  return links;
}

async function previewOf(db: DB, link: SiteLink, now: number): Promise<RoomLinkPreview | null> {
  const none = { subtitle: null, imageUrl: null, date: null, price: null };
  switch (link.kind) {
    case "track": {
      const track = (await findTimedTrack(db, link.id, now))?.value;
      if (!track) return null;
      const title = { en: track.title, ptBR: track.title };
      return { ...none, kind: "track", path: `/music/track/${track.id}`, title, subtitle: track.albumTitle, imageUrl: track.coverUrl };
    }
    case "album": {
      const album = (await findAlbum(db, link.id, now))?.value;
      if (!album) return null;
      const title = { en: album.title, ptBR: album.title };
      return { ...none, kind: "album", path: `/music/catalog/${album.id}`, title, subtitle: String(album.year), imageUrl: album.coverUrl };
    }
    case "event": {
      const row = await findPublishedEvent(db, link.id);
      if (!row) return null;
      const [en, ptBR] = [toPublicEvent(row, now, "en"), toPublicEvent(row, now, "pt-BR")];
      const place = [en.venueName, en.venueCity].filter(Boolean).join(", ");
      return {
        ...none,
        kind: "event",
        path: `/events#event-${en.id}`,
        title: { en: en.title, ptBR: ptBR.title },
        subtitle: place || null,
        imageUrl: en.imageUrl,
        date: en.eventDate,
      };
    }
    case "product": {
      // As a visitor sees it: the regular price, never a VIP's.
      const visitor = { vip: false };
      const [en, ptBR] = await Promise.all([findPublicProduct(db, link.id, visitor, "en"), findPublicProduct(db, link.id, visitor, "pt-BR")]);
      if (!en || !ptBR) return null;
      const title = { en: en.title, ptBR: ptBR.title };
      return { ...none, kind: "product", path: `/store/${en.slug}`, title, imageUrl: en.images[0]?.url ?? null, price: en.regularPrice };
    }
  }
}

/** The cards of the text's links to the site's pages, in the text's order; [] when none has one. */
export async function linkPreviews(db: DB, text: string, siteUrl: string, now = Date.now()): Promise<RoomLinkPreview[]> {
  const links = siteLinksIn(text, siteUrl);
  if (links.length === 0) return [];
  const cards = await Promise.all(links.map((link) => previewOf(db, link, now)));
  return cards.filter((card): card is RoomLinkPreview => card !== null);
}
