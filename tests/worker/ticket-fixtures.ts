// Rows for the tickets tests (decision 055), written with raw SQL (never with the code under test):
// a custom event selling tickets, its ticket types, and tickets as fulfilment leaves them (each
// batch in a paid order of its own, from paid-order-fixtures.ts). Shared by every tickets part.
import { env } from "cloudflare:workers";
import { insertPaidOrder, type PaidOrderSeed } from "./paid-order-fixtures";
import type { EventTicketStatus } from "../../worker/contracts/tickets/event-tickets-model";

const D1 = (env as unknown as { DB: D1Database }).DB;
const DAY = 24 * 60 * 60 * 1000;

export type TicketEventSeed = {
  title?: string;
  /** Epoch ms; default: 30 days from now. */
  eventDate?: number;
  status?: "draft" | "published" | "cancelled";
  source?: "custom" | "eventbrite";
  currency?: "USD" | "BRL";
  venueCapacity?: number | null;
  ticketSaleStart?: number | null;
  ticketSaleEnd?: number | null;
  timeZone?: string;
  /** A VIP presale window (mode 'shared', code "PRESALE") with its general sale. */
  presale?: { startsAt: number; endsAt: number; generalSaleAt: number } | null;
  ticketsTaken?: number;
};

let serial = Math.floor(Math.random() * 1_000_000) * 100;

/** A custom, published, in-person event in USD, 30 days ahead, capacity 500, on sale now. */
export async function seedTicketEvent(seed: TicketEventSeed = {}): Promise<string> {
  const id = crypto.randomUUID();
  const n = ++serial;
  const p = seed.presale ?? null;
  await D1.prepare(
    `INSERT INTO events (id, title, event_date, time_zone, status, source, venue_name, venue_city, venue_country, venue_capacity, currency,
                         ticket_sale_start, ticket_sale_end, presale_starts_at, presale_ends_at, general_sale_at, presale_code_mode, presale_shared_code,
                         tickets_taken, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'Club Fixture', 'Miami', 'USA', ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?17)`,
  )
    .bind(
      id,
      seed.title ?? `Ticket show ${n}`,
      seed.eventDate ?? Date.now() + 30 * DAY,
      seed.timeZone ?? "America/New_York",
      seed.status ?? "published",
      seed.source ?? "custom",
      seed.venueCapacity === undefined ? 500 : seed.venueCapacity,
      seed.currency ?? "USD",
      seed.ticketSaleStart ?? null,
      seed.ticketSaleEnd ?? null,
      p?.startsAt ?? null,
      p?.endsAt ?? null,
      p?.generalSaleAt ?? null,
      p ? "shared" : "none",
      p ? "PRESALE" : null,
      seed.ticketsTaken ?? 0,
      Date.now(),
    )
    .run();
  return id;
}

export type TicketTypeSeed = {
  name?: string;
  namePtBr?: string | null;
  priceCents?: number;
  quantity?: number;
  /** Default: the quantity. */
  remaining?: number;
  perOrderLimit?: number;
  vipOnly?: boolean;
  position?: number;
};

/** A ticket type of the event: "General", $25, 100 of them, up to 10 an order. */
export async function seedTicketType(eventId: string, seed: TicketTypeSeed = {}): Promise<string> {
  const id = crypto.randomUUID();
  const quantity = seed.quantity ?? 100;
  await D1.prepare(
    `INSERT INTO ticket_types (id, event_id, name, name_pt_br, price_cents, quantity, remaining, per_order_limit, vip_only, position)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
  )
    .bind(
      id,
      eventId,
      seed.name ?? "General",
      seed.namePtBr === undefined ? "Pista" : seed.namePtBr,
      seed.priceCents ?? 2500,
      quantity,
      seed.remaining ?? quantity,
      seed.perOrderLimit ?? 10,
      seed.vipOnly ? 1 : 0,
      seed.position ?? 0,
    )
    .run();
  return id;
}

export type IssuedTicketsSeed = PaidOrderSeed & {
  eventId: string;
  ticketTypeId: string;
  count?: number;
  priceCents?: number;
  /** Default: the buyer (userId / email). */
  ownerUserId?: string | null;
  ownerEmail?: string;
  holderName?: string | null;
  status?: EventTicketStatus;
  checkedInAt?: number | null;
  checkedInBy?: string | null;
  tokenVersion?: number;
};

export type IssuedTicket = { id: string; code: string; tokenVersion: number };

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const group = () => Array.from({ length: 4 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join("");
/** A code of the shape fulfilment draws; random enough that two tests never share one. */
export const fixtureTicketCode = () => `TKT-${group()}-${group()}`;

/**
 * Tickets as a paid order leaves them (one order, `count` tickets of one type, the seats counted
 * in the type's remaining and the event's tickets_taken). Returns the order and the tickets.
 */
export async function insertIssuedTickets(seed: IssuedTicketsSeed): Promise<{ orderId: string; number: number; email: string; tickets: IssuedTicket[] }> {
  const count = seed.count ?? 1;
  const price = seed.priceCents ?? 2500;
  const order = await insertPaidOrder(D1, { ...seed, totalCents: seed.totalCents ?? price * count });
  const currency = seed.currency ?? "usd";
  const tickets: IssuedTicket[] = Array.from({ length: count }, () => ({
    id: crypto.randomUUID(),
    code: fixtureTicketCode(),
    tokenVersion: seed.tokenVersion ?? 1,
  }));
  const ownerUserId = seed.ownerUserId === undefined ? (seed.userId ?? null) : seed.ownerUserId;
  await D1.batch([
    ...tickets.map((t) =>
      D1.prepare(
        `INSERT INTO event_tickets (id, code, token_version, order_id, event_id, ticket_type_id, type_name, price_cents, currency, buyer_user_id, buyer_email,
                                    owner_user_id, owner_email, holder_name, status, voided_at, checked_in_at, checked_in_by, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, name, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18 FROM ticket_types WHERE id = ?6`,
      ).bind(
        t.id,
        t.code,
        t.tokenVersion,
        order.orderId,
        seed.eventId,
        seed.ticketTypeId,
        price,
        currency,
        seed.userId ?? null,
        order.email,
        ownerUserId,
        seed.ownerEmail ?? order.email,
        seed.holderName ?? null,
        seed.status ?? "valid",
        seed.status && seed.status !== "valid" ? Date.now() : null,
        seed.checkedInAt ?? null,
        seed.checkedInBy ?? null,
        seed.paidAt ?? Date.now(),
      ),
    ),
    D1.prepare(`UPDATE ticket_types SET remaining = remaining - ?2 WHERE id = ?1`).bind(seed.ticketTypeId, count),
    D1.prepare(`UPDATE events SET tickets_taken = tickets_taken + ?2 WHERE id = ?1`).bind(seed.eventId, count),
  ]);
  return { orderId: order.orderId, number: order.number, email: order.email, tickets };
}
