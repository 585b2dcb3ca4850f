// Claiming an offer (decisions 185, 190): its payment checkout, and the one batch a verified payment
// applies. The batch's first statement claims the offer only if it is still offered, the payment
// came inside its hold, every ticket it carries is still valid, unused and its seller's and every
// seat still offered on it; every later statement runs only when this delivery's order row exists
// (drawn per delivery, inserted only after that claim): tickets moved, seats issued as new tickets,
// the ledger written. So a replay, a second event of the same session or a late payment
// changes nothing, and the caller refunds a payment that claimed nothing.
import type { DB } from "../client";
import type { Statement } from "../d1";
import type { OfferRow } from "./offers";

const stmt = (sql: string, ...params: unknown[]): Statement => ({ sql, params });

export async function findOffer(db: DB, userId: string, offerId: string): Promise<OfferRow | null> {
  return db.$client.prepare(`SELECT * FROM waitlist_offers WHERE id = ?1 AND user_id = ?2`).bind(offerId, userId).first<OfferRow>();
}

/** The tickets an offer carries, with what each seller paid and where their refund goes. */
export type OfferedTicket = {
  return_id: string;
  ticket_id: string;
  unit_cents: number;
  tax_cents: number;
  seller_user_id: string | null;
  seller_order_id: string;
  seller_payment_intent: string | null;
  event_title: string;
  event_title_pt_br: string | null;
  type_name: string;
  type_name_pt_br: string | null;
};

export async function offeredTickets(db: DB, offerId: string): Promise<OfferedTicket[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT r.id AS return_id, r.ticket_id, r.unit_cents, r.tax_cents, r.seller_user_id, r.seller_order_id, o.payment_intent_id AS seller_payment_intent,
              e.title AS event_title, e.title_pt_br AS event_title_pt_br, t.name AS type_name, t.name_pt_br AS type_name_pt_br
         FROM waitlist_offer_items i
         JOIN ticket_returns r ON r.id = i.return_id
         JOIN orders o ON o.id = r.seller_order_id
         JOIN events e ON e.id = r.event_id
         JOIN ticket_types t ON t.id = r.ticket_type_id
        WHERE i.offer_id = ?1
        ORDER BY r.listed_at, r.id`,
    )
    .bind(offerId)
    .all<OfferedTicket>();
  return results;
}

/** The seats only the waitlist may buy (decision 190) an offer carries, at the price each was listed. */
export type OfferedSeat = {
  seat_id: string;
  unit_cents: number;
  tax_cents: number;
  event_title: string;
  event_title_pt_br: string | null;
  type_name: string;
  type_name_pt_br: string | null;
};

export async function offeredSeats(db: DB, offerId: string): Promise<OfferedSeat[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT s.id AS seat_id, s.unit_cents, s.tax_cents, e.title AS event_title, e.title_pt_br AS event_title_pt_br, t.name AS type_name, t.name_pt_br AS type_name_pt_br
         FROM waitlist_offer_seats i
         JOIN waitlist_seats s ON s.id = i.seat_id
         JOIN events e ON e.id = s.event_id
         JOIN ticket_types t ON t.id = s.ticket_type_id
        WHERE i.offer_id = ?1
        ORDER BY s.listed_at, s.id`,
    )
    .bind(offerId)
    .all<OfferedSeat>();
  return results;
}

/** The claim's checkout row, once per offer (its id is the offer's), open until the provider's session ends. */
export async function openClaimCheckout(
  db: DB,
  p: {
    id: string;
    mode: "live" | "local";
    userId: string;
    email: string;
    locale: string;
    offer: OfferRow;
    taxBehavior: "inclusive" | "exclusive";
    expiresAt: number;
    now: number;
  },
): Promise<void> {
  await db.$client
    .prepare(
      `INSERT INTO store_checkouts (id, mode, user_id, email, locale, currency, subtotal_cents, total_cents, status, expires_at, created_at, updated_at, tax_behavior)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, 'open', ?8, ?9, ?9, ?10)
       ON CONFLICT (id) DO NOTHING`,
    )
    .bind(p.id, p.mode, p.userId, p.email, p.locale, p.offer.currency.toLowerCase(), p.offer.total_cents, p.expiresAt, p.now, p.taxBehavior)
    .run();
}

