// A member's collection (decision 054): the releases they own (live entitlements), their orders
// with lines and tracking, the gift codes they bought; guest purchases attached to them (their own
// verified address, or another they proved with a claim link). Outcomes, never HTTP errors; every
// read is scoped to the member in its query, so another member's rows are simply not found.
import { membershipTiers } from "../schema/tiers";
import { orderTaxOf } from "./orders";
import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import type { DB } from "../client";
import { albums, tracks } from "../schema/music";
import { entitlements, giftCodes, orderLines, orders, products, storeClaimLinks } from "../schema/store";
import { users } from "../schema/accounts";
import { coverUrlOf, toTrackView, trackColumns, trackStateOf } from "../music/music";
import type { TrackView } from "#contracts/music/music.ts";
import type { GiftMonths } from "#contracts/store/model.ts";
import type { CollectionGiftCode, CollectionOrder, CollectionRelease } from "#contracts/store/collection.ts";

export type OwnedRelease = {
  entitlementId: string;
  albumId: string;
  trackId: string | null;
  title: string;
  albumTitle: string;
  year: number;
  coverUrl: string | null;
  purchasedAt: Date;
  orderNumber: number;
  locale: string;
  tracks: TrackView[];
  preorder: CollectionRelease["preorder"];
};

/** A pre-order's tracks with audio (decision 118), each marked whether it downloads already (a teaser). */
const preorderTracks = (
  rows: { id: string; albumId: string; number: number; title: string; audioKey: string | null; teaser: boolean }[],
  trackId: string | null,
  albumId: string,
) =>
  rows
    .filter((t) => t.audioKey !== null && (trackId ? t.id === trackId : t.albumId === albumId))
    .map((t) => ({ id: t.id, number: t.number, title: t.title, teaser: t.teaser }));

/**
 * The releases the member owns, newest purchase first, each once (bought twice, or with a bundle
 * too: the newest entitlement stands for it), with the tracks its Play button queues.
 */
export async function listOwnedReleases(db: DB, userId: string, now = Date.now()): Promise<OwnedRelease[]> {
  const rows = await db
    .select({
      entitlementId: entitlements.id,
      albumId: entitlements.albumId,
      trackId: entitlements.trackId,
      createdAt: entitlements.createdAt,
      orderNumber: orders.number,
      locale: orders.locale,
    })
    .from(entitlements)
    .innerJoin(orders, eq(orders.id, entitlements.orderId))
    .where(and(eq(entitlements.userId, userId), isNull(entitlements.revokedAt)))
    .orderBy(desc(entitlements.createdAt), desc(entitlements.id));
  const seen = new Set<string>();
  const owned = rows.filter((row) => {
    const release = row.albumId ? `album:${row.albumId}` : `track:${row.trackId}`;
    if (seen.has(release)) return false;
    seen.add(release);
    return true;
  });
  if (owned.length === 0) return [];
  const trackIds = owned.flatMap((row) => (row.trackId ? [row.trackId] : []));
  const albumIds = owned.flatMap((row) => (row.albumId ? [row.albumId] : []));
  const trackRows = await db
    .select(trackColumns)
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(or(inArray(tracks.albumId, albumIds.length ? albumIds : [""]), inArray(tracks.id, trackIds.length ? trackIds : [""])))
    .orderBy(tracks.albumId, tracks.number);
  const wanted = [...new Set([...albumIds, ...trackRows.filter((t) => trackIds.includes(t.id)).map((t) => t.albumId)])];
  const albumRows = await db
    .select({ id: albums.id, title: albums.title, year: albums.year, coverKey: albums.coverKey, releaseAt: albums.releaseAt })
    .from(albums)
    .where(inArray(albums.id, wanted.length ? wanted : [""]));
  const albumById = new Map(albumRows.map((a) => [a.id, a]));
  const playable = trackRows.filter((row) => trackStateOf(row, now) !== "hidden");
  return owned.flatMap((row): OwnedRelease[] => {
    const single = row.trackId ? trackRows.find((t) => t.id === row.trackId) : undefined;
    const album = albumById.get(row.albumId ?? single?.albumId ?? "");
    if (!album || (row.trackId && !single)) return [];
    const queue = row.trackId ? playable.filter((t) => t.id === row.trackId) : playable.filter((t) => t.albumId === album.id);
    const outAt = Math.max(album.releaseAt?.getTime() ?? 0, single?.releaseAt?.getTime() ?? 0);
    return [
      {
        entitlementId: row.entitlementId,
        albumId: album.id,
        trackId: row.trackId,
        title: single?.title ?? album.title,
        albumTitle: album.title,
        year: album.year,
        coverUrl: coverUrlOf(album.coverKey),
        purchasedAt: row.createdAt,
        orderNumber: row.orderNumber,
        locale: row.locale,
        tracks: queue.map((t) => toTrackView(t, now)),
        preorder: outAt > now ? { outAt: new Date(outAt).toISOString(), tracks: preorderTracks(trackRows, row.trackId ?? null, album.id) } : null,
      },
    ];
  });
}

