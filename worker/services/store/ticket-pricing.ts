// Prices a cart's ticket lines (decision 055) from the Worker's rows, as pricing.ts does the store's
// lines. The rules, in order, per line:
// - the type exists and its event is a published custom event (else 404 ticket_type_not_found: a
//   draft's types are not there for the public);
// - the event is not cancelled and the sale is open (ticketSaleStateAt with its sale start and end,
//   its start and its presale): upcoming, ended or cancelled is 409 tickets_not_on_sale;
// - the buyer may buy it now (mayBuyTicket: VIP members and admins count as VIP): the presale or a
//   VIP-only type is 403 tickets_vip_only for anyone else; a type for "tier at least X" (decision
//   099) is 403 tier_required for a buyer below X (the session's tier; admins pass), and so is
//   buying during a presale that names a lowest tier (events.presale_min_tier_id, decision 108);
// - its event's currency is the cart's (400 tickets_currency_mismatch);
// - lines of one type count together against its per-order limit (400 quantity_over_limit) and, for
//   a quote, against what is left of the type and the venue (400 quantity_over_stock; the checkout
//   lets its conditional take answer 409 sold_out instead).
// The unit price is the type's price: VIP prices and promotion codes are the store's and never
// touch a ticket (a cart of tickets only is promo_code_not_applicable).
import type { DB } from "../../db/client";
import { loadTicketRows, type NewTicketHold, type TicketHoldView, type TicketRow } from "../../db/store/tickets";
import type { Locale } from "#contracts/locale.ts";
import { routeError } from "../../lib/errors";
import { presaleTimesOf } from "#contracts/presales.ts";
import { mayBuyTicket, ticketCurrencyOf, ticketSaleStateAt, type TicketSaleTimes } from "#contracts/tickets/event-tickets-model.ts";
import type { Currency } from "#contracts/store/model.ts";
import type { QuoteBody } from "#contracts/store/cart.ts";
import type { TierHolder } from "#contracts/tiers/tiers.ts";
import { passesGate } from "../../db/tiers/gate";
import { readTiers } from "../../db/tiers/tiers";

/** A priced ticket line (lines of one type summed into the first's place). */
export type PricedTicket = NewTicketHold;

export const saleTimesOf = (e: TicketRow["event"]): TicketSaleTimes => ({
  saleStart: e.ticketSaleStart?.getTime() ?? null,
  saleEnd: e.ticketSaleEnd?.getTime() ?? null,
  eventDate: e.eventDate.getTime(),
  presale: presaleTimesOf(e),
});

/** Seats the venue has left now (no capacity: no cap). */
const venueLeft = (e: TicketRow["event"]) => (e.venueCapacity === null ? Infinity : Math.max(0, e.venueCapacity - e.ticketsTaken));

export async function priceTickets(
  db: DB,
  /** Undefined when a caller built the body without its schema's default (none). */
  lines: QuoteBody["tickets"] | undefined,
  currency: Currency,
  /** holder: the session's member (null: a visitor), for a type's tier gate. */
  buyer: { ticketVip: boolean; holder: TierHolder | null },
  now: number,
  checkStock: boolean,
): Promise<PricedTicket[]> {
  if (!lines?.length) return [];
  const rows = await loadTicketRows(db, [...new Set(lines.map((l) => l.ticketTypeId))]);
  const perType = new Map<string, number>();
  for (const l of lines) perType.set(l.ticketTypeId, (perType.get(l.ticketTypeId) ?? 0) + l.quantity);
  const perEvent = new Map<string, number>();
  const priced = new Map<string, PricedTicket>();
  const tiers = [...rows.values()].some((r) => r.minTierId !== null || r.event.presaleMinTierId !== null) ? await readTiers(db) : [];
  for (const [i, line] of lines.entries()) {
    const field = (name: string) => `tickets.${i}.${name}`;
    const row = rows.get(line.ticketTypeId);
    if (!row || row.event.source !== "custom" || row.event.status === "draft") throw routeError("ticket_type_not_found", { field: field("ticketTypeId") });
    const state = ticketSaleStateAt(saleTimesOf(row.event), now);
    if (row.event.status === "cancelled" || state === "upcoming" || state === "ended")
      throw routeError("tickets_not_on_sale", { field: field("ticketTypeId") });
    if (!mayBuyTicket(state, row.vipOnly, buyer.ticketVip)) throw routeError("tickets_vip_only", { field: field("ticketTypeId") });
    const presaleTier = state === "vip_presale" ? row.event.presaleMinTierId : null;
    const tierGates = [row.minTierId, presaleTier].filter((id) => id !== null);
    if (tierGates.some((minTier) => !passesGate(buyer.holder, { minTier }, tiers))) throw routeError("tier_required", { field: field("ticketTypeId") });
    if (ticketCurrencyOf(row.event.currency) !== currency) throw routeError("tickets_currency_mismatch", { field: "currency" });
    const quantity = perType.get(row.id) ?? 0;
    if (quantity > row.perOrderLimit) throw routeError("quantity_over_limit", { field: field("quantity"), params: { limit: row.perOrderLimit } });
    if (!priced.has(row.id)) {
      perEvent.set(row.eventId, (perEvent.get(row.eventId) ?? 0) + quantity);
      // A quote's check (the checkout's is the conditional take): the type's seats, and the venue's for all its types.
      const left = Math.min(row.remaining, venueLeft(row.event) - ((perEvent.get(row.eventId) ?? 0) - quantity));
      if (checkStock && quantity > left) throw routeError("quantity_over_stock", { field: field("quantity"), params: { available: Math.max(0, left) } });
      priced.set(row.id, { ticketTypeId: row.id, eventId: row.eventId, quantity, unitCents: row.priceCents, totalCents: row.priceCents * quantity });
    }
  }
  return [...priced.values()];
}

/** A ticket line: "Event: Type", in the buyer's language where the event and type have one. */
export const ticketLineName = (h: Pick<TicketHoldView, "eventTitle" | "eventTitlePtBr" | "typeName" | "typeNamePtBr">, locale: Locale) =>
  `${(locale === "pt-BR" && h.eventTitlePtBr) || h.eventTitle}: ${(locale === "pt-BR" && h.typeNamePtBr) || h.typeName}`;
