// Tickets sold here (decision 055): words, limits and the sale rules shared by the Worker, the
// event pages and the door. Zod-free, so the events chunk and the check-in page import it without a
// validator. A ticket type is priced in its event's currency ('usd' or 'brl'); a ticket is one row
// with its own QR (a signed token, worker/lib/ticket-token.ts) and typed code (TKT-XXXX-XXXX).
import type { Currency } from "../store/model";
import type { PresaleTimes } from "../presales";
import type { GateTier } from "../tiers/gate";
import { GIFT_CODE_ALPHABET } from "../store/gift-model.ts";

/** valid: admits once; refunded: its order was refunded; cancelled: its event was cancelled. */
export const EVENT_TICKET_STATUSES = ["valid", "refunded", "cancelled"] as const;
export type EventTicketStatus = (typeof EVENT_TICKET_STATUSES)[number];

export const TICKET_LIMITS = {
  /** Ticket types one event may have. */
  maxTypesPerEvent: 8,
  nameMax: 60,
  /** The highest per-order limit a type may set. */
  maxPerOrderLimit: 20,
  /** The most tickets a type may offer. */
  maxQuantity: 100_000,
  /** "N left" shows from this many down. */
  fewLeft: 10,
  holderNameMax: 80,
  /** Ticket lines in one checkout. */
  maxLinesPerCheckout: 8,
} as const;

/** The currencies tickets can be sold in: an event's `currency` (ISO, upper case) must be one of these. */
export const ticketCurrencyOf = (eventCurrency: string): Currency | null => {
  const c = eventCurrency.toLowerCase();
  return c === "usd" || c === "brl" ? c : null;
};

/**
 * Where an event's ticket sale stands:
 * - upcoming: not open to anyone yet (VIPs too, until a presale opens);
 * - vip_presale: the event's VIP presale window: VIP members and admins buy without a code;
 * - on_sale: everyone may buy (VIP-only types still only VIPs);
 * - ended: the sale end or the event's start has passed.
 */
export const TICKET_SALE_STATES = ["upcoming", "vip_presale", "on_sale", "ended"] as const;
export type TicketSaleState = (typeof TICKET_SALE_STATES)[number];

/** An event's sale times in epoch ms: the form's ticket sale start and end, its start, its presale. */
export type TicketSaleTimes = { saleStart: number | null; saleEnd: number | null; eventDate: number; presale: PresaleTimes | null };

/** When everyone may buy: the later of the sale start and the presale's general sale (null: at once). */
export function publicSaleOpensAt(t: TicketSaleTimes): number | null {
  const opens = Math.max(t.saleStart ?? -Infinity, t.presale?.generalSaleAt ?? -Infinity);
  return Number.isFinite(opens) ? opens : null;
}

/** When the sale stops: the sale end, or the event's start, whichever comes first. */
export const saleEndsAt = (t: TicketSaleTimes) => Math.min(t.saleEnd ?? t.eventDate, t.eventDate);

/** The sale's state at `now`. Each window is [start, end): the boundary instant belongs to the later state. */
export function ticketSaleStateAt(t: TicketSaleTimes, now: number): TicketSaleState {
  if (now >= saleEndsAt(t)) return "ended";
  const opens = publicSaleOpensAt(t);
  if (opens === null || now >= opens) return "on_sale";
  if (t.presale && now >= t.presale.startsAt && now < t.presale.endsAt) return "vip_presale";
  return "upcoming";
}

/** The next moment after `now` at which the sale's state changes (caches and pages end there); null when never. */
export function nextTicketSaleChange(t: TicketSaleTimes, now: number): number | null {
  const times = [t.presale?.startsAt, t.presale?.endsAt, publicSaleOpensAt(t), saleEndsAt(t)];
  const later = times.filter((at): at is number => typeof at === "number" && at > now);
  return later.length ? Math.min(...later) : null;
}

/** Whether a buyer may buy a type in this state: VIP members and admins count as `vip`. */
export function mayBuyTicket(state: TicketSaleState, vipOnlyType: boolean, vip: boolean): boolean {
  if (state === "on_sale") return !vipOnlyType || vip;
  if (state === "vip_presale") return vip;
  return false;
}

/** One ticket type as the event's public answer shows it, in the language asked for. */
export type PublicTicketType = {
  id: string;
  name: string;
  priceCents: number;
  currency: Currency;
  perOrderLimit: number;
  vipOnly: boolean;
  /** The lowest tier that may buy it, named in both languages (decision 099); null: no tier asked. */
  minTier: GateTier | null;
  /** How many are left when TICKET_LIMITS.fewLeft or fewer (and more than 0); null otherwise. */
  left: number | null;
  soldOut: boolean;
};

/**
 * `tickets` of an event's public answer when it sells tickets here (a custom event with ticket
 * types); absent for events sold elsewhere, whose externalTicketUrl keeps working. ISO instants.
 */
export type EventTicketSale = {
  state: TicketSaleState;
  /** When everyone may buy ("On sale {date}"); null: already, or no start set. */
  opensAt: string | null;
  /** When VIPs may buy (the presale's start) while that is still ahead or on; null otherwise. */
  vipOpensAt: string | null;
  endsAt: string;
  /** Every type sold out, or the venue's capacity reached. */
  soldOut: boolean;
  types: PublicTicketType[];
};

/** The typed code printed under a ticket's QR: TKT-XXXX-XXXX, from the gift codes' look-alike-free alphabet. */
export const TICKET_CODE_PREFIX = "TKT";
export const TICKET_CODE_ALPHABET = GIFT_CODE_ALPHABET;
/**
 * The code's shape, which tests check the issued codes against.
 * @internal
 */
export const TICKET_CODE_PATTERN = /^TKT-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

const SEPARATORS = /[\s\p{Pd}\u2212._]/gu;

/** A typed ticket code as stored, or null when it cannot be one ("tkt 7k3m 9qxd" and "7K3M9QXD" read as TKT-7K3M-9QXD). */
export function normaliseTicketCode(input: string): string | null {
  const bare = input.normalize("NFKC").toUpperCase().replace(SEPARATORS, "");
  const body = bare.startsWith(TICKET_CODE_PREFIX) ? bare.slice(TICKET_CODE_PREFIX.length) : bare;
  if (body.length !== 8 || !/^[A-Z0-9]+$/.test(body)) return null;
  return `${TICKET_CODE_PREFIX}-${body.slice(0, 4)}-${body.slice(4)}`;
}

/** The signed-in page listing a member's tickets, and the one printable ticket. */
export const TICKETS_PATH = "/tickets";
export const ticketPath = (ticketId: string) => `${TICKETS_PATH}/${encodeURIComponent(ticketId)}`;