/** One live entitlement of the member's (the link renewal): null for another's, a revoked or an unknown one. */
export async function findOwnedEntitlement(db: DB, userId: string, entitlementId: string) {
  const row = await db
    .select({ id: entitlements.id, albumId: entitlements.albumId, trackId: entitlements.trackId, orderNumber: orders.number, locale: orders.locale })
    .from(entitlements)
    .innerJoin(orders, eq(orders.id, entitlements.orderId))
    .where(and(eq(entitlements.id, entitlementId), eq(entitlements.userId, userId), isNull(entitlements.revokedAt)))
    .get();
  return row ?? null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

type TicketLineRow = {
  order_id: string;
  event_id: string;
  event_title: string;
  event_title_pt_br: string | null;
  event_date: number;
  time_zone: string;
  type_name: string;
  type_name_pt_br: string | null;
  quantity: number;
  total_cents: number;
};

/** The tickets the member's orders bought, per order, event and type (scoped to the member's orders). */
async function listOrderTickets(db: DB, userId: string): Promise<TicketLineRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT t.order_id, t.event_id, e.title AS event_title, e.title_pt_br AS event_title_pt_br, e.event_date, e.time_zone,
              t.type_name, tt.name_pt_br AS type_name_pt_br, count(*) AS quantity, sum(t.price_cents) AS total_cents
       FROM event_tickets t JOIN events e ON e.id = t.event_id LEFT JOIN ticket_types tt ON tt.id = t.ticket_type_id
       WHERE t.order_id IN (SELECT id FROM orders WHERE user_id = ?1)
       GROUP BY t.order_id, t.event_id, t.ticket_type_id
       ORDER BY e.event_date, coalesce(tt.position, 0), t.type_name`,
    )
    .bind(userId)
    .all<TicketLineRow>();
  return results;
}

/** The member's orders, newest first, with their lines (a ticket order's: its tickets). */
export async function listMemberOrders(db: DB, userId: string): Promise<CollectionOrder[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.paidAt));
  if (rows.length === 0) return [];
  const [lines, tickets] = await Promise.all([
    db
      .select({ line: orderLines, shipsFrom: products.shipsFrom })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(
        inArray(
          orderLines.orderId,
          rows.map((o) => o.id),
        ),
      )
      .orderBy(orderLines.orderId, orderLines.lineNo),
    listOrderTickets(db, userId),
  ]);
  return rows.map((o) => ({
    id: o.id,
    number: o.number,
    status: o.status,
    paidAt: o.paidAt.toISOString(),
    currency: o.currency,
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    shippingCents: o.shippingCents,
    totalCents: o.totalCents,
    refundedCents: o.refundedCents,
    tax: orderTaxOf(o),
    lines: lines
      .filter(({ line }) => line.orderId === o.id)
      .map(({ line: l, shipsFrom }) => ({
        title: l.title,
        variantLabel: l.variantLabel,
        kind: l.kind,
        quantity: l.quantity,
        totalCents: l.totalCents,
        shipsFrom: l.kind === "merch" && shipsFrom ? shipsFrom.toISOString().slice(0, 10) : null,
      })),
    tickets: tickets
      .filter((t) => t.order_id === o.id)
      .map((t) => ({
        eventId: t.event_id,
        eventTitle: t.event_title,
        eventTitlePtBr: t.event_title_pt_br,
        startsAt: new Date(t.event_date).toISOString(),
        timeZone: t.time_zone,
        typeName: t.type_name,
        typeNamePtBr: t.type_name_pt_br,
        quantity: t.quantity,
        totalCents: t.total_cents,
      })),
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    trackingUrl: o.trackingUrl,
    shippedAt: iso(o.shippedAt),
  }));
}

/** The gift codes the member bought, newest first: void, redeemed (by whom: the username), or not yet. */
export async function listBoughtGiftCodes(db: DB, userId: string): Promise<CollectionGiftCode[]> {
  const rows = await db
    .select({
      code: giftCodes.code,
      months: giftCodes.months,
      tierId: giftCodes.tierId,
      tierEn: membershipTiers.nameEn,
      tierPtBR: membershipTiers.namePtBR,
      redeemedAt: giftCodes.redeemedAt,
      voidedAt: giftCodes.voidedAt,
      redeemer: users.username,
      orderNumber: orders.number,
    })
    .from(giftCodes)
    .innerJoin(orders, eq(orders.id, giftCodes.orderId))
    .leftJoin(users, eq(users.id, giftCodes.redeemedBy))
    .leftJoin(membershipTiers, eq(membershipTiers.id, giftCodes.tierId))
    .where(eq(giftCodes.buyerUserId, userId))
    .orderBy(desc(giftCodes.createdAt), giftCodes.code);
  return rows.map((g) => ({
    code: g.code,
    months: g.months as GiftMonths,
    tier: { id: g.tierId, name: { en: g.tierEn ?? g.tierId, ptBR: g.tierPtBR ?? g.tierId } },
    state: g.voidedAt ? "void" : g.redeemedAt ? "redeemed" : "unredeemed",
    redeemedBy: g.redeemedAt && !g.voidedAt ? g.redeemer : null,
    redeemedAt: g.voidedAt ? null : iso(g.redeemedAt),
    orderNumber: g.orderNumber,
  }));
}

/**
 * The statements that give the member what was bought as a guest with `email`: the orders (only
 * those with no member), then their entitlements and gift codes, and the tickets the address holds. Conditional, so running them
 * twice, or alongside another claim, attaches each order once. With `claimLink`, each applies only
 * if that link was marked used at `now` (by the statement before them in the batch).
 */
function attachStatements(db: DB, userId: string, email: string, now: number, claimLink?: string): D1PreparedStatement[] {
  const d1 = db.$client;
  // Every statement takes the same four parameters; without a link the guard only names them.
  const guard = claimLink ? "EXISTS (SELECT 1 FROM store_claim_links WHERE token_hash = ?4 AND used_at = ?3)" : "?4 IS NULL AND ?3 > 0";
  const params = [userId, email.toLowerCase(), now, claimLink ?? null];
  const theirOrders = "order_id IN (SELECT id FROM orders WHERE user_id = ?1 AND lower(email) = ?2)";
  return [
    d1.prepare(`UPDATE orders SET user_id = ?1, updated_at = ?3 WHERE user_id IS NULL AND lower(email) = ?2 AND ${guard}`).bind(...params),
    d1.prepare(`UPDATE entitlements SET user_id = ?1 WHERE user_id IS NULL AND ${theirOrders} AND ${guard}`).bind(...params),
    d1.prepare(`UPDATE gift_codes SET buyer_user_id = ?1 WHERE buyer_user_id IS NULL AND ${theirOrders} AND ${guard}`).bind(...params),
    // Tickets (decision 055): those the address holds (bought, or not handed on by a transfer) are
    // the member's to show and use; those its orders bought are the member's purchases.
    d1.prepare(`UPDATE event_tickets SET owner_user_id = ?1 WHERE owner_user_id IS NULL AND lower(owner_email) = ?2 AND ${guard}`).bind(...params),
    d1.prepare(`UPDATE event_tickets SET buyer_user_id = ?1 WHERE buyer_user_id IS NULL AND ${theirOrders} AND ${guard}`).bind(...params),
  ];
}

/**
 * Attaches the guest purchases made with `email`; how many orders it attached. A read first, so
 * opening the collection writes nothing (and may read from a replica) when there is none.
 */
export async function attachGuestPurchases(db: DB, userId: string, email: string, now = Date.now()): Promise<number> {
  const waiting = await db.$client
    .prepare(
      `SELECT 1 AS found FROM orders WHERE user_id IS NULL AND lower(email) = ?1
       UNION ALL SELECT 1 FROM event_tickets WHERE owner_user_id IS NULL AND lower(owner_email) = ?1 LIMIT 1`,
    )
    .bind(email.toLowerCase())
    .first();
  if (!waiting) return 0;
  const [attached] = await db.$client.batch(attachStatements(db, userId, email, now));
  return attached?.meta.changes ?? 0;
}

// ----- claim links -----

export const insertClaimLink = (db: DB, row: { tokenHash: string; userId: string; email: string; expiresAt: Date }) => db.insert(storeClaimLinks).values(row);

export type ClaimOutcome = { claimed: number } | "invalid" | "expired";

/**
 * Uses a claim link for the member who asked for it: in one batch, the link is marked used (only
 * while unused and unexpired) and, only if that marked it, the address's guest purchases are
 * attached. A link of another member's is invalid, as is a used one.
 */
export async function consumeClaimLink(db: DB, tokenHash: string, userId: string, now = Date.now()): Promise<ClaimOutcome> {
  const link = await db
    .select()
    .from(storeClaimLinks)
    .where(and(eq(storeClaimLinks.tokenHash, tokenHash), eq(storeClaimLinks.userId, userId)))
    .limit(1)
    .get();
  if (!link || link.usedAt) return "invalid";
  if (link.expiresAt.getTime() <= now) return "expired";
  const d1 = db.$client;
  const [used, attached] = await d1.batch([
    d1
      .prepare("UPDATE store_claim_links SET used_at = ?3 WHERE token_hash = ?1 AND user_id = ?2 AND used_at IS NULL AND expires_at > ?3")
      .bind(tokenHash, userId, now),
    ...attachStatements(db, userId, link.email, now, tokenHash),
  ]);
  if ((used?.meta.changes ?? 0) === 0) return "invalid";
  return { claimed: attached?.meta.changes ?? 0 };
}
