// The back office's tax report (decision 093): the ledger's tax per jurisdiction and currency over
// a period of local dates in the admin's zone, refunds deducted where they were owed. Rows without
// a jurisdiction (nothing collected) are not a filing's and are left out.
import type { DB } from "./client";
import { ZoneClock } from "./analytics/zoned";
import { DAY_MS } from "../lib/time";
import type { Currency } from "#contracts/store/model.ts";
import type { TaxReportRow } from "#contracts/tax-model.ts";

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

export async function readTaxReport(db: DB, period: { from: string; to: string; timeZone: string }): Promise<TaxReportRow[]> {
  const clock = new ZoneClock(period.timeZone);
  const start = clock.startOfDate(period.from);
  const end = clock.startOfDate(nextDate(period.to));
  const { results } = await db.$client
    .prepare(
      `SELECT tax_jurisdiction AS jurisdiction, currency,
              count(DISTINCT CASE WHEN amount_cents > 0 THEN coalesce(order_id, ref) END) AS payments,
              sum(amount_cents) AS gross, sum(tax_cents) AS tax
         FROM revenue_entries
        WHERE tax_jurisdiction IS NOT NULL AND occurred_at >= ?1 AND occurred_at < ?2
        GROUP BY tax_jurisdiction, currency
        ORDER BY tax_jurisdiction, currency`,
    )
    .bind(start, end)
    .all<{ jurisdiction: string; currency: Currency; payments: number; gross: number; tax: number }>();
  return results.map((r) => ({
    jurisdiction: r.jurisdiction,
    currency: r.currency,
    payments: r.payments,
    grossCents: r.gross,
    taxCents: r.tax,
    netCents: r.gross - r.tax,
  }));
}