export async function setClaimSession(db: DB, checkoutId: string, offerId: string, sessionId: string, now: number): Promise<void> {
  const d1 = db.$client;
  await d1.batch([
    d1.prepare(`UPDATE store_checkouts SET provider_session_id = ?2, updated_at = ?3 WHERE id = ?1`).bind(checkoutId, sessionId, now),
    d1.prepare(`UPDATE waitlist_offers SET checkout_id = ?2, updated_at = ?3 WHERE id = ?1 AND checkout_id IS NULL`).bind(offerId, checkoutId, now),
  ]);
}

export type ClaimInput = {
  offerId: string;
  checkoutId: string;
  /** Drawn for this delivery: only its insert makes the later statements run. */
  orderId: string;
  buyer: { userId: string; email: string; locale: string };
  paidAt: number;
  paymentIntentId: string | null;
  totalCents: number;
  taxCents: number;
  tickets: { returnId: string; ticketId: string; newCode: string; unitCents: number; taxCents: number; sellerUserId: string | null; sellerOrderId: string }[];
  /** The offer's seats, each with the new ticket's id and typed code drawn before the batch. */
  seats: { seatId: string; ticketId: string; code: string }[];
};

/** The statements of one verified claim; results[0].changes says whether this delivery claimed it. */
export function claimStatements(p: ClaimInput, now: number): Statement[] {
  const ours = `EXISTS (SELECT 1 FROM orders WHERE id = ?1)`;
  const stillTheirs = `SELECT count(*) FROM ticket_returns r JOIN event_tickets t ON t.id = r.ticket_id
    WHERE r.offer_id = ?1 AND r.status = 'offered' AND t.status = 'valid' AND t.checked_in_at IS NULL AND t.owner_user_id IS r.seller_user_id`;
  // A seat is the offer's while it is offered on it: nothing else can take it meanwhile.
  const seatsHeld = `SELECT count(*) FROM waitlist_seats WHERE offer_id = ?1 AND status = 'offered'`;
  return [
    stmt(
      `UPDATE waitlist_offers SET status = 'claimed', updated_at = ?3
        WHERE id = ?1 AND checkout_id = ?4 AND status = 'offered' AND ?2 < hold_until AND (${stillTheirs}) + (${seatsHeld}) = quantity`,
      p.offerId,
      p.paidAt,
      now,
      p.checkoutId,
    ),
    stmt(
      `INSERT INTO orders (id, number, checkout_id, user_id, email, locale, currency, subtotal_cents, total_cents, status, payment_intent_id, paid_at,
                           created_at, updated_at, tax_cents, tax_behavior)
       SELECT ?1, COALESCE((SELECT MAX(number) FROM orders), 1000) + 1, c.id, ?3, ?4, ?5, c.currency, c.subtotal_cents, ?6, 'paid', ?7, ?8, ?9, ?9, ?10, c.tax_behavior
         FROM store_checkouts c WHERE c.id = ?2 AND changes() > 0`,
      p.orderId,
      p.checkoutId,
      p.buyer.userId,
      p.buyer.email,
      p.buyer.locale,
      p.totalCents,
      p.paymentIntentId,
      p.paidAt,
      now,
      p.taxCents,
    ),
    stmt(`UPDATE store_checkouts SET status = 'paid', updated_at = ?3 WHERE id = ?2 AND ${ours}`, p.orderId, p.checkoutId, now),
    // The ticket moves to the buyer with a new code and token version: the old QR and code stop at once.
    ...p.tickets.map((t) =>
      stmt(
        `UPDATE event_tickets SET order_id = ?1, owner_user_id = ?3, owner_email = ?4, buyer_user_id = ?3, buyer_email = ?4, code = ?5,
                token_version = token_version + 1, holder_name = NULL, transferred_at = ?6
          WHERE id = ?2 AND ${ours}`,
        p.orderId,
        t.ticketId,
        p.buyer.userId,
        p.buyer.email,
        t.newCode,
        now,
      ),
    ),
    // Each seat becomes a new ticket on the buyer's order, as the store's fulfilment issues them
    // (db/store/tickets.ts); its place in the venue was counted when the seat was listed.
    ...(p.seats.length === 0
      ? []
      : [
          stmt(
            `INSERT INTO event_tickets (id, code, token_version, order_id, event_id, ticket_type_id, type_name, price_cents, currency,
                                        buyer_user_id, buyer_email, owner_user_id, owner_email, status, created_at)
             SELECT json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), 1, o.id, s.event_id, s.ticket_type_id, t.name, s.unit_cents, o.currency,
                    o.user_id, o.email, o.user_id, o.email, 'valid', o.paid_at
               FROM json_each(?3) j
               JOIN orders o ON o.id = ?1
               JOIN waitlist_seats s ON s.id = json_extract(j.value, '$[0]') AND s.offer_id = ?2 AND s.status = 'offered'
               JOIN ticket_types t ON t.id = s.ticket_type_id`,
            p.orderId,
            p.offerId,
            JSON.stringify(p.seats.map((s) => [s.seatId, s.ticketId, s.code])),
          ),
          stmt(
            `UPDATE waitlist_seats SET status = 'sold', sold_at = ?3, buyer_order_id = ?1, updated_at = ?3,
                    ticket_id = (SELECT json_extract(j.value, '$[1]') FROM json_each(?4) j WHERE json_extract(j.value, '$[0]') = waitlist_seats.id)
              WHERE offer_id = ?2 AND status = 'offered' AND ${ours}`,
            p.orderId,
            p.offerId,
            now,
            JSON.stringify(p.seats.map((s) => [s.seatId, s.ticketId])),
          ),
        ]),
    stmt(
      `UPDATE ticket_returns SET status = 'sold', sold_at = ?3, buyer_order_id = ?1, updated_at = ?3 WHERE offer_id = ?2 AND status = 'offered' AND ${ours}`,
      p.orderId,
      p.offerId,
      now,
    ),
    stmt(
      `UPDATE waitlist_places SET left_at = ?3, left_reason = 'served' WHERE id = (SELECT place_id FROM waitlist_offers WHERE id = ?2) AND left_at IS NULL AND ${ours}`,
      p.orderId,
      p.offerId,
      now,
    ),
    // The buyer's sale and each seller's refund in the ledger, keyed so they count once.
    stmt(
      `INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, order_id, occurred_at, tax_cents)
       SELECT 'order:' || o.id || ':tickets', 'tickets', o.total_cents, o.currency, o.user_id, o.id, o.paid_at, o.tax_cents FROM orders o WHERE o.id = ?1
       ON CONFLICT (ref) DO NOTHING`,
      p.orderId,
    ),
    ...p.tickets.map((t) =>
      stmt(
        `INSERT INTO revenue_entries (ref, source, amount_cents, currency, user_id, order_id, occurred_at, tax_cents)
         SELECT 'waitlist-refund:' || ?2, 'tickets', -?3, o.currency, ?4, ?5, ?6, -?7 FROM orders o WHERE o.id = ?1
         ON CONFLICT (ref) DO NOTHING`,
        p.orderId,
        t.returnId,
        t.unitCents,
        t.sellerUserId,
        t.sellerOrderId,
        now,
        t.taxCents,
      ),
    ),
  ];
}

/** Whether the checkout's offer was claimed (by this session's payment, by any delivery). */
export async function claimedBy(db: DB, checkoutId: string): Promise<boolean> {
  const row = await db.$client.prepare(`SELECT 1 AS ok FROM orders WHERE checkout_id = ?1`).bind(checkoutId).first();
  return row !== null;
}
