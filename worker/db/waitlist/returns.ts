// Tickets handed back (decision 185). Listing is one conditional INSERT ... SELECT over the ticket:
// the member's own, valid and unused, its show's list still open by the clock, and the show taking
// returns (a type with someone waiting, or the admin's rule for the event); one live return per
// ticket is a partial unique index. The ticket itself is not touched: it stays the seller's and
// admits until a buyer pays.
import { and, eq } from "drizzle-orm";
import type { DB } from "../client";
import { ticketReturns } from "../schema/waitlist";
import { listOpenSql } from "./places";

export type ReturnRow = {
  id: string;
  ticket_id: string;
  event_id: string;
  ticket_type_id: string;
  status: "listed" | "offered" | "sold" | "withdrawn";
  unit_cents: number;
  tax_cents: number;
  currency: string;
  listed_at: number;
};

/** What the seller paid for the ticket: its share of its order's tickets row in the ledger (tax included where it was added). */
export type PaidAmount = { unitCents: number; taxCents: number };

/**
 * The ticket's face value as its holder paid it. A ticket bought from the waitlist was paid what
 * its return said; one from a store order is its price's share of the order's tickets row (which
 * holds the tax added to it and the tax within it), as the checkout's holds priced them.
 */
export async function paidAmountOf(db: DB, ticketId: string): Promise<PaidAmount | null> {
  const row = await db.$client
    .prepare(
      `SELECT t.price_cents AS price,
              (SELECT r.unit_cents FROM ticket_returns r WHERE r.ticket_id = t.id AND r.status = 'sold' AND r.buyer_order_id = t.order_id) AS resold_unit,
              (SELECT r.tax_cents FROM ticket_returns r WHERE r.ticket_id = t.id AND r.status = 'sold' AND r.buyer_order_id = t.order_id) AS resold_tax,
              (SELECT amount_cents FROM revenue_entries WHERE ref = 'order:' || t.order_id || ':tickets') AS ledger_cents,
              (SELECT tax_cents FROM revenue_entries WHERE ref = 'order:' || t.order_id || ':tickets') AS ledger_tax,
              (SELECT sum(h.total_cents) FROM ticket_holds h JOIN orders o ON o.checkout_id = h.checkout_id WHERE o.id = t.order_id AND h.state = 'committed') AS held_cents
         FROM event_tickets t WHERE t.id = ?1`,
    )
    .bind(ticketId)
    .first<{
      price: number;
      resold_unit: number | null;
      resold_tax: number | null;
      ledger_cents: number | null;
      ledger_tax: number | null;
      held_cents: number | null;
    }>();
  if (!row) return null;
  if (row.resold_unit !== null) return { unitCents: row.resold_unit, taxCents: row.resold_tax ?? 0 };
  if (row.ledger_cents === null || !row.held_cents) return { unitCents: row.price, taxCents: 0 };
  return {
    unitCents: Math.round((row.price * row.ledger_cents) / row.held_cents),
    taxCents: Math.round((row.price * (row.ledger_tax ?? 0)) / row.held_cents),
  };
}

/** The SQL that says a ticket's type (alias tk) takes returns: someone waits on it, or its event allows them. */
const TAKES_RETURNS_SQL = `(EXISTS (SELECT 1 FROM waitlist_places w WHERE w.ticket_type_id = tk.ticket_type_id AND w.left_at IS NULL)
  OR EXISTS (SELECT 1 FROM waitlist_event_rules x WHERE x.event_id = tk.event_id AND x.returns_open = 1))`;

/** Whether the return was written (false: `returnRefusal` says why). */
export async function listReturn(
  db: DB,
  p: { id: string; ticketId: string; userId: string; amount: PaidAmount; now: number },
): Promise<{ ticketTypeId: string } | null> {
  const row = await db.$client
    .prepare(
      `INSERT INTO ticket_returns (id, ticket_id, event_id, ticket_type_id, seller_user_id, seller_order_id, status, unit_cents, tax_cents, currency, listed_at, updated_at)
       SELECT ?1, tk.id, tk.event_id, tk.ticket_type_id, tk.owner_user_id, tk.order_id, 'listed', ?4, ?5, tk.currency, ?6, ?6
         FROM event_tickets tk JOIN events e ON e.id = tk.event_id
        WHERE tk.id = ?2 AND tk.owner_user_id = ?3 AND tk.status = 'valid' AND tk.checked_in_at IS NULL
          AND ${listOpenSql("?6")} AND ${TAKES_RETURNS_SQL}
       ON CONFLICT DO NOTHING
       RETURNING ticket_type_id`,
    )
    .bind(p.id, p.ticketId, p.userId, p.amount.unitCents, p.amount.taxCents, p.now)
    .first<{ ticket_type_id: string }>();
  return row ? { ticketTypeId: row.ticket_type_id } : null;
}

/** Why a return stored nothing, read after it. */
export async function returnRefusal(db: DB, ticketId: string, userId: string, now: number): Promise<"not_found" | "inactive" | "already" | "closed"> {
  const row = await db.$client
    .prepare(
      `SELECT tk.status, tk.checked_in_at, ${listOpenSql("?3")} AS open, ${TAKES_RETURNS_SQL} AS takes,
              EXISTS (SELECT 1 FROM ticket_returns r WHERE r.ticket_id = tk.id AND r.status IN ('listed', 'offered')) AS listed
         FROM event_tickets tk JOIN events e ON e.id = tk.event_id WHERE tk.id = ?1 AND tk.owner_user_id = ?2`,
    )
    .bind(ticketId, userId, now)
    .first<{ status: string; checked_in_at: number | null; open: number; takes: number; listed: number }>();
  if (!row) return "not_found";
  if (row.status !== "valid" || row.checked_in_at !== null) return "inactive";
  if (row.listed) return "already";
  return "closed";
}

const RETURN_COLUMNS = "r.id, r.ticket_id, r.event_id, r.ticket_type_id, r.status, r.unit_cents, r.tax_cents, r.currency, r.listed_at";

/** The member's returns still standing or sold, newest first. */
export async function listReturns(db: DB, userId: string): Promise<ReturnRow[]> {
  const { results } = await db.$client
    .prepare(`SELECT ${RETURN_COLUMNS} FROM ticket_returns r WHERE r.seller_user_id = ?1 AND r.status <> 'withdrawn' ORDER BY r.listed_at DESC`)
    .bind(userId)
    .all<ReturnRow>();
  return results;
}

export async function findReturn(db: DB, userId: string, returnId: string): Promise<ReturnRow | null> {
  return db.$client
    .prepare(`SELECT ${RETURN_COLUMNS} FROM ticket_returns r WHERE r.id = ?1 AND r.seller_user_id = ?2`)
    .bind(returnId, userId)
    .first<ReturnRow>();
}

/** Takes a return back while no fan has been offered it. */
export async function withdrawReturn(db: DB, userId: string, returnId: string, now: number): Promise<boolean> {
  const withdrawn = await db
    .update(ticketReturns)
    .set({ status: "withdrawn", updatedAt: new Date(now) })
    .where(and(eq(ticketReturns.id, returnId), eq(ticketReturns.sellerUserId, userId), eq(ticketReturns.status, "listed")))
    .returning({ id: ticketReturns.id });
  return withdrawn.length > 0;
}
