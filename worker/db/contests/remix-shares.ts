// The remixers' share of a released remix's sales (migration 0102, decision 197), as statements
// the store's fulfilment adds to the batch of a verified payment event, and the back office's report.
//
// A sale: for each line of the order that sold a released remix, the share is
//   floor(net × percent / 100) cents, the net being the line's total less its discount (and, when
//   the order's tax was inclusive, less the line's part of that tax, rounded down), the rest
//   staying with the artist; it is split equally between the payees (the entrant and the confirmed
//   co-authors when it was released), floor(share / n) each, the cents left over to the entrant.
// A take-back: after a refund's or a lost dispute's ledger rows, each sale of the order gives back
//   floor(its amount × refunded / total) in all, the order's refunded amount read from the store's
//   ledger; a row takes the difference from what was taken back before, keyed by the sale and that
//   cumulative amount. A full refund takes the whole share back.
// Every row's ref is its key, INSERT OR IGNORE: a replayed or racing event writes nothing new.
import type { DB } from "../client";
import type { Statement } from "../d1";
import type { RemixShareRow } from "#contracts/contests/releases.ts";

const stmt = (sql: string, ...params: unknown[]): Statement => ({ sql, params });

/** The shares of the order's released remixes; nothing when the order was not inserted (a replay: another id). */
export function saleShareStatements(orderId: string): Statement[] {
  const lineNet = "(l.total_cents - l.discount_cents)";
  return [
    stmt(
      `INSERT OR IGNORE INTO remix_shares (ref, entry_id, user_id, order_id, line_no, sale_ref, net_cents, amount_cents, currency, occurred_at)
       SELECT 'sale:' || s.order_id || ':' || s.line_no || ':' || p.user_id, s.entry_id, p.user_id, s.order_id, s.line_no, NULL, s.net,
              s.share / s.payees + CASE WHEN p.is_entrant = 1 THEN s.share % s.payees ELSE 0 END, s.currency, s.paid_at
         FROM (SELECT n.*, n.net * n.share_percent / 100 AS share
                 FROM (SELECT l.order_id, l.line_no, r.entry_id, r.share_percent, o.currency, o.paid_at,
                              ${lineNet} - CASE
                                WHEN o.tax_behavior = 'inclusive' AND o.tax_cents > 0 AND o.subtotal_cents - o.discount_cents > 0
                                THEN o.tax_cents * ${lineNet} / (o.subtotal_cents - o.discount_cents)
                                ELSE 0 END AS net,
                              (SELECT count(*) FROM contest_release_payees x WHERE x.entry_id = r.entry_id) AS payees
                         FROM order_lines l
                         JOIN orders o ON o.id = l.order_id
                         JOIN contest_releases r ON r.product_id = l.product_id
                        WHERE l.order_id = ?1) n
                WHERE n.payees > 0) s
         JOIN contest_release_payees p ON p.entry_id = s.entry_id`,
      orderId,
    ),
  ];
}

/** What a refund or a lost dispute takes back of the order's shares, after its ledger rows in the same batch. */
export function takeBackStatements(orderId: string, now: number): Statement[] {
  return [
    stmt(
      `INSERT OR IGNORE INTO remix_shares (ref, entry_id, user_id, order_id, line_no, sale_ref, net_cents, amount_cents, currency, occurred_at)
       SELECT 'back:' || t.ref || ':' || t.target, t.entry_id, t.user_id, t.order_id, t.line_no, t.ref, 0, -(t.target - t.taken), t.currency, ?2
         FROM (SELECT s.ref, s.entry_id, s.user_id, s.order_id, s.line_no, s.currency,
                      s.amount_cents * min(o.total_cents, (SELECT coalesce(-sum(e.amount_cents), 0) FROM revenue_entries e
                                                             WHERE e.order_id = o.id AND e.amount_cents < 0)) / o.total_cents AS target,
                      (SELECT coalesce(-sum(b.amount_cents), 0) FROM remix_shares b WHERE b.sale_ref = s.ref) AS taken
                 FROM remix_shares s JOIN orders o ON o.id = s.order_id
                WHERE s.order_id = ?1 AND s.sale_ref IS NULL AND o.total_cents > 0) t
        WHERE t.target > t.taken`,
      orderId,
      now,
    ),
  ];
}

type ReportRow = { username: string | null; currency: "usd" | "brl"; sales: number; owed: number; taken_back: number };

/** Per remixer and currency, within [from, to): the sales, the share owed, what was taken back and the net. */
export async function remixSharesReport(db: DB, from: number, to: number): Promise<RemixShareRow[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT u.username, s.currency,
              sum(CASE WHEN s.sale_ref IS NULL THEN 1 ELSE 0 END) AS sales,
              sum(CASE WHEN s.sale_ref IS NULL THEN s.amount_cents ELSE 0 END) AS owed,
              -sum(CASE WHEN s.sale_ref IS NULL THEN 0 ELSE s.amount_cents END) AS taken_back
         FROM remix_shares s LEFT JOIN users u ON u.id = s.user_id
        WHERE s.occurred_at >= ?1 AND s.occurred_at < ?2
        GROUP BY s.user_id, s.currency
        ORDER BY u.username IS NULL, lower(u.username), s.currency`,
    )
    .bind(from, to)
    .all<ReportRow>();
  return results.map((r) => ({
    username: r.username,
    currency: r.currency,
    sales: r.sales,
    owedCents: r.owed,
    takenBackCents: r.taken_back,
    netCents: r.owed - r.taken_back,
  }));
}
