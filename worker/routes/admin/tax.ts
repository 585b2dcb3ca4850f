// The back office's sales tax and VAT (decision 093; administrators only: the /api/admin gate):
//   GET /settings                  TaxSettings: where the artist is registered, inclusive/exclusive per currency
//   PUT /settings                  TaxSettings → TaxSettings (audited)
//   GET /report?from&to&tz         TaxReportResponse: tax per jurisdiction and currency over the period
//   GET /report.csv?from&to&tz     the same as a CSV file for filing
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { taxReportQuerySchema, taxSettingsSchema } from "#contracts/tax.ts";
import type { TaxReportResponse, TaxSettings } from "#contracts/tax-model.ts";
import { readTaxSettings, saveTaxSettings } from "../../db/tax-settings";
import { readTaxReport } from "../../db/tax-report";
import { revenuePeriod } from "../../db/admin-revenue";
import { paymentsModeOf } from "../../services/payments";
import { attachment, CSV_CONTENT_TYPE, toCsv } from "../../lib/csv";
import { routeError } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { actorOf } from "../../middleware/guards";

const query = validate("query", taxReportQuerySchema);

async function report(c: Context<HonoEnv>, q: { from?: string; to?: string; tz: string }): Promise<TaxReportResponse> {
  const period = revenuePeriod(q, Date.now());
  if (period === "reversed") throw routeError("revenue_period_reversed", { field: "from" });
  if (period === "too_long") throw routeError("revenue_period_too_long", { field: "from" });
  const rows = await readTaxReport(c.var.db, { ...period, timeZone: q.tz });
  return { ...period, timeZone: q.tz, mode: paymentsModeOf(c.env), rows };
}

const money = (cents: number) => (cents / 100).toFixed(2);
const CSV_HEADERS = ["Jurisdiction", "Currency", "Payments", "Gross", "Tax", "Net", "From", "To", "Time zone"] as const;

export const adminTaxRoutes = new Hono<HonoEnv>()
  .get("/settings", async (c) => c.json<TaxSettings>(await readTaxSettings(c.var.db)))

  .put("/settings", validate("json", taxSettingsSchema), async (c) => {
    return c.json<TaxSettings>(await saveTaxSettings(c.var.db, c.req.valid("json"), actorOf(c)));
  })

  .get("/report", query, async (c) => c.json<TaxReportResponse>(await report(c, c.req.valid("query"))))

  .get("/report.csv", query, async (c) => {
    const r = await report(c, c.req.valid("query"));
    const rows = r.rows.map((row) => [
      row.jurisdiction,
      row.currency.toUpperCase(),
      row.payments,
      money(row.grossCents),
      money(row.taxCents),
      money(row.netCents),
      r.from,
      r.to,
      r.timeZone,
    ]);
    return c.body(toCsv(CSV_HEADERS, rows), 200, {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": attachment(`tax-${r.from}-${r.to}.csv`),
      "Cache-Control": "no-store",
    });
  });
