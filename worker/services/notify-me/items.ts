// What "Notify me" needs to know of an item at a moment (decision 057): its titles, where it is on
// the site, and where it stands. A release is "coming" while the public may see it in early access
// and not hear it yet (before early access it is hidden: nobody but an administrator knows of it),
// and "out" from its public release; an event is "coming" while published, ahead, and before the
// public ticket sale (the later of the sale start and the presale's general sale, decision 055),
// "out" once that sale opens, and "closed" when cancelled or started before it.
import { eq, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { albums, tracks } from "../../db/schema/music";
import { onPreorderSql } from "../../db/music/music";
import { findEvent } from "../../db/events";
import { ticketSaleTimesOf } from "../../db/tickets/sale";
import { lessReleased, releaseStateOf, type ReleaseState } from "../../lib/release";
import { publicSaleOpensAt } from "#contracts/tickets/event-tickets-model.ts";
import type { NotifyItem } from "../../db/notify-me";

export type ItemStanding =
  /** Unknown, a draft, or a release before its early access: the public knows nothing of it. */
  | "unknown"
  /** Announced and not out yet for the public; `early`: VIPs (and admins) may already listen. */
  | "coming"
  | "out"
  | "event_cancelled"
  | "event_started";

export type ItemFacts = {
  standing: ItemStanding;
  /** A release in early access: the tier it names (VIP and above when null), its buyers and administrators hear it already. */
  early: boolean;
  /** The tier its early access names (a track's own, else its album's); null for VIP and above, or not a release. */
  earlyMinTierId: string | null;
  title: string;
  titlePtBr: string | null;
  /** The site path the notification and the mail lead to. */
  link: string;
};

const UNKNOWN: ItemFacts = { standing: "unknown", early: false, earlyMinTierId: null, title: "", titlePtBr: null, link: "/" };

/** `announced`: a release before its early access the public knows of all the same (an album on pre-order). */
const releaseFacts = (state: ReleaseState, earlyMinTierId: string | null, title: string, link: string, announced = false): ItemFacts => ({
  standing: state === "hidden" ? (announced ? "coming" : "unknown") : state === "released" ? "out" : "coming",
  early: state === "early",
  earlyMinTierId,
  title,
  titlePtBr: null,
  link,
});

export async function itemFacts(db: DB, item: NotifyItem, now: number): Promise<ItemFacts> {
  if (item.kind === "album") {
    const row = await db
      .select({
        id: albums.id,
        title: albums.title,
        releaseAt: albums.releaseAt,
        earlyAccessAt: albums.earlyAccessAt,
        earlyMinTierId: albums.earlyMinTierId,
        onPreorder: sql<number>`${sql.raw(onPreorderSql('"albums"."id"'))}`,
      })
      .from(albums)
      .where(eq(albums.id, item.id))
      .get();
    if (!row) return UNKNOWN;
    // An album a live product sells as a pre-order is announced (decision 152): coming, not unknown.
    return releaseFacts(releaseStateOf(row, now), row.earlyMinTierId, row.title, `/music/catalog/${row.id}`, Boolean(row.onPreorder));
  }
  if (item.kind === "track") {
    const row = await db
      .select({
        id: tracks.id,
        title: tracks.title,
        releaseAt: tracks.releaseAt,
        earlyAccessAt: tracks.earlyAccessAt,
        albumReleaseAt: albums.releaseAt,
        albumEarlyAccessAt: albums.earlyAccessAt,
        ownTier: tracks.earlyMinTierId,
        albumTier: albums.earlyMinTierId,
      })
      .from(tracks)
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .where(eq(tracks.id, item.id))
      .get();
    if (!row) return UNKNOWN;
    const state = lessReleased(
      releaseStateOf({ releaseAt: row.albumReleaseAt, earlyAccessAt: row.albumEarlyAccessAt }, now),
      releaseStateOf({ releaseAt: row.releaseAt, earlyAccessAt: row.earlyAccessAt }, now),
    );
    return releaseFacts(state, row.ownTier ?? row.albumTier, row.title, `/music/track/${row.id}`);
  }
  const row = await findEvent(db, item.id);
  if (!row || row.status === "draft") return UNKNOWN;
  const base = { early: false, earlyMinTierId: null, title: row.title, titlePtBr: row.titlePtBr, link: `/events#event-${row.id}` };
  if (row.status === "cancelled") return { ...base, standing: "event_cancelled" };
  const opens = publicSaleOpensAt(ticketSaleTimesOf(row));
  if (opens !== null && opens <= now) return { ...base, standing: "out" };
  if (row.eventDate.getTime() <= now) return { ...base, standing: "event_started" };
  return { ...base, standing: opens === null ? "out" : "coming" };
}
