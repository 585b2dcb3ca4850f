// Tickets sold here on the public event answers (decision 055): the ticket types of published
// custom events, read fresh on every request (one query, beside the memoized event rows, so "N
// left" and "Sold out" follow the sales, bounded only by the edge cache's minute), and the
// `tickets` block each answer carries. The checkout decides; this only shows.
import type { DB } from "../client";
import type { EventRow } from "../events";
import type { Locale } from "#contracts/locale.ts";
import { iso } from "../../lib/time";
import { gateTier } from "../tiers/gate";
import { readTiers } from "../tiers/tiers";
import type { TierView } from "#contracts/tiers/tiers.ts";
import { pickLanguage } from "../../lib/content-language";
import { presaleTimesOf } from "#contracts/presales.ts";
import {
  TICKET_LIMITS,
  nextTicketSaleChange,
  publicSaleOpensAt,
  saleEndsAt,
  ticketCurrencyOf,
  ticketSaleStateAt,
  type EventTicketSale,
  type PublicTicketType,
  type TicketSaleTimes,
} from "#contracts/tickets/event-tickets-model.ts";

/** Tickets are sold here only for custom events priced in USD or BRL. */
export const sellsTicketsHere = (row: { source: string; currency: string }) => row.source === "custom" && ticketCurrencyOf(row.currency) !== null;

type SaleTypeRow = {
  id: string;
  event_id: string;
  name: string;
  name_pt_br: string | null;
  price_cents: number;
  remaining: number;
  per_order_limit: number;
  vip_only: number;
  min_tier_id: string | null;
  tickets_taken: number;
};

/**
 * An event's types in order, its seats taken as stored now (the memoized row may be older), and the
 * ladder when a type asks a tier (to name it; empty otherwise).
 */
export type SaleEntry = { types: SaleTypeRow[]; ticketsTaken: number; tiers: readonly TierView[] };

/**
 * The ticket types of published custom events (of one, with `eventId`), by event, in their order:
 * one query. Published only, so a draft's types never reach a public answer.
 */
export async function readTicketTypesForSale(db: DB, eventId?: string): Promise<Map<string, SaleEntry>> {
  const { results } = await db.$client
    .prepare(
      `SELECT t.id, t.event_id, t.name, t.name_pt_br, t.price_cents, t.remaining, t.per_order_limit, t.vip_only, t.min_tier_id, e.tickets_taken
       FROM ticket_types t JOIN events e ON e.id = t.event_id
       WHERE e.status = 'published' AND e.source = 'custom' AND (?1 IS NULL OR e.id = ?1)
       ORDER BY t.event_id, t.position, t.created_at, t.id`,
    )
    .bind(eventId ?? null)
    .all<SaleTypeRow>();
  const tiers = results.some((r) => r.min_tier_id !== null) ? await readTiers(db) : [];
  const byEvent = new Map<string, SaleEntry>();
  for (const row of results) {
    const entry = byEvent.get(row.event_id) ?? { types: [], ticketsTaken: row.tickets_taken, tiers };
    entry.types.push(row);
    byEvent.set(row.event_id, entry);
  }
  return byEvent;
}

/** The event's sale times in epoch ms: the form's ticket sale start and end, its start, its presale. */
export const ticketSaleTimesOf = (row: EventRow): TicketSaleTimes => ({
  saleStart: row.ticketSaleStart?.getTime() ?? null,
  saleEnd: row.ticketSaleEnd?.getTime() ?? null,
  eventDate: row.eventDate.getTime(),
  presale: presaleTimesOf(row),
});

/**
 * The `tickets` block of a published event's public answer at `now`, names in `locale`; null for
 * an event that sells none here (an external link's, an Eventbrite one, one without types). A
 * type's seats are the fewer of its remaining and what the venue's capacity leaves; "N left" only
 * from TICKET_LIMITS.fewLeft down.
 */
export function ticketSaleOf(row: EventRow, entry: SaleEntry | undefined, now: number, locale: Locale): EventTicketSale | null {
  const currency = ticketCurrencyOf(row.currency);
  if (!entry || entry.types.length === 0 || !currency || row.source !== "custom") return null;
  const times = ticketSaleTimesOf(row);
  const state = ticketSaleStateAt(times, now);
  const capacityLeft = row.venueCapacity === null ? Number.POSITIVE_INFINITY : Math.max(0, row.venueCapacity - entry.ticketsTaken);
  const types = entry.types.map((t): PublicTicketType => {
    const available = Math.max(0, Math.min(t.remaining, capacityLeft));
    return {
      id: t.id,
      name: pickLanguage(locale, t.name, t.name_pt_br).value,
      priceCents: t.price_cents,
      currency,
      perOrderLimit: t.per_order_limit,
      vipOnly: t.vip_only === 1,
      minTier: t.min_tier_id === null ? null : gateTier(entry.tiers, t.min_tier_id),
      left: available > 0 && available <= TICKET_LIMITS.fewLeft ? available : null,
      soldOut: available === 0,
    };
  });
  const opens = publicSaleOpensAt(times);
  const presale = times.presale;
  const vipAhead = presale !== null && now < presale.endsAt && (state === "upcoming" || state === "vip_presale");
  return {
    state,
    opensAt: opens !== null && opens > now ? iso(opens) : null,
    vipOpensAt: vipAhead ? iso(presale.startsAt) : null,
    endsAt: iso(saleEndsAt(times)),
    soldOut: types.every((t) => t.soldOut),
    types,
  };
}

/** The next moment after `now` at which the sale state of any of these events changes; null when none will. */
export function nextTicketSaleChangeOf(rows: readonly EventRow[], now: number): number | null {
  let next: number | null = null;
  for (const row of rows) {
    const at = nextTicketSaleChange(ticketSaleTimesOf(row), now);
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}
